// Roll-ups in quarters of an hour (decision 083, after decision 073's history roll-ups): a roll-up
// table holds one row per key, quarter of an hour (`q`, 0 to 95) and UTC day (time / 86,400,000)
// with the sum of each figure, so a trigger adds a row's figures with one small upsert of one row,
// and the day's total under `q` = 96, kept by the table's own two small triggers. A range cut in
// quarter p is read from the day totals and the quarters on the shorter side of the cut. This module writes the SQL of such a table, of adding or taking off the rows of a
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

/** the `q` of a day's total row */
export const DAY_TOTAL = DAY_MS / PART_MS;
// the quarter before the day: a read asks for a few quarters and the totals of a span of days
const keysOf = (s: RollupShape) => [...s.keys, 'q', 'day', ...(s.tail ?? [])];

/** The table: its key, then one integer per figure. */
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
    `(src.t % ${DAY_MS}) / ${PART_MS} AS q`,
    `src.t / ${DAY_MS} AS day`,
    ...(s.tail ?? []).map((k) => `src.${k} AS ${k}`),
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
 * The day totals (q = DAY_TOTAL) of the quarter rows there are (after a back-fill), and the two
 * triggers that keep them: a quarter row made or changed adds itself, or its change, to its day.
 */
export function dayTotals(s: RollupShape): string {
  const keys = keysOf(s).filter((k) => k !== 'q');
  const upsert = (values: string) => `INSERT INTO ${s.table}(${[...keys, 'q', ...s.figures].join(', ')})
    VALUES (${[...keys.map((k) => `NEW.${k}`), DAY_TOTAL, values].join(', ')})
    ON CONFLICT DO UPDATE SET ${s.figures.map((f) => `${f} = ${f} + excluded.${f}`).join(', ')};`;
  return `INSERT INTO ${s.table}(${[...keys, 'q', ...s.figures].join(', ')})
      SELECT ${[...keys, DAY_TOTAL, ...s.figures.map((f) => `sum(${f})`)].join(', ')} FROM ${s.table}
      GROUP BY ${keys.join(', ')};
    CREATE TRIGGER ${s.table}_rollup_ai AFTER INSERT ON ${s.table} WHEN NEW.q < ${DAY_TOTAL} BEGIN
      ${upsert(s.figures.map((f) => `NEW.${f}`).join(', '))}
    END;
    CREATE TRIGGER ${s.table}_rollup_au AFTER UPDATE OF ${s.figures.join(', ')} ON ${s.table}
      WHEN NEW.q < ${DAY_TOTAL} BEGIN
      ${upsert(s.figures.map((f) => `NEW.${f} - OLD.${f}`).join(', '))}
    END;`;
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
 * For a range cut in quarter `part`: the quarters a read takes besides the day totals (the shorter
 * side of the cut, the cut's quarter included), and per figure f the sums of a SELECT over them
 * grouped by day: `f_n` (the day), `f_to` (quarters 0 to part) and `f_before` (0 to part - 1).
 */
export function cutSums(figures: readonly string[], part: number): { quarters: string; sums: string } {
  const early = part <= DAY_TOTAL / 2;
  const quarters = [DAY_TOTAL];
  if (part > 0) for (let q = early ? 0 : part; q <= (early ? part : DAY_TOTAL - 1); q++) quarters.push(q);
  const sum = (when: string, f: string) => `total(CASE WHEN ${when} THEN ${f} END)`;
  const sums = figures.map((f) => {
    const n = sum(`q = ${DAY_TOTAL}`, f);
    if (part === 0) return `${n} AS ${f}_n, 0 AS ${f}_to, 0 AS ${f}_before`;
    if (early)
      return `${n} AS ${f}_n, ${sum(`q <= ${part}`, f)} AS ${f}_to, ${sum(`q < ${part}`, f)} AS ${f}_before`;
    const late = sum(`q > ${part} AND q < ${DAY_TOTAL}`, f);
    return `${n} AS ${f}_n, ${n} - ${late} AS ${f}_to, ${n} - ${late} - ${sum(`q = ${part}`, f)} AS ${f}_before`;
  });
  return { quarters: quarters.join(', '), sums: sums.join(', ') };
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
