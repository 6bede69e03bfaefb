// Writing a template's documents into the target database: index values into the field columns
// the import mapped, multi-value and text rows, annotations; files were already written under
// `files/<fileDir>/` (a failed group removes that folder). Called inside the group's transaction.
import type { Db } from '../../db/connection';
import { docTable, fieldColumn, mvTable, textTable } from '../../db/docTables';
import type { DocumentLine } from './packageModel';
import type { IdMap } from './packageRows';
import type { PackageRow } from './packageTables';

const FILES = 'documents/files/';

export function writeDocuments(
  db: Db,
  databaseId: number,
  docs: DocumentLine[],
  ids: IdMap,
  fileDir: string,
  annotations: PackageRow[],
): number {
  if (docs.length === 0) return 0;
  const fieldIds = [...new Set(docs.flatMap((d) => Object.keys(d.values)))].map(Number);
  const target = fieldIds.map((f) => {
    const to = ids.get('field', f);
    if (to === undefined)
      throw new Error(`a document holds a value of field ${f}, which the package does not define`);
    return to;
  });
  const insert = db.prepare(
    `INSERT INTO ${docTable(databaseId)}(archive_id, file_path, file_type, file_size, page_count, version,
       root_version_id, created_at, modified_at${target.map((f) => `, ${fieldColumn(f)}`).join('')})
     VALUES (${['?', '?', '?', '?', '?', '?', '?', '?', '?', ...target.map(() => '?')].join(', ')})`,
  );
  const fixRoot = db.prepare(`UPDATE ${docTable(databaseId)} SET root_version_id = ? WHERE id = ?`);
  const insertMv = db.prepare(
    `INSERT INTO ${mvTable(databaseId)}(doc_id, field_id, ordinal, value) VALUES (?, ?, ?, ?)`,
  );
  const insertText = db.prepare(`INSERT INTO ${textTable(databaseId)}(doc_id, body) VALUES (?, ?)`);
  const docIds = new Map<number, number>();
  for (const d of docs) {
    const archive = ids.get('archive', d.archive_id);
    if (archive === undefined)
      throw new Error(`document ${d.id} is in archive ${d.archive_id}, which was not imported`);
    const filePath = d.file ? `${fileDir}/${d.file.slice(FILES.length)}` : '';
    const id = Number(
      insert.run(
        archive,
        filePath,
        d.file_type,
        d.file_size,
        d.page_count,
        d.version,
        0,
        d.created_at,
        d.modified_at,
        ...fieldIds.map((f) => d.values[f] ?? null),
      ).lastInsertRowid,
    );
    docIds.set(d.id, id);
    for (const [field, values] of Object.entries(d.multi)) {
      const to = ids.get('field', Number(field));
      if (to === undefined)
        throw new Error(`a document holds values of field ${field}, which the package does not define`);
      values.forEach((v, i) => insertMv.run(id, to, i, v));
    }
    if (d.text !== undefined) insertText.run(id, d.text);
  }
  for (const d of docs) {
    const root = d.root_version_id ? docIds.get(d.root_version_id) : 0;
    if (root) fixRoot.run(root, docIds.get(d.id));
  }
  const addNote = db.prepare(
    `INSERT INTO annotations(database_id, document_id, ordinal, page, x, y, text, type, color, created_by, created_at)
     VALUES (@database_id, @document_id, @ordinal, @page, @x, @y, @text, @type, @color, @created_by, @created_at)`,
  );
  for (const a of annotations) {
    const doc = docIds.get(Number(a.document_id));
    if (doc === undefined) continue;
    const { id: _id, ...rest } = a;
    addNote.run({ ...rest, database_id: databaseId, document_id: doc });
  }
  return docs.length;
}
