import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { MULTIPLE_DATABASES_NOT_LICENSED } from '@gs/contract/admin';
import type {
  ImportLog,
  ImportStarted,
  ImportTemplateTree,
  ImportUser,
  PackageInfo,
  PackageRejected,
} from '@gs/contract/admin/packages';
import {
  READ_ONLY_ADMIN,
  call,
  detailOf,
  makeAdminApp,
  messageOf,
  type AdminApp,
} from '../../testing/adminWorld';
import { API, basic, binary } from '../../testing/testApp';
import { createApp } from '../../app';
import { STAGED_TTL_MS } from '../services/packageStaging';

let t: AdminApp;
beforeEach(() => {
  t = makeAdminApp();
});
const admin = 'SSAdministrator';

const exportOf = async (db: number, acronym = 'ALPHA', user = admin): Promise<Buffer> =>
  (
    await request(t.app)
      .get(`${API}admin/FullAdminDatabaseExport?DatabaseID=${db}&Acronym=${acronym}`)
      .set('Authorization', basic(user))
      .buffer(true)
      .parse(binary)
      .expect(200)
  ).body as Buffer;

const upload = (bytes: Buffer, name: string, user = admin, query = '') =>
  request(t.app)
    .post(`${API}admin/FullAdminDatabaseImport${query}`)
    .set('Authorization', basic(user))
    .attach('file', bytes, name);

const databaseCount = () => t.db.prepare(`SELECT count(*) FROM databases`).pluck().get() as number;

async function finished(logId: string): Promise<ImportLog> {
  for (;;) {
    const log = (await call(t, admin, 'get', `admin/FullAdminLog?logId=${logId}`).expect(200))
      .body as ImportLog;
    if (log.Status !== 'Running') return log;
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function importAll(databaseId: number, extra: Partial<ImportTemplateTree> = {}): Promise<ImportLog> {
  const tree = (await call(t, admin, 'get', `admin/importdatabase?DatabaseID=${databaseId}`).expect(200))
    .body as ImportTemplateTree;
  const started = (
    await call(t, admin, 'post', `admin/FullAdminDatabaseImport?DatabaseID=${databaseId}`, {
      ...tree,
      ...extra,
    }).expect(200)
  ).body as ImportStarted;
  return finished(started.LogId);
}

describe('GET admin/FullAdminDatabaseExport', () => {
  it('streams the database as <Acronym>.gs to its administrator', async () => {
    const res = await request(t.app)
      .get(`${API}admin/FullAdminDatabaseExport?DatabaseID=${t.w.alpha}&Acronym=ALPHA`)
      .set('Authorization', basic('dbadmin'))
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(res.headers['content-disposition']).toContain('ALPHA.gs');
    expect((res.body as Buffer).subarray(0, 2).toString()).toBe('PK');
  });

  it('refuses other users, a bad acronym and an unknown database', async () => {
    await call(
      t,
      'full.user',
      'get',
      `admin/FullAdminDatabaseExport?DatabaseID=${t.w.alpha}&Acronym=A`,
    ).expect(403);
    await call(t, 'dbadmin', 'get', `admin/FullAdminDatabaseExport?DatabaseID=${t.w.beta}&Acronym=A`).expect(
      403,
    );
    const bad = await call(
      t,
      admin,
      'get',
      `admin/FullAdminDatabaseExport?DatabaseID=${t.w.alpha}&Acronym=a%20b`,
    ).expect(400);
    expect(detailOf(bad)).toMatch(/acronym/i);
    await call(t, admin, 'get', `admin/FullAdminDatabaseExport?DatabaseID=999&Acronym=A`).expect(404);
    await call(t, admin, 'get', `admin/FullAdminDatabaseExport?Acronym=A`).expect(400);
  });
});

describe('POST admin/FullAdminDatabaseImport (upload)', () => {
  it('keeps an uploaded package for the caller and describes it', async () => {
    await call(t, admin, 'get', 'admin/FullAdminPackage').expect(404);
    const info = (await upload(await exportOf(t.w.alpha), 'alpha.gs').expect(200)).body as PackageInfo;
    expect(info).toMatchObject({ Filename: 'alpha.gs', Acronym: 'ALPHA', SourceDatabase: 'Alpha' });
    expect(info.Counts.Archives).toBe(4);
    expect((await call(t, admin, 'get', 'admin/FullAdminPackage').expect(200)).body).toEqual(info);
  });

  it('refuses a name not ending in gs, and a corrupted package with a log saying why, creating nothing', async () => {
    const bytes = await exportOf(t.w.alpha);
    const wrong = await upload(bytes, 'alpha.zip').expect(400);
    expect(detailOf(wrong)).toContain('must end in gs');
    const before = databaseCount();
    const damaged = Buffer.from(bytes);
    damaged.fill(0, Math.floor(damaged.length / 2), Math.floor(damaged.length / 2) + 64);
    for (const corrupt of [damaged, bytes.subarray(0, bytes.length - 30), Buffer.from('not a zip at all')]) {
      const res = await upload(corrupt, 'broken.gs').expect(400);
      const body = res.body as PackageRejected;
      expect(body.Message).toContain('corrupted');
      const log = (await call(t, admin, 'get', `admin/FullAdminLog?logId=${body.LogId}`).expect(200))
        .body as ImportLog;
      expect(log).toMatchObject({ Status: 'Failed', Filename: 'broken.gs', DisplayName: admin });
      expect(log.ImportError).toBe(body.Message);
    }
    expect(databaseCount()).toBe(before);
    await call(t, admin, 'get', 'admin/FullAdminPackage').expect(404);
  });

  it('refuses users who are not administrators of all, a read-only licence, and a body that is no file', async () => {
    const bytes = await exportOf(t.w.alpha);
    await upload(bytes, 'a.gs', 'dbadmin').expect(403);
    await upload(bytes, 'a.gs', READ_ONLY_ADMIN).expect(403);
    expect(
      detailOf(await call(t, admin, 'post', 'admin/FullAdminDatabaseImport', { x: 1 }).expect(400)),
    ).toContain('multipart');
  });
});

describe('a staged package on disk (decision 042)', () => {
  const stagedDir = () => join(t.dataDir, 'packages', 'staged', String(t.w.admin));

  it('is found again after the API restarts on the same DATA_DIR, and imports from there', async () => {
    const bytes = await exportOf(t.w.alpha);
    const info = (await upload(bytes, 'alpha.gs').expect(200)).body as PackageInfo;
    expect(readdirSync(stagedDir()).sort()).toEqual(['meta.json', 'package.gs']);
    expect(readFileSync(join(stagedDir(), 'package.gs')).equals(bytes)).toBe(true);
    // the restart: a new app (no memory of the upload) on the same database and folder
    t = { ...t, app: createApp({ db: t.db, clock: t.clock, files: { dataDir: t.dataDir } }) };
    expect((await call(t, admin, 'get', 'admin/FullAdminPackage').expect(200)).body).toEqual(info);
    const log = await importAll(0, { DatabaseName: 'AlphaAgain' });
    expect(log.LogText).not.toContain('ERROR');
    expect(log.Status).toBe('Completed');
    const archives = t.db
      .prepare(
        `SELECT a.name FROM archives a JOIN databases d ON d.id = a.database_id WHERE d.name = 'AlphaAgain'`,
      )
      .pluck()
      .all();
    expect(archives).toHaveLength(4);
  });

  it('is replaced by the next upload, kept when that one is refused, and expires a day after it was staged', async () => {
    await upload(await exportOf(t.w.alpha), 'alpha.gs').expect(200);
    await upload(await exportOf(t.w.beta, 'BETA'), 'beta.gs').expect(200);
    expect(readdirSync(stagedDir()).sort()).toEqual(['meta.json', 'package.gs']);
    const info = () => call(t, admin, 'get', 'admin/FullAdminPackage');
    expect(((await info().expect(200)).body as PackageInfo).Filename).toBe('beta.gs');
    await upload(Buffer.from('not a zip at all'), 'broken.gs').expect(400);
    await upload(Buffer.from('not a package'), 'notes.txt').expect(400);
    expect(readdirSync(stagedDir()).sort()).toEqual(['meta.json', 'package.gs']);
    expect(((await info().expect(200)).body as PackageInfo).Filename).toBe('beta.gs');

    t.clock.advance(STAGED_TTL_MS - 1000);
    await info().expect(200);
    t.clock.advance(1000);
    await info().expect(404);
    await call(t, admin, 'get', 'admin/importdatabase').expect(404);
    // the next upload sweeps the expired package away (a restart would too)
    await upload(Buffer.from('not a zip at all'), 'broken.gs').expect(400);
    await expect.poll(() => existsSync(join(stagedDir(), 'package.gs'))).toBe(false);
  });
});

describe('the import', () => {
  it('needs an uploaded package', async () => {
    await call(t, admin, 'get', 'admin/importdatabase').expect(404);
    await call(t, admin, 'post', 'admin/FullAdminDatabaseImport?DatabaseID=0', { Branches: [] }).expect(404);
  });

  it('imports into a new database with its users and groups, then marks the templates already applied', async () => {
    await upload(await exportOf(t.w.alpha), 'alpha.gs').expect(200);
    const tree = (await call(t, admin, 'get', 'admin/importdatabase').expect(200)).body as ImportTemplateTree;
    expect(tree.Branches.map((b) => [b.Parent, b.Installed, b.Checked])).toEqual([
      ['Contracts', false, true],
      ['Invoices', false, true],
    ]);
    expect(tree.Branches[1]?.Children.map((c) => c.Child)).toEqual([
      'Invoices',
      'Invoices/Paid',
      'Invoices/Open',
    ]);
    expect(tree.Branches[1]?.Square9Users).toContain('full.user');
    expect(tree.Branches[1]?.Square9Groups).toEqual(['Accounting']);
    const log = await importAll(0, {
      DatabaseName: 'Alpha Copy!',
      Password: 'New@1234',
      UsersToAdd: [
        { Name: 'new.one', Email: 'same@example.com' },
        { Name: 'new.two', Email: 'same@example.com' },
      ] as ImportUser[],
      GroupsToAdd: [{ Name: 'Auditors', Users: ['new.one', 'full.user'] }] as ImportUser[],
    });
    expect(log.Status).toBe('Completed');
    expect(log.DatabaseName).toBe('AlphaCopy');
    expect(log.LogText).toContain(
      'The e-mail same@example.com of user new.two is also the e-mail of new.one.',
    );
    const copy = t.db.prepare(`SELECT id FROM databases WHERE name = 'AlphaCopy'`).pluck().get() as number;
    const names = t.db
      .prepare(`SELECT name FROM archives WHERE database_id = ? ORDER BY name`)
      .pluck()
      .all(copy);
    expect(names).toEqual(['Contracts', 'Invoices', 'Open', 'Paid']);
    // full.user sees the copy through the imported security, new.one signs in with the password
    const dbs = (await call(t, 'full.user', 'get', 'dbs').expect(200)).body as {
      Databases: { Name: string }[];
    };
    expect(dbs.Databases.map((d) => d.Name)).toContain('AlphaCopy');
    await request(t.app).get(`${API}licenses`).set('Authorization', basic('new.one', 'New@1234')).expect(200);
    const members = t.db
      .prepare(
        `SELECT u.name FROM group_members m JOIN groups g ON g.id = m.group_id JOIN users u ON u.id = m.user_id
        WHERE g.name = 'Auditors' ORDER BY u.name`,
      )
      .pluck()
      .all();
    expect(members).toEqual(['full.user', 'new.one']);

    const again = (await call(t, admin, 'get', `admin/importdatabase?DatabaseID=${copy}`).expect(200))
      .body as ImportTemplateTree;
    expect(again.Branches.map((b) => [b.Parent, b.Installed, b.Checked])).toEqual([
      ['Contracts', true, false],
      ['Invoices', true, false],
    ]);
    const checked = {
      ...again,
      Branches: again.Branches.map((b) => ({
        ...b,
        Checked: true,
        Children: b.Children.map((c) => ({ ...c, Checked: true })),
      })),
    };
    const refused = await call(
      t,
      admin,
      'post',
      `admin/FullAdminDatabaseImport?DatabaseID=${copy}`,
      checked,
    ).expect(400);
    expect(detailOf(refused)).toContain('already applied');
  });

  it('into an existing database keeps what is there: a taken archive name fails its template only', async () => {
    await upload(await exportOf(t.w.alpha), 'alpha.gs').expect(200);
    const log = await importAll(t.w.beta);
    expect(log.Status).toBe('Completed');
    const beta = t.db
      .prepare(`SELECT name FROM archives WHERE database_id = ? ORDER BY name`)
      .pluck()
      .all(t.w.beta);
    expect(beta).toEqual(['Contracts', 'Invoices', 'Open', 'Orders', 'Paid']);
    await upload(await exportOf(t.w.alpha, 'OTHER'), 'other.gs').expect(200);
    const second = await importAll(t.w.beta);
    expect(second.Status).toBe('Failed');
    expect(second.ImportError).toContain('an archive named Invoices already exists');
    expect(second.LogText).toContain('an archive named Contracts already exists');
    expect(t.db.prepare(`SELECT count(*) FROM archives WHERE database_id = ?`).pluck().get(t.w.beta)).toBe(5);
  });

  it('refuses bad bodies and databases, and a new database without the multi-database licence', async () => {
    await upload(await exportOf(t.w.alpha), 'alpha.gs').expect(200);
    const run = (q: string, body: unknown) =>
      call(t, admin, 'post', `admin/FullAdminDatabaseImport?DatabaseID=${q}`, body);
    await run('0', [1, 2]).expect(400);
    await run('0', { Branches: 'x' }).expect(400);
    expect(detailOf(await run('0', { Branches: [], DatabaseName: '***' }).expect(400))).toContain(
      'needs a name',
    );
    expect(detailOf(await run('0', { Branches: [], DatabaseName: 'Alpha' }).expect(400))).toContain(
      'already exists',
    );
    await run('0', { Branches: [{ Children: [{ ID: 4242, Checked: true }] }], DatabaseName: 'X' }).expect(
      400,
    );
    await run('999', { Branches: [] }).expect(404);
    await run('-1', { Branches: [] }).expect(400);
    t.db.prepare(`UPDATE settings SET value = '0' WHERE key = 'feature.mdb'`).run();
    expect(messageOf(await run('0', { Branches: [], DatabaseName: 'New' }).expect(403))).toBe(
      MULTIPLE_DATABASES_NOT_LICENSED,
    );
  });
});

describe('user lists and logs', () => {
  it('reads a user CSV and lists the package users and groups', async () => {
    await upload(await exportOf(t.w.alpha), 'alpha.gs').expect(200);
    const csv = Buffer.from('Name,Password,Email\nfresh.user,Pw@12345,fresh@example.com\nfull.user,x,\n');
    const users = (await upload(csv, 'users.csv', admin, '?FileName=users.csv').expect(200))
      .body as ImportUser[];
    expect(users.map((u) => [u.Name, u.Email, u.Exists])).toEqual([
      ['fresh.user', 'fresh@example.com', false],
      ['full.user', '', true],
    ]);
    await upload(Buffer.from('no header'), 'users.csv', admin, '?FileName=users.csv').expect(400);
    const list = (await call(t, admin, 'post', 'admin/FullAdminDatabaseImport?UserList=true').expect(200))
      .body as ImportUser[];
    expect(list.find((u) => u.Name === 'Accounting')).toMatchObject({
      Type: 4,
      Users: ['grouped'],
      Exists: true,
    });
    expect(list.find((u) => u.Name === 'full.user')?.SecurityList).toContainEqual({
      TemplateName: 'Invoices',
      SecurityLevel: expect.any(Number) as number,
    });
  });

  it('keeps a history, downloads a log as a file and deletes logs', async () => {
    await upload(await exportOf(t.w.alpha), 'alpha.gs').expect(200);
    const log = await importAll(0, { DatabaseName: 'Copy1' });
    const history = (await call(t, admin, 'get', 'admin/FullAdminLog').expect(200)).body as ImportLog[];
    expect(history.map((l) => l.LogId)).toEqual([log.LogId]);
    const file = await call(t, admin, 'get', `admin/FullAdminLog?DatabaseName=Copy1&Guid=${log.Guid}`).expect(
      200,
    );
    expect(file.headers['content-disposition']).toContain('attachment');
    expect(file.text).toBe(log.LogText);
    await call(t, admin, 'get', `admin/FullAdminLog?DatabaseName=Other&Guid=${log.Guid}`).expect(404);
    await call(t, 'dbadmin', 'get', 'admin/FullAdminLog').expect(403);
    await call(t, admin, 'delete', 'admin/FullAdminLog?logId=nope').expect(404);
    expect(
      (await call(t, admin, 'delete', `admin/FullAdminLog?logId=${log.LogId}`).expect(200)).body,
    ).toEqual({ Deleted: 1 });
    expect((await call(t, admin, 'get', 'admin/FullAdminLog').expect(200)).body).toEqual([]);
  });

  it('removes the spill folder an import cut off by a crash left behind when it starts again', async () => {
    const spill = join(t.dataDir, 'packages', 'spill');
    const leftover = join(spill, 'crashed-import');
    mkdirSync(leftover, { recursive: true });
    writeFileSync(join(leftover, 'annotations.ndjson'), '{"document":1}\n');
    // the server starts again on the same folder, and an import runs
    t = { ...t, app: createApp({ db: t.db, clock: t.clock, files: { dataDir: t.dataDir } }) };
    await upload(await exportOf(t.w.alpha), 'alpha.gs').expect(200);
    const log = await importAll(0, { DatabaseName: 'AfterCrash' });
    expect(log.Status).toBe('Completed');
    expect(existsSync(leftover)).toBe(false);
    expect(readdirSync(spill)).toEqual([]);
  });

  it('marks an import a stopped server left Running as Failed when it starts again, so it can be deleted', async () => {
    t.db
      .prepare(
        `INSERT INTO import_logs(id, guid, user_id, status, log_text, import_error, filename, display_name,
         database_name, database_id, started_at) VALUES ('log-1', 'guid-1', 1, 'Running', 'line one', '',
         'alpha.gs', 'SSAdministrator', 'Copy1', 0, 0)`,
      )
      .run();
    // the server starts again on the same database
    t = { ...t, app: createApp({ db: t.db, clock: t.clock, files: { dataDir: t.dataDir } }) };
    const log = (await call(t, admin, 'get', 'admin/FullAdminLog?logId=log-1').expect(200)).body as ImportLog;
    expect(log.Status).toBe('Failed');
    expect(log.ImportError).toBe('The import stopped when the server stopped; run it again.');
    expect(log.LogText).toMatch(
      /^line one\n\S+ ERROR The import stopped when the server stopped; run it again\.$/,
    );
    expect((await call(t, admin, 'delete', 'admin/FullAdminLog?logId=log-1').expect(200)).body).toEqual({
      Deleted: 1,
    });
  });
});
