import { beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { WorkflowDefinition, WorkflowSummary } from '@gs/contract/workflow';
import { API, basic } from '../../testing/testApp';
import {
  REVIEW,
  hashOf,
  makeWorkflowApp,
  queueKey,
  workflowDefinition,
  type WorkflowTestApp,
} from '../../testing/workflowWorld';

let t: WorkflowTestApp;

beforeEach(() => {
  t = makeWorkflowApp();
});

const call = (
  method: 'get' | 'post' | 'delete',
  path: string,
  query: Record<string, string | number>,
  user: string,
) => request(t.app)[method](`${API}${path}`).query(query).set('Authorization', basic(user));
const save = (body: unknown, user = 'dbadmin', query: Record<string, string | number> = {}) =>
  call('post', 'workflowdesigner', { dbid: t.w.alpha, ...query }, user).send(body as object);
const enter = (doc: number) =>
  call(
    'post',
    'workflowdesigner/documents',
    { dbid: t.w.alpha, workflowid: t.f.workflowId, archiveid: t.w.invoices },
    'full.user',
  ).send({
    [doc]: hashOf(t, doc),
  });

describe('GET workflowdesigner', () => {
  it("lists the database's workflows with their queues and counts, and one definition", async () => {
    await enter(t.f.docs[0] ?? 0).expect(200);
    const list = await call('get', 'workflowdesigner', { dbid: t.w.alpha }, 'full.user').expect(200);
    const [summary] = list.body as WorkflowSummary[];
    expect(summary).toEqual({
      Id: t.f.workflowId,
      Name: 'Invoice Approval',
      BoundArchives: [t.w.invoices],
      Queues: [
        { Key: queueKey(t, REVIEW), Name: 'Review', Count: 1 },
        { Key: queueKey(t, 5), Name: 'Big', Count: 0 },
        { Key: queueKey(t, 6), Name: 'Exceptions', Count: 0 },
      ],
    });
    const one = await call(
      'get',
      'workflowdesigner',
      { dbid: t.w.alpha, workflowid: t.f.workflowId },
      'reader',
    ).expect(200);
    expect(one.body).toEqual({ ...workflowDefinition(t.w), Id: t.f.workflowId });
  });

  it('404 for an unseen database or an unknown workflow; 400 for bad ids', async () => {
    await call('get', 'workflowdesigner', { dbid: t.w.alpha }, 'nobody').expect(404);
    await call('get', 'workflowdesigner', { dbid: t.w.alpha, workflowid: 999 }, 'full.user').expect(404);
    await call('get', 'workflowdesigner', { dbid: t.w.beta, workflowid: t.f.workflowId }, 'full.user').expect(
      404,
    );
    await call('get', 'workflowdesigner', { dbid: 'x' }, 'full.user').expect(400);
    await call('get', 'workflowdesigner', {}, 'full.user').expect(400);
  });
});

describe('POST and DELETE workflowdesigner', () => {
  const simple = (name: string): WorkflowDefinition => ({
    Id: 0,
    Name: name,
    BoundArchives: [],
    Nodes: [
      { Id: 1, Type: 'start', Name: 'Start', Next: 2 },
      {
        Id: 2,
        Type: 'queue',
        Name: 'Inbox',
        UsersAndGroups: ['web.user'],
        Actions: [{ Key: 'done', Name: 'Done', Next: 3 }],
      },
      { Id: 3, Type: 'end', Name: 'End' },
    ],
  });

  it('creates, updates and deletes a workflow (database administrator)', async () => {
    const created = (await save(simple('Onboarding')).expect(200)).body as WorkflowDefinition;
    expect(created).toMatchObject({ Name: 'Onboarding', Nodes: simple('x').Nodes });
    expect(created.Id).toBeGreaterThan(0);
    const renamed = await save({ ...created, Name: 'Onboarding 2' }).expect(200);
    expect(renamed.body).toMatchObject({ Id: created.Id, Name: 'Onboarding 2' });
    await call('delete', 'workflowdesigner', { dbid: t.w.alpha, workflowid: created.Id }, 'dbadmin').expect(
      200,
    );
    await call('get', 'workflowdesigner', { dbid: t.w.alpha, workflowid: created.Id }, 'dbadmin').expect(404);
  });

  it('needs a database administrator with a licence that may write', async () => {
    await save(simple('A'), 'full.user').expect(403);
    await save(simple('A'), 'reader').expect(403);
    await call(
      'delete',
      'workflowdesigner',
      { dbid: t.w.alpha, workflowid: t.f.workflowId },
      'full.user',
    ).expect(403);
    expect((await save(simple('A'), 'SSAdministrator').expect(200)).body).toHaveProperty('Name', 'A');
  });

  it('refuses bad definitions, changing nothing', async () => {
    const base = simple('Bad');
    const bad: unknown[] = [
      undefined,
      [],
      { Name: 'x' },
      { ...base, Name: '' },
      { ...base, Nodes: [base.Nodes[1], base.Nodes[2]] },
      { ...base, Nodes: [...base.Nodes, { Id: 2, Type: 'end', Name: 'Dup' }] },
      { ...base, Nodes: [{ ...base.Nodes[0], Next: 99 }, base.Nodes[1], base.Nodes[2]] },
      { ...base, Nodes: [...base.Nodes, { Id: 4, Type: 'nope', Name: 'x' }] },
      { ...base, BoundArchives: [t.w.orders] },
      {
        ...base,
        Nodes: [...base.Nodes, { Id: 4, Type: 'routeToArchive', Name: 'r', ArchiveId: t.w.orders, Next: 3 }],
      },
      { ...base, Nodes: [...base.Nodes, { Id: 4, Type: 'setField', Name: 's', FieldId: 99999, Next: 3 }] },
      {
        ...base,
        Nodes: [
          { Id: 1, Type: 'start', Name: 'Start', Next: 2 },
          { Id: 2, Type: 'setField', Name: 'a', FieldId: t.w.vendor, Value: 'x', Next: 4 },
          {
            Id: 4,
            Type: 'condition',
            Name: 'loop',
            FieldId: t.w.vendor,
            Operator: 1,
            Value: 'x',
            True: 2,
            False: 3,
          },
          { Id: 3, Type: 'end', Name: 'End' },
        ],
      },
    ];
    for (const body of bad) {
      const res = await save(body).expect(400);
      expect(res.body).toHaveProperty('Message');
    }
    const dup = await save(simple('Invoice Approval')).expect(409);
    expect(dup.body).toHaveProperty('Message');
    const list = await call('get', 'workflowdesigner', { dbid: t.w.alpha }, 'dbadmin').expect(200);
    expect((list.body as unknown[]).length).toBe(1);
  });

  it('keeps a workflow, or a queue, that still holds tasks', async () => {
    await enter(t.f.docs[0] ?? 0).expect(200);
    await call(
      'delete',
      'workflowdesigner',
      { dbid: t.w.alpha, workflowid: t.f.workflowId },
      'dbadmin',
    ).expect(409);
    const def = workflowDefinition(t.w);
    const withoutReview = {
      ...def,
      Id: t.f.workflowId,
      Nodes: def.Nodes.filter((n) => n.Id !== REVIEW).map((n) => (n.Id === 2 ? { ...n, Next: 5 } : n)),
    };
    await save(withoutReview).expect(409);
    await call('delete', 'workflowdesigner', { dbid: t.w.alpha, workflowid: 999 }, 'dbadmin').expect(404);
  });
});

describe('adminFields, FreeForms and documents by API', () => {
  it("answers the fields a node may name and the database's queue actions", async () => {
    const all = await call('get', 'workflowdesigner/adminFields', { dbid: t.w.alpha }, 'dbadmin').expect(200);
    expect(all.body).toEqual(expect.arrayContaining([{ Id: t.w.amount, Name: 'Amount', Type: 4 }]));
    const archive = await call(
      'get',
      'workflowdesigner/adminFields',
      { dbid: t.w.alpha, archiveid: t.w.open },
      'dbadmin',
    ).expect(200);
    expect(archive.body).toEqual([{ Id: t.w.vendor, Name: 'Vendor', Type: 1 }]);
    await call(
      'get',
      'workflowdesigner/adminFields',
      { dbid: t.w.alpha, archiveid: t.w.orders },
      'dbadmin',
    ).expect(404);
    await call('get', 'workflowdesigner/adminFields', { dbid: t.w.alpha }, 'full.user').expect(403);
    const forms = await call('get', 'workflowdesigner/FreeForms', { dbid: t.w.alpha }, 'dbadmin').expect(200);
    expect(forms.body).toContainEqual({
      WorkflowId: t.f.workflowId,
      QueueKey: queueKey(t, REVIEW),
      Key: 'approve',
      Name: 'Approve',
    });
    await call('get', 'workflowdesigner/FreeForms', { dbid: t.w.alpha }, 'web.user').expect(403);
  });

  it('puts documents into a workflow by API, refusing bad input without starting any', async () => {
    const [a, b] = t.f.docs as [number, number];
    const post = (query: Record<string, string | number>, body: unknown, user = 'full.user') =>
      call(
        'post',
        'workflowdesigner/documents',
        { dbid: t.w.alpha, workflowid: t.f.workflowId, archiveid: t.w.invoices, ...query },
        user,
      ).send(body as object);
    await post({}, { [a]: hashOf(t, a), [b]: 'wrong' }).expect(403);
    await post({}, { [a]: hashOf(t, a), 99999: 'x' }).expect(404);
    await post({}, []).expect(400);
    await post({ workflowid: 999 }, { [a]: hashOf(t, a) }).expect(404);
    await post({ archiveid: t.w.open }, { [a]: hashOf(t, a) }).expect(404);
    await post({}, { [a]: hashOf(t, a) }, 'reader').expect(403);
    expect(t.db.prepare(`SELECT count(*) FROM workflow_runs`).pluck().get()).toBe(0);
    expect((await post({}, { [a]: hashOf(t, a), [b]: hashOf(t, b) }).expect(200)).body).toBe(2);
    await post({}, { [a]: hashOf(t, a) }).expect(409);
  });

  it('starts a workflow not bound to the archive only for an administrator of the database', async () => {
    const [a, b] = t.f.docs as [number, number];
    // a second workflow, bound to Paid only
    const other = await save({ ...workflowDefinition(t.w), Name: 'Other', BoundArchives: [t.w.paid] }).expect(
      200,
    );
    const otherId = (other.body as { Id: number }).Id;
    const post = (doc: number, user: string) =>
      call(
        'post',
        'workflowdesigner/documents',
        { dbid: t.w.alpha, workflowid: otherId, archiveid: t.w.invoices },
        user,
      ).send({ [doc]: hashOf(t, doc) });
    const refused = await post(a, 'full.user').expect(403);
    expect(refused.body).toEqual({
      Message:
        "The workflow 'Other' is not bound to archive 'Invoices'; only an administrator of the database may start it there.",
    });
    expect(t.db.prepare(`SELECT count(*) FROM workflow_runs`).pluck().get()).toBe(0);
    expect((await post(a, 'dbadmin').expect(200)).body).toBe(1);
    // the workflow bound to the archive: a user with Modify data starts it, one without may not
    await enter(b).expect(200);
    const viewer = await call(
      'post',
      'workflowdesigner/documents',
      { dbid: t.w.alpha, workflowid: t.f.workflowId, archiveid: t.w.invoices },
      'grouped',
    )
      .send({ [b]: hashOf(t, b) })
      .expect(403);
    expect(viewer.body).toHaveProperty('Message');
  });
});
