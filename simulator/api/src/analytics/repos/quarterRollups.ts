// Daily roll-ups in quarters of an hour (decision 083, after decision 073's history roll-ups): a
// roll-up table holds per key and UTC day (time / 86,400,000), for each figure `g` it sums, the
// day's total `g` and the running totals `g_0`..`g_95`, `g_i` being what falls in quarters of an
// hour 0 to i, so a day cut in any quarter is read from two columns. This module writes the SQL of
// such a table, of adding or taking off the rows of a source SELECT (triggers and the back-fill)
// and of reading a range cut at any quarter (figureRollupRepo.ts).
import { DAY_MS, PART_MS, PARTS } from './auditRollups';

export interface RollupShape {
  table: string;
  /** key columns before the day, e.g. ['portal_id'] */
  keys: readonly string[];
  /** key columns after the day, e.g. ['archive_id', 'head'] */
  tail?: readonly string[];
  /** the figures summed, each with its 96 quarter columns */
  figures: readonly string[];
}

const quarters = (figure: string) => PARTS.map((_, i) => `${figure}_${i}`);
const keysOf = (s: RollupShape) => [...s.keys, 'day', ...(s.tail ?? [])];
const columnsOf = (s: RollupShape) => s.figures.flatMap((f) => [f, ...quarters(f)]);

/** The table: its key, then per figure the day's total and the 96 quarters, all integers. */
export function rollupTable(s: RollupShape, keyTypes: Record<string, string>): string {
  const keys = keysOf(s).map((k) => `${k} ${keyTypes[k] ?? 'INTEGER'} NOT NULL`);
  const figures = columnsOf(s).map((c) => `${c} INTEGER NOT NULL DEFAULT 0`);
  return `CREATE TABLE ${s.table} (${[...keys, ...figures].join(', ')},
    PRIMARY KEY (${keysOf(s).join(', ')})) STRICT, WITHOUT ROWID;`;
}

/**
 * The source's columns with `q`, the quarter of an hour of its day each row falls in. OFFSET 0
 * keeps SQLite from flattening the source into the 97 expressions per figure that read it: a
 * figure computed by a subquery (a wait) would otherwise be computed once for each of them.
 */
const withQuarter = (source: string) =>
  `SELECT *, (t % ${DAY_MS}) / ${PART_MS} AS q FROM (${source} LIMIT -1 OFFSET 0)`;

/** The roll-up columns of each source row: key, day, then per figure its value and running totals. */
function perRow(s: RollupShape, source: string): string {
  const values = s.figures.flatMap((f) => [`src.${f}`, ...PARTS.map((_, i) => `src.${f} * (src.q <= ${i})`)]);
  const keys = [
    ...s.keys.map((k) => `src.${k}`),
    `src.t / ${DAY_MS}`,
    ...(s.tail ?? []).map((k) => `src.${k}`),
  ];
  return `SELECT ${[...keys, ...values].join(', ')} FROM (${withQuarter(source)}) src`;
}

/**
 * The source's rows summed per key and day. `source` is a SELECT giving the key columns (day
 * aside), `t` (the epoch ms that dates the row) and one column per figure.
 */
function summed(s: RollupShape, source: string): string {
  const sums = s.figures.flatMap((f) => [
    `sum(src.${f}) AS ${f}`,
    ...PARTS.map((_, i) => `sum(src.${f} * (src.q <= ${i})) AS ${f}_${i}`),
  ]);
  const keys = [...s.keys.map((k) => `src.${k} AS ${k}`), `src.t / ${DAY_MS} AS day`];
  const tail = (s.tail ?? []).map((k) => `src.${k} AS ${k}`);
  return `SELECT ${[...keys, ...tail, ...sums].join(', ')} FROM (${withQuarter(source)}) src
    GROUP BY ${keysOf(s).join(', ')}`;
}

/**
 * Adds the source's rows to the roll-up, making the rows it lacks (an upsert): one by one (a
 * trigger's row or few), or summed per key and day first (`summed`: a back-fill).
 */
export function addRows(s: RollupShape, source: string, sum = false): string {
  const columns = [...keysOf(s), ...columnsOf(s)];
  const rows = sum ? `SELECT * FROM (${summed(s, source)})` : perRow(s, source);
  return `INSERT INTO ${s.table}(${columns.join(', ')}) ${rows} WHERE true
    ON CONFLICT DO UPDATE SET ${columnsOf(s)
      .map((c) => `${c} = ${c} + excluded.${c}`)
      .join(', ')};`;
}

/**
 * Takes the source's rows off the roll-up (sign -1), or adds them (+1) to rows that are there
 * only: a database's removal empties its roll-ups first, and this finds nothing left to change.
 */
export function shiftRows(s: RollupShape, source: string, sign: 1 | -1): string {
  const op = sign < 0 ? '-' : '+';
  return `UPDATE ${s.table} SET ${columnsOf(s)
    .map((c) => `${c} = ${s.table}.${c} ${op} s.${c}`)
    .join(', ')}
    FROM (${summed(s, source)}) s WHERE ${keysOf(s)
      .map((k) => `${s.table}.${k} = s.${k}`)
      .join(' AND ')};`;
}

/**
 * The sums of a range cut in quarter `part` for a SELECT over the table, per figure f: `f_n` (the
 * day), `f_to` (quarters 0 to part) and `f_before` (quarters 0 to part - 1).
 */
export function cutSums(figures: readonly string[], part: number): string {
  return figures
    .map(
      (f) =>
        `sum(${f}) AS ${f}_n, sum(${f}_${part}) AS ${f}_to, ${part > 0 ? `sum(${f}_${part - 1})` : '0'} AS ${f}_before`,
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
