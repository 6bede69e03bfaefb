// userAdmin users and groups: listing, creating, changing, deleting and the CSV import, as a
// user administrator; everyone else is refused; what changes is read back through sign-in.
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { USER_ADMIN_DENIED, type SecurityPrincipal, type S9Group } from '@gs/contract/admin/security';
import { callAs, invalid, type Method } from '../../testing/adminServerWorld';
import { addUser } from '@gs/simulator-fixtures/builders';
import { LicenseType } from '@gs/contract/flags';
import { adminMessages } from '../services/adminRights';
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
  t = makeWorldApp();
});
const as = (user: string, method: Method, path: string, body?: unknown) =>
  callAs(t, user, method, path, body);
const admin = (method: Method, path: string, body?: unknown) => as('SSAdministrator', method, path, body);
const canSignIn = async (name: string, password: string): Promise<boolean> =>
  (await request(t.app).get(`${API}licenses`).set('Authorization', basic(name, password))).status === 200;
const names = (list: { Name: string }[]) => list.map((p) => p.Name);
const hashOf = (name: string): string =>
  (t.db.prepare(`SELECT password_hash AS h FROM users WHERE name = ?`).get(name) as { h: string }).h;

describe('who may use the user administration', () => {
  const routes: [Method, string, unknown?][] = [
    ['get', 'userAdmin/secured'],
    ['get', 'userAdmin/unsecured'],
    ['get', 'userAdmin/s9groups'],
    ['get', 'userAdmin/tree'],
    ['get', 'userAdmin/archives?db=1&archive=1&username=reader'],
    ['get', 'userAdmin/inboxes?inbox=1&username=reader'],
    ['get', 'userAdmin/searches?db=1&username=reader'],
    ['get', 'userAdmin/databases?db=1&username=reader'],
    ['post', 'userAdmin/archives', {}],
    ['post', 'userAdmin/inboxes', {}],
    ['post', 'userAdmin/databases', {}],
    ['post', 'userAdmin/searches', {}],
    ['post', 'userAdmin/searchType', {}],
    ['post', 'userAdmin/user?create=true', { Name: 'x', Password: 'y' }],
    ['put', 'userAdmin/user?name=reader', { Password: 'y' }],
    ['delete', 'userAdmin/user?name=reader'],
    ['post', 'userAdmin/group?createGroup=true', { Name: 'g', Users: [] }],
    ['put', 'userAdmin/group?groupName=Accounting', { Users: [] }],
    ['delete', 'userAdmin/group?name=Accounting'],
    ['post', 'userAdmin/users/import', { Csv: 'Name,Password\nx,y' }],
  ];
  it("refuses a database administrator and a plain user with 'Account Not Authorized For User Management'", async () => {
    for (const user of ['dbadmin', 'full.user'])
      for (const [method, path, body] of routes)
        expect((await as(user, method, path, body).expect(403)).body, `${user} ${method} ${path}`).toEqual({
          Message: USER_ADMIN_DENIED,
        });
    expect(await canSignIn('reader', 'y')).toBe(false);
    expect((await admin('get', 'userAdmin/s9groups').expect(200)).body).toContainEqual({
      Name: 'Accounting',
      Users: ['grouped'],
    });
  });

  it('lets a user administrator with a read-only licence read but change nothing (403)', async () => {
    addUser(t.db, {
      name: 'ro.useradmin',
      password: PASSWORD,
      passwordCost: TEST_PASSWORD_COST,
      licenseType: LicenseType.ReadOnly,
      isUserAdmin: true,
    });
    expect((await as('ro.useradmin', 'get', 'userAdmin/s9groups').expect(200)).body).toHaveLength(1);
    for (const [method, path, body] of routes.filter(([m]) => m !== 'get'))
      expect(
        (await as('ro.useradmin', method, path, body).expect(403)).body.Message,
        `${method} ${path}`,
      ).toBe(adminMessages.readOnly);
    expect(await canSignIn('reader', PASSWORD)).toBe(true);
  });

  it('says who is a user administrator (isAdmin)', async () => {
    expect((await admin('get', 'userAdmin/isAdmin').expect(200)).body).toBe(true);
    expect((await as('dbadmin', 'get', 'userAdmin/isAdmin').expect(200)).body).toBe(false);
  });
});

describe('secured, unsecured and s9groups', () => {
  it('lists users and groups with the databases they are secured on', async () => {
    const secured = (await admin('get', 'userAdmin/secured').expect(200)).body as SecurityPrincipal[];
    expect(secured).toContainEqual({
      Name: 'dbadmin',
      Email: '',
      License: 1,
      Type: 2,
      SecuredDBs: [{ Id: t.w.alpha, Name: 'Alpha', SecurityLevel: 1, Manager: false }],
    });
    expect(secured).toContainEqual(expect.objectContaining({ Name: 'Accounting', Type: 4, License: 0 }));
    expect(secured.find((p) => p.Name === 'full.user')?.SecuredDBs.map((d) => d.Name)).toEqual([
      'Alpha',
      'Beta',
    ]);
    const unsecured = (await admin('get', 'userAdmin/unsecured').expect(200)).body as SecurityPrincipal[];
    expect(names(unsecured).sort()).toEqual(['SSAdministrator', 'grouped', 'nobody']);
  });
});

describe('POST userAdmin/user?create=true', () => {
  it('creates a user with licence 2 by default, hashed at rest, who can sign in and is unsecured', async () => {
    const res = await admin('post', 'userAdmin/user?create=true', {
      Name: ' new.clerk ',
      Password: 'S3cret#pw',
      Email: 'clerk@example.com',
    }).expect(200);
    expect(res.body).toEqual({
      Name: 'new.clerk',
      Email: 'clerk@example.com',
      License: 2,
      Type: 2,
      SecuredDBs: [],
    });
    expect(hashOf('new.clerk')).not.toContain('S3cret#pw');
    expect(hashOf('new.clerk')).toMatch(/^[0-9a-f]{32}:[0-9a-f]{64}$/);
    expect(await canSignIn('new.clerk', 'S3cret#pw')).toBe(true);
    const unsecured = (await admin('get', 'userAdmin/unsecured').expect(200)).body as SecurityPrincipal[];
    expect(names(unsecured)).toContain('new.clerk');
  });

  it("refuses a name taken by a user or a group in any casing: 409 'The user ... already exists.'", async () => {
    for (const Name of ['READER', 'accounting', ' Full.User '])
      expect(
        (await admin('post', 'userAdmin/user?create=true', { Name, Password: 'x' }).expect(409)).body,
      ).toEqual({
        Message: `The user ${Name.trim()} already exists.`,
      });
    expect(
      (await admin('post', 'userAdmin/group?createGroup=true', { Name: 'NOBODY', Users: [] }).expect(409))
        .body,
    ).toEqual({
      Message: 'The group NOBODY already exists.',
    });
  });

  it('refuses bad bodies with 400 and adds nobody', async () => {
    const before = (await admin('get', 'userAdmin/unsecured')).body as SecurityPrincipal[];
    for (const body of [
      undefined,
      {},
      { Name: '', Password: 'x' },
      { Name: 'a:b', Password: 'x' },
      { Name: 'x'.repeat(51), Password: 'x' },
      { Name: 'ok' },
      { Name: 'ok', Password: '' },
      { Name: 'ok', Password: 'x', License: 3 },
      { Name: 'ok', Password: 'x', Email: 'not an address' },
      { Name: 'ok', Password: 'x', Type: 7 },
    ])
      expect((await admin('post', 'userAdmin/user?create=true', body).expect(400)).body).toEqual(invalid);
    expect((await admin('get', 'userAdmin/unsecured')).body).toEqual(before);
  });

  it('makes a group when the Type is 4', async () => {
    await admin('post', 'userAdmin/user?create=true', { Name: 'Clerks', Type: 4, Users: ['reader'] }).expect(
      200,
    );
    expect((await admin('get', 'userAdmin/s9groups')).body).toContainEqual({
      Name: 'Clerks',
      Users: ['reader'],
    });
  });
});

describe('PUT and DELETE userAdmin/user', () => {
  it('changes the password (the old one stops working), the e-mail and the licence', async () => {
    await admin('put', 'userAdmin/user?name=READER', {
      Password: 'N3w#pass',
      Email: 'r@example.com',
      License: 2,
    }).expect(200);
    expect(await canSignIn('reader', 'N3w#pass')).toBe(true);
    expect(await canSignIn('reader', 'Demo@1234')).toBe(false);
    const secured = (await admin('get', 'userAdmin/secured')).body as SecurityPrincipal[];
    expect(secured.find((p) => p.Name === 'reader')).toMatchObject({ Email: 'r@example.com', License: 2 });
  });

  it('refuses an unknown user (404) and a bad body (400), changing nothing', async () => {
    expect((await admin('put', 'userAdmin/user?name=ghost', { Password: 'x' }).expect(404)).body).toEqual({
      Message: 'The user ghost was not found.',
    });
    expect(
      (await admin('put', 'userAdmin/user?name=reader', { License: 9, Password: 'x' }).expect(400)).body,
    ).toEqual(invalid);
    expect((await admin('put', 'userAdmin/user', { Password: 'x' }).expect(400)).body).toEqual(invalid);
    expect(await canSignIn('reader', 'Demo@1234')).toBe(true);
  });

  it('deletes a user with their memberships and grants; the caller cannot delete themself', async () => {
    await admin('delete', 'userAdmin/user?name=Grouped').expect(200);
    expect(await canSignIn('grouped', 'Demo@1234')).toBe(false);
    expect((await admin('get', 'userAdmin/s9groups')).body).toContainEqual({ Name: 'Accounting', Users: [] });
    const grants = t.db
      .prepare(`SELECT count(*) AS n FROM archive_security WHERE principal_type = 1 AND principal_id = ?`)
      .get(t.w.grouped) as { n: number };
    expect(grants.n).toBe(0);
    expect((await admin('delete', 'userAdmin/user?name=SSAdministrator').expect(400)).body).toEqual(invalid);
    expect((await admin('delete', 'userAdmin/user?name=ghost').expect(404)).body.Message).toBe(
      'The user ghost was not found.',
    );
  });
});

describe('groups', () => {
  it('creates a group with members, replaces its members, deletes it with its grants', async () => {
    await admin('post', 'userAdmin/group?createGroup=true', {
      Name: 'Clerks',
      Users: ['reader', 'web.user'],
    }).expect(200);
    let groups = (await admin('get', 'userAdmin/s9groups')).body as S9Group[];
    expect(groups).toContainEqual({ Name: 'Clerks', Users: ['reader', 'web.user'] });
    await admin('put', 'userAdmin/group?groupName=clerks', { Users: ['nobody'] }).expect(200);
    groups = (await admin('get', 'userAdmin/s9groups')).body as S9Group[];
    expect(groups).toContainEqual({ Name: 'Clerks', Users: ['nobody'] });
    await admin('delete', 'userAdmin/group?name=Accounting').expect(200);
    groups = (await admin('get', 'userAdmin/s9groups')).body as S9Group[];
    expect(names(groups)).toEqual(['Clerks']);
    const left = t.db
      .prepare(`SELECT count(*) AS n FROM archive_security WHERE principal_type = 0`)
      .get() as { n: number };
    expect(left.n).toBe(0);
  });

  it('refuses an unknown member (404) and an unknown group, creating nothing', async () => {
    expect(
      (
        await admin('post', 'userAdmin/group?createGroup=true', {
          Name: 'Clerks',
          Users: ['reader', 'ghost'],
        }).expect(404)
      ).body,
    ).toEqual({ Message: 'The user ghost was not found.' });
    expect(names((await admin('get', 'userAdmin/s9groups')).body as S9Group[])).toEqual(['Accounting']);
    expect(
      (await admin('put', 'userAdmin/group?groupName=ghost', { Users: [] }).expect(404)).body.Message,
    ).toBe('The group ghost was not found.');
    expect((await admin('delete', 'userAdmin/group?name=ghost').expect(404)).body.Message).toBe(
      'The group ghost was not found.',
    );
    expect(
      (await admin('post', 'userAdmin/group?createGroup=true', { Name: 'G', Users: 'x' }).expect(400)).body,
    ).toEqual(invalid);
  });
});

describe('POST userAdmin/users/import', () => {
  it('adds the valid rows and reports each row it did not add with why', async () => {
    const csv = [
      'name,email,PASSWORD,License',
      'csv.one,one@example.com,Pw#1111,4',
      'csv.two,,Pw#2222,',
      'READER,,Pw#3333,2',
      ',,Pw#4444,2',
      'csv.three,,,2',
      'csv.four,,Pw#5555,9',
      'csv.one,,Pw#6666,2',
    ].join('\r\n');
    const res = await admin('post', 'userAdmin/users/import', { Csv: csv }).expect(200);
    expect(res.body.Added).toEqual(['csv.one', 'csv.two']);
    expect(res.body.NotAdded).toEqual([
      { Name: '', Message: expect.stringContaining('cannot be added') },
      { Name: 'csv.three', Message: expect.stringContaining('cannot be added') },
      { Name: 'csv.four', Message: expect.stringContaining('cannot be added') },
      { Name: 'READER', Message: 'The user READER already exists.' },
      { Name: 'csv.one', Message: 'The user csv.one already exists.' },
    ]);
    expect(await canSignIn('csv.one', 'Pw#1111')).toBe(true);
    const secured = (await admin('get', 'userAdmin/unsecured')).body as SecurityPrincipal[];
    expect(secured.find((p) => p.Name === 'csv.one')).toMatchObject({ License: 4, Email: 'one@example.com' });
    expect(secured.find((p) => p.Name === 'csv.two')).toMatchObject({ License: 2 });
  });

  it('refuses a CSV without Name and Password columns, or no CSV, with 400', async () => {
    for (const body of [{}, { Csv: '' }, { Csv: 'Email\nx@y.z' }, { Csv: 'Name,Password\n"unclosed' }])
      expect((await admin('post', 'userAdmin/users/import', body).expect(400)).body).toEqual(invalid);
  });
});
