// The user's own visibility of each queue (spec §3 "taskSearches": Key, Visible, WorkflowId) laid
// over the server's queues, which always answer Visible true; and the change "hide tasks" or
// "show" makes to the remembered list.
import type { WorkflowQueue } from '@gs/contract/workflow';
import type { TaskSearch } from '../../state/displayPreferences';

const sameQueue = (a: Pick<TaskSearch, 'Key' | 'WorkflowId'>, b: Pick<TaskSearch, 'Key' | 'WorkflowId'>) =>
  a.Key === b.Key && a.WorkflowId === b.WorkflowId;

export function withVisibility(
  queues: readonly WorkflowQueue[],
  saved: readonly TaskSearch[],
): WorkflowQueue[] {
  return queues.map((q) => {
    const own = saved.find((s) => sameQueue(s, q));
    return own ? { ...q, Visible: own.Visible } : q;
  });
}

export function setQueueVisible(
  saved: readonly TaskSearch[],
  queue: Pick<WorkflowQueue, 'Key' | 'WorkflowId'>,
  visible: boolean,
): TaskSearch[] {
  const rest = saved.filter((s) => !sameQueue(s, queue));
  return [...rest, { Key: queue.Key, WorkflowId: queue.WorkflowId, Visible: visible }];
}
