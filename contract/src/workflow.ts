// Workflow queues and tasks (end-user spec §3 "workflow queue item", "queue actions", §4 queue
// search and workflow audit, §7 workflow calls). The spec names the fields of a queue item (Key,
// WorkflowId, Visible, ProcessIDs, Id, Count) and of queue actions (Actions, Key, Name, ProcessID,
// UsersAndGroups) and the query keys of `GET dbs/{db}/searches` (workflowId, queueKey, ArchiveId,
// Page, RecordsPerPage, Sort, count) but no public source shows the bodies: where a shape below
// goes beyond those names it is our design (docs/decisions/025-workflow-engine.md, 026-workflow-wire.md).
//
// - `GET dbs/{db}/searches?workflowId=W&queueKey=K&count=true` -> QueueArchiveCount[]: the
//   caller's tasks of that queue per archive (queue search picks from these).
// - `GET dbs/{db}/searches?workflowId=W&queueKey=K&ArchiveId=A&Page&RecordsPerPage&Sort` -> a
//   SearchResult (contract/searches.ts) whose Docs are the tasks of that queue in that archive,
//   with the archive's fields as columns; `Count` is the total.
// - `GET workflowdesigner?dbid=D&nodeType=queue` -> WorkflowQueue[]: the queues the caller is
//   assigned to (directly, through a group, or as a delegate), with their task counts.
// - `GET workflowdesigner?dbid=D` -> WorkflowSummary[]; `GET workflowdesigner?dbid=D&workflowid=W`
//   -> WorkflowDefinition; `POST workflowdesigner?dbid=D` (body WorkflowDefinition, Id 0 creates)
//   -> WorkflowDefinition; `DELETE workflowdesigner?dbid=D&workflowid=W` -> true. Writing needs a
//   database administrator.
// - `GET useraction?Database&Archive&Document&SecureId` of a document waiting in a queue answers
//   that queue's QueueActions (the UserActionQueue shape of contract/userActions.ts: Key is the
//   queue's Key, ProcessId its process, Actions its named actions).
// - `PUT useraction?Database&Archive&ActionID={queue action Key}` with the UserActionDocuments body
//   takes that action on each task (one transaction per task); answers TaskActionResult. A task
//   another user moved first answers 409 with a Message (TASK_MOVED_MESSAGE) for that task.
//   A queue action's wire Key is "<queue Key>:<action Key>" (queueActionKey below). When every
//   task of the call failed the answer is 409 { Message, Moved: 0, Failed }; otherwise 200.
// - `GET workflowdesigner/adminFields?dbid=D&archiveid=A` -> WorkflowField[]: the fields a
//   condition or set-field node may name (the archive's; without archiveid every field of the
//   database). `GET workflowdesigner/FreeForms?dbid=D` -> WorkflowFreeForm[]: the named actions
//   of the database's queues (free-form action names a designer can reuse). Both our design.
// - `POST workflowdesigner/documents?dbid=D&workflowid=W&archiveid=A` with the UserActionDocuments
//   body puts those documents into the workflow by API -> the number started (our design).
// - History lines of a run (workflowAudit): 'Global Action Entered', then per node reached
//   'Processing: <node>' (automatic nodes), 'Queue Entered: <queue>' and 'Waiting: <queue>'
//   (queues), 'Action Taken: <action> in <queue>' (a user's queue action), and 'Workflow Ended'
//   (the spec's "Global Action Ended"), each followed by ' (process <id>)'.
// - `POST dbs/{db}/export` and `export/xlsx` of a document in a workflow answer 409 with Message
//   and Key ERROR_EXPORT_IN_WORKFLOW (ERROR_EXPORT_PDF_WORKFLOW_PENDING when it also waits for PDF).

/** One queue as the sidebar lists it. */
export interface WorkflowQueue {
  /** stable key of the queue node, unique in its workflow ("<workflowId>:<nodeId>") */
  Key: string;
  WorkflowId: number;
  /** the queue's display name (our addition to the spec's fields) */
  Name: string;
  /** the workflow's name (our addition) */
  WorkflowName: string;
  /** false when the user hid it (taskSearches) — the server answers true; the client overlays */
  Visible: boolean;
  /** the processes (document runs) waiting in the queue for this user: the first
   * MAX_QUEUE_PROCESS_IDS in process order (a queue of 100,000 tasks does not send them all) */
  ProcessIDs: number[];
  /** the queue node's id */
  Id: number;
  /** how many tasks wait in the queue for this user */
  Count: number;
}

export interface QueueArchiveCount {
  ArchiveId: number;
  Count: number;
}

export interface QueueAction {
  Key: string;
  Name: string;
}

/** A queue's actions (spec: Actions, Key, Name, ProcessID, UsersAndGroups). */
export interface QueueActions {
  Key: string;
  Name: string;
  ProcessID: number;
  /** comma-separated user and group names assigned to the queue */
  UsersAndGroups: string;
  Actions: QueueAction[];
}

export interface TaskActionResult {
  /** tasks moved on */
  Moved: number;
  /** per failed task: document id and why */
  Failed: { DocumentId: number; Message: string }[];
}

export const TASK_MOVED_MESSAGE = 'The task was already moved on by another user.';

export const MAX_QUEUE_PROCESS_IDS = 100;

/** The wire Key of a queue action (PUT useraction ActionID). */
export const queueActionKey = (queueKey: string, actionKey: string): string => `${queueKey}:${actionKey}`;
/** The Key of a queue node. */
export const queueKeyOf = (workflowId: number, nodeId: number): string => `${workflowId}:${nodeId}`;

/** History lines the engine writes (the timeline reads them; see the header). */
export const workflowAudit = {
  entered: (workflow: string, processId: number): string =>
    `Global Action Entered: ${workflow} (process ${processId})`,
  processing: (node: string, processId: number): string => `Processing: ${node} (process ${processId})`,
  queueEntered: (queue: string, processId: number): string =>
    `Queue Entered: ${queue} (process ${processId})`,
  waiting: (queue: string, processId: number): string => `Waiting: ${queue} (process ${processId})`,
  actionTaken: (action: string, queue: string, processId: number): string =>
    `Action Taken: ${action} in ${queue} (process ${processId})`,
  ended: (workflow: string, processId: number): string =>
    `Workflow Ended: ${workflow} (process ${processId})`,
};

/** A field a condition or set-field node may name (adminFields, our design). */
export interface WorkflowField {
  Id: number;
  Name: string;
  /** FieldType code */
  Type: number;
}

/** A named queue action of the database (FreeForms, our design). */
export interface WorkflowFreeForm {
  WorkflowId: number;
  QueueKey: string;
  Key: string;
  Name: string;
}

/** Node kinds of a workflow definition (our design). */
export const WorkflowNodeType = {
  Start: 'start',
  Queue: 'queue',
  Condition: 'condition',
  SetField: 'setField',
  RouteToArchive: 'routeToArchive',
  End: 'end',
} as const;
export type WorkflowNodeKind = (typeof WorkflowNodeType)[keyof typeof WorkflowNodeType];

export interface WorkflowNode {
  Id: number;
  Type: WorkflowNodeKind;
  Name: string;
  /** queue: assigned user and group names */
  UsersAndGroups?: string[];
  /** queue: action name -> next node id */
  Actions?: { Key: string; Name: string; Next: number }[];
  /** condition: field id, operator (same codes as search prompts), value; next on true/false */
  FieldId?: number;
  Operator?: number;
  Value?: string;
  True?: number;
  False?: number;
  /** setField: field id (FieldId) and value (Value) */
  /** routeToArchive: target archive id */
  ArchiveId?: number;
  /** start, setField, routeToArchive: the next node */
  Next?: number;
}

export interface WorkflowSummary {
  Id: number;
  Name: string;
  /** archives whose imports and captures enter this workflow */
  BoundArchives: number[];
  Queues: { Key: string; Name: string; Count: number }[];
}

export interface WorkflowDefinition {
  Id: number;
  Name: string;
  BoundArchives: number[];
  Nodes: WorkflowNode[];
}

export const workflowPaths = {
  designer: () => 'workflowdesigner',
  adminFields: () => 'workflowdesigner/adminFields',
  freeForms: () => 'workflowdesigner/FreeForms',
  documents: () => 'workflowdesigner/documents',
};
