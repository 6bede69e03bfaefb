import { beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import { addUser, setSeats } from '@gs/simulator-fixtures/builders';
import { ALL_LICENSES_IN_USE, NULL_TOKEN, type License } from '@gs/contract/licenses';
import { AUTHORIZATION_DENIED } from '@gs/contract/errors';
import { LicenseType } from '@gs/contract/flags';
import {
  API,
  MINUTE,
  PASSWORD,
  TEST_PASSWORD_COST,
  basic,
  makeWorldApp,
  signIn,
  type TestApp,
} from '../../testing/testApp';

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const DOTNET_DATE = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{7}[+-]\d\d:\d\d$/;
const DENIED = { Message: AUTHORIZATION_DENIED };
const EXPIRED = { Message: 'LicenseExpired' };

let t: TestApp;
beforeEach(() => {
  t = makeWorldApp({}, (db) => {
    addUser(db, {
      name: 'jdoe',
      domain: 'CORP',
      password: PASSWORD,
      passwordCost: TEST_PASSWORD_COST,
      licenseType: LicenseType.Full,
    });
  });
});
const get = (path: string) => request(t.app).get(`${API}${path}`);

describe('GET licenses with Basic', () => {
  it('returns the License object with exactly the wire keys, the SS-Token header and both cookies', async () => {
    const res = await get('licenses').set('Authorization', basic('full.user')).expect(200);
    const body = res.body as License;
    expect(Object.keys(body)).toEqual([
      'Username',
      'Domain',
      'AuthServer',
      'Type',
      'IPAddress',
      'DateCreated',
      'DateAccessed',
      'Token',
      'Reg',
      'Active',
    ]);
    expect(body).toMatchObject({
      Username: 'full.user',
      Domain: '',
      AuthServer: '',
      Type: 1,
      Reg: 1,
      Active: true,
    });
    expect(body.IPAddress).toBe('127.0.0.1');
    expect(body.Token).toMatch(GUID);
    expect(body.DateCreated).toMatch(DOTNET_DATE);
    expect(body.DateAccessed).toBe(body.DateCreated);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['ss-token']).toBe(body.Token);
    const cookies = res.headers['set-cookie'] as unknown as string[];
    expect(cookies).toContain(`sstoken=${body.Token}; path=/; HttpOnly; SameSite=Strict`);
    expect(cookies).toContain('authenticatedUser=full.user; expires=Wed, 22-Nov-2028 14:57:06 GMT; path=/');
  });

  it('writes dates as .NET local time with 7 fractional digits and the offset', async () => {
    const { DateCreated } = await signIn(t.app, 'full.user');
    const parsed = new Date(DateCreated.replace(/(\.\d{3})\d{4}/, '$1'));
    expect(parsed.getTime()).toBe(t.clock.now());
    expect(DateCreated).toMatch(/\.971\d{4}[+-]/);
  });

  it('fills the seven fractional digits as a .NET clock does, the same on every read (decision 056)', async () => {
    const licences = await Promise.all([1, 2, 3, 4].map(() => signIn(t.app, 'full.user')));
    for (const l of licences) {
      expect(l.DateCreated).toMatch(DOTNET_DATE);
      expect(l.DateAccessed).toBe(l.DateCreated);
    }
    // four tokens at one instant: not all padded with zeros below the millisecond
    const ticks = licences.map((l) => l.DateCreated.replace(/^.*\.\d{3}(\d{4}).*$/, '$1'));
    expect(ticks.some((d) => d !== '0000')).toBe(true);
    const again = await get(`authorize?token=${licences[0]?.Token}`).expect(200);
    expect((again.body as License).DateCreated).toBe(licences[0]?.DateCreated);
  });

  it('reports the licence type of the user', async () => {
    expect((await signIn(t.app, 'web.user')).Type).toBe(2);
    expect((await signIn(t.app, 'reader')).Type).toBe(4);
  });

  it('accepts DOMAIN\\user and any casing of the user name', async () => {
    expect((await signIn(t.app, 'CORP\\jdoe')).Domain).toBe('CORP');
    expect((await signIn(t.app, 'corp\\JDOE')).Username).toBe('jdoe');
    await get('licenses').set('Authorization', basic('OTHER\\jdoe')).expect(401, DENIED);
  });

  it('refuses a wrong password, an unknown user and missing credentials with 401 and no WWW-Authenticate', async () => {
    for (const auth of [basic('full.user', 'nope'), basic('ghost'), 'Basic !!!', undefined]) {
      const req = get('licenses');
      const res = await (auth ? req.set('Authorization', auth) : req).expect(401);
      expect(res.body).toEqual(DENIED);
      expect(res.headers['www-authenticate']).toBeUndefined();
    }
  });

  it('gives each sign-in of a user its own token, on the seat the user already holds', async () => {
    setSeats(t.db, LicenseType.Full, 1);
    const first = await signIn(t.app, 'full.user');
    t.clock.advance(MINUTE);
    const second = await signIn(t.app, 'full.user');
    expect(second.Token).not.toBe(first.Token);
    expect(second.DateCreated).not.toBe(first.DateCreated);
    await get(`dbs?token=${first.Token}`).expect(200);
    await get(`dbs?token=${second.Token}`).expect(200);
  });

  it('answers 400 with the exact JSON string when no seat of the type is free', async () => {
    setSeats(t.db, LicenseType.Full, 1);
    await signIn(t.app, 'full.user');
    const res = await get('licenses').set('Authorization', basic('dbadmin')).expect(400);
    expect(res.text).toBe('"All licenses are in use."');
    expect(res.body).toBe(ALL_LICENSES_IN_USE);
    // seats are per type: a web licence is still free
    await signIn(t.app, 'web.user');
  });

  it('gives no seat to a type without a seats row', async () => {
    t.db.prepare('DELETE FROM license_seats WHERE type = 4').run();
    await get('licenses').set('Authorization', basic('reader')).expect(400, `"${ALL_LICENSES_IN_USE}"`);
  });

  it('frees the seat of an expired licence', async () => {
    setSeats(t.db, LicenseType.Full, 1);
    await signIn(t.app, 'full.user');
    t.clock.advance(21 * MINUTE);
    const other = await signIn(t.app, 'dbadmin');
    expect(other.Username).toBe('dbadmin');
  });

  it('honours a configured idle time', async () => {
    const short = makeWorldApp({ config: { licenseIdleMinutes: 1 } });
    const { Token } = await signIn(short.app, 'full.user');
    short.clock.advance(61_000);
    await request(short.app).get(`${API}dbs?token=${Token}`).expect(401, EXPIRED);
  });
});

describe('GET licenses?Token= (renewal, the keep-alive)', () => {
  it('renews a live token without Basic and keeps the token', async () => {
    const { Token } = await signIn(t.app, 'full.user');
    t.clock.advance(10 * MINUTE);
    const res = await get(`licenses?Token=${Token}`).expect(200);
    expect(res.body.Token).toBe(Token);
    expect(res.headers['ss-token']).toBe(Token);
    t.clock.advance(15 * MINUTE);
    await get(`dbs?token=${Token}`).expect(200);
  });

  it('answers LicenseExpired to the token alone once the idle time passed: coming back takes the password', async () => {
    const { Token } = await signIn(t.app, 'full.user');
    t.clock.advance(30 * MINUTE);
    // before decision 013 this answered a new live licence: an idle-timeout bypass
    await get(`licenses?token=${Token}`).expect(401, EXPIRED);
    await get('licenses').set('Cookie', `sstoken=${Token}`).expect(401, EXPIRED);
    await get(`dbs?token=${Token}`).expect(401, EXPIRED);
    const res = await get(`licenses?token=${Token}`).set('Authorization', basic('full.user')).expect(200);
    expect(res.body.Token).toMatch(GUID);
    expect(res.body.Token).not.toBe(Token);
    expect(res.body.Username).toBe('full.user');
    await get(`dbs?token=${res.body.Token as string}`).expect(200);
  });

  it('reactivates a licence the licence manager deactivated, through its keep-alive alone', async () => {
    const { Token } = await signIn(t.app, 'full.user');
    t.db.prepare('UPDATE licenses SET active = 0 WHERE token = ?').run(Token);
    await get(`dbs?token=${Token}`).expect(401, EXPIRED);
    const res = await get(`licenses?token=${Token}`).expect(200);
    // the same token, live again (decision 056)
    expect(res.body.Token).toBe(Token);
    expect(res.body.Username).toBe('full.user');
    await get(`dbs?token=${Token}`).expect(200);
  });

  it('answers "All licenses are in use." when reactivating a deactivated token without a free seat', async () => {
    setSeats(t.db, LicenseType.Full, 1);
    const { Token } = await signIn(t.app, 'full.user');
    t.db.prepare('UPDATE licenses SET active = 0 WHERE token = ?').run(Token);
    await signIn(t.app, 'dbadmin');
    await get(`licenses?Token=${Token}`).expect(400, `"${ALL_LICENSES_IN_USE}"`);
  });

  it('needs Basic for an unknown or released token', async () => {
    const { Token } = await signIn(t.app, 'full.user');
    await get(`licenses/${Token}`).expect(200);
    await get(`licenses?Token=${Token}`).expect(401, DENIED);
    await get('licenses?Token=0d7c5f4e-0000-4000-8000-000000000000').expect(401, DENIED);
    const res = await get(`licenses?Token=${Token}`).set('Authorization', basic('full.user')).expect(200);
    expect(res.body.Token).not.toBe(Token);
  });

  it('reads the token from the Auth-Token header too', async () => {
    const { Token } = await signIn(t.app, 'full.user');
    const res = await get('licenses').set('Auth-Token', Token).expect(200);
    expect(res.body.Token).toBe(Token);
  });

  it('does not let an old sstoken cookie turn a Basic sign-in into a renewal', async () => {
    const old = await signIn(t.app, 'full.user');
    const res = await get('licenses')
      .set('Cookie', `sstoken=${old.Token}`)
      .set('Authorization', basic('web.user'));
    expect(res.status).toBe(200);
    expect(res.body.Username).toBe('web.user');
  });
});

describe('GET licenses: other modes', () => {
  it('validate answers bare true/false without touching the licence', async () => {
    const { Token } = await signIn(t.app, 'full.user');
    expect((await get(`licenses?validate=${Token}`).expect(200)).text).toBe('true');
    expect((await get('licenses?Validate=nope').expect(200)).text).toBe('false');
    t.clock.advance(19 * MINUTE);
    await get(`licenses?validate=${Token}`).expect(200, 'true');
    t.clock.advance(2 * MINUTE);
    await get(`licenses?validate=${Token}`).expect(200, 'false');
  });

  it("DatabaseName&User answers the user's licence type as a bare int", async () => {
    const { Token } = await signIn(t.app, 'full.user');
    const res = await get(`licenses?DatabaseName=Alpha&User=reader&token=${Token}`).expect(200);
    expect(res.text).toBe('4');
    await get(`licenses?databasename=Alpha&user=CORP\\jdoe`)
      .set('Authorization', basic('jdoe'))
      .expect(200, '1');
    const missing = await get(`licenses?DatabaseName=Alpha&User=ghost&token=${Token}`).expect(404);
    expect(missing.body).toEqual({ Message: "User 'ghost' was not found." });
    await get('licenses?DatabaseName=Alpha&User=reader').expect(401, DENIED);
  });

  it('checkRestricted is always a bare false', async () => {
    const { Token } = await signIn(t.app, 'full.user');
    await get(`licenses?checkRestricted=true&token=${Token}`).expect(200, 'false');
  });
});

describe('releasing a licence', () => {
  it.each(['get', 'delete'] as const)(
    '%s licenses/{token} releases with an empty 200 and frees the seat',
    async (method) => {
      setSeats(t.db, LicenseType.Full, 1);
      const { Token } = await signIn(t.app, 'full.user');
      const res = await request(t.app)[method](`${API}licenses/${Token}`).expect(200);
      expect(res.headers['content-length']).toBe('0');
      expect(res.text).toBe('');
      await get(`dbs?token=${Token}`).expect(401, DENIED);
      await signIn(t.app, 'dbadmin');
    },
  );

  it('releases an expired licence too, and clears the token cookie that carried it', async () => {
    const { Token } = await signIn(t.app, 'full.user');
    t.clock.advance(60 * MINUTE);
    const res = await get(`licenses/${Token}`).set('Cookie', `sstoken=${Token}`).expect(200);
    expect(res.headers['set-cookie']).toEqual([
      'sstoken=; expires=Thu, 01-Jan-1970 00:00:00 GMT; path=/; HttpOnly; SameSite=Strict',
    ]);
  });

  it('answers an empty 200 for a token released before or never issued (decision 056)', async () => {
    const { Token } = await signIn(t.app, 'full.user');
    await get(`licenses/${Token}`).expect(200, '');
    const again = await get(`licenses/${Token}`).expect(200);
    expect(again.headers['content-length']).toBe('0');
    expect(again.text).toBe('');
    await request(t.app).delete(`${API}licenses/not-a-token`).expect(200, '');
  });
});

describe('GET authorize?token=', () => {
  it('returns the License of a live token and refreshes it', async () => {
    const lic = await signIn(t.app, 'full.user');
    t.clock.advance(MINUTE);
    const res = await get(`authorize?token=${lic.Token}`).expect(200);
    expect(res.body).toEqual({ ...lic, DateAccessed: res.body.DateAccessed });
    expect(res.body.DateAccessed).not.toBe(lic.DateAccessed);
  });

  it('answers 401 for a missing, unknown or expired token', async () => {
    const { Token } = await signIn(t.app, 'full.user');
    await get('authorize').expect(401, DENIED);
    await get('authorize?token=nope').expect(401, DENIED);
    t.clock.advance(21 * MINUTE);
    await get(`authorize?token=${Token}`).expect(401, EXPIRED);
  });
});

describe('authenticating other calls', () => {
  it('accepts the token as query Token (any casing), Auth-Token, SS-Token or the sstoken cookie', async () => {
    const { Token } = await signIn(t.app, 'full.user');
    await get(`dbs?Token=${Token}`).expect(200);
    await get(`dbs?TOKEN=${Token}`).expect(200);
    await get('dbs').set('Auth-Token', Token).expect(200);
    await get('dbs').set('SS-Token', Token).expect(200);
    await get('dbs').set('Cookie', `other=1; sstoken=${Token}`).expect(200);
  });

  it('keeps a licence alive by using it, and expires it after the idle time', async () => {
    const { Token } = await signIn(t.app, 'full.user');
    for (let i = 0; i < 3; i++) {
      t.clock.advance(15 * MINUTE);
      await get(`dbs?token=${Token}`).expect(200);
    }
    t.clock.advance(20 * MINUTE + 1);
    const res = await get(`dbs?token=${Token}`).expect(401);
    expect(res.body).toEqual(EXPIRED);
  });

  it('authenticates Basic alone without consuming a licence', async () => {
    setSeats(t.db, LicenseType.Full, 0);
    await get('dbs').set('Authorization', basic('full.user')).expect(200);
    await get(`dbs?authorize=${Buffer.from(`full.user:${PASSWORD}`).toString('base64')}`).expect(200);
    expect(t.db.prepare('SELECT COUNT(*) AS n FROM licenses').get()).toEqual({ n: 0 });
  });

  it('refuses no credentials, a bad or released token, the all-zeros token, and a wrong password', async () => {
    const { Token } = await signIn(t.app, 'full.user');
    await get('dbs').expect(401, DENIED);
    await get('dbs?token=bogus').expect(401, DENIED);
    await get(`dbs?token=${NULL_TOKEN}`).expect(401, DENIED);
    await get('dbs?token=bogus').set('Authorization', basic('full.user', 'wrong')).expect(401, DENIED);
    // a live token decides; Basic credentials riding beside it are not checked (decision 045)
    await get(`dbs?token=${Token}`).set('Authorization', basic('full.user', 'wrong')).expect(200);
    await get(`licenses/${Token}`).expect(200);
    await get(`dbs?token=${Token}`).expect(401, DENIED);
  });

  it('lets the all-zeros token of GlobalAction nodes fall back to Basic', async () => {
    await get(`dbs?token=${NULL_TOKEN}`).set('Authorization', basic('full.user')).expect(200);
  });

  it('sets the authenticatedUser cookie on every authenticated call, with the domain of a named host', async () => {
    const res = await get('dbs')
      .set('Authorization', basic('full.user'))
      .set('Host', 'gs.example.com')
      .expect(200);
    expect(res.headers['set-cookie']).toEqual([
      'authenticatedUser=full.user; domain=gs.example.com; expires=Wed, 22-Nov-2028 14:57:06 GMT; path=/',
    ]);
    const local = await get('dbs').set('Authorization', basic('full.user')).set('Host', 'localhost:8080');
    expect(local.headers['set-cookie']).toEqual([
      'authenticatedUser=full.user; expires=Wed, 22-Nov-2028 14:57:06 GMT; path=/',
    ]);
  });
});
