import { beforeEach, describe, expect, it } from 'vitest';
import type { AdminList } from '@gs/contract/admin/catalog';
import type { EditTestApp } from '../../testing/editWorld';
import { adminCall, makeAdminApp, snapshot } from '../../testing/catalogAdminWorld';

let t: EditTestApp;
beforeEach(() => {
  t = makeAdminApp();
});
const path = (id?: number, db = t.w.alpha) =>
  `admin/databases/${db}/lists${id === undefined ? '' : `/${id}`}`;
const as = (user: string, method: Parameters<typeof adminCall>[2], p: string, body?: unknown) =>
  adminCall(t, user, method, p, body);
const listIdOf = (name: string): number =>
  (t.db.prepare(`SELECT id FROM lists WHERE name = ?`).get(name) as { id: number }).id;
const items = (id: number, user = 'full.user') => as(user, 'get', `dbs/${t.w.alpha}/lists/${id}`);
const create = async (body: object): Promise<AdminList> =>
  (await as('SSAdministrator', 'post', path(), body).expect(200)).body as AdminList;

describe('GET admin/databases/{db}/lists', () => {
  it('answers every list with its values, and one object for an id', async () => {
    const all = (await as('dbadmin', 'get', path()).expect(200)).body as AdminList[];
    expect(all.find((l) => l.Name === 'Statuses')).toEqual({
      Id: listIdOf('Statuses'),
      Name: 'Statuses',
      AssemblyPath: '',
      AssemblyParameters: '',
      Values: ['Open', 'Closed'],
    });
    await as('dbadmin', 'get', path(listIdOf('Regions'))).expect(200, {
      Id: listIdOf('Regions'),
      Name: 'Regions',
      AssemblyPath: '',
      AssemblyParameters: '',
      Values: ['North', 'South'],
    });
    await as('dbadmin', 'get', path(99999)).expect(404);
    await as('full.user', 'get', path()).expect(403);
    await as('dbadmin', 'get', path(undefined, t.w.beta)).expect(403);
  });
});

describe('POST and PUT admin/databases/{db}/lists', () => {
  it('drops empty values and offers the list to end users at once', async () => {
    const l = await create({ name: 'Sizes', values: ['S', '', '  ', 'M', 'L'] });
    expect(l.Values).toEqual(['S', 'M', 'L']);
    await items(l.Id).expect(200, { ID: l.Id, Name: 'Sizes', Items: ['S', 'M', 'L'] });
    const changed = await as('SSAdministrator', 'put', path(l.Id), {
      Name: 'Sizes',
      Values: ['XL', ''],
    }).expect(200);
    expect((changed.body as AdminList).Values).toEqual(['XL']);
    await items(l.Id).expect(200, { ID: l.Id, Name: 'Sizes', Items: ['XL'] });
  });

  it('stores a [MONGODB] list but refuses to read it, and keeps an assembly list by path and parameters', async () => {
    const mongo = await create({
      Name: 'Mongo',
      AssemblyPath: '[MONGODB]{"find":"vendors"}',
      Values: ['cached'],
    });
    const res = await items(mongo.Id).expect(400);
    expect(res.body).toMatchObject({
      MessageDetail: expect.stringMatching(/no document database/) as string,
    });
    const asm = await create({
      Name: 'Asm',
      AssemblyPath: 'C:\\Lists\\Vendors.dll',
      AssemblyParameters: 'top=5',
      Values: ['A'],
    });
    await items(asm.Id).expect(200, { ID: asm.Id, Name: 'Asm', Items: ['A'] });
  });
});

describe('DELETE admin/databases/{db}/lists/{id}', () => {
  it('refuses a list a field offers (409), deletes an unused one', async () => {
    const res = await as('SSAdministrator', 'delete', path(listIdOf('Statuses'))).expect(409);
    expect(res.body).toEqual({ Message: "List 'Statuses' is used by 'Status'." });
    await as('SSAdministrator', 'delete', path(listIdOf('City - North'))).expect(409);
    const l = await create({ Name: 'Spare', Values: ['x'] });
    expect((await as('SSAdministrator', 'delete', path(l.Id)).expect(200)).body).toBe(true);
    await items(l.Id).expect(404);
  });
});

describe('rights', () => {
  it('answers 403 to a read-only licence and to a non-admin for every write', async () => {
    const lists = snapshot(t, 'lists');
    const id = listIdOf('Regions');
    for (const [user, method, p] of [
      ['reader', 'post', path()],
      ['reader', 'put', path()],
      ['reader', 'put', path(id)],
      ['reader', 'delete', path(id)],
      ['full.user', 'post', path()],
      ['web.user', 'put', path(id)],
    ] as const) {
      const res = await as(user, method, p, { Name: 'Nope' }).expect(403);
      expect(res.body).toHaveProperty('Message');
    }
    await as('reader', 'get', path(id)).expect(200);
    expect(snapshot(t, 'lists')).toEqual(lists);
  });
});
