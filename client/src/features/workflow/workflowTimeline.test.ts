import { describe, expect, it } from 'vitest';
import { historyEntry } from '../../test/searchFixtures';
import { COMPLETED_PROPORTION, RUNNING_PROPORTION, workflowPeriods } from './workflowTimeline';

const at = (minute: number) => `2024-03-01T10:${String(minute).padStart(2, '0')}:00Z`;
const entry = (message: string, minute: number) => historyEntry(7, message, 'updated', at(minute));

describe('workflow timeline', () => {
  it('makes a period from Entered to Ended, with the steps between, drawn completed', () => {
    const periods = workflowPeriods([
      entry('Document indexed', 0),
      entry('Global Action Entered: AP Invoice Approval (process 12)', 1),
      entry('Processing: Start (process 12)', 2),
      entry('Queue Entered: Review (process 12)', 3),
      entry('Waiting: Review (process 12)', 4),
      entry('Document viewed', 5),
      entry('Global Action Ended: AP Invoice Approval (process 12)', 6),
    ]);
    expect(periods).toEqual([
      {
        name: 'AP Invoice Approval',
        processId: 12,
        start: at(1),
        end: at(6),
        steps: [
          {
            message: 'Processing: Start',
            line: 'Processing: Start (process 12)',
            time: at(2),
            user: 'full.user',
          },
          {
            message: 'Queue Entered: Review',
            line: 'Queue Entered: Review (process 12)',
            time: at(3),
            user: 'full.user',
          },
          {
            message: 'Waiting: Review',
            line: 'Waiting: Review (process 12)',
            time: at(4),
            user: 'full.user',
          },
        ],
        proportion: COMPLETED_PROPORTION,
      },
    ]);
    expect(COMPLETED_PROPORTION).toBe(0.96);
  });

  it('keeps the order of entries written at the same instant', () => {
    const periods = workflowPeriods([
      entry('Global Action Entered: AP Invoice Approval (process 5)', 1),
      entry('Processing: Start (process 5)', 1),
      entry('Queue Entered: Review (process 5)', 1),
      entry('Waiting: Review (process 5)', 1),
    ]);
    expect(periods[0]?.steps.map((s) => s.message)).toEqual([
      'Processing: Start',
      'Queue Entered: Review',
      'Waiting: Review',
    ]);
  });

  it('shows a period without its end as in progress, ordering entries by time', () => {
    const periods = workflowPeriods(
      [
        entry('Global Action Entered: Old Flow (process 3)', 1),
        entry('Workflow Ended: Old Flow (process 3)', 2),
        entry('Global Action Entered: AP Invoice Approval (process 4)', 3),
        entry('Entered queue Approve over 5,000 $', 4),
      ].reverse(),
    );
    expect(periods.map((p) => [p.name, p.end, p.proportion])).toEqual([
      ['Old Flow', at(2), COMPLETED_PROPORTION],
      ['AP Invoice Approval', null, RUNNING_PROPORTION],
    ]);
    expect(RUNNING_PROPORTION).toBe(0.65);
    expect(periods[1]?.steps.map((s) => s.message)).toEqual(['Entered queue Approve over 5,000 $']);
  });

  it('ends the period of the same process when two overlap, and ignores an End without a start', () => {
    const periods = workflowPeriods([
      entry('Global Action Ended: Stray (process 1)', 0),
      entry('Global Action Entered: A (process 10)', 1),
      entry('Global Action Entered: B (process 11)', 2),
      entry('Action Taken: Approve in Review (process 10)', 3),
      entry('Workflow Ended: A (process 10)', 4),
    ]);
    expect(periods.map((p) => [p.name, p.end, p.steps.map((s) => s.message)])).toEqual([
      ['A', at(4), ['Action Taken: Approve in Review']],
      ['B', null, []],
    ]);
  });

  it('finds nothing in a history without a workflow', () => {
    expect(workflowPeriods([entry('Document indexed', 0), entry('Waiting', 1)])).toEqual([]);
  });
});
