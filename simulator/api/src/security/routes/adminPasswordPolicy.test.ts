// `GET|PUT admin/passwordpolicy`: administrators of all databases set the password rule; a pattern
// RE2 cannot run is refused and the rule in force stays; a saved pattern holds the password change.
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { PASSWORD_POLICY_PATH, STRONG_PASSWORD_MESSAGE } from '@gs/contract/account';
import {
  READ_ONLY_ADMIN,
  call,
  detailOf,
  makeAdminApp,
  messageOf,
  type AdminApp,
} from '../../testing/adminWorld';
import { API, PASSWORD, basic, signIn } from '../../testing/testApp';

let t: AdminApp;
beforeEach(() => {
  t = makeAdminApp();
});
const admin = 'SSAdministrator';
const put = (body: unknown, user = admin) =>
  request(t.app)
    .put(`${API}${PASSWORD_POLICY_PATH}`)
    .set('Authorization', basic(user))
    .set('Content-Type', 'application/json')
    .send(JSON.stringify(body));
const policy = async () => (await call(t, admin, 'get', PASSWORD_POLICY_PATH).expect(200)).body as unknown;

describe('admin/passwordpolicy', () => {
  it('is the default until an administrator of all databases sets another, in any casing', async () => {
    expect(await policy()).toBe('default');
    expect((await put('strong').expect(200)).body).toBe('strong');
    const pattern = { Pattern: String.raw`^\d{4}$`, MESSAGE: 'Four digits.' };
    expect((await put(pattern).expect(200)).body).toEqual({
      pattern: String.raw`^\d{4}$`,
      message: 'Four digits.',
    });
    expect(await policy()).toEqual({ pattern: String.raw`^\d{4}$`, message: 'Four digits.' });
  });

  it('refuses a pattern RE2 cannot run with a 400 saying why, and keeps the rule in force', async () => {
    await put('strong').expect(200);
    for (const pattern of [String.raw`^(a)\1$`, String.raw`^(?=.*\d).{8,}$`, String.raw`^(?<=x)a$`]) {
      const res = await put({ Pattern: pattern, Message: 'x' }).expect(400);
      expect(messageOf(res)).toBe('The request is invalid.');
      expect(detailOf(res)).toContain('uses what this server does not run');
    }
    const broken = await put({ Pattern: '(unclosed', Message: 'x' }).expect(400);
    expect(detailOf(broken)).toContain('is not valid');
    await put({ Message: 'no pattern' }).expect(400);
    await put(42).expect(400);
    expect(await policy()).toBe('strong');
    const full = await signIn(t.app, 'full.user');
    const weak = await request(t.app)
      .post(`${API}users?isSelfPasswordChange=true&token=${full.Token}`)
      .send({ password: 'weakpass', currentPassword: PASSWORD })
      .expect(400);
    expect(detailOf(weak)).toBe(STRONG_PASSWORD_MESSAGE);
  });

  it('is for administrators of all databases on a licence that writes', async () => {
    await call(t, 'dbadmin', 'get', PASSWORD_POLICY_PATH).expect(403);
    await put('strong', 'dbadmin').expect(403);
    await put('strong', READ_ONLY_ADMIN).expect(403);
    expect(await policy()).toBe('default');
  });

  it('checks a password against a saved pattern, unanchored as RegExp.test reads it', async () => {
    await put({ Pattern: String.raw`\d`, Message: 'Use a digit.' }).expect(200);
    const full = await signIn(t.app, 'full.user');
    const change = (password: string) =>
      request(t.app)
        .post(`${API}users?isSelfPasswordChange=true&token=${full.Token}`)
        .send({ password, currentPassword: PASSWORD });
    const refused = await change('no digits here').expect(400);
    expect(detailOf(refused)).toBe('Use a digit.');
    await change('one 1 digit').expect(200);
  });
});
