// Writing a template's documents into the target database: index values into the field columns
// the import mapped, multi-value and text rows, annotations; files were already written under
// `files/<fileDir>/` (a failed group removes that folder). Called inside the group's transaction,
// it reads the template's spilled document lines and the package's annotation rows a line at a
// time (packageSpill.ts, decision 048).
import type { Db } from '../../db/connection';
import { docTable, fieldColumn, mvTable, textTable } from '../../documents/repos/docTables';
import type { DocumentLine } from './packageModel';
import { forEachLineSync, spilledDocument } from './packageSpill';
import type { IdMap } from './packageRows';
import type { PackageRow } from './packageTables';

const FILES = 'documents/files/';

export function writeDocuments(
  db: Db,
  databaseId: number,
  spill: { documents: string; annotations: string },
  ids: IdMap,
  fileDir: string,
): number {
  // one INSERT per set of fields the documents hold values of (most share one)
  const inserts = new Map<string, { fieldIds: number[]; run: (...values: unknown[]) => number }>();
  const insertFor = (d: DocumentLine) => {
    const key = Object.keys(d.values).sort().join(',');
    let found = inserts.get(key);
    if (!found) {
      const fieldIds = key ? key.split(',').map(Number) : [];
      const target = fieldIds.map((f) => {
        const to = ids.get('field', f);
        if (to === undefined)
          throw new Error(`a document holds a value of field ${f}, which the package does not define`);
        return to;
      });
      const statement = db.prepare(
        `INSERT INTO ${docTable(databaseId)}(archive_id, file_path, file_type, file_size, page_count, version,
           root_version_id, created_at, modified_at${target.map((f) => `, ${fieldColumn(f)}`).join('')})
         VALUES (${['?', '?', '?', '?', '?', '?', '?', '?', '?', ...target.map(() => '?')].join(', ')})`,
      );
      found = { fieldIds, run: (...values) => Number(statement.run(...values).lastInsertRowid) };
      inserts.set(key, found);
    }
    return found;
  };
  const fixRoot = db.prepare(`UPDATE ${docTable(databaseId)} SET root_version_id = ? WHERE id = ?`);
  const insertMv = db.prepare(
    `INSERT INTO ${mvTable(databaseId)}(doc_id, field_id, ordinal, value) VALUES (?, ?, ?, ?)`,
  );
  const insertText = db.prepare(`INSERT INTO ${textTable(databaseId)}(doc_id, body) VALUES (?, ?)`);
  /** the package's document id -> the new one; and the versions whose root comes later */
  const docIds = new Map<number, number>();
  const roots: [number, number][] = [];
  let count = 0;
  forEachLineSync(spill.documents, (line) => {
    const d = spilledDocument(line);
    const archive = ids.get('archive', d.archive_id);
    if (archive === undefined)
      throw new Error(`document ${d.id} is in archive ${d.archive_id}, which was not imported`);
    const filePath = d.file ? `${fileDir}/${d.file.slice(FILES.length)}` : '';
    const insert = insertFor(d);
    const id = insert.run(
      archive,
      filePath,
      d.file_type,
      d.file_size,
      d.page_count,
      d.version,
      0,
      d.created_at,
      d.modified_at,
      ...insert.fieldIds.map((f) => d.values[f] ?? null),
    );
    docIds.set(d.id, id);
    count++;
    for (const [field, values] of Object.entries(d.multi)) {
      const to = ids.get('field', Number(field));
      if (to === undefined)
        throw new Error(`a document holds values of field ${field}, which the package does not define`);
      values.forEach((v, i) => insertMv.run(id, to, i, v));
    }
    if (d.text !== undefined) insertText.run(id, d.text);
    if (d.root_version_id) roots.push([id, d.root_version_id]);
  });
  for (const [id, root] of roots) {
    const to = docIds.get(root);
    if (to) fixRoot.run(to, id);
  }
  if (count === 0 || !spill.annotations) return count;
  const addNote = db.prepare(
    `INSERT INTO annotations(database_id, document_id, ordinal, page, x, y, text, type, color, created_by, created_at)
     VALUES (@database_id, @document_id, @ordinal, @page, @x, @y, @text, @type, @color, @created_by, @created_at)`,
  );
  forEachLineSync(spill.annotations, (line) => {
    const a = JSON.parse(line) as PackageRow;
    const doc = docIds.get(Number(a.document_id));
    if (doc === undefined) return;
    const { id: _id, ...rest } = a;
    addNote.run({ ...rest, database_id: databaseId, document_id: doc });
  });
  return count;
}
