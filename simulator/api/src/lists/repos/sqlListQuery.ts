// `[SQL]` lists (contract/admin/catalog.ts, decision 044): one read-only SELECT over the list's own
// database, run in the list-query process (services/lists/) on a connection of its own. What it may
// read is an allow-list: TEMP copies of that database's archives, fields, lists, list items and
// dynamic-list mappings under their usual names, and its document tables (`doc_{db}`,
// `doc_mv_{db}`, also as the views `documents` and `document_values`). The statement's program
// (EXPLAIN) must open no other b-tree, no virtual table (pragma_* functions, json_each, FTS) and
// write nothing, so aliases, CTEs, subqueries and views cannot reach anything else: every table a
// program reads is an OpenRead of its root page, whatever the SQL calls it.
import type { Db } from '../../db/connection';
import { LIST_SQL_MAX_ITEMS } from '@gs/contract/admin/catalog';
import { docTable, mvTable } from '../../documents/repos/docTables';

export class ListQueryError extends Error {}

export type ListParameters = Record<string, string | number>;

/** The named parameters of `AssemblyParameters`: '' or a JSON object of strings and numbers. */
export function listParameters(text: string): ListParameters {
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ListQueryError('The parameters of a [SQL] list must be a JSON object, e.g. {"status":"Open"}.');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new ListQueryError('The parameters of a [SQL] list must be a JSON object, e.g. {"status":"Open"}.');
  const out: ListParameters = {};
  for (const [k, v] of Object.entries(parsed)) {
    if (!/^[A-Za-z_]\w*$/.test(k) || (typeof v !== 'string' && typeof v !== 'number'))
      throw new ListQueryError(
        `The parameter '${k}' of a [SQL] list must be named by a word and hold a string or a number.`,
      );
    out[k] = v;
  }
  return out;
}

/**
 * The TEMP tables that shadow the server-wide catalogue, made once per connection; each query
 * fills them with its database's rows inside its transaction, and the rollback empties them again.
 * (Only rows change: a schema change rolled back would make SQLite parse the whole schema again.)
 */
const CATALOGUE: [name: string, columns: string, rows: string][] = [
  [
    'archives',
    'id, database_id, parent_id, name',
    'SELECT id, database_id, parent_id, name FROM main.archives WHERE database_id = ?',
  ],
  [
    'fields',
    'id, database_id, name, type, size, mask, prop, list_id, parent_id',
    'SELECT id, database_id, name, type, size, mask, prop, list_id, parent_id FROM main.fields WHERE database_id = ?',
  ],
  ['lists', 'id, database_id, name', 'SELECT id, database_id, name FROM main.lists WHERE database_id = ?'],
  [
    'list_items',
    'list_id, ordinal, value',
    `SELECT i.list_id, i.ordinal, i.value FROM main.list_items i JOIN main.lists l ON l.id = i.list_id
      WHERE l.database_id = ?`,
  ],
  [
    'field_list_mappings',
    'field_id, primary_value, secondary_value, list_id',
    `SELECT m.field_id, m.primary_value, m.secondary_value, m.list_id FROM main.field_list_mappings m
      JOIN main.fields f ON f.id = m.field_id WHERE f.database_id = ?`,
  ],
];

/** What each connection's TEMP views show now: "database:doc table exists:mv table exists". */
const viewsOf = new WeakMap<Db, string>();

const exists = (db: Db, name: string): boolean =>
  db.prepare(`SELECT 1 FROM main.sqlite_schema WHERE type = 'table' AND name = ?`).get(name) !== undefined;

/** The TEMP tables (empty) and the document views of the database, outside any transaction. */
function prepareScope(db: Db, databaseId: number): void {
  if (!Number.isSafeInteger(databaseId) || databaseId <= 0)
    throw new Error(`not a database id: ${databaseId}`);
  for (const [name, columns] of CATALOGUE) db.exec(`CREATE TEMP TABLE IF NOT EXISTS ${name}(${columns})`);
  const [doc, mv] = [docTable(databaseId), mvTable(databaseId)];
  const key = `${databaseId}:${exists(db, doc)}:${exists(db, mv)}`;
  if (viewsOf.get(db) === key) return;
  db.exec(`DROP VIEW IF EXISTS temp.documents; DROP VIEW IF EXISTS temp.document_values;`);
  if (exists(db, doc)) db.exec(`CREATE TEMP VIEW documents AS SELECT * FROM main.${doc}`);
  if (exists(db, mv)) db.exec(`CREATE TEMP VIEW document_values AS SELECT * FROM main.${mv}`);
  viewsOf.set(db, key);
}

/** Fill the TEMP tables with the database's rows (in the query's transaction); the b-trees
 * ("schema:rootpage") a list query may open. */
function openScope(db: Db, databaseId: number): Set<string> {
  for (const [name, , rows] of CATALOGUE) {
    db.exec(`DELETE FROM temp.${name}`);
    db.prepare(`INSERT INTO temp.${name} ${rows}`).run(databaseId);
  }
  const main = db
    .prepare(`SELECT rootpage FROM main.sqlite_schema WHERE rootpage > 0 AND tbl_name IN (?, ?)`)
    .pluck()
    .all(docTable(databaseId), mvTable(databaseId)) as number[];
  const temp = db
    .prepare(`SELECT rootpage FROM temp.sqlite_schema WHERE rootpage > 0`)
    .pluck()
    .all() as number[];
  return new Set([...main.map((p) => `0:${p}`), ...temp.map((p) => `1:${p}`)]);
}

interface Op {
  opcode: string;
  p2: number;
  p3: number;
  p5: number;
}

/** OPFLAG_P2ISREG (sqlite3 vdbe): the root page is in a register, so it cannot be checked. */
const P2_IS_REGISTER = 0x10;

/** What a b-tree the program opens is called, for the refusal. */
function nameOf(db: Db, op: Op): string {
  if (op.p2 === 1) return op.p3 === 1 ? 'sqlite_temp_schema' : 'sqlite_schema';
  const schema = op.p3 === 1 ? 'temp' : op.p3 === 0 ? 'main' : undefined;
  const name =
    schema &&
    (db.prepare(`SELECT tbl_name FROM ${schema}.sqlite_schema WHERE rootpage = ?`).pluck().get(op.p2) as
      string | undefined);
  return name ?? `page ${op.p2} of database ${op.p3}`;
}

const refusal = (what: string): ListQueryError =>
  new ListQueryError(
    `A [SQL] list may not read the table '${what}': it reads only its own database's archives, fields, ` +
      `lists, list_items, field_list_mappings and documents (doc_{id}, doc_mv_{id}).`,
  );

/** Refuse a program that opens anything outside the scope, any virtual table, or writes. */
function checkProgram(db: Db, sql: string, params: ListParameters, allowed: Set<string>): void {
  const program = db.prepare(`EXPLAIN ${sql}`).all(params) as Op[];
  for (const op of program) {
    if (op.opcode === 'VOpen') throw refusal('a table-valued function or virtual table');
    if (op.opcode === 'OpenWrite')
      throw new ListQueryError('The query of a [SQL] list must be a read-only SELECT.');
    if (op.opcode !== 'OpenRead' && op.opcode !== 'ReopenIdx') continue;
    if (op.p5 & P2_IS_REGISTER || !allowed.has(`${op.p3}:${op.p2}`)) throw refusal(nameOf(db, op));
  }
}

/** The longest item a list may offer (our design, decision 044): a drop-down entry, not a document. */
export const LIST_SQL_MAX_ITEM_LENGTH = 4000;

/** Leading blanks and comments, before the statement's first word. */
const LEADING = /^(?:\s+|--[^\n]*(?:\n|$)|\/\*[\s\S]*?(?:\*\/|$))*/;

/**
 * Run a list's query on `db` (the list-query process's own connection, read-only) for database
 * `databaseId`: the first column of each row, at most LIST_SQL_MAX_ITEMS, as text. The rows it
 * copies into TEMP tables are rolled back at the end; the read sees one snapshot.
 */
export function runListQuery(db: Db, databaseId: number, sql: string, params: ListParameters): string[] {
  prepareScope(db, databaseId);
  db.exec('BEGIN');
  try {
    const allowed = openScope(db, databaseId);
    let statement;
    try {
      statement = db.prepare(sql);
    } catch (err) {
      throw new ListQueryError(`The query of the [SQL] list is not valid: ${(err as Error).message}`);
    }
    const select = /^(select|with|values)\b/i.test(sql.replace(LEADING, ''));
    if (!select || !statement.reader || !statement.readonly)
      throw new ListQueryError('The query of a [SQL] list must be a read-only SELECT.');
    const items: string[] = [];
    try {
      checkProgram(db, sql, params, allowed);
      for (const row of statement.raw().iterate(params) as Iterable<unknown[]>) {
        const v = row[0];
        const text = v === null || v === undefined ? '' : String(v);
        if (text.length > LIST_SQL_MAX_ITEM_LENGTH)
          throw new ListQueryError(
            `The query of the [SQL] list returned an item of ${text.length} characters; at most ${LIST_SQL_MAX_ITEM_LENGTH} are allowed.`,
          );
        if (text.trim() !== '') items.push(text);
        if (items.length >= LIST_SQL_MAX_ITEMS) break;
      }
    } catch (err) {
      if (err instanceof ListQueryError) throw err;
      throw new ListQueryError(`The query of the [SQL] list failed: ${(err as Error).message}`);
    }
    return items;
  } finally {
    db.exec('ROLLBACK');
  }
}
