// Actions/Capture and Actions/Workflow as decision 039 computed them, from the raw batches and
// history lines on every call (before decision 083's roll-ups): the reference the roll-ups' answers
// are compared with (analyticsFigureRollups.test.ts). Test only.
import type {
  CaptureDay,
  CaptureFiguresResponse,
  QueueFigures,
  WorkflowDay,
  WorkflowFiguresResponse,
} from '@gs/contract/analytics';
import type { Db } from '../db/connection';
import { queueOfLine } from '../analytics/services/figures';
import type { DayRange } from '../analytics/services/range';

const DAY = 86_400_000;
const ARCHIVE_FILTER = `(@archives IS NULL OR archive_id IN (SELECT value FROM json_each(@archives)))`;
const IN_RANGE = `database_id = @databaseId AND time >= @start AND time < @end AND ${ARCHIVE_FILTER}`;
const LINE_HEAD = `substr(message, 1, instr(message, ' (process ') - 1)`;

interface RangeArgs {
  databaseId: number;
  start: number;
  end: number;
  archives: string | null;
}

function rawRepo(db: Db) {
  const queueLines =
    db.prepare(`SELECT CAST((time - @start) / ${DAY} AS INTEGER) AS day, ${LINE_HEAD} AS head, count(*) AS n
    FROM audit INDEXED BY audit_by_time
    WHERE ${IN_RANGE} AND category = 'updated'
      AND (message LIKE 'Queue Entered: %' OR message LIKE 'Action Taken: %')
    GROUP BY day, head`);
  // each action that took a task out of a queue, and how long since the task entered that queue
  const waits = db.prepare(`SELECT head, count(wait) AS n, sum(wait) AS total FROM (
      SELECT ${LINE_HEAD} AS head, a.time - (SELECT e.time FROM audit e
          WHERE e.database_id = a.database_id AND e.document_id = a.document_id AND e.id < a.id
            AND e.message LIKE 'Queue Entered: %' ORDER BY e.time DESC, e.id DESC LIMIT 1) AS wait
      FROM audit a INDEXED BY audit_by_time
      WHERE ${IN_RANGE} AND category = 'updated' AND message LIKE 'Action Taken: %')
    GROUP BY head`);
  const created =
    db.prepare(`SELECT CAST((b.created_at - @start) / ${DAY} AS INTEGER) AS day, count(DISTINCT b.id) AS batches,
      count(d.id) AS documents, coalesce(sum(d.pages), 0) AS pages
    FROM batches b LEFT JOIN batch_documents d ON d.batch_id = b.id
    WHERE b.portal_id IN (SELECT value FROM json_each(@portals)) AND b.created_at >= @start AND b.created_at < @end
    GROUP BY day`);
  const finished =
    db.prepare(`SELECT CAST((modified_at - @start) / ${DAY} AS INTEGER) AS day, status, count(*) AS n,
      sum(modified_at - created_at) AS total
    FROM batches
    WHERE portal_id IN (SELECT value FROM json_each(@portals)) AND status IN (4, 5)
      AND modified_at >= @start AND modified_at < @end
    GROUP BY day, status`);

  return {
    queueLines: (r: RangeArgs) => queueLines.all(r) as { day: number; head: string; n: number }[],
    waits: (r: RangeArgs) => waits.all(r) as { head: string; n: number; total: number | null }[],
    created: (portals: readonly number[], start: number, end: number) =>
      created.all({ portals: JSON.stringify(portals), start, end }) as {
        day: number;
        batches: number;
        documents: number;
        pages: number;
      }[],
    finished: (portals: readonly number[], start: number, end: number) =>
      finished.all({ portals: JSON.stringify(portals), start, end }) as {
        day: number;
        status: number;
        n: number;
        total: number;
      }[],
  };
}
type RawRepo = ReturnType<typeof rawRepo>;

function captureFiguresOf(
  repo: RawRepo,
  portals: readonly number[],
  range: DayRange,
): CaptureFiguresResponse {
  const blank = (): Omit<CaptureDay, 'Date'> => ({
    Created: 0,
    Completed: 0,
    Errored: 0,
    Documents: 0,
    Pages: 0,
  });
  const days: CaptureDay[] = range.labels.map((Date) => ({ Date, ...blank() }));
  const totals = blank();
  let doneMs = 0;
  for (const r of repo.created(portals, range.start, range.end)) {
    const day = days[r.day];
    if (!day) continue;
    day.Created += r.batches;
    day.Documents += r.documents;
    day.Pages += r.pages;
  }
  for (const r of repo.finished(portals, range.start, range.end)) {
    const day = days[r.day];
    if (!day) continue;
    if (r.status === 4) {
      day.Completed += r.n;
      doneMs += r.total;
    } else day.Errored += r.n;
  }
  for (const d of days)
    for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += d[key];
  return {
    Days: days,
    Totals: totals,
    MeanQueuedToCompletedMs: totals.Completed > 0 ? Math.round(doneMs / totals.Completed) : null,
  };
}

function workflowFiguresOf(repo: RawRepo, args: RangeArgs, range: DayRange): WorkflowFiguresResponse {
  const days: WorkflowDay[] = range.labels.map((Date) => ({ Date, Entered: 0, Ended: 0, Queues: {} }));
  const queues = new Map<string, QueueFigures & { waited: number; measured: number }>();
  const queue = (name: string) => {
    let q = queues.get(name.toLowerCase());
    if (!q) {
      q = { Queue: name, Entered: 0, Ended: 0, MeanWaitMs: null, waited: 0, measured: 0 };
      queues.set(name.toLowerCase(), q);
    }
    return q;
  };
  for (const r of repo.queueLines(args)) {
    const line = queueOfLine(r.head);
    const day = days[r.day];
    if (!line || !day) continue;
    const q = queue(line.queue);
    const ofDay = (day.Queues[q.Queue] ??= { Entered: 0, Ended: 0 });
    if (line.entered) {
      day.Entered += r.n;
      q.Entered += r.n;
      ofDay.Entered += r.n;
    } else {
      day.Ended += r.n;
      q.Ended += r.n;
      ofDay.Ended += r.n;
    }
  }
  for (const r of repo.waits(args)) {
    const line = queueOfLine(r.head);
    if (!line || r.n === 0) continue;
    const q = queue(line.queue);
    q.measured += r.n;
    q.waited += r.total ?? 0;
  }
  const list = [...queues.values()]
    .map(({ waited, measured, ...q }) => ({
      ...q,
      MeanWaitMs: measured > 0 ? Math.round(waited / measured) : null,
    }))
    .sort((a, b) => a.Queue.localeCompare(b.Queue, 'en', { sensitivity: 'base' }));
  return { Days: days, Queues: list };
}

/** Actions/Capture of these portals, from the batches themselves */
export const rawCaptureFigures = (db: Db, portals: readonly number[], range: DayRange) =>
  captureFiguresOf(rawRepo(db), portals, range);

/** Actions/Workflow of a database (archives: JSON array or null), from the history lines themselves */
export const rawWorkflowFigures = (db: Db, databaseId: number, archives: string | null, range: DayRange) =>
  workflowFiguresOf(rawRepo(db), { databaseId, archives, start: range.start, end: range.end }, range);
