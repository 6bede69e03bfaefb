// The analytics answers (decision 039, our design): figures per caller's day read from the daily
// roll-ups (history counts by dayCounts, decision 073; capture and workflow figures by quarterDays,
// decision 083) turned into dense series (every day of the range, zeros included) with their totals.
import type {
  ActionCountsResponse,
  CaptureDay,
  CaptureFiguresResponse,
  QueueFigures,
  WorkflowDay,
  WorkflowFiguresResponse,
} from '@gs/contract/analytics';
import type { AnalyticsRollupRepo } from '../repos/analyticsRollupRepo';
import { CREATED_DAYS, FINISHED_DAYS } from '../repos/captureRollups';
import type { FigureRollupRepo } from '../repos/figureRollupRepo';
import { WORKFLOW_DAYS } from '../repos/workflowRollups';
import { dayCounts } from './dayCounts';
import { cutOf, foldDays } from './quarterDays';
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
  repo: FigureRollupRepo,
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
  const read = cutOf(range);
  const created = foldDays(
    CREATED_DAYS.figures,
    read,
    range.days,
    repo.created(portals, read, read.cut),
    repo.createdSplit(portals, read, read.cut),
  );
  const finished = foldDays(
    FINISHED_DAYS.figures,
    read,
    range.days,
    repo.finished(portals, read, read.cut),
    repo.finishedSplit(portals, read, read.cut),
  );
  days.forEach((day, k) => {
    for (const r of created[k]?.values() ?? []) {
      day.Created += r.batches ?? 0;
      day.Documents += r.documents ?? 0;
      day.Pages += r.pages ?? 0;
    }
    for (const r of finished[k]?.values() ?? []) {
      day.Completed += r.completed ?? 0;
      day.Errored += r.errored ?? 0;
      doneMs += r.completed_ms ?? 0;
    }
  });
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

/** SQLite's order of text (its bytes in UTF-8), the order the raw GROUP BY gave the lines in */
const bySqliteText = (a: string, b: string): number => Buffer.compare(Buffer.from(a), Buffer.from(b));

export function workflowFigures(
  repo: FigureRollupRepo,
  args: Scope,
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
  const read = cutOf(range);
  const scope = { ...args, firstDay: read.firstDay, lastDay: read.lastDay };
  const perDay = foldDays(
    WORKFLOW_DAYS.figures,
    read,
    range.days,
    repo.workflow(scope, read.cut),
    repo.workflowSplit(scope, read.cut),
  );
  // per day, the lines of each head in the order the raw GROUP BY day, head gave them (decision 039)
  perDay.forEach((heads, k) => {
    const day = days[k];
    if (!day) return;
    for (const head of [...heads.keys()].sort(bySqliteText)) {
      const n = heads.get(head)?.lines ?? 0;
      const line = queueOfLine(head);
      if (!line || n <= 0) continue;
      const q = queue(line.queue);
      const ofDay = (day.Queues[q.Queue] ??= { Entered: 0, Ended: 0 });
      if (line.entered) {
        day.Entered += n;
        q.Entered += n;
        ofDay.Entered += n;
      } else {
        day.Ended += n;
        q.Ended += n;
        ofDay.Ended += n;
      }
    }
  });
  // the waits of the actions in the range, per head
  const waits = new Map<string, { n: number; total: number }>();
  for (const heads of perDay)
    for (const [head, f] of heads) {
      const w = waits.get(head) ?? { n: 0, total: 0 };
      w.n += f.measured ?? 0;
      w.total += f.waited ?? 0;
      waits.set(head, w);
    }
  for (const [head, w] of [...waits].sort(([a], [b]) => bySqliteText(a, b))) {
    const line = queueOfLine(head);
    if (!line || line.entered || w.n === 0) continue;
    const q = queue(line.queue);
    q.measured += w.n;
    q.waited += w.total;
  }
  const list = [...queues.values()]
    .map(({ waited, measured, ...q }) => ({
      ...q,
      MeanWaitMs: measured > 0 ? Math.round(waited / measured) : null,
    }))
    .sort((a, b) => a.Queue.localeCompare(b.Queue, 'en', { sensitivity: 'base' }));
  return { Days: days, Queues: list };
}
