import { describe, expect, it } from 'vitest';
import type { WorkflowQueue } from '@gs/contract/workflow';
import { ApiError } from '../../api/http';
import { pickQueueArchive } from './queueSearch';
import { runTaskAction, TASK_ACTION_GROUP } from './taskActionRun';
import { parseTaskParams, taskResultsPath } from './taskPaths';
import { setQueueVisible, withVisibility } from './taskSearches';

const queue = (Key: string, WorkflowId = 1): WorkflowQueue => ({
  Key,
  WorkflowId,
  Name: Key,
  WorkflowName: 'AP',
  Visible: true,
  ProcessIDs: [],
  Id: 1,
  Count: 3,
});

describe('queue search', () => {
  it('keeps the selected archive when it holds tasks, else takes the archive with the most', () => {
    const counts = [
      { ArchiveId: 2, Count: 4 },
      { ArchiveId: 5, Count: 9 },
      { ArchiveId: 7, Count: 0 },
    ];
    expect(pickQueueArchive(counts, 2)).toBe(2);
    expect(pickQueueArchive(counts, 7)).toBe(5);
    expect(pickQueueArchive(counts, null)).toBe(5);
    expect(
      pickQueueArchive(
        [
          { ArchiveId: 8, Count: 3 },
          { ArchiveId: 4, Count: 3 },
        ],
        1,
      ),
    ).toBe(4);
    expect(pickQueueArchive([{ ArchiveId: 2, Count: 0 }], 2)).toBeNull();
    expect(pickQueueArchive([], null)).toBeNull();
  });
});

describe('taskSearches', () => {
  it('lays the remembered visibility over the queues and changes one queue at a time', () => {
    const saved = setQueueVisible([], queue('1:2'), false);
    expect(saved).toEqual([{ Key: '1:2', WorkflowId: 1, Visible: false }]);
    const shown = withVisibility([queue('1:2'), queue('1:3'), queue('1:2', 9)], saved);
    expect(shown.map((q) => q.Visible)).toEqual([false, true, true]);
    expect(setQueueVisible(saved, queue('1:2'), true)).toEqual([
      { Key: '1:2', WorkflowId: 1, Visible: true },
    ]);
  });
});

describe('task address', () => {
  it('round-trips db, workflow, queue, archive, page, size and sort', () => {
    const path = taskResultsPath({
      db: 1,
      workflowId: 3,
      queueKey: '3:12',
      archive: 4,
      page: 2,
      size: 50,
      sort: [{ fieldId: 5, descending: true }],
    });
    expect(path.startsWith('/results/Task?')).toBe(true);
    const params = parseTaskParams(new URLSearchParams(path.split('?')[1]));
    expect(params).toEqual({
      db: 1,
      workflowId: 3,
      queueKey: '3:12',
      archive: 4,
      page: 2,
      size: '50',
      sort: [{ fieldId: 5, descending: true }],
    });
    expect(parseTaskParams(new URLSearchParams('db=1&workflowId=3&archive=4'))).toBeNull();
  });
});

describe('taking a queue action', () => {
  const tasks = Array.from({ length: TASK_ACTION_GROUP + 3 }, (_, i) => ({ id: i + 1, hash: `h${i + 1}` }));

  it('sends the tasks in groups, reporting progress, and collects per-task failures', async () => {
    const sent: string[][] = [];
    const progress: number[] = [];
    const outcome = await runTaskAction(
      tasks,
      async (group) => {
        sent.push(Object.keys(group));
        const failed = Object.keys(group).includes('2')
          ? [{ DocumentId: 2, Message: 'The task was already moved on by another user.' }]
          : [];
        return { Moved: Object.keys(group).length - failed.length, Failed: failed };
      },
      (done) => progress.push(done),
      (text) => text ?? 'unknown',
    );
    expect(sent.map((g) => g.length)).toEqual([TASK_ACTION_GROUP, 3]);
    expect(progress).toEqual([0, TASK_ACTION_GROUP, TASK_ACTION_GROUP + 3]);
    expect(outcome).toEqual({
      moved: TASK_ACTION_GROUP + 2,
      failed: [{ id: 2, message: 'The task was already moved on by another user.' }],
    });
  });

  it("fails each task of a refused group with the server's words, and goes on with the next", async () => {
    let call = 0;
    const outcome = await runTaskAction(
      tasks,
      async (group) => {
        call++;
        if (call === 1) throw new ApiError('http', 409, 'Moved by someone else.', '{}');
        return { Moved: Object.keys(group).length, Failed: [] };
      },
      () => undefined,
      (text) => text ?? 'unknown',
    );
    expect(outcome.moved).toBe(3);
    expect(outcome.failed).toHaveLength(TASK_ACTION_GROUP);
    expect(outcome.failed[0]).toEqual({ id: 1, message: 'Moved by someone else.' });
  });
});

describe('a call where every task failed', () => {
  it('takes the failures from the 409 body', async () => {
    const body = {
      Message: 'The task was already moved on by another user.',
      Moved: 0,
      Failed: [{ DocumentId: 4, Message: 'The task was already moved on by another user.' }],
    };
    const outcome = await runTaskAction(
      [
        { id: 4, hash: 'h4' },
        { id: 5, hash: 'h5' },
      ],
      async () => {
        throw new ApiError('http', 409, body.Message, JSON.stringify(body));
      },
      () => undefined,
      (text) => text ?? 'unknown',
    );
    expect(outcome).toEqual({ moved: 0, failed: [{ id: 4, message: body.Message }] });
  });
});
