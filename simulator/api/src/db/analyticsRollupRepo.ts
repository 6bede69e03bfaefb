// History counts per day read from the daily roll-ups (auditRollups.ts, decision 073) instead of
// one row per entry. A caller's day (tzoffset) starts `cut` ms into a UTC day, inside the UTC hour
// `hour`: each roll-up row gives the entries before that hour (`early`, the caller's previous day),
// of that hour (`mid`) and after it (`late`); `split` counts, from the history itself, the entries
// of that hour before the cut, which belong to the previous day too (none when the cut is on the hour).
import type { Db } from './connection';
import { DAY_MS, HOURS } from './auditRollups';

export interface DayCut {
  /** the UTC hour the caller's midnight falls in (0-23) */
  hour: number;
  /** ms from that hour's start to the caller's midnight (0: on the hour) */
  rest: number;
}

export interface RollupArgs {
  databaseId: number;
  /** first and last UTC day (time / DAY_MS) to read, both included */
  firstDay: number;
  lastDay: number;
  /** JSON array of archive ids, or null: every archive */
  archives: string | null;
  /** JSON array of categories */
  categories: string;
}

export interface RollupRow {
  day: number;
  category: string;
  early: number;
  mid: number;
  late: number;
}

const ARCHIVES = `(@archives IS NULL OR archive_id IN (SELECT value FROM json_each(@archives)))`;
const CATEGORIES = `category IN (SELECT value FROM json_each(@categories))`;

const sumOf = (columns: string[]) => (columns.length ? columns.join(' + ') : '0');

/** The early, mid and late sums of a cut at `hour`. */
const parts = (hour: number) =>
  `sum(${sumOf(HOURS.slice(0, hour))}) AS early, sum(${HOURS[hour]}) AS mid,
   sum(${sumOf(HOURS.slice(hour + 1))}) AS late`;

export function createAnalyticsRollupRepo(db: Db) {
  // 24 statements per shape at most, made when first asked
  const cache = new Map<string, ReturnType<Db['prepare']>>();
  const statement = (key: string, sql: () => string) => {
    let s = cache.get(key);
    if (!s) {
      s = db.prepare(sql());
      cache.set(key, s);
    }
    return s;
  };

  const days = (hour: number) =>
    statement(
      `days ${hour}`,
      () => `SELECT day, category, ${parts(hour)} FROM audit_days
      WHERE database_id = @databaseId AND day BETWEEN @firstDay AND @lastDay AND ${ARCHIVES} AND ${CATEGORIES}
      GROUP BY day, category`,
    );
  const userDays = (hour: number) =>
    statement(
      `userDays ${hour}`,
      () => `SELECT day, category, ${parts(hour)} FROM audit_user_days
      WHERE database_id = @databaseId AND user_name IN (SELECT value FROM json_each(@users))
        AND ${ARCHIVES} AND ${CATEGORIES} AND day BETWEEN @firstDay AND @lastDay
      GROUP BY day, category`,
    );
  // the entries of each read day's cut hour before the cut, from the history (audit_by_time)
  const split = db.prepare(`WITH RECURSIVE d(day) AS (
      SELECT @firstDay UNION ALL SELECT day + 1 FROM d WHERE day < @lastDay)
    SELECT d.day AS day, a.category AS category, a.user_name AS userName, count(*) AS n
    FROM d JOIN audit a INDEXED BY audit_by_time ON a.database_id = @databaseId
      AND a.time >= d.day * ${DAY_MS} + @from AND a.time < d.day * ${DAY_MS} + @to
    WHERE ${ARCHIVES} AND ${CATEGORIES}
    GROUP BY d.day, a.category, a.user_name`);
  // every user name of the database, one index seek each
  const userNames = db.prepare(`WITH RECURSIVE u(name) AS (
      SELECT min(user_name) FROM audit_user_days WHERE database_id = @databaseId
      UNION ALL SELECT (SELECT min(user_name) FROM audit_user_days
        WHERE database_id = @databaseId AND user_name > u.name) FROM u WHERE u.name IS NOT NULL)
    SELECT name FROM u WHERE name IS NOT NULL`);
  const userInDays = (all: boolean) =>
    statement(
      `userIn ${all}`,
      () => `SELECT 1 FROM audit_user_days
      WHERE database_id = @databaseId AND user_name = @user
        ${all ? '' : 'AND archive_id IN (SELECT value FROM json_each(@archives))'}
        AND ${CATEGORIES} AND day BETWEEN @firstDay AND @lastDay AND n > 0 LIMIT 1`,
    );
  const userEdges = (hour: number) =>
    statement(
      `userEdges ${hour}`,
      () => `SELECT day, user_name AS userName, ${parts(hour)}
      FROM audit_user_days INDEXED BY audit_user_days_by_day
      WHERE database_id = @databaseId AND day IN (@firstDay, @lastDay) AND ${ARCHIVES} AND ${CATEGORIES}
      GROUP BY day, user_name`,
    );

  const cutRange = (cut: DayCut) => {
    const from = cut.hour * 3_600_000;
    return { from, to: from + cut.rest };
  };

  return {
    /** per read UTC day and category, what falls before, in and after the cut hour */
    days: (a: RollupArgs, cut: DayCut): RollupRow[] => days(cut.hour).all(a) as RollupRow[],
    /** the same for the entries of the given user names only */
    userDays: (a: RollupArgs, cut: DayCut, users: readonly string[]): RollupRow[] =>
      userDays(cut.hour).all({ ...a, users: JSON.stringify(users) }) as RollupRow[],
    /** per read UTC day, category and user, the entries of the cut hour before the cut */
    split: (a: RollupArgs, cut: DayCut) =>
      cut.rest === 0
        ? []
        : (split.all({ ...a, ...cutRange(cut) }) as {
            day: number;
            category: string;
            userName: string;
            n: number;
          }[]),
    userNames: (databaseId: number): string[] =>
      (userNames.all({ databaseId }) as { name: string }[]).map((u) => u.name),
    /** whether `user` has an entry on the UTC days firstDay..lastDay (whole days) */
    userIn: (a: RollupArgs, user: string): boolean =>
      userInDays(a.archives === null).get({ ...a, user }) !== undefined,
    /** per user, the early/mid/late sums of the UTC days firstDay and lastDay */
    userEdges: (a: RollupArgs, cut: DayCut) =>
      userEdges(cut.hour).all(a) as {
        day: number;
        userName: string;
        early: number;
        mid: number;
        late: number;
      }[],
  };
}
export type AnalyticsRollupRepo = ReturnType<typeof createAnalyticsRollupRepo>;
