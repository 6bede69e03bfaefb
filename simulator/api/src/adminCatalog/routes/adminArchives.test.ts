import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { documentInserter } from '@gs/simulator-fixtures/builders';
import type { AdminArchive } from '@gs/contract/admin/catalog';
import type { ArchiveInfo, ArchivesResponse, ViewTabsResponse } from '@gs/contract/archives';
import type { FieldDefinition } from '@gs/contract/fields';
import type { Search } from '@gs/contract/searches';
import { INVALID_REQUEST } from '@gs/contract/errors';
import { ALL_ARCHIVE_PERMISSIONS, ArchiveFlags } from '@gs/contract/flags';
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
const base = () => `admin/databases/${t.w.alpha}/archives`;
const names = async (parent = 0): Promise<string[]> =>
  (
    (await call(t, admin, 'get', `dbs/${t.w.alpha}/archives${parent ? `/${parent}` : ''}`).expect(200))
      .body as ArchivesResponse
  ).Archives.map((a) => a.Name);
const create = async (body: object): Promise<AdminArchive> =>
  (await call(t, admin, 'post', base(), body).expect(200)).body as AdminArchive;
const addDoc = (archiveId: number, filePath = '') =>
  documentInserter(
    t.db,
    t.w.alpha,
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

describe('GET admin/databases/{db}/archives', () => {
  it('lists every archive of the database, sub-archives by Parent, in the wire shape', async () => {
    const res = await call(t, 'dbadmin', 'get', base()).expect(200);
    const all = res.body as AdminArchive[];
    expect(all.map((a) => [a.Name, a.Parent])).toEqual([
      ['Contracts', 0],
      ['Invoices', 0],
      ['Open', t.w.invoices],
      ['Paid', t.w.invoices],
    ]);
    expect(all.find((a) => a.Id === t.w.paid)).toEqual({
      Id: t.w.paid,
      Name: 'Paid',
      Parent: t.w.invoices,
      Permissions: ALL_ARCHIVE_PERMISSIONS,
      Properties: 0,
      BasePath: { Default: true, Path: '', UniqueName: '' },
      CreateBrowse: false,
      Fields: [t.w.vendor, t.w.amount],
      View: { Enabled: false, StatusField: 0, Values: [] },
      ContentSearch: false,
      RevisionControl: 0,
      ConvertPdf: false,
      Notifications: { To: '', From: '', Subject: '', Message: '' },
    });
    const one = await call(t, admin, 'get', `${base()}/${t.w.open}`).expect(200);
    expect((one.body as AdminArchive[]).map((a) => a.Name)).toEqual(['Open']);
  });

  it('is for the database administrators: 403 otherwise, 404 for an archive of another database', async () => {
    expect(messageOf(await call(t, 'full.user', 'get', base()).expect(403))).toBe(
      'You are not an administrator of any database.',
    );
    expect(
      messageOf(await call(t, 'dbadmin', 'get', `admin/databases/${t.w.beta}/archives`).expect(403)),
    ).toBe(`You are not an administrator of database ${t.w.beta}.`);
    await call(t, admin, 'get', `${base()}/${t.w.orders}`).expect(404);
    await call(t, admin, 'get', 'admin/databases/999/archives').expect(404);
  });
});

describe('POST admin/databases/{db}/archives', () => {
  it('creates an archive end users find at once, with its fields, view tabs and browse search', async () => {
    const created = await create({
      name: ' Receipts ',
      FIELDS: [t.w.vendor, t.w.amount],
      view: {
        enabled: true,
        statusField: t.w.vendor,
        values: [
          { label: 'Acme', value: 'Acme', color: 'green' },
          { Label: 'Other', Value: 'Other', Color: 'red' },
        ],
      },
      notifications: { to: 'ap@example.com', subject: 'New receipt' },
      createBrowse: true,
    });
    expect(created).toMatchObject({
      Name: 'Receipts',
      Parent: 0,
      Fields: [t.w.vendor, t.w.amount],
      BasePath: { Default: true, Path: '', UniqueName: `archive_${created.Id}` },
      CreateBrowse: true,
      View: { Enabled: true, StatusField: t.w.vendor },
      Notifications: { To: 'ap@example.com', From: '', Subject: 'New receipt', Message: '' },
    });
    expect(await names()).toEqual(['Contracts', 'Invoices', 'Receipts']);
    const arch = `dbs/${t.w.alpha}/archives/${created.Id}`;
    const fields = (await call(t, admin, 'get', `${arch}?type=fields`).expect(200)).body as FieldDefinition[];
    expect(fields.map((f) => f.Name)).toEqual(['Vendor', 'Amount']);
    const tabs = (await call(t, admin, 'get', `${arch}?type=tabs`).expect(200)).body as ViewTabsResponse;
    expect(tabs.Tabs.map((x) => [x.tabId, x.label, x.value])).toEqual([
      [1, 'Acme', 'Acme'],
      [2, 'Other', 'Other'],
    ]);
    const searches = (await call(t, admin, 'get', `${arch}/searches`).expect(200)).body as Search[];
    expect(searches.map((s) => s.Name)).toEqual(['Browse Receipts']);
  });

  it('files a sub-archive under its Parent and gives a revision-controlled archive its Versions archive', async () => {
    const parent = await create({
      Name: 'Policies',
      Fields: [t.w.vendor],
      RevisionControl: 1,
      CreateBrowse: false,
    });
    expect(parent).toMatchObject({ RevisionControl: 1, Properties: ArchiveFlags.RevisionControl });
    await create({ Name: 'Drafts', Parent: parent.Id });
    expect(await names(parent.Id)).toEqual(['Drafts', 'Versions']);
    // the Versions archive keeps the fields of its archive
    await call(t, admin, 'put', `${base()}/${parent.Id}`, { Fields: [t.w.vendor, t.w.amount] }).expect(200);
    const info = (await call(t, admin, 'get', `dbs/${t.w.alpha}/archives/${parent.Id}?type=info`).expect(200))
      .body as ArchiveInfo;
    expect(info).toMatchObject({ Properties: 2, DBProperties: ArchiveFlags.RevisionControl });
    const all = (await call(t, admin, 'get', base()).expect(200)).body as AdminArchive[];
    expect(all.find((a) => a.Name === 'Versions')).toMatchObject({
      Parent: parent.Id,
      Properties: ArchiveFlags.VersionsArchive,
      Fields: [t.w.vendor, t.w.amount],
    });
  });

  it('answers 400 with a Message for every broken rule and creates nothing', async () => {
    const bad = async (body: unknown, detail: RegExp) => {
      const res = await call(t, admin, 'post', base(), body).expect(400);
      expect(messageOf(res)).toBe(INVALID_REQUEST);
      expect(detailOf(res)).toMatch(detail);
    };
    await bad({ Name: '   ' }, /name is required/);
    await bad({ Name: 'invoices' }, /'Invoices' already exists/);
    await bad({ Name: 'Paid', Parent: t.w.invoices }, /'Paid' already exists/);
    await bad({ Name: 'X', Parent: 999 }, /not an archive of database/);
    await bad({ Name: 'X', Parent: t.w.orders }, /not an archive of database/);
    await bad({ Name: 'X', ContentSearch: true, ConvertPdf: true }, /cannot both be on/);
    await bad({ Name: 'X', Fields: [999] }, /Field 999 is not a field/);
    await bad({ Name: 'X', Fields: [t.w.vendor, t.w.vendor] }, /listed twice/);
    await bad({ Name: 'X', Fields: 'vendor' }, /not valid/);
    await bad({ Name: 'X', View: { Values: [{ Label: ' ', Value: 'a' }] } }, /needs a label/);
    await bad({ Name: 'X', View: { Values: [{ Label: 'A' }, { Label: 'a' }] } }, /used twice/);
    await bad({ Name: 'X', Fields: [t.w.vendor], View: { Enabled: true } }, /need a status field/);
    await bad(
      { Name: 'X', Fields: [t.w.vendor], View: { StatusField: t.w.amount } },
      /not a field of the archive/,
    );
    await bad({ Name: 'X', BasePath: { Default: false } }, /needs a path/);
    await bad({ Name: 'X', RevisionControl: 2 }, /not valid/);
    await bad('Receipts', /JSON object/);
    await bad({ Name: 'versions' }, /kept for the archives of old revisions/);
    expect(await names()).toEqual(['Contracts', 'Invoices']);
  });

  it('refuses non-administrators, other databases and read-only licences', async () => {
    await call(t, 'full.user', 'post', base(), { Name: 'X' }).expect(403);
    await call(t, 'dbadmin', 'post', `admin/databases/${t.w.beta}/archives`, { Name: 'X' }).expect(403);
    expect(messageOf(await call(t, READ_ONLY_ADMIN, 'post', base(), { Name: 'X' }).expect(403))).toBe(
      'A read-only license cannot change the administration.',
    );
    await call(t, 'dbadmin', 'post', base(), { Name: 'X' }).expect(200);
    expect(await names()).toEqual(['Contracts', 'Invoices', 'X']);
  });
});

describe('PUT admin/databases/{db}/archives/{id}', () => {
  it('changes only what the body carries; end users see the new name and fields', async () => {
    const res = await call(t, 'dbadmin', 'put', `${base()}/${t.w.contracts}`, {
      name: 'Agreements',
      Fields: [t.w.amount, t.w.vendor],
    }).expect(200);
    expect(res.body).toMatchObject({
      Id: t.w.contracts,
      Name: 'Agreements',
      Fields: [t.w.amount, t.w.vendor],
    });
    expect(await names()).toEqual(['Agreements', 'Invoices']);
    const fields = (
      await call(t, admin, 'get', `dbs/${t.w.alpha}/archives/${t.w.contracts}?type=fields`).expect(200)
    ).body as FieldDefinition[];
    expect(fields.map((f) => f.Name)).toEqual(['Amount', 'Vendor']);
    // moved under Invoices
    await call(t, admin, 'put', `${base()}/${t.w.contracts}`, { Parent: t.w.invoices }).expect(200);
    expect(await names(t.w.invoices)).toEqual(['Agreements', 'Open', 'Paid']);
  });

  it('refuses a cycle, a clash and bad values, changing nothing', async () => {
    const put = (id: number, body: unknown) => call(t, admin, 'put', `${base()}/${id}`, body);
    expect(detailOf(await put(t.w.invoices, { Parent: t.w.paid }).expect(400))).toMatch(/under itself/);
    expect(detailOf(await put(t.w.invoices, { Parent: t.w.invoices }).expect(400))).toMatch(/under itself/);
    expect(detailOf(await put(t.w.contracts, { Name: 'INVOICES' }).expect(400))).toMatch(/already exists/);
    await put(t.w.contracts, { ConvertPdf: true }).expect(200);
    expect(detailOf(await put(t.w.contracts, { ContentSearch: true }).expect(400))).toMatch(/cannot both/);
    await put(999, { Name: 'Y' }).expect(404);
    await call(t, READ_ONLY_ADMIN, 'put', `${base()}/${t.w.contracts}`, { Name: 'Y' }).expect(403);
    await call(t, 'full.user', 'put', `${base()}/${t.w.contracts}`, { Name: 'Y' }).expect(403);
    expect(await names()).toEqual(['Contracts', 'Invoices']);
  });
});

describe('DELETE admin/databases/{db}/archives/{id}', () => {
  it('deletes an empty archive and the searches and user actions filed under it', async () => {
    const created = await create({ Name: 'Scratch', Fields: [t.w.vendor] });
    const action = t.db.prepare(`INSERT INTO user_actions(database_id, archive_id, action_key, name)
      VALUES (?, ?, ?, 'Approve')`);
    action.run(t.w.alpha, created.Id, 'scratch');
    action.run(t.w.alpha, 0, 'everywhere');
    expect((await call(t, admin, 'delete', `${base()}/${created.Id}`).expect(200)).body).toBe(true);
    expect(t.db.prepare(`SELECT action_key FROM user_actions`).pluck().all()).toEqual(['everywhere']);
    expect(await names()).toEqual(['Contracts', 'Invoices']);
    expect(t.db.prepare(`SELECT count(*) FROM searches WHERE archive_id = ?`).pluck().get(created.Id)).toBe(
      0,
    );
    await call(t, admin, 'delete', `${base()}/${created.Id}`).expect(404);
  });

  it('refuses a parent of sub-archives and one holding documents (409, nothing lost); Drop=true drops it', async () => {
    expect(messageOf(await call(t, admin, 'delete', `${base()}/${t.w.invoices}`).expect(409))).toMatch(
      /has sub-archives/,
    );
    const files = join(t.dataDir, 'files');
    mkdirSync(files, { recursive: true });
    writeFileSync(join(files, 'paid.pdf'), 'x');
    addDoc(t.w.paid, 'paid.pdf');
    const kept = addDoc(t.w.open);
    expect(messageOf(await call(t, admin, 'delete', `${base()}/${t.w.paid}`).expect(409))).toBe(
      "Archive 'Paid' holds 1 document; delete it with Drop=true to remove them too.",
    );
    expect(await names(t.w.invoices)).toEqual(['Open', 'Paid']);
    await call(t, READ_ONLY_ADMIN, 'delete', `${base()}/${t.w.paid}?Drop=true`).expect(403);
    await call(t, 'dbadmin', 'delete', `${base()}/${t.w.paid}?Drop=true`).expect(200);
    expect(await names(t.w.invoices)).toEqual(['Open']);
    expect(existsSync(join(files, 'paid.pdf'))).toBe(false);
    expect(t.db.prepare(`SELECT id FROM doc_${t.w.alpha}`).pluck().all()).toEqual([kept]);
  });

  it("takes a revision-controlled archive's Versions archive along", async () => {
    const policies = await create({ Name: 'Policies', RevisionControl: 1 });
    await call(t, admin, 'delete', `${base()}/${policies.Id}`).expect(200);
    const all = (await call(t, admin, 'get', base()).expect(200)).body as AdminArchive[];
    expect(all.map((a) => a.Name)).toEqual(['Contracts', 'Invoices', 'Open', 'Paid']);
  });
});
