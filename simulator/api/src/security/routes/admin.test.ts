import { beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import { addUser, grantDatabase, setSetting } from '@gs/simulator-fixtures/builders';
import { SERVER_VERSION } from '@gs/contract/admin';
import { LicenseType } from '@gs/contract/flags';
import {
  API,
  PASSWORD,
  TEST_PASSWORD_COST,
  basic,
  makeWorldApp,
  type TestApp,
  type World,
} from '../../testing/testApp';

let t: TestApp & { w: World };
beforeEach(() => {
  t = makeWorldApp({}, (db, w) => {
    addUser(db, {
      name: 'sso.user',
      password: PASSWORD,
      passwordCost: TEST_PASSWORD_COST,
      licenseType: LicenseType.Full,
      isExternal: true,
    });
    addUser(db, {
      name: 'jdoe',
      domain: 'CORP',
      password: PASSWORD,
      passwordCost: TEST_PASSWORD_COST,
      licenseType: LicenseType.Full,
    });
    // a group that administers Beta makes its members database administrators
    grantDatabase(db, w.beta, w.group, 1, 0);
  });
});
const as = (user: string, path: string) =>
  request(t.app).get(`${API}${path}`).set('Authorization', basic(user));
const flag = async (user: string, fn: string): Promise<string> =>
  (await as(user, `admin?function=${fn}`).expect(200)).text;

describe('GET admin?function=', () => {
  it('version is the server version as a JSON string', async () => {
    const res = await as('reader', 'admin?function=version').expect(200);
    expect(res.text).toBe(JSON.stringify(SERVER_VERSION));
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('isAnyDbAdmin: admin of all, a database admin, a group database admin; not a plain user', async () => {
    expect(await flag('SSAdministrator', 'isAnyDbAdmin')).toBe('true');
    expect(await flag('dbadmin', 'isAnyDbAdmin')).toBe('true');
    expect(await flag('grouped', 'isAnyDbAdmin')).toBe('true');
    expect(await flag('full.user', 'isAnyDbAdmin')).toBe('false');
  });

  it('isAdminAll only for the administrator of all databases', async () => {
    expect(await flag('SSAdministrator', 'isAdminAll')).toBe('true');
    expect(await flag('dbadmin', 'isAdminAll')).toBe('false');
  });

  it('isDbAdmin takes database, db or DatabaseId; without one it is isAnyDbAdmin', async () => {
    const { alpha, beta } = t.w;
    expect((await as('dbadmin', `admin?function=isDbAdmin&database=${alpha}`)).text).toBe('true');
    expect((await as('dbadmin', `admin?function=isDbAdmin&db=${beta}`)).text).toBe('false');
    expect((await as('grouped', `admin?function=isDbAdmin&DatabaseId=${beta}`)).text).toBe('true');
    expect((await as('SSAdministrator', `admin?function=isDbAdmin&databaseid=${beta}`)).text).toBe('true');
    expect(await flag('dbadmin', 'isDbAdmin')).toBe('true');
    expect(await flag('reader', 'isDbAdmin')).toBe('false');
    const bad = await as('dbadmin', 'admin?function=isDbAdmin&db=one').expect(400);
    expect(bad.body).toEqual({
      Message: 'The request is invalid.',
      MessageDetail: "The value 'one' is not valid for parameter 'db'.",
    });
  });

  it('isS9User and isExternalS9User', async () => {
    expect(await flag('full.user', 'isS9User')).toBe('true');
    expect(await flag('jdoe', 'isS9User')).toBe('false');
    expect(await flag('sso.user', 'isS9User')).toBe('false');
    expect(await flag('sso.user', 'isExternalS9User')).toBe('true');
    expect(await flag('full.user', 'isExternalS9User')).toBe('false');
  });

  it('user, and admin with no query, answer the user name as a JSON string', async () => {
    expect(await flag('full.user', 'user')).toBe('"full.user"');
    expect((await as('FULL.USER', 'admin').expect(200)).text).toBe('"full.user"');
  });

  it('reads function names and query keys in any casing', async () => {
    expect((await as('SSAdministrator', 'ADMIN?Function=ISADMINALL').expect(200)).text).toBe('true');
  });

  it('answers 400 for an unknown function and 401 without credentials', async () => {
    const res = await as('full.user', 'admin?function=launchMissiles').expect(400);
    expect(res.body).toEqual({
      Message: 'The request is invalid.',
      MessageDetail: "Unknown function 'launchMissiles'.",
    });
    await request(t.app).get(`${API}admin?function=version`).expect(401);
  });
});

describe('GET admin?feature=&licenseCount=', () => {
  it('answers the licensed count of usr and gaw as a bare int, 0 when unset or unknown', async () => {
    expect((await as('full.user', 'admin?feature=usr&licenseCount=true').expect(200)).text).toBe('0');
    setSetting(t.db, 'feature.usr', '25');
    setSetting(t.db, 'feature.gaw', '3');
    expect((await as('full.user', 'admin?feature=usr&licenseCount=true')).text).toBe('25');
    expect((await as('full.user', 'admin?Feature=GAW&licensecount=false')).text).toBe('3');
    expect((await as('full.user', 'admin?feature=xyz&licenseCount=true')).text).toBe('0');
  });
});

describe('GET userAdmin/isAdmin', () => {
  it('is true for user administrators and administrators of all, false otherwise', async () => {
    t.db.prepare(`UPDATE users SET is_user_admin = 1 WHERE name = 'web.user'`).run();
    expect((await as('web.user', 'userAdmin/isAdmin').expect(200)).text).toBe('true');
    expect((await as('SSAdministrator', 'useradmin/isadmin/').expect(200)).text).toBe('true');
    expect((await as('dbadmin', 'userAdmin/isAdmin').expect(200)).text).toBe('false');
    await request(t.app).get(`${API}userAdmin/isAdmin`).expect(401);
  });
});
