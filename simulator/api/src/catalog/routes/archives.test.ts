import { beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import { documentInserter, setArchiveViews } from '@gs/simulator-fixtures/builders';
import { ALL_ARCHIVE_PERMISSIONS } from '@gs/contract/flags';
import { secureId } from '../../security/repos/secureIds';
import { API, basic, makeWorldApp, type TestApp, type World } from '../../testing/testApp';

let t: TestApp & { w: World };
let docs: number[];
beforeEach(() => {
  docs = [];
  t = makeWorldApp({}, (db, w) => {
    const insert = documentInserter(db, w.alpha, [w.vendor, w.amount]);
    for (const archiveId of [w.invoices, w.invoices, w.paid])
      docs.push(
        insert({
          archiveId,
          filePath: 'a.pdf',
          fileType: '.pdf',
          fileSize: 1,
          pageCount: 1,
          createdAt: 0,
          values: {},
        }),
      );
  });
});
const as = (user: string, path: string) =>
  request(t.app).get(`${API}${path}`).set('Authorization', basic(user));
const dbOf = (archiveId: number): number =>
  (t.db.prepare('SELECT database_id FROM archives WHERE id = ?').pluck().get(archiveId) as number) ?? 0;
const archive = (Id: number, Name: string, Parent: number, Permissions: number, Properties: number) => ({
  Id,
  Name,
  Parent,
  Permissions,
  Properties,
  DBProperties: 0,
  BasePath: `C:\\GetSmart\\Storage\\${dbOf(Id)}`,
  FullTextPath: `C:\\GetSmart\\FullText\\${dbOf(Id)}\\${Id}`,
});

describe('the Archive object (issue 30: 2, decision 056)', () => {
  it("carries SD's keys in order: flags as DBProperties, the storage and full-text folders", async () => {
    const { alpha, invoices } = t.w;
    t.db
      .prepare(
        `UPDATE archives SET flags = 3, base_path = 'D:\\Store\\Finance', unique_name = 'INV' WHERE id = ?`,
      )
      .run(invoices);
    const res = await as('full.user', `dbs/${alpha}/archives`).expect(200);
    const listed = (res.body as { Archives: Record<string, unknown>[] }).Archives;
    for (const a of listed) {
      expect(Object.keys(a)).toEqual([
        'Id',
        'Name',
        'Parent',
        'Permissions',
        'Properties',
        'DBProperties',
        'BasePath',
        'FullTextPath',
      ]);
      expect(a.BasePath).toMatch(/^[A-Z]:\\\S/);
      expect(a.FullTextPath).toMatch(/^[A-Z]:\\.+\\FullText\\/);
    }
    expect(listed.find((a) => a.Id === invoices)).toMatchObject({
      DBProperties: 3,
      BasePath: 'D:\\Store\\Finance',
      FullTextPath: `C:\\GetSmart\\FullText\\${alpha}\\INV`,
    });
  });
});

describe('GET dbs/{db}/archives', () => {
  it('lists the root archives the user may view, with their permissions and the has-children bit', async () => {
    const { alpha, invoices, contracts } = t.w;
    const res = await as('full.user', `dbs/${alpha}/archives`).expect(200);
    expect(res.body).toEqual({
      Archives: [
        archive(contracts, 'Contracts', 0, 1, 0),
        archive(invoices, 'Invoices', 0, ALL_ARCHIVE_PERMISSIONS, 2),
      ],
    });
    await as('full.user', `dbs/${alpha}/archives/0`).expect(200, res.body as object);
    await as('full.user', `DBS/${alpha}/ARCHIVES/`).expect(200, res.body as object);
  });

  it('hides archives without the View bit', async () => {
    const { alpha, invoices } = t.w;
    const res = await as('web.user', `dbs/${alpha}/archives`).expect(200);
    expect(res.body).toEqual({ Archives: [archive(invoices, 'Invoices', 0, 1 | 1024, 2)] });
  });

  it('ORs the grants of the user and their groups', async () => {
    const res = await as('grouped', `dbs/${t.w.alpha}/archives`).expect(200);
    expect(res.body).toEqual({ Archives: [archive(t.w.invoices, 'Invoices', 0, 1 | 16, 2)] });
  });

  it('gives administrators every permission on every archive', async () => {
    for (const user of ['SSAdministrator', 'dbadmin']) {
      const res = await as(user, `dbs/${t.w.alpha}/archives/${t.w.invoices}`).expect(200);
      expect(res.body).toEqual({
        Archives: [
          archive(t.w.open, 'Open', t.w.invoices, ALL_ARCHIVE_PERMISSIONS, 0),
          archive(t.w.paid, 'Paid', t.w.invoices, ALL_ARCHIVE_PERMISSIONS, 0),
        ],
      });
    }
  });

  it('answers 404 for a database the user may not see', async () => {
    await as('web.user', `dbs/${t.w.beta}/archives`).expect(404, {
      Message: `Database ${t.w.beta} was not found.`,
    });
  });
});

describe('GET dbs/{db}/archives/{id}', () => {
  it('lists the visible direct children; a parent keeps bit 2 even when none is visible', async () => {
    const { alpha, invoices, paid } = t.w;
    await as('full.user', `dbs/${alpha}/archives/${invoices}`).expect(200, {
      Archives: [archive(paid, 'Paid', invoices, 1 | 1024, 0)],
    });
    await as('web.user', `dbs/${alpha}/archives/${invoices}/`).expect(200, { Archives: [] });
    await as('full.user', `dbs/${alpha}/archives/${paid}`).expect(200, { Archives: [] });
  });

  it("answers 404 for an unknown archive, another database's archive, or one without View", async () => {
    const { alpha, orders, open } = t.w;
    await as('full.user', `dbs/${alpha}/archives/999`).expect(404, {
      Message: `Archive 999 was not found in database ${alpha}.`,
    });
    await as('full.user', `dbs/${alpha}/archives/${orders}`).expect(404, {
      Message: `Archive ${orders} was not found in database ${alpha}.`,
    });
    await as('full.user', `dbs/${alpha}/archives/${open}`).expect(404);
    await as('full.user', `dbs/${alpha}/archives/${open}?type=fields`).expect(404);
  });

  it('answers 400 for a non-numeric id', async () => {
    const res = await as('full.user', `dbs/${t.w.alpha}/archives/first`).expect(400);
    expect(res.body).toEqual({
      Message: 'The request is invalid.',
      MessageDetail: "The value 'first' is not valid for parameter 'archive'.",
    });
  });
});

describe('archive queries', () => {
  it("type=fields is a bare array of field definitions in the archive's order", async () => {
    const { alpha, invoices, vendor, amount } = t.w;
    const res = await as('full.user', `dbs/${alpha}/archives/${invoices}?TYPE=Fields`).expect(200);
    expect(res.body).toEqual([
      {
        ID: vendor,
        Name: 'Vendor',
        List: 0,
        Type: 1,
        Mask: '',
        Size: 50,
        RegEx: '',
        Prop: 0,
        Parent: 0,
        ListF1: 0,
        ListF2: 0,
      },
      {
        ID: amount,
        Name: 'Amount',
        List: 0,
        Type: 4,
        Mask: 'C',
        Size: 50,
        RegEx: '',
        Prop: 0,
        Parent: 0,
        ListF1: 0,
        ListF2: 0,
      },
    ]);
  });

  it('type=info describes the archive with its document count and hash', async () => {
    const { alpha, invoices, paid } = t.w;
    t.db.prepare('UPDATE archives SET flags = 5, folder_options = 1 WHERE id = ?').run(invoices);
    const res = await as('full.user', `dbs/${alpha}/archives/${invoices}?type=info`).expect(200);
    expect(res.body).toEqual({
      Id: invoices,
      Name: 'Invoices',
      Parent: 0,
      Permissions: ALL_ARCHIVE_PERMISSIONS,
      Properties: 2,
      DBProperties: 5,
      BasePath: `C:\\GetSmart\\Storage\\${alpha}`,
      FullTextPath: `C:\\GetSmart\\FullText\\${alpha}\\${invoices}`,
      FolderOptions: 1,
      Count: 2,
      Hash: secureId(t.secret, 'archive', alpha, invoices),
    });
    const child = await as('full.user', `dbs/${alpha}/archives/${paid}?type=info`).expect(200);
    expect(child.body).toMatchObject({
      Id: paid,
      Parent: invoices,
      Permissions: 1025,
      Properties: 0,
      Count: 1,
    });
  });

  it('type=tabs lists the view tabs (tabId from 1), or none', async () => {
    const { alpha, invoices, contracts, vendor } = t.w;
    setArchiveViews(t.db, invoices, vendor, [
      { label: 'New', value: 'new', color: '#0a0' },
      { label: 'Done', value: 'done', color: '' },
    ]);
    await as('full.user', `dbs/${alpha}/archives/${invoices}?type=tabs`).expect(200, {
      Enabled: true,
      StatusField: vendor,
      Tabs: [
        { tabId: 1, label: 'New', value: 'new', color: '#0a0' },
        { tabId: 2, label: 'Done', value: 'done', color: '' },
      ],
    });
    await as('full.user', `dbs/${alpha}/archives/${contracts}?type=tabs`).expect(200, {
      Enabled: false,
      StatusField: 0,
      Tabs: [],
    });
  });

  it('answers 400 for an unknown type', async () => {
    const res = await as('full.user', `dbs/${t.w.alpha}/archives/${t.w.invoices}?type=colours`).expect(400);
    expect(res.body.Message).toBe('The request is invalid.');
  });

  it("DocumentID answers the document's secure id as a JSON string", async () => {
    const { alpha, invoices, paid } = t.w;
    const [first, , inPaid] = docs as [number, number, number];
    const res = await as('full.user', `dbs/${alpha}/archives/${invoices}?DocumentID=${first}`).expect(200);
    expect(res.text).toBe(JSON.stringify(secureId(t.secret, 'doc', alpha, first)));
    await as('full.user', `dbs/${alpha}/archives/${paid}?documentid=${inPaid}`).expect(200);
    await as('full.user', `dbs/${alpha}/archives/${paid}?DocumentID=${first}`).expect(404, {
      Message: `Document ${first} was not found in archive ${paid}.`,
    });
    await as('full.user', `dbs/${alpha}/archives/${paid}?DocumentID=x`).expect(400);
  });
});
