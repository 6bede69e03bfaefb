import { beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import {
  CURRENT_PASSWORD_WRONG_MESSAGE,
  EMAIL_REFUSED_MESSAGE,
  PASSWORD_POLICY_SETTING,
  STRONG_PASSWORD_MESSAGE,
  DEFAULT_PASSWORD_MESSAGE,
  type Account,
} from '@gs/contract/account';
import { API, PASSWORD, basic, makeWorldApp, signIn, type TestApp } from '../../testing/testApp';
import { verifyPasswordSync } from '../services/passwords';

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
    await change(full.Token, { password: 'Another#99', currentPassword: PASSWORD }).expect(200);
    const stored = hashOf('full.user');
    expect(stored).not.toContain('Another#99');
    expect(verifyPasswordSync('Another#99', stored)).toBe(true);
    await request(t.app).get(`${API}licenses`).set('Authorization', basic('full.user', PASSWORD)).expect(401);
    await signIn(t.app, 'full.user', 'Another#99');
  });

  it('needs the current password: missing is 400, wrong is 403, each with a Message, and nothing changes', async () => {
    const full = await signIn(t.app, 'full.user');
    const before = hashOf('full.user');
    for (const body of [{ password: 'Another#99' }, { password: 'Another#99', currentPassword: '' }]) {
      const res = await change(full.Token, body).expect(400);
      expect(res.body).toEqual({
        Message: 'The request is invalid.',
        MessageDetail: 'The current password is required.',
      });
    }
    const wrong = await change(full.Token, { password: 'Another#99', currentPassword: 'not-mine' }).expect(
      403,
    );
    expect(wrong.body).toEqual({ Message: CURRENT_PASSWORD_WRONG_MESSAGE });
    // any casing of the key, as every body
    await change(full.Token, { Password: 'Another#99', CURRENTPASSWORD: 'not-mine' }).expect(403);
    expect(hashOf('full.user')).toBe(before);
    await change(full.Token, { password: 'Another#99', CurrentPassword: PASSWORD }).expect(200);
  });

  it('counts a wrong current password as a failed sign-in: after five, even the right one waits', async () => {
    const full = await signIn(t.app, 'full.user');
    for (let i = 0; i < 5; i++)
      await change(full.Token, { password: 'Another#99', currentPassword: `guess${i}` }).expect(403);
    const waiting = await change(full.Token, { password: 'Another#99', currentPassword: PASSWORD }).expect(
      429,
    );
    expect(waiting.headers['retry-after']).toBe('1');
    expect(waiting.body).toHaveProperty('Message');
    // the same back-off as signing in: a password tried there now waits too, without a check
    await request(t.app).get(`${API}dbs`).set('Authorization', basic('full.user', 'guess5')).expect(429);
    t.clock.advance(1000);
    await change(full.Token, { password: 'Another#99', currentPassword: PASSWORD }).expect(200);
  });

  it('holds to the default rule of 6 to 18 characters', async () => {
    const full = await signIn(t.app, 'full.user');
    const before = hashOf('full.user');
    const short = await change(full.Token, { password: 'abc12', currentPassword: PASSWORD }).expect(400);
    expect(short.body).toEqual({
      Message: 'The request is invalid.',
      MessageDetail: DEFAULT_PASSWORD_MESSAGE,
    });
    await change(full.Token, { password: 'x'.repeat(19), currentPassword: PASSWORD }).expect(400);
    await change(full.Token, { password: '   ', currentPassword: PASSWORD }).expect(400);
    expect(hashOf('full.user')).toBe(before);
    await change(full.Token, { password: 'simple', currentPassword: PASSWORD }).expect(200);
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
      const res = await change(full.Token, { password: weak, currentPassword: PASSWORD }).expect(400);
      expect((res.body as { MessageDetail: string }).MessageDetail).toBe(STRONG_PASSWORD_MESSAGE);
    }
    await change(full.Token, { password: 'Good#Pass1', currentPassword: PASSWORD }).expect(200);
  });

  it('holds to a configured pattern and its message', async () => {
    setPolicy(JSON.stringify({ pattern: '^\\d{4}$', message: 'Four digits.' }));
    const full = await signIn(t.app, 'full.user');
    const res = await change(full.Token, { password: 'abcd', currentPassword: PASSWORD }).expect(400);
    expect((res.body as { MessageDetail: string }).MessageDetail).toBe('Four digits.');
    await change(full.Token, { password: '1234', currentPassword: PASSWORD }).expect(200);
  });

  it("answers another user's address exactly as an invalid one, and changes nothing", async () => {
    t.db.prepare(`UPDATE users SET email = 'taken@example.com' WHERE name = 'web.user'`).run();
    const full = await signIn(t.app, 'full.user');
    const before = hashOf('full.user');
    const answers = [];
    for (const Email of ['TAKEN@example.com', 'not an address', `${'x'.repeat(250)}@example.com`]) {
      const res = await change(full.Token, { password: 'Another#99', currentPassword: PASSWORD, Email });
      answers.push({ status: res.status, body: res.body as unknown, type: res.headers['content-type'] });
    }
    expect(answers[0]).toEqual({
      status: 400,
      body: { Message: 'The request is invalid.', MessageDetail: EMAIL_REFUSED_MESSAGE },
      type: expect.stringMatching(/json/) as string,
    });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(hashOf('full.user')).toBe(before);
    await change(full.Token, {
      password: 'Another#99',
      currentPassword: PASSWORD,
      Email: 'mine@example.com',
    }).expect(200);
    const me = await request(t.app).get(`${API}users?token=${full.Token}`).expect(200);
    expect((me.body as Account).Email).toBe('mine@example.com');
  });

  it('refuses bad bodies and other POSTs with a Message', async () => {
    const full = await signIn(t.app, 'full.user');
    for (const body of [
      [],
      { password: 5, currentPassword: PASSWORD },
      {},
      { password: 'Good#Pass1', currentPassword: 5 },
      { password: 'Good#Pass1', currentPassword: PASSWORD, Email: 5 },
    ]) {
      const res = await change(full.Token, body).expect(400);
      expect(res.body).toHaveProperty('Message');
    }
    await change(full.Token, { password: 'Good#Pass1', currentPassword: PASSWORD }, 'token=').expect(400);
    await change('nope', { password: 'Good#Pass1', currentPassword: PASSWORD }).expect(401);
  });
});
