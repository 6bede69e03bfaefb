import { beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { SearchResult } from '@gs/contract/searches';
import { TASK_MOVED_MESSAGE, type WorkflowQueue } from '@gs/contract/workflow';
import { API, basic } from '../../testing/testApp';
import {
  BIG,
  EXCEPTIONS,
  REVIEW,
  actionKey,
  hashOf,
  makeWorkflowApp,
  putAction,
  queueKey,
  type WorkflowTestApp,
} from '../../testing/workflowWorld';

let t: WorkflowTestApp;

beforeEach(() => {
  t = makeWorkflowApp((db, w) => {
    // full.user delegates to nobody (who then works full.user's queues)
    db.prepare(`UPDATE users SET can_delegate = 1 WHERE id = ?`).run(w.full);
    db.prepare(`INSERT INTO delegations (user_id, active) VALUES (?, 1)`).run(w.full);
    db.prepare(`INSERT INTO delegates (user_id, delegate_id) VALUES (?, ?)`).run(w.full, w.nobody);
    db.prepare(
      `INSERT INTO database_security (database_id, principal_type, principal_id, level) VALUES (?, 1, ?, 0)`,
    ).run(w.alpha, w.nobody);
    db.prepare(
      `INSERT INTO archive_security (archive_id, principal_type, principal_id, permissions) VALUES (?, 1, ?, 1)`,
    ).run(w.invoices, w.nobody);
  });
});

const get = (path: string, query: Record<string, string | number>, user = 'full.user') =>
  request(t.app).get(`${API}${path}`).query(query).set('Authorization', basic(user));

const enter = (docs: number[], user = 'full.user') =>
  request(t.app)
    .post(`${API}workflowdesigner/documents`)
    .query({ dbid: t.w.alpha, workflowid: t.f.workflowId, archiveid: t.w.invoices })
    .set('Authorization', basic(user))
    .send(Object.fromEntries(docs.map((d) => [String(d), hashOf(t, d)])));

const queues = async (user: string): Promise<WorkflowQueue[]> =>
  (await get('workflowdesigner', { dbid: t.w.alpha, nodeType: 'queue' }, user).expect(200))
    .body as WorkflowQueue[];

const tasks = (query: Record<string, string | number>, user = 'full.user') =>
  get(
    `dbs/${t.w.alpha}/searches`,
    { workflowId: t.f.workflowId, queueKey: queueKey(t, REVIEW), ...query },
    user,
  );

describe('queues of the caller (workflowdesigner?nodeType=queue)', () => {
  it('lists the queues a user works directly, through a group or as a delegate, with counts', async () => {
    expect(await enter(t.f.docs).expect(200)).toHaveProperty('body', t.f.docs.length);
    const review = await queues('full.user');
    expect(review).toEqual([
      {
        Key: queueKey(t, REVIEW),
        WorkflowId: t.f.workflowId,
        Name: 'Review',
        WorkflowName: 'Invoice Approval',
        Visible: true,
        ProcessIDs: expect.any(Array) as unknown,
        Id: REVIEW,
        Count: t.f.docs.length,
      },
    ]);
    expect(review[0]?.ProcessIDs).toHaveLength(t.f.docs.length);
    expect((await queues('grouped')).map((q) => q.Name)).toEqual(['Review']);
    expect((await queues('nobody')).map((q) => q.Name)).toEqual(['Review']);
    expect((await queues('web.user')).map((q) => [q.Name, q.Count])).toEqual([['Exceptions', 0]]);
    expect(await queues('reader')).toEqual([]);
  });

  it('refuses a missing or unseen database and another nodeType', async () => {
    await get('workflowdesigner', { nodeType: 'queue' }).expect(400);
    await get('workflowdesigner', { dbid: 'x', nodeType: 'queue' }).expect(400);
    await get('workflowdesigner', { dbid: t.w.beta, nodeType: 'queue' }, 'web.user').expect(404);
    const res = await get('workflowdesigner', { dbid: t.w.alpha, nodeType: 'start' }).expect(400);
    expect(res.body).toHaveProperty('Message');
  });
});

describe('task results (GET dbs/{db}/searches with workflowId and queueKey)', () => {
  it('answers the counts per archive and a page of tasks as a SearchResult', async () => {
    await enter(t.f.docs).expect(200);
    const counts = await tasks({ count: 'true' }).expect(200);
    expect(counts.body).toEqual([{ ArchiveId: t.w.invoices, Count: t.f.docs.length }]);
    const page = await tasks({ ArchiveId: t.w.invoices, Page: 2, RecordsPerPage: 4 }).expect(200);
    const result = page.body as SearchResult;
    expect(result.Count).toBe(t.f.docs.length);
    expect(result.WorkflowStatus).toBe(2);
    expect(result.Docs.map((d) => d.Id)).toEqual(t.f.docs.slice(4));
    expect(result.Fields.map((f) => f.ID)).toEqual([t.w.vendor, t.w.amount]);
    expect(result.Docs[0]?.Hash).toBe(hashOf(t, t.f.docs[4] ?? 0));
    const sorted = await tasks({
      ArchiveId: t.w.invoices,
      Sort: `${t.w.amount} DESC`,
      RecordsPerPage: 2,
    }).expect(200);
    expect((sorted.body as SearchResult).Docs.map((d) => d.Fields[1]?.VAL)).toEqual(['5000', '900']);
  });

  it('keeps the saved-searches list unchanged without the queue keys', async () => {
    const res = await get(`dbs/${t.w.alpha}/searches`, {}).expect(200);
    expect(Array.isArray(res.body)).toBe(true);
  });

  it('hides queues the caller does not work and archives they cannot view; refuses bad keys', async () => {
    await enter(t.f.docs).expect(200);
    await tasks({ count: 'true' }, 'web.user').expect(404);
    await tasks({ count: 'true' }, 'reader').expect(404);
    await tasks({ ArchiveId: t.w.open }).expect(404);
    await tasks({ ArchiveId: 'x' }).expect(400);
    await tasks({}).expect(400);
    await tasks({ ArchiveId: t.w.invoices, Sort: 'Nope' }).expect(400);
    await tasks({ ArchiveId: t.w.invoices, RecordsPerPage: 0 }).expect(400);
    await get(`dbs/${t.w.alpha}/searches`, { workflowId: t.f.workflowId }).expect(400);
    await get(`dbs/${t.w.alpha}/searches`, { workflowId: 'x', queueKey: queueKey(t, REVIEW) }).expect(400);
    await get(`dbs/${t.w.alpha}/searches`, {
      workflowId: t.f.workflowId + 1,
      queueKey: queueKey(t, REVIEW),
    }).expect(404);
  });
});

describe('queue actions through useraction', () => {
  it("GET useraction of a waiting document answers its queue's actions to those who work it", async () => {
    const [doc] = t.f.docs as [number];
    await enter([doc]).expect(200);
    const query = { Database: t.w.alpha, Archive: t.w.invoices, Document: doc, SecureId: hashOf(t, doc) };
    const res = await get('useraction', query).expect(200);
    expect(res.body).toMatchObject({
      Key: queueKey(t, REVIEW),
      Name: 'Review',
      UsersAndGroups: 'full.user, Accounting',
      Actions: [
        { Name: 'Approve', Key: actionKey(t, REVIEW, 'approve') },
        { Name: 'Send to exceptions', Key: actionKey(t, REVIEW, 'exceptions') },
      ],
    });
    // web.user does not work Review: the archive's user actions
    expect((await get('useraction', query, 'web.user').expect(200)).body).toMatchObject({
      Key: `${t.w.alpha}:${t.w.invoices}`,
    });
  });

  it('moves many tasks, each on its own; a task moved first is reported, nothing else lost', async () => {
    await enter(t.f.docs).expect(200);
    const [a, b, c] = t.f.docs as [number, number, number];
    await putAction(t, actionKey(t, REVIEW, 'exceptions'), [b]).expect(200);
    const res = await putAction(t, actionKey(t, REVIEW, 'approve'), [a, b, c]).expect(200);
    expect(res.body).toEqual({ Moved: 2, Failed: [{ DocumentId: b, Message: TASK_MOVED_MESSAGE }] });
    const all = await putAction(t, actionKey(t, REVIEW, 'approve'), [a, b]).expect(409);
    expect(all.body).toMatchObject({ Message: TASK_MOVED_MESSAGE, Moved: 0 });
    expect((await queues('web.user'))[0]?.Count).toBe(1);
    expect((await queues('dbadmin')).find((q) => q.Id === BIG)?.Count).toBe(0);
    expect((await queues('full.user'))[0]?.Count).toBe(t.f.docs.length - 3);
  });

  it('two users acting on the same task at once: one moves it, the other gets 409', async () => {
    const [doc] = t.f.docs as [number];
    await enter([doc]).expect(200);
    const [one, two] = await Promise.all([
      putAction(t, actionKey(t, REVIEW, 'approve'), [doc]),
      putAction(t, actionKey(t, REVIEW, 'exceptions'), [doc], 'grouped'),
    ]);
    expect([one.status, two.status].sort()).toEqual([200, 409]);
    const loser = one.status === 409 ? one : two;
    expect(loser.body).toHaveProperty('Message', TASK_MOVED_MESSAGE);
    const taken = t.db
      .prepare(`SELECT count(*) FROM audit WHERE document_id = ? AND message LIKE 'Action Taken:%'`)
      .pluck()
      .get(doc);
    expect(taken).toBe(1);
  });

  it('refuses queue actions of queues the caller does not work, unknown actions and a read-only licence', async () => {
    const [doc] = t.f.docs as [number];
    await enter([doc]).expect(200);
    await putAction(t, actionKey(t, REVIEW, 'approve'), [doc], 'web.user').expect(404);
    await putAction(t, actionKey(t, REVIEW, 'nope'), [doc]).expect(404);
    await putAction(t, actionKey(t, EXCEPTIONS, 'reject'), [doc]).expect(404);
    await putAction(t, actionKey(t, REVIEW, 'approve'), [doc], 'reader').expect(403);
    const bad = await request(t.app)
      .put(`${API}useraction`)
      .query({ Database: t.w.alpha, Archive: t.w.invoices, ActionID: actionKey(t, REVIEW, 'approve') })
      .set('Authorization', basic('full.user'))
      .send({ [doc]: 'wrong' })
      .expect(403);
    expect(bad.body).toHaveProperty('Message');
    expect((await queues('full.user'))[0]?.Count).toBe(1);
  });

  it('POST useraction takes a queue action on one document', async () => {
    const [doc] = t.f.docs as [number];
    await enter([doc]).expect(200);
    const post = (user: string) =>
      request(t.app)
        .post(`${API}useraction`)
        .query({
          Database: t.w.alpha,
          Archive: t.w.invoices,
          Document: doc,
          ActionId: actionKey(t, REVIEW, 'approve'),
          SecureId: hashOf(t, doc),
        })
        .set('Authorization', basic(user));
    expect((await post('full.user').expect(200)).body).toEqual({ Moved: 1, Failed: [] });
    expect((await post('full.user').expect(409)).body).toHaveProperty('Message', TASK_MOVED_MESSAGE);
  });

  it('a user action bound to the workflow puts documents in; those already inside are left out', async () => {
    t.db
      .prepare(
        `INSERT INTO user_actions (database_id, archive_id, action_key, name, process_id, workflow_id)
        VALUES (?, ?, 'send', 'Send for Approval', 7, ?)`,
      )
      .run(t.w.alpha, t.w.invoices, t.f.workflowId);
    const [a, b] = t.f.docs as [number, number];
    expect((await putAction(t, 'send', [a]).expect(200)).body).toBe(1);
    expect((await putAction(t, 'send', [a, b]).expect(200)).body).toBe(1);
    expect((await putAction(t, 'send', [a, b]).expect(409)).body).toHaveProperty('Message');
    expect((await queues('full.user'))[0]?.Count).toBe(2);
  });
});

describe('export of documents in a workflow', () => {
  it('is refused with 409 and the key the client translates', async () => {
    const [doc] = t.f.docs as [number];
    await enter([doc]).expect(200);
    const res = await request(t.app)
      .post(`${API}dbs/${t.w.alpha}/export`)
      .set('Authorization', basic('full.user'))
      .send([{ Archive: t.w.invoices, Id: doc, Hash: hashOf(t, doc) }])
      .expect(409);
    expect(res.body).toEqual({
      Message: expect.any(String) as unknown,
      Key: 'ERROR_EXPORT_IN_WORKFLOW',
    });
    t.db
      .prepare(`UPDATE pdf_workflow_states SET pdf_pending = 1 WHERE database_id = ? AND doc_id = ?`)
      .run(t.w.alpha, doc);
    const both = await request(t.app)
      .post(`${API}dbs/${t.w.alpha}/export/xlsx`)
      .set('Authorization', basic('full.user'))
      .send({ Documents: [{ Archive: t.w.invoices, Id: doc }] })
      .expect(409);
    expect(both.body).toHaveProperty('Key', 'ERROR_EXPORT_PDF_WORKFLOW_PENDING');
  });
});
