// Roll-ups in quarters of an hour (decision 083, after decision 073's history roll-ups): a roll-up
// table holds one row per key, UTC day (time / 86,400,000) and quarter of an hour of that day
// (`q`, 0 to 95) with the sum of each figure, so a trigger adds a row's figures with one small
// upsert of one row, and a day cut in any quarter is read by summing the day's rows on each side
// of the cut. This module writes the SQL of such a table, of adding or taking off the rows of a
// source SELECT (triggers and the back-fill) and of reading a range cut at any quarter
// (figureRollupRepo.ts). Every trigger stays a few hundred bytes to ~2 KB of SQL: SQLite re-parses
// the whole schema on every ALTER TABLE, so its size is paid by every field deleted or retyped.
import { DAY_MS, PART_MS } from './auditRollups';

export interface RollupShape {
  table: string;
  /** key columns before the day, e.g. ['portal_id'] */
  keys: readonly string[];
  /** key columns after the day, e.g. ['head', 'archive_id'] */
  tail?: readonly string[];
  /** the figures summed */
  figures: readonly string[];
}

const keysOf = (s: RollupShape) => [...s.keys, 'day', ...(s.tail ?? []), 'q'];

/** The table: its key (the quarter last), then one integer per figure. */
export function rollupTable(s: RollupShape, keyTypes: Record<string, string>): string {
  const keys = keysOf(s).map((k) => `${k} ${keyTypes[k] ?? 'INTEGER'} NOT NULL`);
  const figures = s.figures.map((f) => `${f} INTEGER NOT NULL DEFAULT 0`);
  return `CREATE TABLE ${s.table} (${[...keys, ...figures].join(', ')},
    PRIMARY KEY (${keysOf(s).join(', ')})) STRICT, WITHOUT ROWID;`;
}

/**
 * The source's rows as roll-up rows: key, day, tail, quarter, figures. `source` is a SELECT giving
 * the key columns (day aside), `t` (the epoch ms that dates the row) and one column per figure.
 * OFFSET 0 keeps SQLite from flattening the source into the expressions that read it (a wait,
 * computed by a subquery, would be computed once for each).
 */
function rowsOf(s: RollupShape, source: string, sum: boolean): string {
  const keys = [
    ...s.keys.map((k) => `src.${k} AS ${k}`),
    `src.t / ${DAY_MS} AS day`,
    ...(s.tail ?? []).map((k) => `src.${k} AS ${k}`),
    `(src.t % ${DAY_MS}) / ${PART_MS} AS q`,
  ];
  const figures = s.figures.map((f) => (sum ? `sum(src.${f}) AS ${f}` : `src.${f} AS ${f}`));
  return `SELECT ${[...keys, ...figures].join(', ')} FROM (${source} LIMIT -1 OFFSET 0) src${
    sum ? ` GROUP BY ${keysOf(s).join(', ')}` : ''
  }`;
}

/**
 * Adds the source's rows to the roll-up, making the rows it lacks (an upsert): one by one (a
 * trigger's row or few), or summed per key, day and quarter first (a back-fill).
 */
export function addRows(s: RollupShape, source: string, sum = false): string {
  return `INSERT INTO ${s.table}(${[...keysOf(s), ...s.figures].join(', ')})
    SELECT * FROM (${rowsOf(s, source, sum)}) WHERE true
    ON CONFLICT DO UPDATE SET ${s.figures.map((f) => `${f} = ${f} + excluded.${f}`).join(', ')};`;
}

/**
 * Takes the source's rows off the roll-up (sign -1), or adds them (+1) to rows that are there
 * only: a database's removal empties its roll-ups first, and this finds nothing left to change.
 */
export function shiftRows(s: RollupShape, source: string, sign: 1 | -1): string {
  const op = sign < 0 ? '-' : '+';
  return `UPDATE ${s.table} SET ${s.figures.map((f) => `${f} = ${s.table}.${f} ${op} s.${f}`).join(', ')}
    FROM (${rowsOf(s, source, true)}) s WHERE ${keysOf(s)
      .map((k) => `${s.table}.${k} = s.${k}`)
      .join(' AND ')};`;
}

/**
 * The sums of a range cut in quarter `part` for a SELECT over the table grouped by day, per figure
 * f: `f_n` (the day), `f_to` (quarters 0 to part) and `f_before` (quarters 0 to part - 1).
 */
export function cutSums(figures: readonly string[], part: number): string {
  if (part === 0) return figures.map((f) => `sum(${f}) AS ${f}_n, 0 AS ${f}_to, 0 AS ${f}_before`).join(', ');
  return figures
    .map(
      (f) =>
        `sum(${f}) AS ${f}_n, sum(CASE WHEN q <= ${part} THEN ${f} END) AS ${f}_to, sum(CASE WHEN q < ${part} THEN ${f} END) AS ${f}_before`,
    )
    .join(', ');
}

/** What falls before the cut's quarter (early), in it (mid) and after it (late). */
export interface Sides {
  early: number;
  mid: number;
  late: number;
}

/** Reads a row of cutSums into each figure's sides. */
export function sidesOf(figures: readonly string[], row: Record<string, unknown>): Record<string, Sides> {
  const out: Record<string, Sides> = {};
  for (const f of figures) {
    const n = Number(row[`${f}_n`] ?? 0);
    const to = Number(row[`${f}_to`] ?? 0);
    const before = Number(row[`${f}_before`] ?? 0);
    out[f] = { early: before, mid: to - before, late: n - to };
  }
  return out;
}
