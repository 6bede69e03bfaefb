import { beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import { DELEGATION_FORBIDDEN, readOnlyDelegateMessage, type Delegation } from '@gs/contract/delegation';
import { API, makeWorldApp, signIn, type TestApp } from '../../testing/testApp';
import { taskOwnersFor } from '../services/delegation';
import { createRepos } from '../../db/repos';

let t: TestApp & { w: { full: number; web: number; reader: number } };
beforeEach(() => {
  t = makeWorldApp({}, (db) =>
    db.prepare(`UPDATE users SET can_delegate = 1 WHERE name = 'full.user'`).run(),
  );
});

const get = (token: string) => request(t.app).get(`${API}delegate?token=${token}`);
const post = (token: string, body: unknown) =>
  request(t.app)
    .post(`${API}Delegate?token=${token}`)
    .send(body as object);

describe('GET delegate', () => {
  it('is off with no delegates at first, with the users one may pick', async () => {
    const full = await signIn(t.app, 'full.user');
    const res = await get(full.Token).expect(200);
    const body = res.body as Delegation;
    expect(body).toMatchObject({
      Permissions: true,
      Active: false,
      CurrentUser: 'full.user',
      Delegates: [],
      Emails: [],
    });
    expect(body.Candidates).toContain('web.user');
    expect(body.Candidates).not.toContain('full.user');
  });

  it('offers no user with a read-only licence as a delegate', async () => {
    const full = await signIn(t.app, 'full.user');
    const body = (await get(full.Token).expect(200)).body as Delegation;
    expect(body.Candidates).toEqual(expect.arrayContaining(['web.user', 'grouped', 'nobody']));
    expect(body.Candidates).not.toContain('reader');
  });

  it('tells a user without the right that they may not delegate', async () => {
    const web = await signIn(t.app, 'web.user');
    const res = await get(web.Token).expect(200);
    expect(res.body).toMatchObject({ Permissions: false, Active: false, Candidates: [] });
  });
});

describe('POST delegate', () => {
  it('turns delegation on with delegates and addresses, and off again', async () => {
    const full = await signIn(t.app, 'full.user');
    const on = await post(full.Token, {
      Active: true,
      Delegates: ['web.user', 'GROUPED'],
      Emails: ['boss@example.com'],
    }).expect(200);
    expect(on.body).toMatchObject({
      Active: true,
      Delegates: [
        { User: 'full.user', Delegate: 'grouped' },
        { User: 'full.user', Delegate: 'web.user' },
      ],
      Emails: ['boss@example.com'],
    });
    const repos = createRepos(t.db);
    expect(taskOwnersFor(repos, t.w.web)).toEqual([t.w.web, t.w.full]);
    await post(full.Token, { Active: false, Delegates: ['web.user'], Emails: [] }).expect(200);
    expect((await get(full.Token).expect(200)).body).toMatchObject({
      Active: false,
      Delegates: [{ Delegate: 'web.user' }],
    });
    expect(taskOwnersFor(repos, t.w.web)).toEqual([t.w.web]);
  });

  it('refuses a user without the right (403) and bad bodies (400), changing nothing', async () => {
    const web = await signIn(t.app, 'web.user');
    const refused = await post(web.Token, { Active: true, Delegates: ['full.user'], Emails: [] }).expect(403);
    expect(refused.body).toEqual({ Message: DELEGATION_FORBIDDEN });
    const full = await signIn(t.app, 'full.user');
    await post(full.Token, { Active: true, Delegates: ['web.user'], Emails: [] }).expect(200);
    for (const body of [
      { Active: 'yes' },
      { Active: true, Delegates: ['no.such.user'] },
      { Active: true, Delegates: ['full.user'] },
      { Active: true, Delegates: [3] },
      { Active: true, Emails: ['not an address'] },
      [],
    ]) {
      const res = await post(full.Token, body).expect(400);
      expect(res.body).toHaveProperty('Message');
    }
    expect((await get(full.Token).expect(200)).body).toMatchObject({
      Active: true,
      Delegates: [{ Delegate: 'web.user' }],
    });
  });

  it('refuses a read-only licence as a delegate with the reason, saving nothing', async () => {
    const full = await signIn(t.app, 'full.user');
    await post(full.Token, { Active: true, Delegates: ['web.user'], Emails: [] }).expect(200);
    const res = await post(full.Token, {
      Active: true,
      Delegates: ['web.user', 'Reader'],
      Emails: [],
    }).expect(400);
    expect(res.body).toEqual({
      Message: 'The request is invalid.',
      MessageDetail: readOnlyDelegateMessage('reader'),
    });
    expect((await get(full.Token).expect(200)).body).toMatchObject({ Delegates: [{ Delegate: 'web.user' }] });
    expect(taskOwnersFor(createRepos(t.db), t.w.reader)).toEqual([t.w.reader]);
  });

  it('a delegator who loses the right stops handing over tasks', async () => {
    const full = await signIn(t.app, 'full.user');
    await post(full.Token, { Active: true, Delegates: ['web.user'], Emails: [] }).expect(200);
    t.db.prepare(`UPDATE users SET can_delegate = 0 WHERE name = 'full.user'`).run();
    expect(taskOwnersFor(createRepos(t.db), t.w.web)).toEqual([t.w.web]);
    expect((await get(full.Token).expect(200)).body).toMatchObject({ Permissions: false, Active: false });
  });
});
