// A caller's days put together from roll-ups per UTC day in quarters of an hour (decisions 073,
// 083). The range starts `cut` ms into UTC day u0; the caller's day k is UTC day u0 + k from the
// cut on plus UTC day u0 + k + 1 before it. A roll-up row of UTC day u gives its figures before the
// cut's quarter (early: day k - 1), in it (mid: day k) and after it (late: day k); `split` holds
// what of the cut's quarter falls before the cut (day k - 1), read from the raw rows.
import type { DayCut } from '../repos/analyticsRollupRepo';
import { DAY_MS, PART_MS } from '../repos/auditRollups';
import type { RollupDay, SplitDay } from '../repos/figureRollupRepo';
import type { DayRange } from './range';

export interface DayCutRange {
  cut: DayCut;
  /** first and last UTC day to read */
  firstDay: number;
  lastDay: number;
}

export function cutOf(range: DayRange): DayCutRange {
  const firstDay = Math.floor(range.start / DAY_MS);
  const offset = range.start - firstDay * DAY_MS;
  const cut: DayCut = { part: Math.floor(offset / PART_MS), rest: offset % PART_MS };
  // on a cut at midnight UTC the caller's days are UTC days: the one after the last is not read
  return { cut, firstDay, lastDay: firstDay + range.days - (offset === 0 ? 1 : 0) };
}

/** Per caller's day (0 .. days - 1) and key, each figure's sum; keys with nothing are left out. */
export function foldDays(
  figures: readonly string[],
  read: DayCutRange,
  days: number,
  rows: readonly RollupDay[],
  split: readonly SplitDay[],
): Map<string, Record<string, number>>[] {
  const out = Array.from({ length: days }, () => new Map<string, Record<string, number>>());
  const add = (k: number, key: string, figure: string, n: number) => {
    const day = out[k];
    if (!day || n === 0) return;
    let sums = day.get(key);
    if (!sums) {
      sums = Object.fromEntries(figures.map((f) => [f, 0]));
      day.set(key, sums);
    }
    sums[figure] = (sums[figure] ?? 0) + n;
  };
  const before = new Map<string, Record<string, number>>();
  for (const s of split) before.set(`${s.day}\u0000${s.key}`, s.values);
  for (const r of rows) {
    const b = before.get(`${r.day}\u0000${r.key}`);
    const k = r.day - read.firstDay;
    for (const f of figures) {
      const sides = r.sides[f];
      if (!sides) continue;
      const moved = b?.[f] ?? 0;
      add(k, r.key, f, sides.late + sides.mid - moved);
      add(k - 1, r.key, f, sides.early + moved);
    }
  }
  return out;
}
