import { beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import { addDatabase } from '@gs/simulator-fixtures/builders';
import { API, basic, makeWorldApp, type TestApp, type World } from '../../testing/testApp';

let t: TestApp & { w: World };
beforeEach(() => {
  t = makeWorldApp({}, (db) => {
    addDatabase(db, 'aardvark');
  });
});
const as = (user: string, path: string, base = API) =>
  request(t.app).get(`${base}${path}`).set('Authorization', basic(user));
const names = async (user: string): Promise<string[]> =>
  ((await as(user, 'dbs').expect(200)).body as { Databases: { Name: string }[] }).Databases.map(
    (d) => d.Name,
  );

describe('GET dbs', () => {
  it('wraps the visible databases in {"Databases":[{"Id","Name"}]}, ordered by name', async () => {
    const res = await as('SSAdministrator', 'dbs').expect(200);
    expect(res.body).toEqual({
      Databases: [
        { Id: 3, Name: 'aardvark' },
        { Id: t.w.alpha, Name: 'Alpha' },
        { Id: t.w.beta, Name: 'Beta' },
      ],
    });
  });

  it('shows a database only with a security row for the user or one of their groups', async () => {
    expect(await names('full.user')).toEqual(['Alpha', 'Beta']);
    expect(await names('dbadmin')).toEqual(['Alpha']);
    expect(await names('web.user')).toEqual(['Alpha']);
    expect(await names('grouped')).toEqual(['Alpha']);
    expect(await names('nobody')).toEqual([]);
  });

  it('matches the path and the base in any casing, with or without a trailing slash', async () => {
    for (const [base, path] of [
      [API, 'dbs/'],
      [API, 'DBS'],
      ['/square9api/api/', 'dbs'],
      ['/Square9Api/api/', 'Dbs/'],
      ['/SQUARE9API/API/', 'dbs'],
    ] as const) {
      const res = await as('full.user', path, base).expect(200);
      expect((res.body as { Databases: unknown[] }).Databases).toHaveLength(2);
    }
  });
});

describe('GET dbs/{db}', () => {
  it('answers the same wrapper holding that one database', async () => {
    await as('full.user', `dbs/${t.w.beta}`).expect(200, { Databases: [{ Id: t.w.beta, Name: 'Beta' }] });
    await as('full.user', `DBS/${t.w.alpha}/`).expect(200, { Databases: [{ Id: t.w.alpha, Name: 'Alpha' }] });
  });

  it('answers 404 with a Message for an unknown database or one the user may not see', async () => {
    await as('full.user', 'dbs/99').expect(404, { Message: 'Database 99 was not found.' });
    await as('web.user', `dbs/${t.w.beta}`).expect(404, { Message: `Database ${t.w.beta} was not found.` });
  });

  it('answers 400 for a non-numeric id', async () => {
    const res = await as('full.user', 'dbs/abc').expect(400);
    expect(res.body).toEqual({
      Message: 'The request is invalid.',
      MessageDetail: "The value 'abc' is not valid for parameter 'db'.",
    });
  });

  it('answers 401 without credentials', async () => {
    await request(t.app).get(`${API}dbs/${t.w.alpha}`).expect(401);
  });
});
