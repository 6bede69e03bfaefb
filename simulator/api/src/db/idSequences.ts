// Ids are never handed out twice (decision 049). SQLite gives a rowid table without AUTOINCREMENT
// max(id) + 1, so the id of the last row deleted came back with the next insert: a merged
// document got the id of a deleted copy and showed its history. Every table whose ids appear in
// history, links, logs or a client's cache, and every document table doc_{db}, is AUTOINCREMENT:
// SQLite then keeps the highest id ever used in sqlite_sequence and never goes below it.
import type { Db } from './connection';
import { rewriteTableSql, tableSql } from './schemaText';

/** The catalogue's tables with ids of their own (the rowid alias `id`, `iid` for licence rules). */
export const ID_TABLES = [
  'users',
  'groups',
  'databases',
  'lists',
  'fields',
  'archives',
  'searches',
  'search_prompts',
  'inboxes',
  'audit',
  'stamps',
  'user_actions',
  'user_action_runs',
  'annotations',
  'license_rules',
  'dxc_sources',
  'table_fields',
  'workflows',
  'workflow_runs',
  'batch_portals',
  'batches',
  'batch_documents',
] as const;

const ROWID_KEY = /\b(i?id) INTEGER PRIMARY KEY\b(?!\s+AUTOINCREMENT)/i;

/** The per-database document tables doc_{db}. */
export const documentTables = (db: Db): string[] =>
  (
    db
      .prepare(`SELECT name FROM sqlite_schema WHERE type = 'table' AND name LIKE 'doc\\_%' ESCAPE '\\'`)
      .pluck()
      .all() as string[]
  ).filter((n) => /^doc_\d+$/.test(n));

const number = (v: unknown): number => Number(v ?? 0);

/** sqlite_sequence exists once a table with AUTOINCREMENT was ever created. */
function ensureSequenceTable(db: Db): void {
  db.exec(`CREATE TABLE IF NOT EXISTS id_sequence_probe (id INTEGER PRIMARY KEY AUTOINCREMENT);
    DROP TABLE id_sequence_probe;`);
}

/** Raise the table's high-water mark to at least `floor` (never lowers it). */
function raise(db: Db, table: string, floor: number): void {
  if (floor <= 0) return;
  const seq = db.prepare(`SELECT seq FROM sqlite_sequence WHERE name = ?`).pluck().get(table);
  if (seq === undefined) db.prepare(`INSERT INTO sqlite_sequence(name, seq) VALUES (?, ?)`).run(table, floor);
  else if (number(seq) < floor)
    db.prepare(`UPDATE sqlite_sequence SET seq = ? WHERE name = ?`).run(floor, table);
}

/**
 * The highest document id database `dbId` ever named, as far as it can still be told: its
 * documents, and what outlives a deleted document (history lines, annotations, workflow runs,
 * user action runs, PDF and workflow states).
 */
function documentFloor(db: Db, table: string): number {
  const dbId = Number(table.slice('doc_'.length));
  const top = (sql: string): number => number(db.prepare(sql).pluck().get(dbId));
  return Math.max(
    number(db.prepare(`SELECT max(id) FROM ${table}`).pluck().get()),
    top(`SELECT max(document_id) FROM audit WHERE database_id = ?`),
    top(`SELECT max(old_doc_id) FROM audit WHERE database_id = ?`),
    top(`SELECT max(document_id) FROM annotations WHERE database_id = ?`),
    top(`SELECT max(document_id) FROM workflow_runs WHERE database_id = ?`),
    top(`SELECT max(document_id) FROM user_action_runs WHERE database_id = ?`),
    top(`SELECT max(doc_id) FROM pdf_workflow_states WHERE database_id = ?`),
  );
}

/**
 * Migration 16: AUTOINCREMENT added to every table of ID_TABLES and every doc_{db}. Only the
 * catalogue text changes (schemaText.ts: rows, indexes and triggers stay as they are, a million
 * documents take no longer than none); each table's high-water mark starts at its highest id, or
 * for a document table at the highest document id anything still names.
 */
export function neverReuseIds(db: Db): void {
  ensureSequenceTable(db);
  const docs = documentTables(db);
  for (const table of [...ID_TABLES, ...docs]) {
    const sql = tableSql(db, table);
    if (!sql) continue;
    const key = ROWID_KEY.exec(sql);
    if (!key) continue;
    if (!rewriteTableSql(db, table, sql.replace(ROWID_KEY, '$1 INTEGER PRIMARY KEY AUTOINCREMENT')))
      throw new Error('neverReuseIds runs inside the migration transaction');
    const floor = docs.includes(table)
      ? documentFloor(db, table)
      : number(db.prepare(`SELECT max(${key[1]}) FROM ${table}`).pluck().get());
    raise(db, table, floor);
  }
}

/** Every table's high-water mark (sqlite_sequence), e.g. before a room's database is replaced. */
export function idHighWater(db: Db): Map<string, number> {
  const exists = db.prepare(`SELECT 1 FROM sqlite_schema WHERE name = 'sqlite_sequence'`).get();
  if (!exists) return new Map();
  const rows = db.prepare(`SELECT name, seq FROM sqlite_sequence`).all() as { name: string; seq: number }[];
  return new Map(rows.map((r) => [r.name, number(r.seq)]));
}

/**
 * Raise the marks of `db` to those of `before` where the same table exists: a training room's
 * reset (decision 033) puts the template's database in place, and the ids the room handed out
 * before it must not come back after it.
 */
export function raiseIdHighWater(db: Db, before: ReadonlyMap<string, number>): void {
  if (before.size === 0) return;
  const autoincrement = (table: string): boolean => /\bAUTOINCREMENT\b/i.test(tableSql(db, table) ?? '');
  db.transaction(() => {
    ensureSequenceTable(db);
    for (const [table, seq] of before) if (autoincrement(table)) raise(db, table, seq);
  })();
}

/** The highest id a document table has handed out (its sqlite_sequence mark or its top row). */
export const documentIdHighWaterSql = (table: string): string =>
  `SELECT max(coalesce((SELECT seq FROM sqlite_sequence WHERE name = '${table}'), 0),
    coalesce((SELECT max(id) FROM ${table}), 0)) AS id`;
