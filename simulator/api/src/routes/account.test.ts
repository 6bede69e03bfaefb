import { beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import {
  EMAIL_TAKEN_MESSAGE,
  PASSWORD_POLICY_SETTING,
  STRONG_PASSWORD_MESSAGE,
  DEFAULT_PASSWORD_MESSAGE,
  type Account,
} from '@gs/contract/account';
import { API, PASSWORD, basic, makeWorldApp, signIn, type TestApp } from '../testing/testApp';
import { verifyPasswordSync } from '../db/passwords';

let t: TestApp;
beforeEach(() => {
  t = makeWorldApp();
});

const setPolicy = (value: string) =>
  t.db
    .prepare(`INSERT OR REPLACE INTO settings(key, value) VALUES (?, ?)`)
    .run(PASSWORD_POLICY_SETTING, value);
const hashOf = (name: string) =>
  (t.db.prepare(`SELECT password_hash AS h FROM users WHERE name = ?`).get(name) as { h: string }).h;
const change = (token: string, body: unknown, query = 'isSelfPasswordChange&token=') =>
  request(t.app)
    .post(`${API}users?${query}${token}`)
    .send(body as object);

describe('GET users', () => {
  it("is the caller's account", async () => {
    t.db
      .prepare(`UPDATE users SET email = 'full@example.com', can_delegate = 1 WHERE name = 'full.user'`)
      .run();
    const full = await signIn(t.app, 'full.user');
    const res = await request(t.app).get(`${API}users?token=${full.Token}`).expect(200);
    expect(res.body).toEqual<Account>({
      Name: 'full.user',
      Email: 'full@example.com',
      License: 1,
      CanDelegate: true,
    });
    await request(t.app).get(`${API}users`).expect(401);
  });

  it('?needsDbId says whether the caller must pick a database', async () => {
    const full = await signIn(t.app, 'full.user');
    const web = await signIn(t.app, 'web.user');
    const two = await request(t.app).get(`${API}users?needsDbId=true&token=${full.Token}`).expect(200);
    expect(two.body).toEqual({ NeedsDbId: true, DatabaseId: null });
    const one = await request(t.app).get(`${API}users?needsDbId&token=${web.Token}`).expect(200);
    expect(one.body).toEqual({ NeedsDbId: false, DatabaseId: expect.any(Number) as number });
  });
});

describe('POST users?isSelfPasswordChange', () => {
  it('stores the new password hashed; the old one no longer signs in, the new one does', async () => {
    const full = await signIn(t.app, 'full.user');
    await change(full.Token, { password: 'Another#99' }).expect(200);
    const stored = hashOf('full.user');
    expect(stored).not.toContain('Another#99');
    expect(verifyPasswordSync('Another#99', stored)).toBe(true);
    await request(t.app).get(`${API}licenses`).set('Authorization', basic('full.user', PASSWORD)).expect(401);
    await signIn(t.app, 'full.user', 'Another#99');
  });

  it('holds to the default rule of 6 to 18 characters', async () => {
    const full = await signIn(t.app, 'full.user');
    const before = hashOf('full.user');
    const short = await change(full.Token, { password: 'abc12' }).expect(400);
    expect(short.body).toEqual({
      Message: 'The request is invalid.',
      MessageDetail: DEFAULT_PASSWORD_MESSAGE,
    });
    await change(full.Token, { password: 'x'.repeat(19) }).expect(400);
    await change(full.Token, { password: '   ' }).expect(400);
    expect(hashOf('full.user')).toBe(before);
    await change(full.Token, { password: 'simple' }).expect(200);
  });

  it('holds to the strong rule when configured, with the message of the spec', async () => {
    setPolicy('strong');
    const full = await signIn(t.app, 'full.user');
    for (const weak of [
      'Short#1',
      'nouppercase#1',
      'NOLOWER#1',
      'NoDigits#x',
      'NoSymbol12',
      'Toolong#1' + 'x'.repeat(12),
    ]) {
      const res = await change(full.Token, { password: weak }).expect(400);
      expect((res.body as { MessageDetail: string }).MessageDetail).toBe(STRONG_PASSWORD_MESSAGE);
    }
    await change(full.Token, { password: 'Good#Pass1' }).expect(200);
  });

  it('holds to a configured pattern and its message', async () => {
    setPolicy(JSON.stringify({ pattern: '^\\d{4}$', message: 'Four digits.' }));
    const full = await signIn(t.app, 'full.user');
    const res = await change(full.Token, { password: 'abcd' }).expect(400);
    expect((res.body as { MessageDetail: string }).MessageDetail).toBe('Four digits.');
    await change(full.Token, { password: '1234' }).expect(200);
  });

  it("answers 409 when the new address is another user's, and changes nothing", async () => {
    t.db.prepare(`UPDATE users SET email = 'taken@example.com' WHERE name = 'web.user'`).run();
    const full = await signIn(t.app, 'full.user');
    const before = hashOf('full.user');
    const res = await change(full.Token, { password: 'Another#99', Email: 'TAKEN@example.com' }).expect(409);
    expect(res.body).toEqual({ Message: EMAIL_TAKEN_MESSAGE });
    expect(hashOf('full.user')).toBe(before);
    await change(full.Token, { password: 'Another#99', Email: 'mine@example.com' }).expect(200);
    const me = await request(t.app).get(`${API}users?token=${full.Token}`).expect(200);
    expect((me.body as Account).Email).toBe('mine@example.com');
  });

  it('refuses bad bodies and other POSTs with a Message', async () => {
    const full = await signIn(t.app, 'full.user');
    for (const body of [[], { password: 5 }, {}, { password: 'Good#Pass1', Email: 'not an address' }]) {
      const res = await change(full.Token, body).expect(400);
      expect(res.body).toHaveProperty('Message');
    }
    await change(full.Token, { password: 'Good#Pass1' }, 'token=').expect(400);
    await change('nope', { password: 'Good#Pass1' }).expect(401);
  });
});
