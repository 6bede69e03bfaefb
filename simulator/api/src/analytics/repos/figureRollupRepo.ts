// The workflow and capture figures read from their daily roll-ups (workflowRollups.ts,
// captureRollups.ts, decision 083): per UTC day of the range (and line head) what falls before,
// in and after the quarter of an hour the caller's midnight falls in. `split` reads, from the raw
// rows, what of that quarter falls before the caller's midnight when it is not on the quarter (a
// tzoffset no time zone has): under fifteen minutes a day.
import type { Db } from '../../db/connection';
import type { DayCut } from './analyticsRollupRepo';
import { DAY_MS, PART_MS } from './auditRollups';
import { CREATED_DAYS, FINISHED_DAYS } from './captureRollups';
import { cutSums, sidesOf, type Sides } from './quarterRollups';
import { isLine, lineHead, waitOf, WORKFLOW_DAYS } from './workflowRollups';
import { lazyStatements } from './lazyStatements';

export interface DaysArgs {
  /** first and last UTC day (time / DAY_MS) to read, both included */
  firstDay: number;
  lastDay: number;
}
export interface WorkflowArgs extends DaysArgs {
  databaseId: number;
  /** JSON array of archive ids, or null: every archive */
  archives: string | null;
}

/** a UTC day's figures (per line head for the workflow) on each side of the cut */
export interface RollupDay {
  day: number;
  key: string;
  sides: Record<string, Sides>;
}
/** the figures of a UTC day's cut quarter before the cut */
export interface SplitDay {
  day: number;
  key: string;
  values: Record<string, number>;
}

const ARCHIVES = `(@archives IS NULL OR archive_id IN (SELECT value FROM json_each(@archives)))`;
const PORTALS = `portal_id IN (SELECT value FROM json_each(@portals))`;

export function createFigureRollupRepo(db: Db) {
  const statement = lazyStatements(db);
  const workflow = (part: number) =>
    statement(`workflow ${part}`, () => {
      const cut = cutSums(WORKFLOW_DAYS.figures, part);
      return `SELECT day, head AS key, ${cut.sums} FROM workflow_days
        WHERE database_id = @databaseId AND q IN (${cut.quarters}) AND day BETWEEN @firstDay AND @lastDay
          AND ${ARCHIVES}
        GROUP BY day, head`;
    });
  const batches = (table: string, figures: readonly string[], part: number) =>
    statement(`${table} ${part}`, () => {
      const cut = cutSums(figures, part);
      return `SELECT day, '' AS key, ${cut.sums} FROM ${table}
        WHERE ${PORTALS} AND q IN (${cut.quarters}) AND day BETWEEN @firstDay AND @lastDay GROUP BY day`;
    });
  const workflowSplit = db.prepare(`WITH RECURSIVE d(day) AS (
      SELECT @firstDay UNION ALL SELECT day + 1 FROM d WHERE day < @lastDay)
    SELECT day, head AS key, count(*) AS lines, count(w) AS measured, coalesce(sum(w), 0) AS waited
    FROM (SELECT d.day AS day, ${lineHead('a')} AS head, ${waitOf('a')} AS w
      FROM d JOIN audit a INDEXED BY audit_by_time ON a.database_id = @databaseId
        AND a.time >= d.day * ${DAY_MS} + @from AND a.time < d.day * ${DAY_MS} + @to
      WHERE ${isLine('a')} AND ${ARCHIVES})
    GROUP BY day, head`);
  // the raw reads of Actions/Capture (decision 039), limited to the cut quarters' parts
  const inParts = (
    column: string,
  ) => `${column} >= @firstDay * ${DAY_MS} AND ${column} < (@lastDay + 1) * ${DAY_MS}
    AND ${column} % ${DAY_MS} >= @from AND ${column} % ${DAY_MS} < @to`;
  const createdSplit = db.prepare(`SELECT b.created_at / ${DAY_MS} AS day, '' AS key,
      count(DISTINCT b.id) AS batches, count(d.id) AS documents, coalesce(sum(d.pages), 0) AS pages
    FROM batches b LEFT JOIN batch_documents d ON d.batch_id = b.id
    WHERE b.${PORTALS} AND ${inParts('b.created_at')} GROUP BY day`);
  const finishedSplit = db.prepare(`SELECT modified_at / ${DAY_MS} AS day, '' AS key,
      sum(status = 4) AS completed, sum(CASE WHEN status = 4 THEN modified_at - created_at ELSE 0 END) AS completed_ms,
      sum(status = 5) AS errored
    FROM batches WHERE ${PORTALS} AND status IN (4, 5) AND ${inParts('modified_at')} GROUP BY day`);

  const read = (figures: readonly string[], rows: unknown[]): RollupDay[] =>
    (rows as Record<string, unknown>[]).map((r) => ({
      day: Number(r.day),
      key: String(r.key),
      sides: sidesOf(figures, r),
    }));
  const splitRows = (figures: readonly string[], rows: unknown[]): SplitDay[] =>
    (rows as Record<string, unknown>[]).map((r) => ({
      day: Number(r.day),
      key: String(r.key),
      values: Object.fromEntries(figures.map((f) => [f, Number(r[f] ?? 0)])),
    }));
  const parts = (cut: DayCut) => ({ from: cut.part * PART_MS, to: cut.part * PART_MS + cut.rest });
  const ofPortals = (portals: readonly number[], a: DaysArgs) => ({ ...a, portals: JSON.stringify(portals) });

  return {
    /** per read UTC day and line head: lines, measured waits and their sum, on each side of the cut */
    workflow: (a: WorkflowArgs, cut: DayCut): RollupDay[] =>
      read(WORKFLOW_DAYS.figures, workflow(cut.part).all(a)),
    workflowSplit: (a: WorkflowArgs, cut: DayCut): SplitDay[] =>
      cut.rest === 0 ? [] : splitRows(WORKFLOW_DAYS.figures, workflowSplit.all({ ...a, ...parts(cut) })),
    /** per read UTC day: batches created with their documents and pages */
    created: (portals: readonly number[], a: DaysArgs, cut: DayCut): RollupDay[] =>
      read(
        CREATED_DAYS.figures,
        batches(CREATED_DAYS.table, CREATED_DAYS.figures, cut.part).all(ofPortals(portals, a)),
      ),
    createdSplit: (portals: readonly number[], a: DaysArgs, cut: DayCut): SplitDay[] =>
      cut.rest === 0
        ? []
        : splitRows(CREATED_DAYS.figures, createdSplit.all({ ...ofPortals(portals, a), ...parts(cut) })),
    /** per read UTC day: batches Completed (with their ms since creation) and Errored */
    finished: (portals: readonly number[], a: DaysArgs, cut: DayCut): RollupDay[] =>
      read(
        FINISHED_DAYS.figures,
        batches(FINISHED_DAYS.table, FINISHED_DAYS.figures, cut.part).all(ofPortals(portals, a)),
      ),
    finishedSplit: (portals: readonly number[], a: DaysArgs, cut: DayCut): SplitDay[] =>
      cut.rest === 0
        ? []
        : splitRows(FINISHED_DAYS.figures, finishedSplit.all({ ...ofPortals(portals, a), ...parts(cut) })),
  };
}
export type FigureRollupRepo = ReturnType<typeof createFigureRollupRepo>;
