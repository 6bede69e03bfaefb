import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { documentInserter } from '@gs/simulator-fixtures/builders';
import { MULTIPLE_DATABASES_NOT_LICENSED } from '@gs/contract/admin';
import type { AdminDatabase } from '@gs/contract/admin/catalog';
import type { DatabasesResponse } from '@gs/contract/databases';
import { INVALID_REQUEST } from '@gs/contract/errors';
import {
  READ_ONLY_ADMIN,
  call,
  detailOf,
  makeAdminApp,
  messageOf,
  type AdminApp,
} from '../../testing/adminWorld';

let t: AdminApp;
beforeEach(() => {
  t = makeAdminApp();
});
const admin = 'SSAdministrator';
const dbNames = async (user = admin): Promise<string[]> =>
  ((await call(t, user, 'get', 'dbs').expect(200)).body as DatabasesResponse).Databases.map((d) => d.Name);
const userAdmins = (...names: string[]): void => {
  const make = t.db.prepare(`UPDATE users SET is_user_admin = 1 WHERE name = ?`);
  names.forEach((n) => make.run(n));
};
const addDoc = (databaseId: number, archiveId: number, filePath = '') =>
  documentInserter(
    t.db,
    databaseId,
    [],
  )({
    archiveId,
    filePath,
    fileType: '.pdf',
    fileSize: 1,
    pageCount: 1,
    createdAt: 0,
    values: {},
  });

describe('GET admin/databases', () => {
  it('lists the databases the caller administers, in the wire shape, the password never shown', async () => {
    const res = await call(t, admin, 'get', 'admin/databases').expect(200);
    expect(res.body).toEqual([
      { Id: t.w.alpha, Name: 'Alpha', Server: '(local)', Auth: { Type: 'windows', User: '', Pass: '' } },
      { Id: t.w.beta, Name: 'Beta', Server: '(local)', Auth: { Type: 'windows', User: '', Pass: '' } },
    ]);
    const mine = (await call(t, 'dbadmin', 'get', 'admin/databases/').expect(200)).body as AdminDatabase[];
    expect(mine.map((d) => d.Name)).toEqual(['Alpha']);
  });

  it('refuses a user who administers nothing (403 with Message) and a call without credentials', async () => {
    const res = await call(t, 'full.user', 'get', 'admin/databases').expect(403);
    expect(messageOf(res)).toBe('You are not an administrator of any database.');
    await call(t, 'reader', 'get', 'admin/databases').expect(403);
    await call(t, admin, 'get', 'admin/databases').set('Authorization', '').expect(401);
  });

  it('GET by id answers an array of one; 404 for an unknown database, 403 for one not administered', async () => {
    const res = await call(t, 'dbadmin', 'get', `admin/databases/${t.w.alpha}`).expect(200);
    expect((res.body as AdminDatabase[]).map((d) => d.Id)).toEqual([t.w.alpha]);
    expect(messageOf(await call(t, admin, 'get', 'admin/databases/999').expect(404))).toBe(
      'Database 999 was not found.',
    );
    await call(t, 'dbadmin', 'get', `admin/databases/${t.w.beta}`).expect(403);
    expect(detailOf(await call(t, admin, 'get', 'admin/databases/x').expect(400))).toMatch(/'x'/);
  });
});

describe('POST admin/databases', () => {
  it('creates a database end users see at once; keys in any casing, the name stripped', async () => {
    const res = await call(t, admin, 'post', 'admin/databases', {
      NAME: 'Human Resources #2!',
      server: 'SQL01',
      auth: { TYPE: 'SQL', User: 'sa', Pass: 'secret' },
    }).expect(200);
    const created = res.body as AdminDatabase;
    expect(created).toEqual({
      Id: expect.any(Number) as number,
      Name: 'HumanResources2!',
      Server: 'SQL01',
      Auth: { Type: 'sql', User: 'sa', Pass: '' },
    });
    expect(await dbNames()).toContain('HumanResources2!');
    expect((await call(t, admin, 'get', `dbs/${created.Id}/archives`).expect(200)).body).toEqual({
      Archives: [],
    });
    // its document table exists: an archive can hold documents right away
    expect(t.db.prepare(`SELECT count(*) FROM doc_${created.Id}`).pluck().get()).toBe(0);
  });

  it('answers 400 with a Message for bad bodies and creates nothing', async () => {
    const before = await dbNames();
    const bad = async (body: unknown, detail: RegExp) => {
      const res = await call(t, admin, 'post', 'admin/databases', body).expect(400);
      expect(messageOf(res)).toBe(INVALID_REQUEST);
      expect(detailOf(res)).toMatch(detail);
    };
    await bad({ Name: '  %% @@ ' }, /name is required/);
    await bad({}, /name is required/);
    await bad({ Name: 'alpha' }, /'alpha' already exists/);
    await bad({ Name: 'Ledger', Auth: { Type: 'sql', User: ' ' } }, /SQL login needs a user/);
    await bad({ Name: 'Ledger', Auth: { Type: 'kerberos' } }, /not valid/);
    await bad(
      { Name: 'Ledger', Auth: { Type: 'sql', User: 'sa', Pass: 'a', Confirm: 'b' } },
      /confirmation differ/,
    );
    await bad({ Name: { first: 'x' } }, /not valid/);
    await bad([{ Name: 'Ledger' }], /JSON object/);
    await bad({ Name: 'x'.repeat(129) }, /longer than 128/);
    expect(await dbNames()).toEqual(before);
  });

  it('is for administrators of all databases on a licence that may write, and needs the multi-database licence', async () => {
    await call(t, 'dbadmin', 'post', 'admin/databases', { Name: 'Mine' }).expect(403);
    await call(t, 'full.user', 'post', 'admin/databases', { Name: 'Mine' }).expect(403);
    const ro = await call(t, READ_ONLY_ADMIN, 'post', 'admin/databases', { Name: 'Mine' }).expect(403);
    expect(messageOf(ro)).toBe('A read-only license cannot change the administration.');
    t.db.prepare(`DELETE FROM settings WHERE key = 'feature.mdb'`).run();
    const gate = await call(t, admin, 'post', 'admin/databases', { Name: 'Mine' }).expect(403);
    expect(messageOf(gate)).toBe(MULTIPLE_DATABASES_NOT_LICENSED);
    expect(await dbNames()).toEqual(['Alpha', 'Beta']);
    expect((await call(t, admin, 'get', 'admin?feature=mdb').expect(200)).text).toBe('0');
  });
});

describe('PUT admin/databases/{id}', () => {
  it('renames the database for its administrators who are user administrators; end users see the new name', async () => {
    const denied = await call(t, 'dbadmin', 'put', `admin/databases/${t.w.alpha}`, { name: 'Mine' }).expect(
      403,
    );
    expect(messageOf(denied)).toBe('Only a user administrator may change databases.');
    userAdmins('dbadmin');
    const res = await call(t, 'dbadmin', 'put', `admin/databases/${t.w.alpha}`, {
      name: 'Alpha Finance',
    }).expect(200);
    expect((res.body as AdminDatabase).Name).toBe('AlphaFinance');
    expect(await dbNames('full.user')).toEqual(['AlphaFinance', 'Beta']);
    // the same name in another casing is no clash with itself
    await call(t, admin, 'put', `admin/databases/${t.w.alpha}`, { Name: 'ALPHAFINANCE' }).expect(200);
  });

  it('refuses others, read-only licences and bad bodies, changing nothing', async () => {
    userAdmins('dbadmin', 'full.user');
    await call(t, 'dbadmin', 'put', `admin/databases/${t.w.beta}`, { Name: 'Mine' }).expect(403);
    await call(t, 'full.user', 'put', `admin/databases/${t.w.alpha}`, { Name: 'Mine' }).expect(403);
    await call(t, READ_ONLY_ADMIN, 'put', `admin/databases/${t.w.alpha}`, { Name: 'Mine' }).expect(403);
    expect(
      detailOf(await call(t, admin, 'put', `admin/databases/${t.w.alpha}`, { Name: 'beta' }).expect(400)),
    ).toMatch(/already exists/);
    await call(t, admin, 'put', `admin/databases/${t.w.alpha}`, { Name: '***' }).expect(400);
    await call(t, admin, 'put', 'admin/databases/999', { Name: 'Gone' }).expect(404);
    expect(await dbNames()).toEqual(['Alpha', 'Beta']);
  });
});

describe('DELETE admin/databases/{id}', () => {
  it('deletes an empty database for administrators of all; it leaves the end-user routes', async () => {
    await call(t, 'dbadmin', 'delete', `admin/databases/${t.w.alpha}`).expect(403);
    await call(t, READ_ONLY_ADMIN, 'delete', `admin/databases/${t.w.beta}`).expect(403);
    expect((await call(t, admin, 'delete', `admin/databases/${t.w.beta}`).expect(200)).body).toBe(true);
    expect(await dbNames('full.user')).toEqual(['Alpha']);
    await call(t, admin, 'get', `dbs/${t.w.beta}/archives`).expect(404);
    await call(t, admin, 'delete', `admin/databases/${t.w.beta}`).expect(404);
  });

  it('refuses a database holding documents without Drop (409, nothing lost), drops it with Drop=true', async () => {
    const files = join(t.dataDir, 'files');
    mkdirSync(join(files, 'a'), { recursive: true });
    writeFileSync(join(files, 'a', 'only.pdf'), 'x');
    writeFileSync(join(files, 'a', 'shared.pdf'), 'x');
    addDoc(t.w.alpha, t.w.invoices, 'a/only.pdf');
    addDoc(t.w.alpha, t.w.paid, 'a/shared.pdf');
    addDoc(t.w.beta, t.w.orders, 'a/shared.pdf');
    const refused = await call(t, admin, 'delete', `admin/databases/${t.w.alpha}?Drop=false`).expect(409);
    expect(messageOf(refused)).toBe(
      "Database 'Alpha' holds 2 documents; delete it with Drop=true to remove them too.",
    );
    expect(await dbNames()).toEqual(['Alpha', 'Beta']);
    await call(t, admin, 'delete', `admin/databases/${t.w.alpha}?drop=TRUE`).expect(200);
    expect(await dbNames()).toEqual(['Beta']);
    const tables = t.db
      .prepare(`SELECT name FROM sqlite_master WHERE name LIKE ? OR name LIKE ?`)
      .pluck()
      .all(`doc_${t.w.alpha}%`, `doc%Fts_${t.w.alpha}%`);
    expect(tables).toEqual([]);
    expect(existsSync(join(files, 'a', 'only.pdf'))).toBe(false);
    // Beta's document still uses this one
    expect(existsSync(join(files, 'a', 'shared.pdf'))).toBe(true);
    expect(t.db.prepare(`SELECT count(*) FROM doc_${t.w.beta}`).pluck().get()).toBe(1);
    await call(t, admin, 'delete', `admin/databases/${t.w.beta}?Drop=maybe`).expect(400);
  });
});

describe('GET admin/databases/{id}?rebuild=true', () => {
  it('rebuilds the indexes and the content index, for its administrators who are user administrators', async () => {
    t.db.prepare(`UPDATE archives SET content_search = 1 WHERE id = ?`).run(t.w.invoices);
    const doc = addDoc(t.w.alpha, t.w.invoices);
    t.db.prepare(`INSERT INTO doc_text_${t.w.alpha}(doc_id, body) VALUES (?, 'rebuilt words')`).run(doc);
    t.db.prepare(`DELETE FROM docTextFts_${t.w.alpha}`).run();
    await call(t, 'dbadmin', 'get', `admin/databases/${t.w.alpha}?rebuild=true`).expect(403);
    userAdmins('dbadmin');
    expect(
      (await call(t, 'dbadmin', 'get', `admin/databases/${t.w.alpha}?rebuild=true`).expect(200)).body,
    ).toBe(true);
    expect(
      t.db
        .prepare(`SELECT rowid FROM docTextFts_${t.w.alpha} WHERE docTextFts_${t.w.alpha} MATCH 'rebuilt'`)
        .pluck()
        .all(),
    ).toEqual([doc]);
    await call(t, READ_ONLY_ADMIN, 'get', `admin/databases/${t.w.alpha}?rebuild=true`).expect(403);
    await call(t, 'dbadmin', 'get', `admin/databases/${t.w.beta}?rebuild=true`).expect(403);
    await call(t, admin, 'get', `admin/databases/${t.w.alpha}?rebuild=yes`).expect(400);
  });
});

describe('admin/databases/{id}/options/archives', () => {
  it("ShowAll makes every archive appear in the users' tree, with their own permissions", async () => {
    const path = `admin/databases/${t.w.alpha}/options/archives`;
    expect((await call(t, 'dbadmin', 'get', path).expect(200)).body).toEqual({ ShowAll: false });
    const children = async () =>
      (
        (await call(t, 'full.user', 'get', `dbs/${t.w.alpha}/archives/${t.w.invoices}`).expect(200)).body as {
          Archives: { Name: string; Permissions: number }[];
        }
      ).Archives;
    expect((await children()).map((a) => a.Name)).toEqual(['Paid']);
    expect((await call(t, 'dbadmin', 'put', path, { showall: true }).expect(200)).body).toEqual({
      ShowAll: true,
    });
    expect((await call(t, admin, 'get', path).expect(200)).body).toEqual({ ShowAll: true });
    // Open holds no View right for full.user: shown, with the rights they have
    expect((await children()).map((a) => [a.Name, a.Permissions])).toEqual([
      ['Open', 2],
      ['Paid', 1 | 1024],
    ]);
    await call(t, 'full.user', 'put', path, { ShowAll: false }).expect(403);
    await call(t, READ_ONLY_ADMIN, 'put', path, { ShowAll: false }).expect(403);
    await call(t, admin, 'put', path, { ShowAll: 'sometimes' }).expect(400);
    await call(t, admin, 'get', 'admin/databases/999/options/archives').expect(404);
    expect((await call(t, admin, 'get', path).expect(200)).body).toEqual({ ShowAll: true });
  });
});
