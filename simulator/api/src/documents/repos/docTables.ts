// One document table per GlobalSearch database: doc_{dbId}, with a typed column f_{fieldId} per
// field of that database's catalogue, plus a side table for multi-value fields and one for the
// text of each document (content search). Table and column names are built only from integer ids
// read from the catalogue, never from request strings.
// Each also carries the search structures of docSearchSchema.ts (indexes, value dictionary, FTS).
import type { Db } from '../../db/connection';
import { FieldType, type FieldTypeCode } from '@gs/contract/flags';
import { dropFieldSearch, dropSearchSchema, ensureSearchSchema } from '../../search/repos/docSearchSchema';
import { rewriteTableSql, tableSql } from '../../db/schemaText';

const int = (n: number): number => {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not an id: ${n}`);
  return n;
};

export const docTable = (dbId: number): string => `doc_${int(dbId)}`;
export const mvTable = (dbId: number): string => `doc_mv_${int(dbId)}`;
export const textTable = (dbId: number): string => `doc_text_${int(dbId)}`;
export const fieldColumn = (fieldId: number): string => `f_${int(fieldId)}`;

/** SQLite storage of each field type: dates as ISO 8601 text (sortable), decimals as REAL. */
export const columnType = (type: FieldTypeCode): string =>
  type === FieldType.Integer ? 'INTEGER' : type === FieldType.Decimal ? 'REAL' : 'TEXT';

export function createDocumentTables(db: Db, dbId: number): void {
  const fresh =
    db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`).get(docTable(dbId)) ===
    undefined;
  // leftovers of a dropped document table (a re-seed) must not survive into the new one
  if (fresh) dropSearchSchema(db, dbId);
  db.exec(`
    CREATE TABLE IF NOT EXISTS ${docTable(dbId)} (
      -- AUTOINCREMENT: an id is never handed out twice, not even the last one after its delete
      -- (history, links and caches name documents by id; decision 049)
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      archive_id INTEGER NOT NULL,
      -- path of the file relative to the data folder's files/ directory
      file_path TEXT NOT NULL DEFAULT '',
      -- extension with its dot, e.g. ".pdf"
      file_type TEXT NOT NULL DEFAULT '',
      file_size INTEGER NOT NULL DEFAULT 0,
      page_count INTEGER NOT NULL DEFAULT 0,
      version INTEGER NOT NULL DEFAULT 0,
      root_version_id INTEGER NOT NULL DEFAULT 0,
      created_at INTEGER NOT NULL,
      modified_at INTEGER NOT NULL
    ) STRICT;
    CREATE INDEX IF NOT EXISTS ${docTable(dbId)}_by_archive ON ${docTable(dbId)}(archive_id, id);
    CREATE TABLE IF NOT EXISTS ${mvTable(dbId)} (
      doc_id INTEGER NOT NULL,
      field_id INTEGER NOT NULL,
      ordinal INTEGER NOT NULL,
      value TEXT NOT NULL,
      PRIMARY KEY (doc_id, field_id, ordinal)
    ) STRICT, WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS ${textTable(dbId)} (
      doc_id INTEGER PRIMARY KEY,
      body TEXT NOT NULL
    ) STRICT;
  `);
  ensureSearchSchema(db, dbId);
}

const STRICT_END = /\)\s*STRICT\s*$/i;

/**
 * Append nullable columns without a default to a STRICT table's catalogue text. On a STRICT
 * table ALTER TABLE ADD COLUMN re-checks every row (a quick_check: ~1 s on the large scenario's
 * million rows, decision 018) although such a column changes no stored row: a row shorter than
 * the table reads NULL for the columns it lacks, which is all ADD COLUMN relies on. So the text
 * is rewritten (schemaText.ts). False (nothing done) when the table's text is not the
 * `CREATE TABLE ... ) STRICT` this expects.
 */
function appendStrictColumns(db: Db, table: string, columns: string[]): boolean {
  const sql = tableSql(db, table);
  if (!sql || !STRICT_END.test(sql)) return false;
  return rewriteTableSql(db, table, sql.replace(STRICT_END, `, ${columns.join(', ')}) STRICT`));
}

/** Add the column of a new field to its database's document table (no-op when present). */
export function addFieldColumn(db: Db, dbId: number, fieldId: number, type: FieldTypeCode): void {
  addFieldColumns(db, dbId, [{ id: fieldId, type }]);
}

/**
 * Add the columns of new fields to their database's document table (those present are left as
 * they are): one rewrite of the table's text and one remaking of the search structures for all of
 * them. Each rewrite makes SQLite parse the whole schema again and each remaking drops and makes
 * the triggers, so a seed's catalogue made one field at a time spent three quarters of its time
 * there (decision 085).
 */
export function addFieldColumns(db: Db, dbId: number, fields: { id: number; type: FieldTypeCode }[]): void {
  const table = docTable(dbId);
  const existing = new Set(
    (db.prepare(`SELECT name FROM pragma_table_info(?)`).all(table) as { name: string }[]).map((c) => c.name),
  );
  const missing = [...new Map(fields.map((f) => [f.id, f])).values()].filter(
    (f) => !existing.has(fieldColumn(f.id)),
  );
  if (missing.length === 0) return;
  const columns = missing.map((f) => `${fieldColumn(f.id)} ${columnType(f.type)}`);
  if (!appendStrictColumns(db, table, columns))
    for (const column of columns) db.exec(`ALTER TABLE ${table} ADD COLUMN ${column}`);
  ensureSearchSchema(db, dbId, Object.fromEntries(missing.map((f) => [f.id, f.type])));
}

const hasColumn = (db: Db, table: string, column: string): boolean =>
  (db.prepare(`SELECT name FROM pragma_table_info(?)`).all(table) as { name: string }[]).some(
    (c) => c.name === column,
  );

/** Drop a field's column and its values (the caller runs this inside its transaction). */
export function dropFieldColumn(db: Db, dbId: number, fieldId: number): void {
  const table = docTable(dbId);
  const column = fieldColumn(fieldId);
  if (!hasColumn(db, table, column)) return;
  dropFieldSearch(db, dbId, fieldId);
  db.prepare(`DELETE FROM ${mvTable(dbId)} WHERE field_id = ?`).run(fieldId);
  db.exec(`ALTER TABLE ${table} DROP COLUMN ${column}`);
  ensureSearchSchema(db, dbId);
}

/** Whether any document holds a value in the field (its column or, multi-value, its side table). */
export function fieldHoldsValues(db: Db, dbId: number, fieldId: number): boolean {
  const column = fieldColumn(fieldId);
  const inColumn =
    hasColumn(db, docTable(dbId), column) &&
    db
      .prepare(`SELECT 1 FROM ${docTable(dbId)} WHERE ${column} IS NOT NULL AND ${column} <> '' LIMIT 1`)
      .get() !== undefined;
  return (
    inColumn ||
    db.prepare(`SELECT 1 FROM ${mvTable(dbId)} WHERE field_id = ? LIMIT 1`).get(fieldId) !== undefined
  );
}
