// The analytics answers (decision 039, our design): rows grouped per day by analyticsRepo (history
// counts: by dayCounts from the daily roll-ups, decision 073) turned into dense series (every day
// of the range, zeros included) with their totals.
import type {
  ActionCountsResponse,
  CaptureDay,
  CaptureFiguresResponse,
  QueueFigures,
  WorkflowDay,
  WorkflowFiguresResponse,
} from '@gs/contract/analytics';
import type { AnalyticsRepo, RangeArgs } from '../repos/analyticsRepo';
import type { AnalyticsRollupRepo } from '../repos/analyticsRollupRepo';
import { dayCounts } from './dayCounts';
import type { DayRange } from './range';
import type { Scope } from './scope';

const zeros = (keys: readonly string[]): Record<string, number> =>
  Object.fromEntries(keys.map((k) => [k, 0]));

/** names in a person's order; names equal but for case or accents in a fixed order too */
export const byName = (a: string, b: string): number =>
  a.localeCompare(b, 'en', { sensitivity: 'base' }) || (a < b ? -1 : a > b ? 1 : 0);

export function actionCounts(
  repo: AnalyticsRollupRepo,
  args: Scope,
  range: DayRange,
  actions: readonly string[],
  user: string | undefined,
): ActionCountsResponse {
  const counted = dayCounts(repo, { ...args, categories: actions, user }, range);
  const totals = zeros(actions);
  const days = range.labels.map((Date, i) => {
    const Counts = zeros(actions);
    for (const [category, n] of counted.days[i] ?? []) {
      Counts[category] = (Counts[category] ?? 0) + n;
      totals[category] = (totals[category] ?? 0) + n;
    }
    return { Date, Counts };
  });
  return {
    StartDate: range.labels[0] ?? '',
    EndDate: range.labels.at(-1) ?? '',
    Actions: [...actions],
    Days: days,
    Totals: totals,
    Total: Object.values(totals).reduce((s, n) => s + n, 0),
    Users: [...counted.users].sort(byName),
  };
}

export function captureFigures(
  repo: AnalyticsRepo,
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

const ENTERED = 'Queue Entered: ';
const TAKEN = 'Action Taken: ';

/** The queue a workflow line names ('Queue Entered: Q' or 'Action Taken: A in Q'). */
export function queueOfLine(head: string): { queue: string; entered: boolean } | undefined {
  if (head.startsWith(ENTERED)) return { queue: head.slice(ENTERED.length), entered: true };
  if (!head.startsWith(TAKEN)) return undefined;
  const rest = head.slice(TAKEN.length);
  const at = rest.lastIndexOf(' in ');
  return at < 0 ? undefined : { queue: rest.slice(at + 4), entered: false };
}

export function workflowFigures(
  repo: AnalyticsRepo,
  args: RangeArgs,
  range: DayRange,
): WorkflowFiguresResponse {
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
