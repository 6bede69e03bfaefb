// The workflow engine (issue 14, decision 025): a document enters a workflow (a user action, an
// import or capture into a bound archive, or the API) as a run whose id is its process id; from
// the start node the automatic nodes (condition, set-field, route-to-archive, end) run at once,
// in the caller's transaction, until the run rests in a queue or ends. A queue action moves it on
// the same way. Every step writes its history line (contract workflowAudit) and the document's
// state in pdf_workflow_states (workflow/services/workflow.ts: what search Results report as WorkflowStatus).
// Nothing advances on its own: only these calls, at the time `now` the caller's clock gives.
import { WorkflowState } from '@gs/contract/searches';
import { FieldType, Operator } from '@gs/contract/flags';
import {
  TASK_MOVED_MESSAGE,
  WorkflowNodeType,
  workflowAudit,
  type WorkflowNode,
} from '@gs/contract/workflow';
import type { Repos } from '../../db/repos';
import type { StoredValue } from '../../fields/repos/documentFieldsRepo';
import type { RunRow, WorkflowRow } from '../repos/workflowsRepo';
import { type DomainError, conflict, failed, notFound } from '../../domain/errors';
import { parseDate, parseDecimal, parseInteger } from '../../fields/services/fieldValues';
import { moveThroughWorkflow } from './workflow';

export interface EnterRequest {
  workflowId: number;
  databaseId: number;
  archiveId: number;
  documentId: number;
  userName: string;
  now: number;
}

export interface ActionRequest {
  databaseId: number;
  documentId: number;
  workflowId: number;
  /** the queue node the caller saw the task in */
  nodeId: number;
  actionKey: string;
  userName: string;
  now: number;
}

/** Where a run rests after a step. */
export interface RunOutcome {
  processId: number;
  /** the queue node it waits in, or 0 when it ended */
  nodeId: number;
  status: number;
}

export const taskMoved = (): DomainError => conflict(TASK_MOVED_MESSAGE);

const inWorkflowMessage = (docId: number): string => `Document ${docId} is already in a workflow.`;

interface Walk {
  repos: Repos;
  workflow: WorkflowRow;
  nodes: Map<number, WorkflowNode>;
  run: RunRow;
  userName: string;
  now: number;
}

const asText = (v: StoredValue | undefined): string => (v === null || v === undefined ? '' : String(v));

/** A condition node's test of the document's current value. */
export function conditionHolds(node: WorkflowNode, stored: StoredValue | string[] | undefined): boolean {
  const values = Array.isArray(stored) ? stored : [asText(stored)];
  const wanted = (node.Value ?? '').trim();
  const op = node.Operator ?? Operator.Equals;
  const nonEmpty = values.filter((v) => v.trim() !== '');
  if (op === Operator.IsEmpty) return nonEmpty.length === 0;
  if (op === Operator.IsNotEmpty) return nonEmpty.length > 0;
  const test = (v: string): boolean => {
    const a = Number(v);
    const b = Number(wanted);
    const numeric = v.trim() !== '' && wanted !== '' && Number.isFinite(a) && Number.isFinite(b);
    const cmp = numeric ? a - b : v.trim().localeCompare(wanted, 'en', { sensitivity: 'accent' });
    switch (op) {
      case Operator.Equals:
        return cmp === 0;
      case Operator.NotEqual:
        return cmp !== 0;
      case Operator.GreaterOrEqual:
        return cmp >= 0;
      case Operator.LessOrEqual:
        return cmp <= 0;
      case Operator.Contains:
        return v.toLowerCase().includes(wanted.toLowerCase());
      default:
        return false;
    }
  };
  return op === Operator.NotEqual ? values.every(test) : values.some(test);
}

/** The stored form of a set-field node's value for a field of `type` (undefined: not valid). */
export function storedValueOf(type: number, text: string): StoredValue | undefined {
  if (text.trim() === '') return null;
  if (type === FieldType.Integer) return parseInteger(text);
  if (type === FieldType.Decimal) return parseDecimal(text);
  if (type === FieldType.Date) return parseDate(text);
  return text;
}

function log(w: Walk, message: string): void {
  w.repos.audit.add({
    databaseId: w.run.databaseId,
    archiveId: w.run.archiveId,
    documentId: w.run.documentId,
    oldArchiveId: 0,
    oldDocId: 0,
    userName: w.userName,
    category: 'updated',
    message,
    time: w.now,
    connectionString: '',
  });
}

function step(w: Walk, nodeId: number, status: number): void {
  const ended = status === WorkflowState.None;
  const moved = w.repos.workflows.step({
    id: w.run.id,
    version: w.run.version,
    nodeId,
    status,
    since: w.now,
    endedAt: ended ? w.now : 0,
    archiveId: w.run.archiveId,
    lastUser: w.userName,
  });
  if (!moved) throw taskMoved();
  w.run = { ...w.run, nodeId, status, since: w.now, version: w.run.version + 1 };
}

function setState(w: Walk, status: number, queue: string): void {
  moveThroughWorkflow(w.repos, {
    databaseId: w.run.databaseId,
    archiveId: w.run.archiveId,
    docId: w.run.documentId,
    status,
    name: w.workflow.name,
    processId: w.run.id,
    queue,
    userName: w.userName,
    now: w.now,
  });
}

function runSetField(w: Walk, node: WorkflowNode): void {
  const field = w.repos.archives.fields(w.run.archiveId).find((f) => f.ID === node.FieldId);
  if (!field) return; // the field is not in the document's archive: nothing to set
  const value = storedValueOf(field.Type, node.Value ?? '');
  if (value === undefined) return;
  const { documentFields } = w.repos;
  if (w.repos.documentFields.read(w.run.databaseId, w.run.archiveId, w.run.documentId)?.multi.has(field.ID))
    documentFields.setMulti(
      w.run.databaseId,
      w.run.documentId,
      field.ID,
      value === null ? [] : [String(value)],
    );
  else documentFields.setValue(w.run.databaseId, w.run.documentId, field.ID, value);
  documentFields.touch(w.run.databaseId, w.run.documentId, w.now);
}

function runRoute(w: Walk, node: WorkflowNode): void {
  const target = node.ArchiveId === undefined ? undefined : w.repos.archives.byId(node.ArchiveId);
  if (!target || target.databaseId !== w.run.databaseId || target.id === w.run.archiveId) return;
  w.repos.documentOps.move(w.run.databaseId, w.run.documentId, target.id, w.now);
  w.run = { ...w.run, archiveId: target.id };
}

/** Run nodes from `nodeId` until the run rests in a queue or ends. */
function walk(w: Walk, nodeId: number): RunOutcome {
  let next: number | undefined = nodeId;
  // a definition is checked for loops without a queue when saved (workflowDefinitions.ts); a
  // guard still stops a run rather than spinning
  for (let steps = 0; steps <= w.nodes.size + 1; steps++) {
    const node: WorkflowNode | undefined = next === undefined ? undefined : w.nodes.get(next);
    if (!node || node.Type === WorkflowNodeType.End) {
      step(w, node?.Id ?? w.run.nodeId, WorkflowState.None);
      setState(w, WorkflowState.None, '');
      return { processId: w.run.id, nodeId: 0, status: WorkflowState.None };
    }
    if (node.Type === WorkflowNodeType.Queue) {
      step(w, node.Id, WorkflowState.Queued);
      setState(w, WorkflowState.Queued, node.Name);
      log(w, workflowAudit.queueEntered(node.Name, w.run.id));
      log(w, workflowAudit.waiting(node.Name, w.run.id));
      return { processId: w.run.id, nodeId: node.Id, status: WorkflowState.Queued };
    }
    step(w, node.Id, WorkflowState.Processing);
    if (node.Type !== WorkflowNodeType.Start) log(w, workflowAudit.processing(node.Name, w.run.id));
    if (node.Type === WorkflowNodeType.Condition) {
      const doc = w.repos.documentFields.read(w.run.databaseId, w.run.archiveId, w.run.documentId);
      const id: number = node.FieldId ?? 0;
      next = conditionHolds(node, doc?.multi.get(id) ?? doc?.values.get(id)) ? node.True : node.False;
      continue;
    }
    if (node.Type === WorkflowNodeType.SetField) runSetField(w, node);
    if (node.Type === WorkflowNodeType.RouteToArchive) runRoute(w, node);
    next = node.Next;
  }
  throw failed(`Workflow '${w.workflow.name}' loops without a queue.`);
}

function walkOf(repos: Repos, workflowId: number, run: RunRow, userName: string, now: number): Walk {
  const workflow = repos.workflows.byId(workflowId);
  if (!workflow) throw notFound(`Workflow ${workflowId} was not found.`);
  const nodes = new Map(repos.workflows.nodesOf(workflowId).map((n) => [n.Id, n]));
  return { repos, workflow, nodes, run, userName, now };
}

/**
 * Put a document into a workflow and run it to its first queue (or its end), in one transaction.
 * A document already in a workflow is refused (409).
 */
export function enterWorkflow(repos: Repos, r: EnterRequest): RunOutcome {
  return repos.workflows.transaction(() => {
    if (repos.workflows.activeRun(r.databaseId, r.documentId))
      throw conflict(inWorkflowMessage(r.documentId));
    const nodes = repos.workflows.nodesOf(r.workflowId);
    const start = nodes.find((n) => n.Type === WorkflowNodeType.Start);
    if (!start) throw conflict(`Workflow ${r.workflowId} has no start node.`);
    const id = repos.workflows.insertRun({
      ...r,
      nodeId: start.Id,
      status: WorkflowState.Processing,
      since: r.now,
      lastUser: r.userName,
    });
    const run = repos.workflows.run(id);
    if (!run) throw new Error('the run just written is gone');
    const w = walkOf(repos, r.workflowId, run, r.userName, r.now);
    setState(w, WorkflowState.Processing, '');
    return walk(w, start.Id);
  });
}

/** The workflows bound to the archive, entered by a document imported or captured into it. */
export function enterBoundWorkflows(
  repos: Repos,
  r: Omit<EnterRequest, 'workflowId'>,
): RunOutcome | undefined {
  const [first] = repos.workflows.boundTo(r.archiveId);
  if (first === undefined || repos.workflows.activeRun(r.databaseId, r.documentId)) return undefined;
  return enterWorkflow(repos, { ...r, workflowId: first });
}

/**
 * Take a queue action on the task of one document, in one transaction: 409 (TASK_MOVED_MESSAGE)
 * when the document no longer waits in that queue (another user moved it first).
 */
export function takeQueueAction(repos: Repos, r: ActionRequest): RunOutcome {
  return repos.workflows.transaction(() => {
    const run = repos.workflows.activeRun(r.databaseId, r.documentId);
    if (
      !run ||
      run.workflowId !== r.workflowId ||
      run.nodeId !== r.nodeId ||
      run.status !== WorkflowState.Queued
    )
      throw taskMoved();
    const w = walkOf(repos, r.workflowId, run, r.userName, r.now);
    const queue = w.nodes.get(r.nodeId);
    const action = queue?.Actions?.find((a) => a.Key.toLowerCase() === r.actionKey.toLowerCase());
    if (!queue || !action) throw notFound(`Queue action '${r.actionKey}' was not found.`);
    log(w, workflowAudit.actionTaken(action.Name, queue.Name, run.id));
    return walk(w, action.Next);
  });
}
