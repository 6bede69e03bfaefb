import { beforeEach, describe, expect, it } from 'vitest';
import { Operator } from '@gs/contract/flags';
import { WorkflowState } from '@gs/contract/searches';
import { TASK_MOVED_MESSAGE, WorkflowNodeType as N } from '@gs/contract/workflow';
import { createRepos, type Repos } from '../../db/repos';
import { DomainError } from '../../domain/errors';
import { BIG, EXCEPTIONS, REVIEW, makeWorkflowApp, type WorkflowTestApp } from '../../testing/workflowWorld';
import { conditionHolds, enterBoundWorkflows, enterWorkflow, takeQueueAction } from './workflowEngine';

let t: WorkflowTestApp;
let repos: Repos;
const NOW = 1_700_000_000_000;

beforeEach(() => {
  t = makeWorkflowApp();
  repos = createRepos(t.db);
});

const enter = (doc: number, now = NOW) =>
  enterWorkflow(repos, {
    workflowId: t.f.workflowId,
    databaseId: t.w.alpha,
    archiveId: t.w.invoices,
    documentId: doc,
    userName: 'full.user',
    now,
  });
const act = (doc: number, nodeId: number, actionKey: string, userName = 'full.user', now = NOW + 60_000) =>
  takeQueueAction(repos, {
    databaseId: t.w.alpha,
    documentId: doc,
    workflowId: t.f.workflowId,
    nodeId,
    actionKey,
    userName,
    now,
  });
const history = (doc: number) =>
  (
    t.db
      .prepare(`SELECT message FROM audit WHERE database_id = ? AND document_id = ? ORDER BY id`)
      .all(t.w.alpha, doc) as { message: string }[]
  ).map((r) => r.message);
const value = (doc: number, field: number) =>
  t.db.prepare(`SELECT f_${field} AS v, archive_id AS a FROM doc_${t.w.alpha} WHERE id = ?`).get(doc) as {
    v: string | number;
    a: number;
  };
const doc = (i: number): number => t.f.docs[i] ?? 0;

describe('the workflow engine', () => {
  it('start and set-field run at once; the document rests in the first queue with its state and history', () => {
    const out = enter(doc(0));
    expect(out).toEqual({ processId: out.processId, nodeId: REVIEW, status: WorkflowState.Queued });
    expect(value(doc(0), t.w.vendor).v).toBe('Checked');
    expect(repos.docStates.ofDocument(t.w.alpha, doc(0))).toMatchObject({
      workflowStatus: WorkflowState.Queued,
      workflowName: 'Invoice Approval',
      workflowProcessId: out.processId,
      workflowQueue: 'Review',
      workflowSince: NOW,
    });
    const p = out.processId;
    expect(history(doc(0))).toEqual([
      `Global Action Entered: Invoice Approval (process ${p})`,
      `Processing: Mark checked (process ${p})`,
      `Queue Entered: Review (process ${p})`,
      `Waiting: Review (process ${p})`,
    ]);
  });

  it('a condition sends small amounts on (route to archive, end) and large ones to the next queue', () => {
    const small = enter(doc(0)).processId;
    enter(doc(1));
    expect(act(doc(0), REVIEW, 'approve')).toMatchObject({ nodeId: 0, status: WorkflowState.None });
    expect(value(doc(0), t.w.vendor).a).toBe(t.w.paid);
    expect(repos.docStates.ofDocument(t.w.alpha, doc(0))).toBeUndefined();
    expect(history(doc(0)).slice(4)).toEqual([
      `Action Taken: Approve in Review (process ${small})`,
      `Processing: Small amount (process ${small})`,
      `Processing: File as paid (process ${small})`,
      `Workflow Ended: Invoice Approval (process ${small})`,
    ]);
    expect(act(doc(1), REVIEW, 'approve')).toMatchObject({ nodeId: BIG, status: WorkflowState.Queued });
    expect(value(doc(1), t.w.vendor).a).toBe(t.w.invoices);
    expect(repos.docStates.ofDocument(t.w.alpha, doc(1))?.workflowQueue).toBe('Big');
    const run = repos.workflows.activeRun(t.w.alpha, doc(1));
    expect(run).toMatchObject({ nodeId: BIG, lastUser: 'full.user', since: NOW + 60_000 });
  });

  it('an end reached from a queue ends the run; the document may enter again as a new process', () => {
    const first = enter(doc(2)).processId;
    act(doc(2), REVIEW, 'exceptions');
    expect(act(doc(2), EXCEPTIONS, 'reject', 'web.user')).toMatchObject({ nodeId: 0 });
    expect(repos.workflows.run(first)).toMatchObject({
      status: 0,
      endedAt: NOW + 60_000,
      lastUser: 'web.user',
    });
    const again = enter(doc(2), NOW + 120_000).processId;
    expect(again).not.toBe(first);
    expect(repos.workflows.runsOfDocument(t.w.alpha, doc(2)).map((r) => r.status)).toEqual([0, 2]);
  });

  it('refuses a second entry while the document is inside, and an action on a task that moved', () => {
    enter(doc(0));
    expect(() => enter(doc(0))).toThrow(/already in a workflow/);
    act(doc(0), REVIEW, 'exceptions');
    let caught: unknown;
    try {
      act(doc(0), REVIEW, 'approve');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(DomainError);
    expect(caught).toMatchObject({ kind: 'conflict', body: { Message: TASK_MOVED_MESSAGE } });
    expect(repos.workflows.activeRun(t.w.alpha, doc(0))?.nodeId).toBe(EXCEPTIONS);
  });

  it('an unknown action changes nothing', () => {
    enter(doc(0));
    const before = history(doc(0));
    expect(() => act(doc(0), REVIEW, 'nope')).toThrow(/was not found/);
    expect(history(doc(0))).toEqual(before);
    expect(repos.workflows.activeRun(t.w.alpha, doc(0))?.version).toBe(4);
  });

  it('a document imported into a bound archive enters; other archives do not', () => {
    expect(
      enterBoundWorkflows(repos, {
        databaseId: t.w.alpha,
        archiveId: t.w.contracts,
        documentId: doc(4),
        userName: 'x',
        now: NOW,
      }),
    ).toBeUndefined();
    expect(
      enterBoundWorkflows(repos, {
        databaseId: t.w.alpha,
        archiveId: t.w.invoices,
        documentId: doc(4),
        userName: 'x',
        now: NOW,
      }),
    ).toMatchObject({ nodeId: REVIEW });
  });

  it('keeps the queue counts equal to the tasks waiting, whatever moved', () => {
    t.f.docs.forEach((d) => enter(d));
    act(doc(0), REVIEW, 'approve');
    act(doc(1), REVIEW, 'approve');
    act(doc(2), REVIEW, 'exceptions');
    act(doc(3), REVIEW, 'approve');
    act(doc(3), BIG, 'approve', 'dbadmin');
    const kept = t.db
      .prepare(
        `SELECT workflow_id, node_id, archive_id, count FROM workflow_queue_counts WHERE count > 0 ORDER BY 1, 2, 3`,
      )
      .all();
    const actual = t.db
      .prepare(
        `SELECT workflow_id, node_id, archive_id, count(*) AS count FROM workflow_runs WHERE status = 2
        GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
      )
      .all();
    expect(kept).toEqual(actual);
    expect(repos.workflows.queueCounts(t.f.workflowId).map((c) => [c.nodeId, c.count])).toEqual([
      [REVIEW, 2],
      [BIG, 1],
      [EXCEPTIONS, 1],
    ]);
  });

  it('a task follows its document moved to another archive, and ends when the document is deleted', () => {
    enter(doc(0));
    enter(doc(1));
    repos.documentOps.move(t.w.alpha, doc(0), t.w.contracts, NOW + 1);
    expect(repos.workflows.activeRun(t.w.alpha, doc(0))?.archiveId).toBe(t.w.contracts);
    expect(repos.workflows.archiveCounts(t.f.workflowId, REVIEW)).toEqual([
      { ArchiveId: t.w.invoices, Count: 1 },
      { ArchiveId: t.w.contracts, Count: 1 },
    ]);
    repos.documentOps.remove(t.w.alpha, doc(1));
    expect(repos.workflows.activeRun(t.w.alpha, doc(1))).toBeUndefined();
    expect(repos.workflows.archiveCounts(t.f.workflowId, REVIEW)).toEqual([
      { ArchiveId: t.w.contracts, Count: 1 },
    ]);
    // the task moved with its document is still taken where it now is
    expect(act(doc(0), REVIEW, 'exceptions')).toMatchObject({ nodeId: EXCEPTIONS });
  });

  it('conditions compare numbers as numbers and text without case', () => {
    const node = (Operator: number, Value: string) => ({
      Id: 1,
      Type: N.Condition,
      Name: 'c',
      Operator,
      Value,
    });
    expect(conditionHolds(node(Operator.LessOrEqual, '100'), 99.5)).toBe(true);
    expect(conditionHolds(node(Operator.LessOrEqual, '100'), 1000)).toBe(false);
    expect(conditionHolds(node(Operator.GreaterOrEqual, '5000'), '5000')).toBe(true);
    expect(conditionHolds(node(Operator.Equals, 'acme'), 'ACME')).toBe(true);
    expect(conditionHolds(node(Operator.NotEqual, 'acme'), 'Other')).toBe(true);
    expect(conditionHolds(node(Operator.Contains, 'cm'), 'Acme')).toBe(true);
    expect(conditionHolds(node(Operator.IsEmpty, ''), null)).toBe(true);
    expect(conditionHolds(node(Operator.IsNotEmpty, ''), ['', 'x'])).toBe(true);
    expect(conditionHolds(node(Operator.Equals, 'b'), ['a', 'b'])).toBe(true);
  });
});
