// `[SQL]` lists (contract/admin/catalog.ts): a SELECT run against the simulator's own database.
// Only a statement SQLite itself reports as read-only is run, with its parameters bound, and
// never one that reads the tables holding secrets (password hashes, licence tokens, settings).
import type { Db } from './connection';
import { LIST_SQL_MAX_ITEMS } from '@gs/contract/admin/catalog';

/** Tables a list query may not read: users' password hashes, licence tokens, the server secret. */
const PROTECTED = new Set(['users', 'licenses', 'settings', 'viewer_sessions']);

export class ListQueryError extends Error {}

/** The named parameters of `AssemblyParameters`: '' or a JSON object of strings and numbers. */
function parameters(text: string): Record<string, string | number> {
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ListQueryError('The parameters of a [SQL] list must be a JSON object, e.g. {"status":"Open"}.');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new ListQueryError('The parameters of a [SQL] list must be a JSON object, e.g. {"status":"Open"}.');
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(parsed)) {
    if (!/^[A-Za-z_]\w*$/.test(k) || (typeof v !== 'string' && typeof v !== 'number'))
      throw new ListQueryError(
        `The parameter '${k}' of a [SQL] list must be named by a word and hold a string or a number.`,
      );
    out[k] = v;
  }
  return out;
}

/** The tables a prepared statement opens, read from its program (EXPLAIN's OpenRead root pages). */
function tablesRead(db: Db, sql: string, params: Record<string, string | number>): string[] {
  const program = db.prepare(`EXPLAIN ${sql}`).all(params) as { opcode: string; p2: number }[];
  const roots = new Set(program.filter((op) => op.opcode === 'OpenRead').map((op) => op.p2));
  const names = db
    .prepare(`SELECT tbl_name AS name, rootpage FROM sqlite_schema WHERE rootpage > 0`)
    .all() as {
    name: string;
    rootpage: number;
  }[];
  return names.filter((n) => roots.has(n.rootpage)).map((n) => n.name.toLowerCase());
}

/** Run a list's query: the first column of each row, at most LIST_SQL_MAX_ITEMS, as text. */
export function runListQuery(db: Db, sql: string, parameterText: string): string[] {
  const params = parameters(parameterText);
  let statement;
  try {
    statement = db.prepare(sql);
  } catch (err) {
    throw new ListQueryError(`The query of the [SQL] list is not valid: ${(err as Error).message}`);
  }
  if (!statement.reader || !statement.readonly)
    throw new ListQueryError('The query of a [SQL] list must be a read-only SELECT.');
  const items: string[] = [];
  try {
    const hidden = tablesRead(db, sql, params).filter((t) => PROTECTED.has(t));
    if (hidden.length > 0) throw new ListQueryError(`A [SQL] list may not read the table '${hidden[0]}'.`);
    for (const row of statement.raw().iterate(params) as Iterable<unknown[]>) {
      const v = row[0];
      if (v !== null && v !== undefined && String(v).trim() !== '') items.push(String(v));
      if (items.length >= LIST_SQL_MAX_ITEMS) break;
    }
  } catch (err) {
    if (err instanceof ListQueryError) throw err;
    throw new ListQueryError(`The query of the [SQL] list failed: ${(err as Error).message}`);
  }
  return items;
}
