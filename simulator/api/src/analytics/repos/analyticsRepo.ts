// The analytics reads (decision 039): history entries (GetData), batches and workflow history lines
// of one database grouped per day of a range; the history counts per day read the daily roll-ups
// (analyticsRollupRepo.ts, decision 073). Every audit read walks audit_by_time (migration 15:
// database_id, time, category, user_name, archive_id), so a year of a database is read from the
// index alone. `archives` is the JSON array of archive ids the caller may read, or null for all.
import type { Db } from '../../db/connection';

const DAY = 86_400_000;

export interface RangeArgs {
  databaseId: number;
  start: number;
  end: number;
  /** JSON array of archive ids, or null: every archive */
  archives: string | null;
}

export interface LogRow {
  time: number;
  userName: string;
}

const ARCHIVE_FILTER = `(@archives IS NULL OR archive_id IN (SELECT value FROM json_each(@archives)))`;
const IN_RANGE = `database_id = @databaseId AND time >= @start AND time < @end AND ${ARCHIVE_FILTER}`;
// a workflow line's text without its ' (process N)' tail
const LINE_HEAD = `substr(message, 1, instr(message, ' (process ') - 1)`;

export function createAnalyticsRepo(db: Db) {
  const log = db.prepare(`SELECT time, user_name AS userName FROM audit INDEXED BY audit_by_time
    WHERE ${IN_RANGE} AND category = @category AND (@user IS NULL OR user_name = @user COLLATE NOCASE)
    ORDER BY time, id LIMIT @limit`);
  const logUsers = db.prepare(`SELECT DISTINCT user_name AS userName FROM audit INDEXED BY audit_by_time
    WHERE ${IN_RANGE} AND category = @category`);
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
    /** at most `limit` entries of one category, oldest first */
    log: (r: RangeArgs, category: string, user: string | null, limit: number): LogRow[] =>
      log.all({ ...r, category, user, limit }) as LogRow[],
    logUsers: (r: RangeArgs, category: string): string[] =>
      (logUsers.all({ ...r, category }) as { userName: string }[]).map((u) => u.userName),
    /** 'Queue Entered: Q' and 'Action Taken: A in Q' lines per day */
    queueLines: (r: RangeArgs) => queueLines.all(r) as { day: number; head: string; n: number }[],
    /** per 'Action Taken: A in Q': how many found their entry, and the sum of their waits */
    waits: (r: RangeArgs) => waits.all(r) as { head: string; n: number; total: number | null }[],
    /** batches created per day with their documents and pages */
    created: (portals: readonly number[], start: number, end: number) =>
      created.all({ portals: JSON.stringify(portals), start, end }) as {
        day: number;
        batches: number;
        documents: number;
        pages: number;
      }[],
    /** batches Completed (4) or Errored (5) per day, with the sum of their times since creation */
    finished: (portals: readonly number[], start: number, end: number) =>
      finished.all({ portals: JSON.stringify(portals), start, end }) as {
        day: number;
        status: number;
        n: number;
        total: number;
      }[],
  };
}
export type AnalyticsRepo = ReturnType<typeof createAnalyticsRepo>;
