// History counts per day read from the daily roll-ups (auditRollups.ts, decision 073) instead of
// one row per entry. A caller's day (tzoffset) starts some ms into a UTC day, inside its quarter of
// an hour `part`: each roll-up row gives the entries before that quarter (`early`, the caller's
// previous day), of it (`mid`) and after it (`late`); `split` counts, from the history itself, the
// entries of that quarter before the cut, which belong to the previous day too (none when the cut
// is on a quarter, as every time zone's is).
import type { Db } from '../../db/connection';
import { DAY_MS, PART_MS, PARTS } from './auditRollups';
import { lazyStatements } from './lazyStatements';

export interface DayCut {
  /** the quarter of an hour of the UTC day the caller's midnight falls in (0-95) */
  part: number;
  /** ms from that quarter's start to the caller's midnight (0: on the quarter) */
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

/** the primary key of audit_user_days, by the name SQLite gives a WITHOUT ROWID table's key */
const USER_KEY = 'sqlite_autoindex_audit_user_days_1';

const sumOf = (columns: string[]) => (columns.length ? columns.join(' + ') : '0');

/**
 * The sums of a cut in quarter `part`: n, the quarter (mid) and the shorter side, the quarters
 * before it (early) or after it (late), so at most 48 columns are added per row; `sides` makes
 * the other side from n.
 */
const sums = (part: number) =>
  part < PARTS.length / 2
    ? `sum(n) AS n, sum(${PARTS[part]}) AS mid, sum(${sumOf(PARTS.slice(0, part))}) AS side`
    : `sum(n) AS n, sum(${PARTS[part]}) AS mid, sum(${sumOf(PARTS.slice(part + 1))}) AS side`;

interface Sums {
  n: number;
  mid: number;
  side: number;
}

function sides<T extends Sums>(
  part: number,
  rows: T[],
): (Omit<T, keyof Sums> & Omit<RollupRow, 'day' | 'category'>)[] {
  return rows.map(({ n, mid, side, ...rest }) =>
    part < PARTS.length / 2
      ? { ...rest, early: side, mid, late: n - side - mid }
      : { ...rest, early: n - side - mid, mid, late: side },
  );
}

export function createAnalyticsRollupRepo(db: Db) {
  const statement = lazyStatements(db);

  const days = (part: number) =>
    statement(
      `days ${part}`,
      () => `SELECT day, category, ${sums(part)} FROM audit_days
      WHERE database_id = @databaseId AND day BETWEEN @firstDay AND @lastDay AND ${ARCHIVES} AND ${CATEGORIES}
      GROUP BY day, category`,
    );
  const userDays = (part: number) =>
    statement(
      `userDays ${part}`,
      // by the primary key (database, user, ...): SQLite would pick the index by day and read every user's rows
      () => `SELECT day, category, ${sums(part)} FROM audit_user_days INDEXED BY ${USER_KEY}
      WHERE database_id = @databaseId AND user_name = @user
        AND ${ARCHIVES} AND ${CATEGORIES} AND day BETWEEN @firstDay AND @lastDay
      GROUP BY day, category`,
    );
  // the entries of each read day's cut quarter before the cut, from the history (audit_by_time)
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
      () => `SELECT 1 FROM audit_user_days INDEXED BY ${USER_KEY}
      WHERE database_id = @databaseId AND user_name = @user
        ${all ? '' : 'AND archive_id IN (SELECT value FROM json_each(@archives))'}
        AND ${CATEGORIES} AND day BETWEEN @firstDay AND @lastDay AND n > 0 LIMIT 1`,
    );
  const userEdges = (part: number) =>
    statement(
      `userEdges ${part}`,
      () => `SELECT day, user_name AS userName, ${sums(part)}
      FROM audit_user_days INDEXED BY audit_user_days_by_day
      WHERE database_id = @databaseId AND day IN (@firstDay, @lastDay) AND ${ARCHIVES} AND ${CATEGORIES}
      GROUP BY day, user_name`,
    );

  const cutRange = (cut: DayCut) => {
    const from = cut.part * PART_MS;
    return { from, to: from + cut.rest };
  };

  return {
    /** per read UTC day and category, what falls before, in and after the cut quarter */
    days: (a: RollupArgs, cut: DayCut): RollupRow[] =>
      sides(cut.part, days(cut.part).all(a) as (Sums & { day: number; category: string })[]),
    /** the same for the entries of the given user names only */
    userDays: (a: RollupArgs, cut: DayCut, users: readonly string[]): RollupRow[] =>
      users.flatMap((user) =>
        sides(
          cut.part,
          userDays(cut.part).all({ ...a, user }) as (Sums & { day: number; category: string })[],
        ),
      ),
    /** per read UTC day, category and user, the entries of the cut quarter before the cut */
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
      sides(cut.part, userEdges(cut.part).all(a) as (Sums & { day: number; userName: string })[]),
  };
}
export type AnalyticsRollupRepo = ReturnType<typeof createAnalyticsRollupRepo>;
