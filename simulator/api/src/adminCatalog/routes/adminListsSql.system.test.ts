// The admin lists tests whose `[SQL]` lists run in the list query pool's child processes
// (lists/services/listQueryPool.ts), hence the system tier (decision 059); adminLists.test.ts
// holds the others.
import { beforeEach, describe, expect, it } from 'vitest';
import type { AdminList } from '@gs/contract/admin/catalog';
import { docSecureId, type EditTestApp } from '../../testing/editWorld';
import { adminCall, expectBadRequest, makeAdminApp, snapshot } from '../../testing/catalogAdminWorld';

let t: EditTestApp;
beforeEach(() => {
  t = makeAdminApp();
});
const path = (id?: number, db = t.w.alpha) =>
  `admin/databases/${db}/lists${id === undefined ? '' : `/${id}`}`;
const as = (user: string, method: Parameters<typeof adminCall>[2], p: string, body?: unknown) =>
  adminCall(t, user, method, p, body);
const items = (id: number, user = 'full.user') => as(user, 'get', `dbs/${t.w.alpha}/lists/${id}`);
const create = async (body: object): Promise<AdminList> =>
  (await as('SSAdministrator', 'post', path(), body).expect(200)).body as AdminList;
const archiveNames = `[SQL]SELECT name FROM archives WHERE database_id = :db ORDER BY name`;

describe('POST and PUT admin/databases/{db}/lists ([SQL])', () => {
  it('runs a [SQL] list as a bound, read-only query each time it is read', async () => {
    const l = await create({
      Name: 'Archives',
      AssemblyPath: archiveNames,
      AssemblyParameters: `{"db":${t.w.alpha}}`,
    });
    const before = (await items(l.Id).expect(200)).body as { Items: string[] };
    expect(before.Items).toEqual(['Contracts', 'Invoices', 'Ledger', 'Open', 'Paid']);
    t.db.prepare(`INSERT INTO archives(database_id, name) VALUES (?, 'Archive Z')`).run(t.w.alpha);
    expect(((await items(l.Id).expect(200)).body as { Items: string[] }).Items).toContain('Archive Z');
    // a parameter is a value, never SQL
    const q = await create({
      Name: 'Named',
      AssemblyPath: '[SQL]SELECT name FROM archives WHERE name = @name',
      AssemblyParameters: JSON.stringify({ name: "x' OR '1'='1" }),
    });
    expect(((await items(q.Id).expect(200)).body as { Items: string[] }).Items).toEqual([]);
  });

  it('checks the values of a drop-down field against its [SQL] list as end users save them', async () => {
    const l = await create({
      Name: 'Archives',
      AssemblyPath: archiveNames,
      AssemblyParameters: `{"db":${t.w.alpha}}`,
    });
    const field = await as('SSAdministrator', 'post', `admin/databases/${t.w.alpha}/fields`, {
      Name: 'Filed in',
      List: { Type: 'dropdown', ListId: l.Id },
    }).expect(200);
    const fieldId = (field.body as { Id: number }).Id;
    t.db
      .prepare(`INSERT INTO archive_fields(archive_id, field_id, ordinal) VALUES (?, ?, 99)`)
      .run(t.e.ledger, fieldId);
    const save = (value: string) =>
      as(
        'full.user',
        'post',
        `dbs/${t.w.alpha}/archives/${t.e.ledger}/documents/${t.e.doc2}/save?SecureId=${docSecureId(t, t.e.doc2)}`,
        { IndexData: { IndexFields: [{ ID: fieldId, VAL: value, MVAL: [] }] } },
      );
    const stored = () =>
      (
        t.db.prepare(`SELECT f_${fieldId} AS v FROM doc_${t.w.alpha} WHERE id = ?`).get(t.e.doc2) as {
          v: string | null;
        }
      ).v;
    await save('nowhere');
    expect(stored()).toBeNull();
    await save('ledger').expect(200);
    expect(stored()).toBe('Ledger');
  });

  it('refuses [SQL] lists that write, read secrets or do not parse, and saves nothing', async () => {
    const lists = snapshot(t, 'lists');
    const bad: [object, RegExp][] = [
      [{ Name: 'A', AssemblyPath: '[SQL]DELETE FROM archives' }, /read-only SELECT/],
      [{ Name: 'A', AssemblyPath: '[SQL]UPDATE archives SET name = 1 RETURNING name' }, /read-only SELECT/],
      [{ Name: 'A', AssemblyPath: '[SQL]SELECT password_hash FROM users' }, /may not read the table 'users'/],
      [{ Name: 'A', AssemblyPath: '[sql]SELECT token FROM licenses' }, /may not read the table 'licenses'/],
      [{ Name: 'A', AssemblyPath: '[SQL]SELECT 1; DROP TABLE lists' }, /not valid/],
      [{ Name: 'A', AssemblyPath: '[SQL]SELEKT name' }, /not valid/],
      [{ Name: 'A', AssemblyPath: '[SQL]' }, /needs a query/],
      [{ Name: 'A', AssemblyPath: archiveNames, AssemblyParameters: 'db=1' }, /JSON object/],
      [{ Name: 'A', AssemblyPath: archiveNames }, /failed/],
      [{ Name: 'A', AssemblyPath: 'Lists.dll' }, /path and its parameters/],
      [{ Name: 'A', AssemblyPath: 'lists.txt', AssemblyParameters: 'x' }, /\.dll/],
      [{ Name: '' }, /needs a name/],
      [{ Name: 'statuses' }, /already exists/],
      [{ Name: 'A', Values: 'Open' }, /list is not valid/],
    ];
    for (const [body, detail] of bad)
      await expectBadRequest(as('SSAdministrator', 'post', path(), body), detail);
    expect(snapshot(t, 'lists')).toEqual(lists);
    expect(t.db.prepare(`SELECT count(*) AS n FROM users`).get()).toEqual({ n: 7 });
  });
});

describe('PUT admin/databases/{db}/lists (load a bound list)', () => {
  it('answers the list with the values its binding loads and saves nothing', async () => {
    const lists = snapshot(t, 'lists');
    const res = await as('SSAdministrator', 'put', path(undefined, t.w.beta), {
      Name: 'Try',
      AssemblyPath: archiveNames,
      AssemblyParameters: `{"db":${t.w.beta}}`,
      Values: [],
    }).expect(200);
    // `PUT databases/{id}/lists/` as admin-spec §7 spells it
    const slash = await as('SSAdministrator', 'put', `${path(undefined, t.w.beta)}/`, {
      Name: 'Try',
      AssemblyPath: archiveNames,
      AssemblyParameters: `{"db":${t.w.beta}}`,
    }).expect(200);
    expect((slash.body as AdminList).Values).toEqual(['Orders']);
    expect(res.body).toEqual({
      Id: 0,
      Name: 'Try',
      AssemblyPath: archiveNames,
      AssemblyParameters: `{"db":${t.w.beta}}`,
      Values: ['Orders'],
    });
    await expectBadRequest(
      as('SSAdministrator', 'put', path(), { Name: 'T', AssemblyPath: '[MONGODB]x' }),
      /no document database/,
    );
    await expectBadRequest(
      as('SSAdministrator', 'put', path(), { Name: 'T', AssemblyPath: 'x.dll' }),
      /parameters/,
    );
    expect(snapshot(t, 'lists')).toEqual(lists);
  });
});
