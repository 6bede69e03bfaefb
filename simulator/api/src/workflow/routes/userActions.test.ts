// User actions (spec §7, wire §2.5): the list an archive offers the caller, starts with PUT and
// POST, and who may run one (decision 048): the action lists the user or one of their groups (or
// nobody), and the user holds Modify data on the archive.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import { addGroup } from '@gs/simulator-fixtures/builders';
import { docHash, makeDocOpsApp, type DocOpsTestApp } from '../../testing/docOpsWorld';
import { API, basic } from '../../testing/testApp';
import { rmSync } from 'node:fs';

let t: DocOpsTestApp;

beforeEach(() => {
  t = makeDocOpsApp();
  // full.user is a clerk; grouped (Accounting) views Invoices without Modify data; web.user
  // views and modifies Invoices but is in neither group
  addGroup(t.db, 'Clerks', [t.w.full]);
  const add = t.db.prepare(`INSERT INTO user_actions
    (database_id, archive_id, action_key, name, process_id, users_and_groups) VALUES (?, ?, ?, ?, ?, ?)`);
  add.run(t.w.alpha, t.w.invoices, 'approve', 'Send for Approval', 41, 'clerks, Accounting');
  add.run(t.w.alpha, 0, 'w9', 'Request Vendor W-9', 42, '');
  add.run(t.w.alpha, t.d.filed, 'file-only', 'Only in Filed', 43, '');
  add.run(t.w.alpha, t.w.invoices, 'web', 'Web only', 44, ' web.user ');
});
afterEach(() => rmSync(t.d.dataDir, { recursive: true, force: true }));

const list = (query: Record<string, string | number>, user = 'full.user') =>
  request(t.app).get(`${API}useraction`).query(query).set('Authorization', basic(user));
const put = (query: Record<string, string | number>, body: unknown, user = 'full.user') =>
  request(t.app)
    .put(`${API}useraction`)
    .query(query)
    .set('Authorization', basic(user))
    .send(body as object);
const runs = () =>
  t.db.prepare(`SELECT document_id AS d, action_id AS a FROM user_action_runs ORDER BY id`).all();

describe('GET useraction', () => {
  it("lists the archive's own and the database-wide actions as a queue object", async () => {
    const res = await list({ Database: t.w.alpha, Archive: t.w.invoices }).expect(200);
    expect(res.body).toEqual({
      Key: `${t.w.alpha}:${t.w.invoices}`,
      ProcessId: 42,
      Name: 'Invoices',
      UsersAndGroups: 'clerks, Accounting',
      Actions: [
        { Name: 'Request Vendor W-9', Key: 'w9' },
        { Name: 'Send for Approval', Key: 'approve' },
      ],
    });
    const doc = await list({
      database: t.w.alpha,
      archive: t.w.invoices,
      document: t.d.docA,
      secureid: docHash(t, t.d.docA),
    }).expect(200);
    expect((doc.body as { Actions: unknown[] }).Actions).toHaveLength(2);
  });

  it('refuses bad ids, unseen archives and a wrong hash', async () => {
    await list({ Archive: t.w.invoices }).expect(400);
    await list({ Database: 'x', Archive: t.w.invoices }).expect(400);
    await list({ Database: t.w.alpha, Archive: 99999 }).expect(404);
    await list({ Database: t.w.alpha, Archive: t.w.open }).expect(404);
    await list({ Database: t.w.alpha, Archive: t.w.invoices }, 'nobody').expect(404);
    await list({ Database: t.w.alpha, Archive: t.w.invoices, Document: t.d.docA, SecureId: 'bad' }).expect(
      403,
    );
  });
});

describe('who may run a user action', () => {
  const q = (ActionID: string) => ({ Database: t.w.alpha, Archive: t.w.invoices, ActionID });
  const body = () => ({ [t.d.docA]: docHash(t, t.d.docA) });

  it('lists to each user only the actions they may run', async () => {
    const names = async (user: string) =>
      (
        (await list({ Database: t.w.alpha, Archive: t.w.invoices }, user).expect(200)).body as {
          Actions: { Key: string }[];
        }
      ).Actions.map((a) => a.Key);
    expect(await names('full.user')).toEqual(['w9', 'approve']);
    expect(await names('web.user')).toEqual(['w9', 'web']);
    expect(await names('grouped')).toEqual([]);
  });

  it('refuses a user the action does not name, with 403 and a Message, starting nothing', async () => {
    const res = await put(q('approve'), body(), 'web.user').expect(403);
    expect(res.body).toEqual({
      Message: "You are not one of the users or groups who may run the user action 'Send for Approval'.",
    });
    await request(t.app)
      .post(`${API}useraction`)
      .query({ ...q('web'), Document: t.d.docA, SecureId: docHash(t, t.d.docA) })
      .set('Authorization', basic('full.user'))
      .expect(403);
    expect(runs()).toHaveLength(0);
  });

  it('refuses a named user (through a group) without Modify data on the archive', async () => {
    const res = await put(q('approve'), body(), 'grouped').expect(403);
    expect(res.body).toEqual({
      Message: "You do not have permission to run user actions or workflows in archive 'Invoices'.",
    });
    await put(q('w9'), body(), 'grouped').expect(403);
    expect(runs()).toHaveLength(0);
  });

  it('lets a user the action names run it, directly or through a group, and anyone with Modify data one that names nobody', async () => {
    expect((await put(q('web'), body(), 'web.user').expect(200)).body).toBe(1);
    expect((await put(q('approve'), body(), 'full.user').expect(200)).body).toBe(1);
    expect((await put(q('w9'), body(), 'web.user').expect(200)).body).toBe(1);
    expect(runs()).toHaveLength(3);
  });
});

describe('PUT useraction', () => {
  const q = () => ({ Database: t.w.alpha, Archive: t.w.invoices, ActionID: 'approve' });

  it('starts the action on every document of the body, with a history entry each', async () => {
    const body = { [t.d.docA]: docHash(t, t.d.docA), [t.d.shared]: docHash(t, t.d.shared) };
    const res = await put(q(), body).expect(200);
    expect(res.body).toBe(2);
    expect(runs()).toHaveLength(2);
    const history = await request(t.app)
      .get(`${API}dbs/${t.w.alpha}/archives/${t.w.invoices}/documents/${t.d.docA}/audit`)
      .query({ SecureId: docHash(t, t.d.docA) })
      .set('Authorization', basic('full.user'))
      .expect(200);
    expect(JSON.stringify(history.body)).toContain('Global Action Entered: Send for Approval');
  });

  it('starts one on one document with POST (HL)', async () => {
    await request(t.app)
      .post(`${API}useraction`)
      .query({ ...q(), ActionId: 'w9', Document: t.d.docC, SecureId: docHash(t, t.d.docC) })
      .set('Authorization', basic('full.user'))
      .expect(200, '1');
  });

  it('refuses unknown actions, bad bodies, wrong hashes and a read-only licence, starting nothing', async () => {
    const good = { [t.d.docA]: docHash(t, t.d.docA) };
    await put({ ...q(), ActionID: 'file-only' }, good).expect(404);
    await put({ ...q(), ActionID: '' }, good).expect(400);
    await put(q(), {}).expect(400);
    await put(q(), [1, 2]).expect(400);
    await put(q(), { abc: 'x' }).expect(400);
    await put(q(), { ...good, [t.d.shared]: 'wrong' }).expect(403);
    await put(q(), { ...good, 987654: 'x' }).expect(404);
    await put(q(), good, 'reader').expect(403);
    expect(runs()).toHaveLength(0);
  });
});
