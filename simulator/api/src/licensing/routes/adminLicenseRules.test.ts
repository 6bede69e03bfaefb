import { rmSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminPaths } from '@gs/contract/admin/paths';
import type { AdminLicenseRule } from '@gs/contract/admin/server';
import {
  callAs,
  invalid,
  makeAdminServerApp,
  RO_ADMIN,
  type AdminServerApp,
  type Method,
} from '../../testing/adminServerWorld';

let t: AdminServerApp;
beforeEach(() => {
  t = makeAdminServerApp();
});
afterEach(() => rmSync(t.i.dataDir, { recursive: true, force: true }));

const as = (user: string, method: Method, path: string, body?: unknown) =>
  callAs(t, user, method, path, body);
const admin = (method: Method, path: string, body?: unknown) => as('SSAdministrator', method, path, body);
const rules = async (): Promise<AdminLicenseRule[]> =>
  (await admin('get', 'admin/licenserules').expect(200)).body as AdminLicenseRule[];
const builtIn = (IID: number, Name: string, Type: number): AdminLicenseRule => ({
  ...{ IID, Name, Type, MaxTime: 8, MaxTimeType: 'hours' },
  ...{ MaxTimeLastAccessed: 20, MaxTimeLastAccessedType: 'minutes', UserOrGroup: '' },
});
const BUILT_INS = [
  builtIn(1, 'Default', 1),
  builtIn(2, 'Full License', 1),
  builtIn(3, 'Web-Only Full License', 2),
  builtIn(4, 'Web-Only Read Only License', 4),
];
const addRule = async (body: object): Promise<AdminLicenseRule> =>
  (await admin('post', 'admin/licenserules', body).expect(200)).body as AdminLicenseRule;

describe('GET admin/licenserules', () => {
  it('lists the four built-ins; IID in the query answers one', async () => {
    expect(await rules()).toEqual(BUILT_INS);
    expect((await admin('get', adminPaths.licenseRule(3)).expect(200)).body).toEqual(BUILT_INS[2]);
    expect((await admin('get', 'admin/licenserules?IID=9').expect(404)).body).toEqual({
      Message: 'License rule 9 was not found.',
    });
    expect((await admin('get', 'admin/licenserules?IID=x').expect(400)).body).toEqual(invalid);
  });
});

describe('POST admin/licenserules', () => {
  it('adds a rule with the defaults of a new rule (8 hours, 15 minutes) for an existing group', async () => {
    const made = await addRule({ name: 'Accountants', TYPE: '2', userorgroup: 'accounting' });
    expect(made).toEqual({
      ...{ IID: 5, Name: 'Accountants', Type: 2, MaxTime: 8, MaxTimeType: 'hours' },
      ...{ MaxTimeLastAccessed: 15, MaxTimeLastAccessedType: 'minutes', UserOrGroup: 'Accounting' },
    });
    expect(await rules()).toEqual([...BUILT_INS, made]);
    const timed = { Name: 'Readers', Type: 4, MaxTime: 2, MaxTimeType: 'Days', MaxTimeLastAccessed: 1 };
    const second = await addRule({ ...timed, MaxTimeLastAccessedType: 'HOURS', UserOrGroup: 'reader' });
    expect(second).toMatchObject({
      MaxTime: 2,
      MaxTimeType: 'days',
      MaxTimeLastAccessedType: 'hours',
      UserOrGroup: 'reader',
    });
  });

  it('refuses bad bodies with 400 and adds nothing', async () => {
    const ok = { Name: 'R', Type: 1, UserOrGroup: 'full.user' };
    for (const body of [
      undefined,
      [],
      { ...ok, Name: '' },
      { Type: 1, UserOrGroup: 'full.user' },
      { ...ok, Type: 3 },
      { Name: 'R', UserOrGroup: 'full.user' },
      { ...ok, MaxTime: 0 },
      { ...ok, MaxTime: 1.5 },
      { ...ok, MaxTimeType: 'weeks' },
      { ...ok, MaxTimeLastAccessedType: 'seconds' },
      { ...ok, MaxTime: 366, MaxTimeType: 'days' },
      { ...ok, MaxTime: 1, MaxTimeType: 'hours', MaxTimeLastAccessed: 2, MaxTimeLastAccessedType: 'hours' },
      { ...ok, UserOrGroup: '' },
      { ...ok, UserOrGroup: 'no such user' },
    ])
      expect((await admin('post', 'admin/licenserules', body).expect(400)).body).toEqual(invalid);
    expect(await rules()).toEqual(BUILT_INS);
  });

  it('refuses a name or a user already ruled with 409', async () => {
    await addRule({ Name: 'Mine', Type: 1, UserOrGroup: 'full.user' });
    const name = await admin('post', 'admin/licenserules', {
      Name: 'MINE',
      Type: 1,
      UserOrGroup: 'web.user',
    }).expect(409);
    expect(name.body).toEqual({ Message: "A license rule named 'Mine' already exists." });
    const user = await admin('post', 'admin/licenserules', {
      Name: 'Other',
      Type: 1,
      UserOrGroup: 'FULL.USER',
    }).expect(409);
    expect(user.body).toEqual({ Message: "'full.user' already has the license rule 'Mine'." });
    expect(
      (await admin('post', 'admin/licenserules', { Name: 'Default', Type: 1, UserOrGroup: 'web.user' }))
        .status,
    ).toBe(409);
    expect(await rules()).toHaveLength(5);
  });
});

describe('PUT admin/licenserules?IID=', () => {
  it('changes what the body gives and keeps the rest', async () => {
    const made = await addRule({ Name: 'Mine', Type: 1, UserOrGroup: 'full.user' });
    const res = await admin('put', `admin/licenserules?IID=${made.IID}`, {
      MaxTime: 2,
      MaxTimeType: 'days',
    }).expect(200);
    expect(res.body).toEqual({ ...made, MaxTime: 2, MaxTimeType: 'days' });
    // IID in the body works too; its own name is no clash
    const renamed = await admin('put', 'admin/licenserules', {
      IID: made.IID,
      Name: 'mine',
      UserOrGroup: 'web.user',
    });
    expect(renamed.body).toMatchObject({ Name: 'mine', UserOrGroup: 'web.user', MaxTime: 2 });
    expect((await rules())[4]).toEqual(renamed.body);
  });

  it('refuses the built-ins (403), an unknown rule (404), no IID or a bad body (400)', async () => {
    for (const iid of [1, 2, 3, 4]) {
      const res = await admin('put', `admin/licenserules?IID=${iid}`, { MaxTime: 1 }).expect(403);
      expect(res.body.Message).toBe(
        `The built-in license rule '${BUILT_INS[iid - 1]?.Name}' cannot be changed.`,
      );
    }
    await admin('put', 'admin/licenserules?IID=77', { MaxTime: 1 }).expect(404);
    expect((await admin('put', 'admin/licenserules', { MaxTime: 1 }).expect(400)).body).toEqual(invalid);
    const made = await addRule({ Name: 'Mine', Type: 1, UserOrGroup: 'full.user' });
    expect((await admin('put', `admin/licenserules?IID=${made.IID}`, { Type: 8 }).expect(400)).body).toEqual(
      invalid,
    );
    expect((await rules()).slice(0, 4)).toEqual(BUILT_INS);
    expect((await rules())[4]).toEqual(made);
  });
});

describe('DELETE admin/licenserules?IID=', () => {
  it('deletes a rule; IID 1 never (403); an unknown one is 404', async () => {
    const made = await addRule({ Name: 'Mine', Type: 1, UserOrGroup: 'full.user' });
    expect((await admin('delete', `admin/licenserules?IID=${made.IID}`).expect(200)).body).toBe(true);
    expect((await admin('delete', 'admin/licenserules?IID=1').expect(403)).body).toEqual({
      Message: 'The Default license rule cannot be deleted.',
    });
    await admin('delete', 'admin/licenserules?IID=4').expect(200);
    expect(await rules()).toEqual(BUILT_INS.slice(0, 3));
    await admin('delete', `admin/licenserules?IID=${made.IID}`).expect(404);
    expect((await admin('delete', 'admin/licenserules').expect(400)).body).toEqual(invalid);
  });
});

describe('licence rule rights', () => {
  it('only administrators of all databases, and a read-only licence only reads', async () => {
    const body = { Name: 'R', Type: 1, UserOrGroup: 'full.user' };
    for (const user of ['full.user', 'dbadmin'])
      for (const [method, path] of [
        ['get', 'admin/licenserules'],
        ['post', 'admin/licenserules'],
        ['put', 'admin/licenserules?IID=5'],
        ['delete', 'admin/licenserules?IID=2'],
      ] as [Method, string][])
        expect((await as(user, method, path, body).expect(403)).body.Message).toBe(
          'Only administrators of all databases may do this.',
        );
    await as(RO_ADMIN, 'get', 'admin/licenserules').expect(200);
    await as(RO_ADMIN, 'post', 'admin/licenserules', body).expect(403);
    await as(RO_ADMIN, 'delete', 'admin/licenserules?IID=2').expect(403);
    expect(await rules()).toEqual(BUILT_INS);
  });
});
