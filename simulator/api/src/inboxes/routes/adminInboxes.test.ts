import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import type { AdminInbox } from '@gs/contract/admin/server';
import type { Inbox, InboxesResponse } from '@gs/contract/inboxes';
import {
  callAs,
  invalid,
  makeAdminServerApp,
  RO_ADMIN,
  type AdminServerApp,
  type Method,
} from '../../testing/adminServerWorld';
import { putInCache } from '../../testing/inboxWorld';

let t: AdminServerApp;
beforeEach(() => {
  t = makeAdminServerApp();
});
afterEach(() => rmSync(t.i.dataDir, { recursive: true, force: true }));

const as = (user: string, method: Method, path: string, body?: unknown) =>
  callAs(t, user, method, path, body);
const admin = (method: Method, path: string, body?: unknown) => as('SSAdministrator', method, path, body);
const inboxCount = (): number => (t.db.prepare(`SELECT count(*) AS n FROM inboxes`).get() as { n: number }).n;

describe('admin/inboxes rights', () => {
  it('refuses users who do not administer every database, with a Message', async () => {
    for (const user of ['full.user', 'dbadmin']) {
      for (const [method, path, body] of [
        ['get', 'admin/inboxes'],
        ['post', 'admin/inboxes', { Name: 'X' }],
        ['get', `admin/inboxes/${t.i.scans}`],
        ['delete', `admin/inboxes/${t.i.scans}`],
        ['get', 'admin/options/inboxes'],
        ['put', 'admin/options/inboxes', { ShowAll: true }],
      ] as [Method, string, unknown?][]) {
        const res = await as(user, method, path, body).expect(403);
        expect(res.body.Message).toBe('Only administrators of all databases may do this.');
      }
    }
    expect(inboxCount()).toBe(3);
  });

  it('lets a read-only licence look but change nothing', async () => {
    await as(RO_ADMIN, 'get', 'admin/inboxes').expect(200);
    await as(RO_ADMIN, 'get', 'admin/options/inboxes').expect(200);
    for (const [method, path, body] of [
      ['post', 'admin/inboxes', { Name: 'X' }],
      ['delete', `admin/inboxes/${t.i.scans}`],
      ['put', 'admin/options/inboxes', { ShowAll: true }],
    ] as [Method, string, unknown?][]) {
      const res = await as(RO_ADMIN, method, path, body).expect(403);
      expect(res.body.Message).toBe('A read-only license cannot change the administration.');
    }
    expect(inboxCount()).toBe(3);
    expect((await admin('get', 'admin/options/inboxes').expect(200)).body).toEqual({ ShowAll: false });
  });
});

describe('GET and POST admin/inboxes', () => {
  it('lists every inbox with its base path and unique name', async () => {
    const res = await admin('get', 'admin/inboxes').expect(200);
    expect(res.body).toEqual([
      { Id: t.i.hidden, Name: 'Hidden', BasePath: '', UniqueName: 'hidden' },
      { Id: t.i.mail, Name: 'Mail', BasePath: '', UniqueName: 'mail' },
      { Id: t.i.scans, Name: 'Scans', BasePath: '', UniqueName: 'scans' },
    ]);
  });

  it('creates an inbox from a body in any casing, usable at once through the end-user routes', async () => {
    const res = await admin('post', 'admin/inboxes', { NAME: ' Returns ', basepath: 'Intake' }).expect(200);
    const made = res.body as AdminInbox;
    expect(made).toEqual({
      Id: expect.any(Number),
      Name: 'Returns',
      BasePath: 'Intake',
      UniqueName: 'Returns',
    });
    expect(existsSync(join(t.i.dataDir, 'inboxes', 'Intake', 'Returns'))).toBe(true);
    expect((await admin('get', 'admin/inboxes').expect(200)).body).toContainEqual(made);

    const list = (await admin('get', 'inboxes').expect(200)).body as InboxesResponse;
    expect(list.Inboxes.map((i) => [i.Id, i.Name, i.Path])).toContainEqual([
      made.Id,
      'Returns',
      'Intake\\Returns',
    ]);
    // a file uploaded to the cache goes into it and is listed there
    putInCache(t.i.dataDir, t.w.admin, 'up.txt', 'hello');
    await admin('post', `inboxes/${made.Id}?FilePath=up.txt&newFileName=credit.txt`).expect(200);
    const inbox = (await admin('get', `inboxes/${made.Id}`).expect(200)).body as Inbox;
    expect(inbox.Files.map((f) => f.FileName + f.FileType)).toEqual(['credit.txt']);
  });

  it('takes UniqueName as the folder when given', async () => {
    const res = await admin('post', 'admin/inboxes', { Name: 'Returns', UniqueName: 'ret-2026' }).expect(200);
    expect(res.body).toMatchObject({ BasePath: '', UniqueName: 'ret-2026' });
    expect(existsSync(join(t.i.dataDir, 'inboxes', 'ret-2026'))).toBe(true);
  });

  it('refuses bad bodies with 400 and a Message, and adds nothing', async () => {
    for (const body of [
      undefined,
      [],
      { Name: '' },
      { Name: '   ' },
      { Name: 42 },
      { Name: 'x'.repeat(101) },
      { Name: 'Up', UniqueName: '..' },
      { Name: 'Up', UniqueName: 'a/b' },
      { Name: 'Up', BasePath: '..\\outside' },
      { Name: 'Up', BasePath: 'a/../../b' },
      { Name: 'Up', BasePath: 'what?' },
    ]) {
      const res = await admin('post', 'admin/inboxes', body).expect(400);
      expect(res.body).toEqual(invalid);
    }
    expect(inboxCount()).toBe(3);
  });

  it('refuses a name or a folder already in use with 409', async () => {
    const named = await admin('post', 'admin/inboxes', { Name: 'SCANS', UniqueName: 'other' }).expect(409);
    expect(named.body).toEqual({ Message: "An inbox named 'Scans' already exists." });
    const folder = await admin('post', 'admin/inboxes', { Name: 'Scans 2', UniqueName: 'Scans' }).expect(409);
    expect(folder.body).toEqual({ Message: "The folder 'Scans' is already the folder of inbox 'Scans'." });
    expect(inboxCount()).toBe(3);
  });
});

describe('GET and DELETE admin/inboxes/{id}', () => {
  it("answers the inbox's security entries", async () => {
    const res = await admin('get', `admin/inboxes/${t.i.mail}`).expect(200);
    expect(res.body).toEqual([
      { ArchiveId: t.i.mail, Permissions: 1 | 2 | 4 | 8, Type: 0, User: 'Accounting' },
      { ArchiveId: t.i.mail, Permissions: 1 | 2, Type: 1, User: 'full.user' },
    ]);
    expect((await admin('get', `admin/inboxes/${t.i.hidden}`).expect(200)).body).toEqual([]);
    expect((await admin('get', 'admin/inboxes/999').expect(404)).body).toEqual({
      Message: 'Inbox 999 was not found.',
    });
    expect((await admin('get', 'admin/inboxes/abc').expect(400)).body).toEqual(invalid);
  });

  it('deletes the inbox and its grants for end users at once, keeping its files on disk', async () => {
    expect((await as('full.user', 'get', `inboxes/${t.i.scans}`).expect(200)).body.Count).toBe(3);
    expect((await admin('delete', `admin/inboxes/${t.i.scans}`).expect(200)).body).toBe(true);
    await as('full.user', 'get', `inboxes/${t.i.scans}`).expect(404);
    const list = (await as('full.user', 'get', 'inboxes').expect(200)).body as InboxesResponse;
    expect(list.Inboxes.map((i) => i.Name)).toEqual(['Mail']);
    expect(
      t.db.prepare(`SELECT count(*) AS n FROM inbox_security WHERE inbox_id = ?`).get(t.i.scans),
    ).toEqual({ n: 0 });
    expect(existsSync(join(t.i.dataDir, 'inboxes', 'scans', 'alpha.pdf'))).toBe(true);
    // made again on its folder, it shows the files
    const again = await admin('post', 'admin/inboxes', { Name: 'Scans', UniqueName: 'scans' }).expect(200);
    expect((await admin('get', `inboxes/${again.body.Id}`).expect(200)).body.Count).toBe(3);
    await admin('delete', `admin/inboxes/${t.i.scans}`).expect(404);
  });
});

describe('admin/options/inboxes', () => {
  it('stores ShowAll, which end users read as InboxOptions', async () => {
    expect((await admin('get', 'admin/options/inboxes').expect(200)).body).toEqual({ ShowAll: false });
    expect((await as('full.user', 'get', 'inboxes').expect(200)).body.InboxOptions).toBe(0);
    expect((await admin('put', 'admin/options/inboxes', { showall: 'TRUE' }).expect(200)).body).toEqual({
      ShowAll: true,
    });
    expect((await admin('get', 'admin/options/inboxes').expect(200)).body).toEqual({ ShowAll: true });
    expect((await as('full.user', 'get', 'inboxes').expect(200)).body.InboxOptions).toBe(1);
    await admin('put', 'admin/options/inboxes', { ShowAll: false }).expect(200);
    expect((await as('full.user', 'get', 'inboxes').expect(200)).body.InboxOptions).toBe(0);
  });

  it('refuses a body without a boolean ShowAll', async () => {
    for (const body of [undefined, {}, { ShowAll: 'maybe' }, { ShowAll: 2 }, 'true'])
      expect((await admin('put', 'admin/options/inboxes', body).expect(400)).body).toEqual(invalid);
    expect((await admin('get', 'admin/options/inboxes').expect(200)).body).toEqual({ ShowAll: false });
  });
});
