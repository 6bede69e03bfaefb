// A fake Square9API for the workflow tests (contract/workflow.ts): one workflow, "AP Invoice
// Approval" (1), with the queues Review, Approve over 5,000 $ and Exceptions; tasks wait in
// Invoices (2) and 2024 (3) and move on through `PUT useraction` the way the engine would (Approve
// sends a Review task to the next queue). A task id in `taken` was moved by another user first and
// answers as the contract says (in Failed; a 409 listing them when every task failed). Handlers can be replaced per test.
import type { QueueActions, WorkflowQueue, WorkflowSummary } from '@gs/contract/workflow';
import { queueActionKey, TASK_MOVED_MESSAGE } from '@gs/contract/workflow';
import { createFakeServer, json, type FakeAnswer, type FakeHandler, type FakeRequest } from './fakeServer';
import { archive } from './fixtures';
import { fieldDef, resultDoc, searchPage } from './searchFixtures';

export const REVIEW = '1:2';
export const APPROVE = '1:3';
export const EXCEPTIONS = '1:4';
const NAMES: Record<string, string> = {
  [REVIEW]: 'Review',
  [APPROVE]: 'Approve over 5,000 $',
  [EXCEPTIONS]: 'Exceptions',
};
const NEXT: Record<string, Record<string, string | null>> = {
  [REVIEW]: { approve: APPROVE, reject: null, exceptions: EXCEPTIONS },
  [APPROVE]: { approve: null, reject: null, exceptions: EXCEPTIONS },
  [EXCEPTIONS]: { approve: null, reject: null, exceptions: null },
};
export const TASK_FIELDS = [fieldDef(1, 'Vendor Name'), fieldDef(2, 'Amount')];

interface Task {
  id: number;
  archive: number;
  queue: string;
}

const param = (r: FakeRequest, key: string): string | null =>
  [...r.url.searchParams].find(([k]) => k.toLowerCase() === key.toLowerCase())?.[1] ?? null;

export function workflowWorld() {
  const tasks: Task[] = [
    { id: 101, archive: 2, queue: REVIEW },
    { id: 102, archive: 2, queue: REVIEW },
    { id: 103, archive: 2, queue: REVIEW },
    ...[301, 302, 303, 304, 305].map((id) => ({ id, archive: 3, queue: REVIEW })),
    { id: 104, archive: 2, queue: APPROVE },
  ];
  const taken = new Set<number>();
  const count = (queue: string, archiveId?: number) =>
    tasks.filter((t) => t.queue === queue && (archiveId === undefined || t.archive === archiveId)).length;
  const queues = (): WorkflowQueue[] =>
    [REVIEW, APPROVE, EXCEPTIONS].map((Key, i) => ({
      Key,
      WorkflowId: 1,
      Name: NAMES[Key] ?? Key,
      WorkflowName: 'AP Invoice Approval',
      Visible: true,
      ProcessIDs: tasks.filter((t) => t.queue === Key).map((t) => t.id),
      Id: i + 2,
      Count: count(Key),
    }));
  return { tasks, taken, count, queues };
}
export type WorkflowWorld = ReturnType<typeof workflowWorld>;

function takeAction(world: WorkflowWorld, r: FakeRequest): FakeAnswer {
  // "<workflowId>:<nodeId>:<action>" (contract queueActionKey)
  const action = (param(r, 'ActionID') ?? '').split(':').at(-1) ?? '';
  const ids = Object.keys(JSON.parse(r.body ?? '{}') as Record<string, string>).map(Number);
  const failed: { DocumentId: number; Message: string }[] = [];
  let moved = 0;
  for (const id of ids) {
    const task = world.tasks.find((t) => t.id === id);
    if (!task || world.taken.has(id)) {
      failed.push({ DocumentId: id, Message: TASK_MOVED_MESSAGE });
      continue;
    }
    const next = NEXT[task.queue]?.[action];
    if (next) task.queue = next;
    else world.tasks.splice(world.tasks.indexOf(task), 1);
    moved++;
  }
  if (moved === 0 && failed.length > 0)
    return json({ Message: TASK_MOVED_MESSAGE, Moved: 0, Failed: failed }, 409);
  return { Moved: moved, Failed: failed };
}

export function workflowServer(
  world = workflowWorld(),
  overrides: Record<string, FakeHandler | FakeAnswer> = {},
) {
  const summaries = (): WorkflowSummary[] => [
    {
      Id: 1,
      Name: 'AP Invoice Approval',
      BoundArchives: [2],
      Queues: world.queues().map((q) => ({ Key: q.Key, Name: q.Name, Count: q.Count })),
    },
  ];
  const actions = (r: FakeRequest): QueueActions | null => {
    const task = world.tasks.find((t) => t.id === Number(param(r, 'Document')));
    if (!task) return null;
    return {
      Key: task.queue,
      Name: NAMES[task.queue] ?? '',
      ProcessID: task.id,
      UsersAndGroups: 'full.user,AP Clerks',
      Actions: [
        { Key: queueActionKey(task.queue, 'approve'), Name: 'Approve' },
        { Key: queueActionKey(task.queue, 'reject'), Name: 'Reject' },
        { Key: queueActionKey(task.queue, 'exceptions'), Name: 'Send to exceptions' },
      ],
    };
  };
  const fake = createFakeServer({
    'GET dbs': { Databases: [{ Id: 1, Name: 'Finance' }] },
    'GET dbs/1/archives': { Archives: [archive(2, 'Invoices'), archive(3, '2024')] },
    'GET dbs/1/archives/2?type=info': { Id: 2, Name: 'Invoices', Parent: 0 },
    'GET dbs/1/archives/3?type=info': { Id: 3, Name: '2024', Parent: 0 },
    'GET dbs/1/archives/2/searches': [],
    'GET dbs/1/archives/3/searches': [],
    'GET inboxes': [],
    'GET workflowdesigner?nodeType=queue': () => world.queues(),
    'GET workflowdesigner': () => summaries(),
    'GET dbs/1/searches?count=true': (r) =>
      [2, 3].map((ArchiveId) => ({ ArchiveId, Count: world.count(param(r, 'queueKey') ?? '', ArchiveId) })),
    'GET dbs/1/searches': (r) => {
      const queue = param(r, 'queueKey') ?? '';
      const archiveId = Number(param(r, 'ArchiveId'));
      const docs = world.tasks
        .filter((t) => t.queue === queue && t.archive === archiveId)
        .map((t) => resultDoc(t.id, { 1: `Vendor ${t.id}`, 2: String(t.id * 10) }));
      return searchPage(TASK_FIELDS, docs, docs.length);
    },
    'GET useraction': (r) => actions(r),
    'PUT useraction': (r) => takeAction(world, r),
    ...overrides,
  });
  return { ...fake, world };
}
