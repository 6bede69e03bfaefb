// Whole-document writes on the per-database document tables (docTables.ts): copy a row (with its
// multi-value and text rows) into another archive, move it, delete it, and the lookups these need
// (the stored row, whether any document still uses a file, the revisions of a document). The
// search structures follow through the tables' triggers (docSearchSchema.ts).
import type { Statement } from 'better-sqlite3';
import type { Db } from '../../db/connection';
import { docTable, fieldColumn, mvTable, textTable } from './docTables';

export interface StoredDoc {
  id: number;
  archiveId: number;
  filePath: string;
  fileType: string;
  version: number;
  rootVersionId: number;
  fileSize: number;
  pageCount: number;
}

export interface StoredRevision {
  id: number;
  version: number;
}

interface Statements {
  row: Statement;
  copy: Statement;
  copyMv: Statement;
  copyText: Statement;
  create: Statement;
  move: Statement;
  deleteMv: Statement;
  deleteText: Statement;
  deleteRow: Statement;
  revisions: Statement;
  setFile: Statement;
  text: Statement;
  setText: Statement;
}

export interface StoredFileInfo {
  /** relative to files/ */
  path: string;
  /** extension with its dot */
  type: string;
  size: number;
  pages: number;
}

const DOC_COLUMNS = `id, archive_id AS archiveId, file_path AS filePath, file_type AS fileType,
  version, root_version_id AS rootVersionId, file_size AS fileSize, page_count AS pageCount`;

/** The statements of one database; the copied columns are read from the table itself. */
function prepare(db: Db, dbId: number): Statements {
  const [doc, mv, text] = [docTable(dbId), mvTable(dbId), textTable(dbId)];
  const columns = (db.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(doc) as string[]).filter(
    (c) => !['id', 'archive_id', 'file_path', 'root_version_id', 'created_at', 'modified_at'].includes(c),
  );
  const list = columns.join(', ');
  // the system fields a new file changes: Page Count (Prop 16) and File Type (Prop 1024)
  const systemFields = db
    .prepare(`SELECT id, prop FROM fields WHERE database_id = ? AND (prop & 16 OR prop & 1024)`)
    .all(dbId) as { id: number; prop: number }[];
  const present = new Set(columns);
  const systemSets = systemFields
    .filter((f) => present.has(fieldColumn(f.id)))
    .map((f) => `, ${fieldColumn(f.id)} = ${f.prop & 16 ? '@pages' : 'lower(@type)'}`)
    .join('');
  return {
    row: db.prepare(`SELECT ${DOC_COLUMNS} FROM ${doc} WHERE id = ?`),
    // a copy is a document of its own: not a version of the original's chain
    copy: db.prepare(`INSERT INTO ${doc}(archive_id, file_path, root_version_id, created_at, modified_at, ${list})
      SELECT @archiveId, @filePath, 0, @now, @now, ${list} FROM ${doc} WHERE id = @id`),
    copyMv: db.prepare(`INSERT INTO ${mv}(doc_id, field_id, ordinal, value)
      SELECT ?, field_id, ordinal, value FROM ${mv} WHERE doc_id = ?`),
    copyText: db.prepare(`INSERT INTO ${text}(doc_id, body) SELECT ?, body FROM ${text} WHERE doc_id = ?`),
    create: db.prepare(`INSERT INTO ${doc}(archive_id, file_path, created_at, modified_at)
      VALUES (@archiveId, @filePath, @now, @now)`),
    move: db.prepare(`UPDATE ${doc} SET archive_id = ?, modified_at = ? WHERE id = ?`),
    deleteMv: db.prepare(`DELETE FROM ${mv} WHERE doc_id = ?`),
    deleteText: db.prepare(`DELETE FROM ${text} WHERE doc_id = ?`),
    deleteRow: db.prepare(`DELETE FROM ${doc} WHERE id = ?`),
    revisions: db.prepare(`SELECT id, version FROM ${doc}
      WHERE id = @root OR root_version_id = @root ORDER BY version, id`),
    setFile: db.prepare(`UPDATE ${doc} SET file_path = @path, file_type = @type, file_size = @size,
      page_count = @pages${systemSets} WHERE id = @id`),
    text: db.prepare(`SELECT body FROM ${text} WHERE doc_id = ?`).pluck(),
    setText: db.prepare(`INSERT INTO ${text}(doc_id, body) VALUES (?, ?)
      ON CONFLICT(doc_id) DO UPDATE SET body = excluded.body`),
  };
}

export function createDocumentOpsRepo(db: Db) {
  const perDb = new Map<number, Statements>();
  // a new field adds a column, so the copy statement is made again when the table changes
  const schemaVersion = db.prepare(`PRAGMA schema_version`).pluck();
  let seenSchema = -1;
  const statements = (dbId: number): Statements => {
    const version = schemaVersion.get() as number;
    if (version !== seenSchema) {
      perDb.clear();
      seenSchema = version;
    }
    let s = perDb.get(dbId);
    if (!s) perDb.set(dbId, (s = prepare(db, dbId)));
    return s;
  };
  const docTables = (): string[] =>
    (
      db
        .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'doc\\_%' ESCAPE '\\'`)
        .pluck()
        .all() as string[]
    ).filter((n) => /^doc_\d+$/.test(n));

  return {
    transaction: <T>(fn: () => T): T => db.transaction(fn)(),
    row(dbId: number, docId: number): StoredDoc | undefined {
      return statements(dbId).row.get(docId) as StoredDoc | undefined;
    },
    /** A copy of the document in `archiveId` (values, multi-values, text); its new id. */
    copy(dbId: number, docId: number, archiveId: number, filePath: string, now: number): number {
      const s = statements(dbId);
      const id = Number(s.copy.run({ id: docId, archiveId, filePath, now }).lastInsertRowid);
      s.copyMv.run(id, docId);
      s.copyText.run(id, docId);
      return id;
    },
    /** A new document in `archiveId` without index values (a merge of inbox files); its id. */
    create(dbId: number, archiveId: number, filePath: string, now: number): number {
      return Number(statements(dbId).create.run({ archiveId, filePath, now }).lastInsertRowid);
    },
    move(dbId: number, docId: number, archiveId: number, now: number): void {
      statements(dbId).move.run(archiveId, now, docId);
    },
    remove(dbId: number, docId: number): void {
      const s = statements(dbId);
      s.deleteMv.run(docId);
      s.deleteText.run(docId);
      s.deleteRow.run(docId);
    },
    /** A document's file, after a merge made a new one (its Page Count and File Type fields follow). */
    setFile(dbId: number, docId: number, file: StoredFileInfo): void {
      statements(dbId).setFile.run({ id: docId, ...file });
    },
    /** The text of a document ('' when it has none). */
    text(dbId: number, docId: number): string {
      return (statements(dbId).text.get(docId) as string | undefined) ?? '';
    },
    setText(dbId: number, docId: number, body: string): void {
      statements(dbId).setText.run(docId, body);
    },
    /** Whether any document of any database still has this file. */
    fileInUse(filePath: string): boolean {
      return docTables().some(
        (t) => db.prepare(`SELECT 1 FROM ${t} WHERE file_path = ? LIMIT 1`).get(filePath) !== undefined,
      );
    },
    /** Every version of the document's chain (the head and the rows whose root it is). */
    revisions(dbId: number, rootId: number): StoredRevision[] {
      return statements(dbId).revisions.all({ root: rootId }) as StoredRevision[];
    },
  };
}
export type DocumentOpsRepo = ReturnType<typeof createDocumentOpsRepo>;
