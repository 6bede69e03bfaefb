// The workflow timeline of a document's history (spec §3 audit entry, §4 workflow audit, §8): a
// period starts on 'Global Action Entered' and ends on 'Global Action Ended' (the simulator's older
// 'Workflow Ended' too); without its end it is in progress. The entries between (queue entered,
// Processing, Waiting) are the period's steps. A period's bar is drawn to 0.65 of its track while it
// runs and 0.96 once it is completed (spec §8 proportions).
import type { HistoryEntry } from '@gs/contract/history';

export const RUNNING_PROPORTION = 0.65;
export const COMPLETED_PROPORTION = 0.96;

export interface TimelineStep {
  /** the step's words without the process id */
  message: string;
  /** the history line as the server wrote it (shown through translateHistoryLine) */
  line: string;
  time: string;
  user: string;
}

export interface WorkflowPeriod {
  /** the workflow's name as the entry gives it */
  name: string;
  /** the process id when the entry names one */
  processId: number | null;
  start: string;
  /** null while in progress */
  end: string | null;
  steps: TimelineStep[];
  proportion: number;
}

const ENTERED = /^\s*(?:global action entered|entered workflow)\b:?\s*(.*)$/i;
const ENDED = /^\s*(?:global action ended|workflow ended)\b:?\s*(.*)$/i;
const STEP = /\b(?:processing|waiting|queue|action taken)\b/i;
const PROCESS = /\(process (\d+)\)\s*$/i;

function nameOf(rest: string): { name: string; processId: number | null } {
  const process = PROCESS.exec(rest);
  return {
    name: (process ? rest.slice(0, process.index) : rest).trim(),
    processId: process ? Number(process[1]) : null,
  };
}

const timeOf = (entry: HistoryEntry): number => {
  const t = Date.parse(entry.Time);
  return Number.isNaN(t) ? 0 : t;
};

/**
 * The document's workflow periods, oldest first, from its entries OLDEST FIRST (the wire's order):
 * they are ordered by time, and entries of the same instant (a run's Entered, Queue Entered and
 * Waiting are written together) keep the order they came in.
 */
export function workflowPeriods(entries: readonly HistoryEntry[]): WorkflowPeriod[] {
  const ordered = entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => timeOf(a.entry) - timeOf(b.entry) || a.index - b.index)
    .map((e) => e.entry);
  const periods: WorkflowPeriod[] = [];
  const open: WorkflowPeriod[] = [];
  for (const entry of ordered) {
    // eslint-disable-next-line no-restricted-syntax -- parsed here; the timeline shows it through translateHistoryLine
    const line = entry.Message;
    const entered = ENTERED.exec(line);
    if (entered) {
      const period: WorkflowPeriod = {
        ...nameOf(entered[1] ?? ''),
        start: entry.Time,
        end: null,
        steps: [],
        proportion: RUNNING_PROPORTION,
      };
      periods.push(period);
      open.push(period);
      continue;
    }
    const ended = ENDED.exec(line);
    if (ended) {
      const { processId } = nameOf(ended[1] ?? '');
      const at = open.findLastIndex(
        (p) => processId === null || p.processId === null || p.processId === processId,
      );
      const period = open[at];
      if (!period) continue;
      open.splice(at, 1);
      period.end = entry.Time;
      period.proportion = COMPLETED_PROPORTION;
      continue;
    }
    if (!STEP.test(line)) continue;
    const { name: message, processId } = nameOf(line);
    const period = open.findLast(
      (p) => processId === null || p.processId === null || p.processId === processId,
    );
    period?.steps.push({ message, line, time: entry.Time, user: entry.UserName });
  }
  return periods;
}
