// Counts kept on write (decision 067): the count of an archive (its size) and of one `equals`
// criterion on a single-value character field live in doc_counts_{db}, and the document table's
// triggers adjust them in the writing transaction (one down for the value a row leaves, one up for
// the value it takes, on insert, delete, move and field edit), so a write never makes them stale
// and an edit of a searched field no longer throws them away. Other counts stay in docSearchRepo's
// cache keyed on versions (decision 037).
//
// A count is filled in two steps, so that a reader thread (read-only, decision 038) can compute
// it while the request thread writes: the writer reserves the row (pending, n = 0: from then on
// the triggers add every change to n), then a reader counts and reads n in one snapshot and
// hands back base = count - n; the writer adds base once (n then equals the count, and every later
// change is added by the triggers). On the writer's own connection both happen at once.
import type { Statement } from 'better-sqlite3';
import type { Db } from '../../db/connection';
import type { DocFilter } from './docQueryModel';
import { FieldType } from '@gs/contract/flags';

/** Rows kept per database before they are all dropped (the next searches keep them again). */
const KEPT_CAP = 5000;
/** Notes a reader holds for the writer at most (one nobody takes must not grow without end). */
const NOTES_CAP = 1000;

const int = (n: number): number => {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not an id: ${n}`);
  return n;
};

export const keptTableName = (dbId: number): string => `doc_counts_${int(dbId)}`;

export const createKeptTableSql = (dbId: number): string => `
  CREATE TABLE IF NOT EXISTS ${keptTableName(dbId)} (
    archive_id INTEGER NOT NULL,
    -- 0 with value '': the archive's size; a field id: the documents whose field equals value
    field_id INTEGER NOT NULL,
    -- compared as the search compares (an equals on a character field is case-insensitive)
    value TEXT NOT NULL COLLATE NOCASE,
    n INTEGER NOT NULL,
    -- 0 when n is the count; else the reservation's number: n holds only the changes since it,
    -- until a reader's count made under this reservation is added
    pending INTEGER NOT NULL,
    PRIMARY KEY (archive_id, field_id, value)
  ) STRICT, WITHOUT ROWID;`;

/**
 * Trigger statements adjusting the kept counts by `sign` for the row `row` ('new' or 'old') in
 * the archive it names: its archive's size when `moved`, each character field's value when
 * `changed(column)` holds (SQL over new./old.).
 */
function adjustSql(
  dbId: number,
  row: 'new' | 'old',
  sign: '+' | '-',
  charFieldIds: number[],
  moved: string,
  changed: (column: string) => string,
): string {
  const rows = [
    `(0, '', ${moved})`,
    ...charFieldIds.map((id) => `(${int(id)}, ${row}.f_${int(id)}, ${moved} OR ${changed(`f_${int(id)}`)})`),
  ].join(', ');
  const t = keptTableName(dbId);
  return `UPDATE ${t} SET n = n ${sign} 1 FROM (VALUES ${rows}) c
    WHERE c.column3 AND ${t}.archive_id = ${row}.archive_id AND ${t}.field_id = c.column1
      AND ${t}.value = c.column2;`;
}

/** The bodies the document table's triggers run to keep the counts (docSearchSchema.ts). */
export function keptTriggerSql(dbId: number, charFieldIds: number[]) {
  const moved = '(old.archive_id IS NOT new.archive_id)';
  const changed = (c: string) => `(old.${c} IS NOT new.${c})`;
  return {
    insert: adjustSql(dbId, 'new', '+', charFieldIds, '1', () => '1'),
    delete: adjustSql(dbId, 'old', '-', charFieldIds, '1', () => '1'),
    update: [
      adjustSql(dbId, 'old', '-', charFieldIds, moved, changed),
      adjustSql(dbId, 'new', '+', charFieldIds, moved, changed),
    ].join('\n'),
  };
}

/** What a kept count is filed under. */
export interface KeptKey {
  dbId: number;
  archiveId: number;
  /** 0: the archive's size */
  fieldId: number;
  value: string;
}

/** What a reader hands the writer: reserve a row, or add a reader's base to a reserved one. */
export type KeptNote = { key: KeptKey; reserve: true } | { key: KeptKey; base: number; pending: number };

/** The text an SQL LIKE pattern (escape `\`) matches exactly, or undefined when it has wildcards. */
function literalOf(pattern: string): string | undefined {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] as string;
    if (c === '%' || c === '_') return undefined;
    if (c === '\\') {
      i += 1;
      out += pattern[i] ?? '';
    } else out += c;
  }
  return out;
}

/** The kept count a filter's count is (before its patterns are resolved), if any. */
export function keptKeyOf(f: DocFilter): KeptKey | undefined {
  if (f.content !== undefined) return undefined;
  const base = { dbId: f.databaseId, archiveId: f.archiveId };
  if (f.conditions.length === 0) return { ...base, fieldId: 0, value: '' };
  const [c] = f.conditions;
  if (f.conditions.length !== 1 || !c || c.field.multi || c.field.type !== FieldType.Character)
    return undefined;
  const value =
    c.pred.op === 'eq' && typeof c.pred.value === 'string'
      ? c.pred.value
      : c.pred.op === 'like'
        ? literalOf(c.pred.pattern)
        : undefined;
  // an empty value means "is empty" elsewhere; keep only plain values
  return value ? { ...base, fieldId: c.field.id, value } : undefined;
}

/** Reads (any connection) and writes (the writer's) of the kept counts. */
export function createKeptCounts(db: Db) {
  const statements = new Map<string, Statement>();
  const prepared = (sql: string): Statement => {
    let s = statements.get(sql);
    if (!s) statements.set(sql, (s = db.prepare(sql)));
    return s;
  };
  const exists = (dbId: number): boolean =>
    prepared(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`).get(keptTableName(dbId)) !==
    undefined;
  const present = new Set<number>();
  const has = (dbId: number): boolean => {
    if (present.has(dbId)) return true;
    if (!exists(dbId)) return false;
    present.add(dbId);
    return true;
  };
  const args = (k: KeptKey) => [k.archiveId, k.fieldId, k.value];
  const where = 'archive_id = ? AND field_id = ? AND value = ?';

  const read = (k: KeptKey): { n: number; pending: number } | undefined =>
    has(k.dbId)
      ? (prepared(`SELECT n, pending FROM ${keptTableName(k.dbId)} WHERE ${where}`).get(...args(k)) as
          { n: number; pending: number } | undefined)
      : undefined;

  const reserve = (k: KeptKey, n: number, pending: number): void => {
    const t = keptTableName(k.dbId);
    const rows = prepared(`SELECT count(*) FROM ${t}`).pluck().get() as number;
    if (rows >= KEPT_CAP) prepared(`DELETE FROM ${t}`).run();
    prepared(
      `INSERT OR IGNORE INTO ${t}(archive_id, field_id, value, n, pending) VALUES (?, ?, ?, ?, ?)`,
    ).run(...args(k), n, pending);
  };

  /** Adds a base counted under reservation `pending` (not one counted before the row was remade). */
  const addBase = (k: KeptKey, base: number, pending: number): void => {
    prepared(`UPDATE ${keptTableName(k.dbId)} SET n = n + ?, pending = 0 WHERE ${where} AND pending = ?`).run(
      base,
      ...args(k),
      pending,
    );
  };
  // reservation numbers differ from any an earlier process left in the table
  let reservations = 0;
  const salt = Math.floor(Math.random() * 2 ** 40) * 2 ** 11;

  return {
    read,
    /**
     * The kept count of `k`, counting it with `count` when it is not kept yet. On the writer's
     * connection it is kept at once; on a reader's, `notes` receives what the writer must do.
     */
    count(k: KeptKey, count: () => number, notes: KeptNote[]): number {
      if (!has(k.dbId)) return count();
      const row = read(k);
      if (row && !row.pending) return row.n;
      if (!db.readonly)
        return db.transaction(() => {
          const n = count();
          const again = read(k);
          if (again?.pending) addBase(k, n - again.n, again.pending);
          else if (!again) reserve(k, n, 0);
          return n;
        })();
      if (!row) {
        if (notes.length < NOTES_CAP) notes.push({ key: k, reserve: true });
        return count();
      }
      // one snapshot: the count and the changes the triggers added since the reservation
      return db.transaction(() => {
        const n = count();
        const seen = read(k);
        if (seen?.pending && notes.length < NOTES_CAP)
          notes.push({ key: k, base: n - seen.n, pending: seen.pending });
        return n;
      })();
    },
    /** The writer applies what readers noted (each in its own transaction). */
    apply(notes: KeptNote[]): void {
      db.transaction(() => {
        for (const note of notes) {
          if (!has(note.key.dbId)) continue;
          if ('reserve' in note) reserve(note.key, 0, (reservations = (reservations % 2 ** 40) + 1) + salt);
          else addBase(note.key, note.base, note.pending);
        }
      })();
    },
  };
}
export type KeptCounts = ReturnType<typeof createKeptCounts>;
