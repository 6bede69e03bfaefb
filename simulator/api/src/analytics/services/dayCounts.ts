// History entries per caller's day and category, and the users who appear, put together from the
// daily roll-ups (decision 073) with the same figures as counting the entries one by one
// (decision 039). The caller's day k runs from start + k days: it takes the end of UTC day u0 + k
// (from the cut on) and the start of UTC day u0 + k + 1 (before the cut), where u0 is the UTC day
// the range starts in and the cut is how far into a UTC day the caller's midnight falls.
import type { AnalyticsRollupRepo, DayCut, RollupArgs } from '../repos/analyticsRollupRepo';
import { DAY_MS, PART_MS } from '../repos/auditRollups';
import type { DayRange } from './range';

export interface DayCountsArgs {
  databaseId: number;
  archives: string | null;
  categories: readonly string[];
  /** only the entries of this user (compared case-insensitively, as a person types it) */
  user: string | undefined;
}

export interface DayCounts {
  /** per caller's day (range.labels' order) the entries of each category that has any */
  days: Map<string, number>[];
  /** every user with an entry of the categories in the range, the user filter aside */
  users: Set<string>;
}

export function dayCounts(repo: AnalyticsRollupRepo, args: DayCountsArgs, range: DayRange): DayCounts {
  const firstDay = Math.floor(range.start / DAY_MS);
  const offset = range.start - firstDay * DAY_MS;
  const cut: DayCut = { part: Math.floor(offset / PART_MS), rest: offset % PART_MS };
  // on a cut at midnight UTC the caller's days are UTC days: the one after the last is not read
  const lastDay = firstDay + range.days - (offset === 0 ? 1 : 0);
  const read: RollupArgs = {
    databaseId: args.databaseId,
    archives: args.archives,
    categories: JSON.stringify(args.categories),
    firstDay,
    lastDay,
  };
  const split = repo.split(read, cut);
  const users = usersOf(repo, read, cut, range, split);

  const wanted = args.user?.toLowerCase();
  const chosen = wanted === undefined ? undefined : [...users].filter((u) => u.toLowerCase() === wanted);
  const rows =
    chosen === undefined ? repo.days(read, cut) : chosen.length ? repo.userDays(read, cut, chosen) : [];
  const days = range.labels.map(() => new Map<string, number>());
  const add = (k: number, category: string, n: number) => {
    const day = days[k];
    if (day && n) day.set(category, (day.get(category) ?? 0) + n);
  };
  const ofChosen = chosen && new Set(chosen);
  const before = new Map<string, number>();
  for (const s of split)
    if (!ofChosen || ofChosen.has(s.userName)) {
      const key = `${s.day}\u0000${s.category}`;
      before.set(key, (before.get(key) ?? 0) + s.n);
    }
  for (const r of rows) {
    const b = before.get(`${r.day}\u0000${r.category}`) ?? 0;
    add(r.day - firstDay, r.category, r.late + r.mid - b);
    add(r.day - firstDay - 1, r.category, r.early + b);
  }
  return { days, users };
}

/** The users with an entry in the range: whole UTC days by one index probe each, the two ends by their quarters. */
function usersOf(
  repo: AnalyticsRollupRepo,
  read: RollupArgs,
  cut: DayCut,
  range: DayRange,
  split: ReturnType<AnalyticsRollupRepo['split']>,
): Set<string> {
  const users = new Set<string>();
  const firstDay = read.firstDay;
  const atMidnight = cut.part === 0 && cut.rest === 0;
  if (!atMidnight) {
    // UTC day firstDay from the cut on, and UTC day firstDay + days before it
    const lastDay = firstDay + range.days;
    const before = new Map<string, number>();
    for (const s of split) {
      const key = `${s.day}\u0000${s.userName}`;
      before.set(key, (before.get(key) ?? 0) + s.n);
    }
    for (const e of repo.userEdges({ ...read, lastDay }, cut)) {
      const b = before.get(`${e.day}\u0000${e.userName}`) ?? 0;
      const n = e.day === firstDay ? e.late + e.mid - b : e.early + b;
      if (n > 0) users.add(e.userName);
    }
  }
  const whole = {
    ...read,
    firstDay: atMidnight ? firstDay : firstDay + 1,
    lastDay: firstDay + range.days - 1,
  };
  if (whole.firstDay <= whole.lastDay)
    for (const name of repo.userNames(read.databaseId))
      if (!users.has(name) && repo.userIn(whole, name)) users.add(name);
  return users;
}
