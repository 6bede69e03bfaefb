import { beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import { auditInserter } from '@gs/simulator-fixtures/builders';
import { toDotNetDate } from '../../lib/dates';
import { call, docSecureId, makeEditApp, type EditTestApp } from '../../testing/editWorld';
import { API, MINUTE } from '../../testing/testApp';
import { HISTORY_MESSAGE_MAX } from './audit';

const T0 = Date.UTC(2025, 0, 1, 12, 0, 0);
const CATEGORIES: [string, string][] = [
  ['indexed', 'Document indexed'],
  ['viewed', 'Document viewed'],
  ['printed', 'Document printed'],
  ['email', 'Document emailed'],
  ['exported', 'Document exported'],
];

let t: EditTestApp;
beforeEach(() => {
  t = makeEditApp((db, w, e) => {
    const add = auditInserter(db);
    const base = { databaseId: w.alpha, archiveId: e.ledger, userName: 'seed' };
    // doc1: five entries a minute apart; doc2: 25 more, so the archive holds 30
    CATEGORIES.forEach(([category, message], i) =>
      add({ ...base, documentId: e.doc1, category, message, time: T0 + i * MINUTE }),
    );
    for (let i = 0; i < 25; i++)
      add({
        ...base,
        documentId: e.doc2,
        category: 'updated',
        message: `Update ${i}`,
        time: T0 + (10 + i) * MINUTE,
      });
    add({
      ...base,
      archiveId: w.invoices,
      documentId: e.invoiceDoc,
      category: 'viewed',
      message: 'x',
      time: T0,
    });
  });
});

const docAudit = (user = 'full.user', doc = t.e.doc1, secure = docSecureId(t, doc)) =>
  call(t, user, 'get', `dbs/${t.w.alpha}/archives/${t.e.ledger}/documents/${doc}/audit?SecureId=${secure}`);
const archiveAudit = (q = '', user = 'full.user', archive = t.e.ledger) =>
  call(t, user, 'get', `dbs/${t.w.alpha}/archives/${archive}/audit${q}`);

describe('GET .../documents/{id}/audit', () => {
  it('lists the LogEntries of the document oldest first, with .NET times and a Category', async () => {
    const { w, e } = t;
    const res = await docAudit().expect(200);
    expect(res.body).toHaveLength(5);
    expect(res.body[0]).toEqual({
      DatabaseID: w.alpha,
      DocumentID: e.doc1,
      ArchiveID: e.ledger,
      OldArchiveID: 0,
      OldDocID: 0,
      Message: 'Document indexed',
      UserName: 'seed',
      ConnectionsString: '',
      Time: toDotNetDate(T0),
      Category: 'indexed',
    });
    expect(res.body.map((x: { Category: string }) => x.Category)).toEqual(CATEGORIES.map(([c]) => c));
    expect(res.body[4].Time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{7}[+-]\d\d:\d\d$/);
  });

  it('shows the entries a save writes, after the older ones', async () => {
    const { w, e } = t;
    await call(
      t,
      'full.user',
      'put',
      `UpdateDocument/databases/${w.alpha}/archive/${e.ledger}/document/${e.doc1}/FieldData`,
    )
      .set('SecureId', docSecureId(t, e.doc1))
      .send([{ ID: w.vendor, VAL: 'Edited' }])
      .expect(200);
    const res = await docAudit().expect(200);
    expect(res.body.at(-1)).toMatchObject({
      Message: "Field 'Vendor' changed from 'Acme' to 'Edited'",
      UserName: 'full.user',
      Category: 'updated',
      Time: toDotNetDate(t.clock.now()),
    });
  });

  it('needs View History (512) and the SecureId', async () => {
    const { e } = t;
    const res = await docAudit('web.user').expect(403);
    expect(res.body).toEqual({ Message: "You do not have permission to view history in archive 'Ledger'." });
    await docAudit('grouped').expect(200);
    await docAudit('full.user', e.doc1, 'wrong').expect(403);
    await docAudit('full.user', 999999, 'x').expect(404);
    await request(t.app)
      .get(`${API}dbs/${t.w.alpha}/archives/${e.ledger}/documents/${e.doc1}/audit`)
      .expect(401);
  });
});

describe('GET dbs/{db}/archives/{a}/audit', () => {
  it('pages the archive history newest first, 25 by default, with the Total', async () => {
    const first = await archiveAudit().expect(200);
    expect(first.body.Total).toBe(30);
    expect(first.body.Items).toHaveLength(25);
    expect(first.body.Items[0]).toMatchObject({
      Message: 'Update 24',
      DocumentID: t.e.doc2,
      Category: 'updated',
    });
    const second = await archiveAudit('?Page=2&Token=').expect(200);
    expect(second.body.Items.map((x: { Message: string }) => x.Message)).toEqual([
      'Document exported',
      'Document emailed',
      'Document printed',
      'Document viewed',
      'Document indexed',
    ]);
    expect(second.body.Total).toBe(30);
  });

  it('takes DocLimit as the page size, in any casing; past the end is an empty page', async () => {
    const res = await archiveAudit('?page=3&doclimit=4').expect(200);
    expect(res.body.Items.map((x: { Message: string }) => x.Message)).toEqual([
      'Update 16',
      'Update 15',
      'Update 14',
      'Update 13',
    ]);
    await archiveAudit('?Page=9').expect(200, { Items: [], Total: 30 });
    const fallback = await archiveAudit('?Page=0&DocLimit=0').expect(200);
    expect(fallback.body.Items).toHaveLength(25);
    await archiveAudit('?Page=x').expect(400);
  });

  it('needs View History on the archive; an unknown or hidden archive is a 404', async () => {
    await archiveAudit('', 'web.user').expect(403);
    await archiveAudit('', 'full.user', t.w.open).expect(404);
    await archiveAudit('', 'full.user', 424242).expect(404);
    const other = await archiveAudit('', 'full.user', t.w.invoices).expect(200);
    expect(other.body.Total).toBe(1);
  });
});

describe('POST dbs/{db}/archives/{a}?documentID=&secureid= (add a LogEntry)', () => {
  const post = (body: unknown, doc = t.e.doc1, secure = docSecureId(t, doc)) =>
    call(
      t,
      'full.user',
      'post',
      `dbs/${t.w.alpha}/archives/${t.e.ledger}?documentID=${doc}&secureid=${secure}&token=`,
    ).send(body as object);

  it("adds the entry as the caller, now; the document's audit then shows it last", async () => {
    const { w, e } = t;
    t.clock.advance(MINUTE);
    const res = await post({
      DatabaseID: 0,
      DocumentID: 0,
      ArchiveID: 0,
      OldArchiveID: 3,
      OldDocID: 4,
      Message: 'Document printed from the API test',
      UserName: 'someone else',
      ConnectionsString: 'x',
      Time: '2020-01-01T00:00:00',
    }).expect(200);
    expect(res.body).toEqual({
      DatabaseID: w.alpha,
      DocumentID: e.doc1,
      ArchiveID: e.ledger,
      OldArchiveID: 3,
      OldDocID: 4,
      Message: 'Document printed from the API test',
      UserName: 'full.user',
      ConnectionsString: '',
      Time: toDotNetDate(t.clock.now()),
      Category: 'printed',
    });
    const audit = await docAudit().expect(200);
    expect(audit.body.at(-1).Message).toBe('Document printed from the API test');
    await post({ message: 'Custom note', category: 'annotation' }).expect(200);
    const again = await docAudit().expect(200);
    expect(again.body.at(-1)).toMatchObject({ Message: 'Custom note', Category: 'annotation' });
  });

  it('needs a Message and the SecureId', async () => {
    const res = await post({ UserName: 'x' }).expect(400);
    expect(res.body.MessageDetail).toBe('The request body must be a LogEntry with a Message.');
    await post({ Message: 'x' }, t.e.doc1, 'wrong').expect(403);
    await post({ Message: 'x' }, 987654, 'x').expect(404);
  });

  it('refuses a read-only licence (403) and writes nothing', async () => {
    const before = (await docAudit().expect(200)).body.length as number;
    const res = await call(
      t,
      'reader',
      'post',
      `dbs/${t.w.alpha}/archives/${t.e.ledger}?documentID=${t.e.doc1}&secureid=${docSecureId(t, t.e.doc1)}`,
    )
      .send({ Message: 'Document deleted by the administrator' })
      .expect(403);
    expect(res.body).toEqual({ Message: 'A read-only license cannot modify documents.' });
    expect((await docAudit().expect(200)).body).toHaveLength(before);
  });

  it('refuses a Message over HISTORY_MESSAGE_MAX characters', async () => {
    const res = await post({ Message: 'x'.repeat(HISTORY_MESSAGE_MAX + 1) }).expect(400);
    expect(res.body.MessageDetail).toMatch(/at most 1000 characters/);
    await post({ Message: 'x'.repeat(HISTORY_MESSAGE_MAX) }).expect(200);
  });

  it('leaves the path to other handlers without documentID', async () => {
    // the import (documents/routes/importDocuments.ts) takes it and refuses a body without files
    const res = await call(t, 'full.user', 'post', `dbs/${t.w.alpha}/archives/${t.e.ledger}`)
      .send({ Message: 'x' })
      .expect(400);
    expect(res.body).not.toHaveProperty('Category');
  });
});
