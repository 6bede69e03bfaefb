// Workflow queues and tasks (spec §3, §4, §7; shapes in contract/workflow.ts): the caller's queues
// with their counts (`workflowdesigner?dbid&nodeType=queue`), a queue's tasks per archive
// (`dbs/{db}/searches?workflowId&queueKey&count=true`) and one page of them (`...&ArchiveId&Page`),
// the actions of the queue a task waits in and taking one (`useraction`), the database's workflows.
import { paths } from '@gs/contract/paths';
import { formatSort, type SearchPageResult, type SortSpec } from '@gs/contract/searches';
import { userActionPath, type UserActionDocuments } from '@gs/contract/userActions';
import {
  workflowPaths,
  type QueueActions,
  type QueueArchiveCount,
  type TaskActionResult,
  type WorkflowQueue,
  type WorkflowSummary,
} from '@gs/contract/workflow';
import type { Http } from './http';
import { parseSearchPage } from './lazySearchPage';

/** The queues the caller is assigned to, with their task counts. */
export async function listQueues(http: Http, db: number): Promise<WorkflowQueue[]> {
  const answer = await http.request<WorkflowQueue[] | null>(workflowPaths.designer(), {
    query: { dbid: db, nodeType: 'queue' },
  });
  return Array.isArray(answer) ? answer : [];
}

/** The database's workflows with their queues and counts (the /flows overview). */
export async function listWorkflows(http: Http, db: number): Promise<WorkflowSummary[]> {
  const answer = await http.request<WorkflowSummary[] | null>(workflowPaths.designer(), {
    query: { dbid: db },
  });
  return Array.isArray(answer) ? answer : [];
}

export interface QueueRef {
  db: number;
  workflowId: number;
  queueKey: string;
}

/** How many of the caller's tasks of the queue wait in each archive. */
export async function queueArchiveCounts(http: Http, q: QueueRef): Promise<QueueArchiveCount[]> {
  const answer = await http.request<QueueArchiveCount[] | null>(paths.searches(q.db), {
    query: { workflowId: q.workflowId, queueKey: q.queueKey, count: true },
  });
  return Array.isArray(answer) ? answer : [];
}

export interface TaskPageRequest extends QueueRef {
  archive: number;
  /** 1-based */
  page: number;
  recordsPerPage: number;
  sort: SortSpec[];
}

/** One page of the queue's tasks in one archive, as search results (Count is the total). */
export function runTaskPage(http: Http, r: TaskPageRequest, signal?: AbortSignal): Promise<SearchPageResult> {
  return http.request<SearchPageResult>(paths.searches(r.db), {
    query: {
      workflowId: r.workflowId,
      queueKey: r.queueKey,
      ArchiveId: r.archive,
      Page: r.page,
      RecordsPerPage: r.recordsPerPage,
      Sort: r.sort.length ? formatSort(r.sort) : undefined,
    },
    signal,
    parse: parseSearchPage,
  });
}

export interface TaskRef {
  db: number;
  archive: number;
  id: number;
  hash: string;
}

/** The actions of the queue the task waits in. */
export function getQueueActions(http: Http, task: TaskRef): Promise<QueueActions | null> {
  return http.request<QueueActions | null>(userActionPath, {
    query: { Database: task.db, Archive: task.archive, Document: task.id, SecureId: task.hash },
  });
}

/** Takes the queue action on the tasks (one transaction per task on the server). */
export async function takeTaskAction(
  http: Http,
  db: number,
  archive: number,
  actionKey: string,
  token: string,
  tasks: UserActionDocuments,
): Promise<TaskActionResult> {
  const answer = await http.request<Partial<TaskActionResult> | null>(userActionPath, {
    method: 'PUT',
    query: { Database: db, Archive: archive, ActionID: actionKey, Token: token },
    body: tasks,
  });
  return { Moved: answer?.Moved ?? 0, Failed: Array.isArray(answer?.Failed) ? answer.Failed : [] };
}
