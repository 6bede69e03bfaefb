// The queue side of `useraction` (contract/src/workflow.ts): what a document waiting in a queue
// offers, and a queue action taken on many tasks — each task its own transaction, so a task
// another user moved first fails alone (409, TASK_MOVED_MESSAGE) and the others still move.
import { WorkflowState } from '@gs/contract/searches';
import type { UserActionQueue } from '@gs/contract/userActions';
import { TASK_MOVED_MESSAGE, queueActionKey, type TaskActionResult } from '@gs/contract/workflow';
import type { Repos } from '../../db/repos';
import { conflict, isDomainError, notFound } from '../../domain/errors';
import { assignedQueue, assignedQueues } from './workflowQueues';
import { taskMoved, takeQueueAction } from './workflowEngine';

const QUEUE_ACTION = /^\s*(\d{1,9}):(\d{1,9}):(.+)$/;

export interface QueueActionRef {
  workflowId: number;
  nodeId: number;
  actionKey: string;
}

/** A queue action's wire Key ("<workflowId>:<nodeId>:<action>"), or undefined for a user action key. */
export function parseQueueActionKey(key: string): QueueActionRef | undefined {
  const m = QUEUE_ACTION.exec(key);
  return m ? { workflowId: Number(m[1]), nodeId: Number(m[2]), actionKey: (m[3] ?? '').trim() } : undefined;
}

/** The actions of the queue the document waits in, when the user works that queue. */
export function queueActionsOf(
  repos: Repos,
  databaseId: number,
  userId: number,
  documentId: number,
): UserActionQueue | undefined {
  const run = repos.workflows.activeRun(databaseId, documentId);
  if (!run || run.status !== WorkflowState.Queued) return undefined;
  const q = assignedQueues(repos, databaseId, userId).find(
    (a) => a.workflow.id === run.workflowId && a.node.Id === run.nodeId,
  );
  if (!q) return undefined;
  return {
    Key: q.key,
    ProcessId: run.id,
    Name: q.node.Name,
    UsersAndGroups: (q.node.UsersAndGroups ?? []).join(', '),
    Actions: (q.node.Actions ?? []).map((a) => ({ Name: a.Name, Key: queueActionKey(q.key, a.Key) })),
  };
}

/** A task's document; `present` false: it left the archive the caller named (so it moved on). */
export interface TaskDocument {
  id: number;
  present: boolean;
}

export interface TakeActions {
  databaseId: number;
  userId: number;
  userName: string;
  ref: QueueActionRef;
  tasks: TaskDocument[];
  now: () => number;
}

/**
 * Take the action on each document's task. The queue must be one the user works and the action
 * one of its own (404 otherwise, before anything moves). 409 when every task failed.
 */
export function takeQueueActions(repos: Repos, t: TakeActions): TaskActionResult {
  const q = assignedQueue(repos, t.databaseId, t.userId, `${t.ref.workflowId}:${t.ref.nodeId}`);
  if (!q.node.Actions?.some((a) => a.Key.toLowerCase() === t.ref.actionKey.toLowerCase()))
    throw notFound(`Queue '${q.node.Name}' has no action '${t.ref.actionKey}'.`);
  const result: TaskActionResult = { Moved: 0, Failed: [] };
  for (const { id: documentId, present } of t.tasks) {
    try {
      if (!present) throw taskMoved();
      takeQueueAction(repos, {
        databaseId: t.databaseId,
        documentId,
        workflowId: t.ref.workflowId,
        nodeId: t.ref.nodeId,
        actionKey: t.ref.actionKey,
        userName: t.userName,
        now: t.now(),
      });
      result.Moved++;
    } catch (error) {
      if (!isDomainError(error, 'conflict')) throw error;
      result.Failed.push({ DocumentId: documentId, Message: TASK_MOVED_MESSAGE });
    }
  }
  if (result.Moved === 0 && result.Failed.length > 0)
    throw conflict(TASK_MOVED_MESSAGE, { Moved: 0, Failed: result.Failed });
  return result;
}
