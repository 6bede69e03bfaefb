// The workflow tests' world (issue 14): the shared World plus invoices in Alpha's Invoices archive
// and one workflow that uses every node kind —
//   1 start -> 2 set Vendor 'Checked' -> 3 queue Review (full.user, group Accounting)
//   Review: approve -> 4 condition Amount <= 100 (true -> 7 route to Paid -> 8 end; false -> 5)
//           exceptions -> 6 queue Exceptions (web.user): reject -> 8 end
//   5 queue Big (dbadmin): approve -> 8 end
import request from 'supertest';
import { documentInserter } from '@gs/simulator-fixtures/builders';
import { Operator } from '@gs/contract/flags';
import { WorkflowNodeType as N, type WorkflowDefinition } from '@gs/contract/workflow';
import type { Db } from '../db/connection';
import { createRepos } from '../db/repos';
import { secureId } from '../security/repos/secureIds';
import { API, basic, makeSeededWorldApp, type TestApp, type World } from './testApp';

export interface WorkflowWorld {
  workflowId: number;
  /** invoices with amounts 50, 500, 75, 5000, ... (index i: amount AMOUNTS[i]) */
  docs: number[];
}

export const AMOUNTS = [50, 500, 75, 5000, 20, 900];
export const REVIEW = 3;
export const BIG = 5;
export const EXCEPTIONS = 6;

export function workflowDefinition(w: World): WorkflowDefinition {
  return {
    Id: 0,
    Name: 'Invoice Approval',
    BoundArchives: [w.invoices],
    Nodes: [
      { Id: 1, Type: N.Start, Name: 'Start', Next: 2 },
      { Id: 2, Type: N.SetField, Name: 'Mark checked', FieldId: w.vendor, Value: 'Checked', Next: REVIEW },
      {
        Id: REVIEW,
        Type: N.Queue,
        Name: 'Review',
        UsersAndGroups: ['full.user', 'Accounting'],
        Actions: [
          { Key: 'approve', Name: 'Approve', Next: 4 },
          { Key: 'exceptions', Name: 'Send to exceptions', Next: EXCEPTIONS },
        ],
      },
      {
        Id: 4,
        Type: N.Condition,
        Name: 'Small amount',
        FieldId: w.amount,
        Operator: Operator.LessOrEqual,
        Value: '100',
        True: 7,
        False: BIG,
      },
      {
        Id: BIG,
        Type: N.Queue,
        Name: 'Big',
        UsersAndGroups: ['dbadmin'],
        Actions: [{ Key: 'approve', Name: 'Approve', Next: 8 }],
      },
      {
        Id: EXCEPTIONS,
        Type: N.Queue,
        Name: 'Exceptions',
        UsersAndGroups: ['web.user'],
        Actions: [{ Key: 'reject', Name: 'Reject', Next: 8 }],
      },
      { Id: 7, Type: N.RouteToArchive, Name: 'File as paid', ArchiveId: w.paid, Next: 8 },
      { Id: 8, Type: N.End, Name: 'End' },
    ],
  };
}

/** The invoices and the workflow, in a copy of testApp's world. */
export function seedWorkflow(db: Db, w: World, definition = workflowDefinition(w)): WorkflowWorld {
  const insert = documentInserter(db, w.alpha, [w.vendor, w.amount]);
  const docs = AMOUNTS.map((amount, i) =>
    insert({
      archiveId: w.invoices,
      filePath: '',
      fileType: '.pdf',
      fileSize: 0,
      pageCount: 1,
      createdAt: 0,
      values: { [w.vendor]: `Vendor ${i}`, [w.amount]: amount },
    }),
  );
  const workflowId = createRepos(db).workflows.save(w.alpha, definition);
  return { workflowId, docs };
}

export type WorkflowTestApp = TestApp & { w: World; f: WorkflowWorld };

const seedDefaultWorkflow = (db: Db, w: World): WorkflowWorld => seedWorkflow(db, w);

export function makeWorkflowApp(extra: (db: Db, w: World) => void = () => {}): WorkflowTestApp {
  const { seeded, ...t } = makeSeededWorldApp(seedDefaultWorkflow, {}, (db, w) => extra(db, w));
  return { ...t, f: seeded };
}

export const hashOf = (t: WorkflowTestApp, doc: number): string => secureId(t.secret, 'doc', t.w.alpha, doc);

/** PUT useraction as `user` with the documents' id -> hash map. */
export const putAction = (t: WorkflowTestApp, actionId: string, docs: number[], user = 'full.user') =>
  request(t.app)
    .put(`${API}useraction`)
    .query({ Database: t.w.alpha, Archive: t.w.invoices, ActionID: actionId })
    .set('Authorization', basic(user))
    .send(Object.fromEntries(docs.map((d) => [String(d), hashOf(t, d)])));

export const queueKey = (t: WorkflowTestApp, node: number): string => `${t.f.workflowId}:${node}`;
export const actionKey = (t: WorkflowTestApp, node: number, action: string): string =>
  `${queueKey(t, node)}:${action}`;
