// The analytics reads (decision 039): history entries (GetData) of one database in a range; the
// history counts per day read the daily roll-ups (analyticsRollupRepo.ts, decision 073), the
// capture and workflow figures theirs (figureRollupRepo.ts, decision 083). Every audit read walks audit_by_time (migration 15:
// database_id, time, category, user_name, archive_id), so a year of a database is read from the
// index alone. `archives` is the JSON array of archive ids the caller may read, or null for all.
import type { Db } from '../../db/connection';

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

export function createAnalyticsRepo(db: Db) {
  const log = db.prepare(`SELECT time, user_name AS userName FROM audit INDEXED BY audit_by_time
    WHERE ${IN_RANGE} AND category = @category AND (@user IS NULL OR user_name = @user COLLATE NOCASE)
    ORDER BY time, id LIMIT @limit`);
  const logUsers = db.prepare(`SELECT DISTINCT user_name AS userName FROM audit INDEXED BY audit_by_time
    WHERE ${IN_RANGE} AND category = @category`);

  return {
    /** at most `limit` entries of one category, oldest first */
    log: (r: RangeArgs, category: string, user: string | null, limit: number): LogRow[] =>
      log.all({ ...r, category, user, limit }) as LogRow[],
    logUsers: (r: RangeArgs, category: string): string[] =>
      (logUsers.all({ ...r, category }) as { userName: string }[]).map((u) => u.userName),
  };
}
export type AnalyticsRepo = ReturnType<typeof createAnalyticsRepo>;
