// Which queues a user works (issue 14): a queue node lists user and group names (UsersAndGroups);
// a user works it when it names them or one of their groups, or, as a delegate, one of the users
// whose tasks they work (delegation.ts taskOwnersFor) or those users' groups. Tasks of a queue
// are shared by everyone who works it; a user sees them only in archives they may view.
import {
  MAX_QUEUE_PROCESS_IDS,
  WorkflowNodeType,
  queueKeyOf,
  type QueueArchiveCount,
  type WorkflowNode,
  type WorkflowQueue,
} from '@gs/contract/workflow';
import type { Repos } from '../../db/repos';
import type { WorkflowRow } from '../repos/workflowsRepo';
import { notFound } from '../../domain/errors';
import type { UserAccess } from '../../security/services/access';
import { taskOwnersFor } from '../../security/services/delegation';

export interface AssignedQueue {
  workflow: WorkflowRow;
  node: WorkflowNode;
  key: string;
}

/** The names (lower case) a queue may list to reach this user. */
export function namesReaching(repos: Repos, userId: number): Set<string> {
  const names = new Set<string>();
  for (const owner of taskOwnersFor(repos, userId))
    for (const n of repos.workflows.principalNames(owner)) names.add(n.toLowerCase());
  return names;
}

export const isAssigned = (node: WorkflowNode, names: Set<string>): boolean =>
  (node.UsersAndGroups ?? []).some((n) => names.has(n.toLowerCase()));

/** The queues of the database the user works, in workflow then node order. */
export function assignedQueues(repos: Repos, databaseId: number, userId: number): AssignedQueue[] {
  const names = namesReaching(repos, userId);
  return repos.workflows.inDatabase(databaseId).flatMap((workflow) =>
    repos.workflows
      .nodesOf(workflow.id)
      .filter((node) => node.Type === WorkflowNodeType.Queue && isAssigned(node, names))
      .map((node) => ({ workflow, node, key: queueKeyOf(workflow.id, node.Id) })),
  );
}

/** One queue the user works, by its Key ("<workflowId>:<nodeId>"); 404 otherwise. */
export function assignedQueue(
  repos: Repos,
  databaseId: number,
  userId: number,
  key: string,
  workflowId?: number,
): AssignedQueue {
  const found = assignedQueues(repos, databaseId, userId).find(
    (q) => q.key === key.trim() && (workflowId === undefined || q.workflow.id === workflowId),
  );
  if (!found) throw notFound(`Queue '${key}' was not found.`);
  return found;
}

/** Tasks of the queue per archive the user may view. */
export function queueArchiveCounts(repos: Repos, access: UserAccess, q: AssignedQueue): QueueArchiveCount[] {
  return repos.workflows.archiveCounts(q.workflow.id, q.node.Id).filter((c) => {
    const archive = repos.archives.byId(c.ArchiveId);
    return archive !== undefined && access.canView(archive);
  });
}

export function toWorkflowQueue(repos: Repos, access: UserAccess, q: AssignedQueue): WorkflowQueue {
  return {
    Key: q.key,
    WorkflowId: q.workflow.id,
    Name: q.node.Name,
    WorkflowName: q.workflow.name,
    Visible: true,
    ProcessIDs: repos.workflows.queueProcesses(q.workflow.id, q.node.Id, MAX_QUEUE_PROCESS_IDS),
    Id: q.node.Id,
    Count: queueArchiveCounts(repos, access, q).reduce((n, c) => n + c.Count, 0),
  };
}
