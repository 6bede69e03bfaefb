// Append, inbox items and targets, and TIFF output of POST dbs/{db}/merge.
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { addInbox, documentInserter, grantInbox } from '@gs/simulator-fixtures/builders';
import { InboxPermission } from '@gs/contract/flags';
import { docTable, fieldColumn } from '../repos/docTables';
import { docCall, docHash, makeDocOpsApp, type DocOpsTestApp } from '../../testing/docOpsWorld';
import { API, basic } from '../../testing/testApp';

let t: DocOpsTestApp;
let pdf2: number;
let tiff1: number;
let inbox: number;
let readOnlyInbox: number;

async function pdfOf(pages: number, size: [number, number] = [200, 300]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage(size);
  return doc.save();
}
const tiffOf = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#ccc' } })
    .tiff()
    .toBuffer();

function store(path: string, bytes: Uint8Array): void {
  const file = join(t.d.dataDir, 'files', path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, bytes);
}
const inboxFile = (name: string) => join(t.d.dataDir, 'inboxes', 'appendbox', name);
const pagesOfPdf = async (file: string) => (await PDFDocument.load(readFileSync(file))).getPageCount();
const pagesOfTiff = async (file: string) => (await sharp(file).metadata()).pages ?? 1;

beforeEach(async () => {
  t = makeDocOpsApp();
  const { alpha, vendor, amount, invoices } = t.w;
  store('m/two.pdf', await pdfOf(2));
  store('m/one.tif', await tiffOf(60, 80));
  const insert = documentInserter(t.db, alpha, [vendor, amount, t.d.tags]);
  const base = { archiveId: invoices, fileType: '.pdf', fileSize: 1, pageCount: 2, createdAt: 0 };
  pdf2 = insert({ ...base, filePath: 'm/two.pdf', values: { [vendor]: 'Base Co' }, text: 'base text' });
  tiff1 = insert({ ...base, filePath: 'm/one.tif', fileType: '.tif', pageCount: 1, values: {} });
  inbox = addInbox(t.db, 'Append Box', 'appendbox');
  readOnlyInbox = addInbox(t.db, 'Looking', 'looking');
  grantInbox(
    t.db,
    inbox,
    t.w.full,
    InboxPermission.View | InboxPermission.Add | InboxPermission.ModifyDocument,
  );
  grantInbox(t.db, readOnlyInbox, t.w.full, InboxPermission.View);
  grantInbox(t.db, inbox, t.w.web, InboxPermission.View);
  for (const dir of ['appendbox', 'looking'])
    mkdirSync(join(t.d.dataDir, 'inboxes', dir), { recursive: true });
  writeFileSync(inboxFile('scan.pdf'), await pdfOf(3, [100, 100]));
  writeFileSync(join(t.d.dataDir, 'inboxes', 'looking', 'seen.pdf'), await pdfOf(1));
});
afterEach(() => {
  rmSync(t.d.dataDir, { recursive: true, force: true });
});

const doc = (id: number) => ({ ArchiveID: t.w.invoices, DocID: id, Hash: docHash(t, id) });
const inboxItem = (name: string, id = inbox) => ({ InboxId: id, Path: name });
const merge = (body: unknown, user = 'full.user') =>
  request(t.app)
    .post(`${API}dbs/${t.w.alpha}/merge`)
    .set('Authorization', basic(user))
    .send(body as object);
const rowOf = (id: number) =>
  t.db
    .prepare(`SELECT file_path AS p, file_type AS ft, page_count AS n FROM doc_${t.w.alpha} WHERE id = ?`)
    .get(id) as { p: string; ft: string; n: number };

describe('POST dbs/{db}/merge: append', () => {
  it('appends the pages of an inbox file to an archive document, after or before its own', async () => {
    const old = rowOf(pdf2).p;
    const res = await merge({
      Type: 1,
      Documents: [doc(pdf2), inboxItem('scan.pdf')],
      BaseDocument: doc(pdf2),
      Target: { Type: 'Archive', AppendType: 0, Id: t.w.invoices },
    }).expect(200);
    expect(res.body).toBe(pdf2);
    const row = rowOf(pdf2);
    expect(row).toMatchObject({ ft: '.pdf', n: 5 });
    const file = join(t.d.dataDir, 'files', row.p);
    const merged = await PDFDocument.load(readFileSync(file));
    expect(merged.getPageCount()).toBe(5);
    expect(merged.getPage(0).getSize()).toEqual({ width: 200, height: 300 });
    expect(merged.getPage(4).getSize()).toEqual({ width: 100, height: 100 });
    // the old file is gone (no other document used it); the inbox file stays
    expect(existsSync(join(t.d.dataDir, 'files', old))).toBe(false);
    expect(existsSync(inboxFile('scan.pdf'))).toBe(true);
    const history = await docCall(t, 'full.user', t.w.invoices, pdf2, 'audit').expect(200);
    expect(history.body).toEqual(expect.arrayContaining([expect.objectContaining({ Category: 'appended' })]));

    await merge({
      Type: 'Append',
      Documents: [doc(pdf2), inboxItem('scan.pdf')],
      BaseDocument: doc(pdf2),
      Target: { Type: 0, AppendType: 1 },
    }).expect(200);
    const again = await PDFDocument.load(readFileSync(join(t.d.dataDir, 'files', rowOf(pdf2).p)));
    expect(again.getPageCount()).toBe(8);
    expect(again.getPage(0).getSize()).toEqual({ width: 100, height: 100 });
  });

  it('appends an archive document to an inbox file, which keeps its name', async () => {
    const res = await merge({
      Type: 1,
      Documents: [inboxItem('scan.pdf'), doc(pdf2)],
      BaseDocument: inboxItem('scan.pdf'),
      Target: { Type: 'Inbox', AppendType: 0, Id: inbox },
    }).expect(200);
    expect(res.body).toBe(0);
    expect(await pagesOfPdf(inboxFile('scan.pdf'))).toBe(5);
    expect(readdirSync(join(t.d.dataDir, 'inboxes', 'appendbox'))).toEqual(['scan.pdf']);
    // the archive document is unchanged
    expect(rowOf(pdf2)).toMatchObject({ p: 'm/two.pdf', n: 2 });
  });

  it('keeps a TIFF base a TIFF, with every page', async () => {
    await merge({
      Type: 1,
      Documents: [doc(tiff1), inboxItem('scan.pdf')],
      BaseDocument: doc(tiff1),
      Target: { Type: 'Archive', Id: t.w.invoices },
    }).expect(200);
    const row = rowOf(tiff1);
    expect(row).toMatchObject({ ft: '.tif', n: 4 });
    expect(row.p).toMatch(/\.tif$/);
    const file = join(t.d.dataDir, 'files', row.p);
    expect((await sharp(file).metadata()).format).toBe('tiff');
    expect(await pagesOfTiff(file)).toBe(4);
  });

  it('refuses a wrong count, a missing right, a read-only licence and bad items', async () => {
    const body = {
      Type: 1,
      Documents: [doc(pdf2), inboxItem('scan.pdf')],
      BaseDocument: doc(pdf2),
      Target: { Type: 'Archive', Id: t.w.invoices },
    };
    await merge({ ...body, Documents: [doc(pdf2)] }).expect(400);
    await merge({ ...body, Documents: [doc(pdf2), doc(tiff1), inboxItem('scan.pdf')] }).expect(400);
    // web.user has View and Modify Data on Invoices, not Modify document (4)
    await merge(body, 'web.user').expect(403);
    await merge(body, 'reader').expect(403);
    await merge({ ...body, Documents: [doc(pdf2), inboxItem('nothing.pdf')] }).expect(404);
    await merge({ ...body, Documents: [doc(pdf2), inboxItem('scan.pdf', 999)] }).expect(404);
    await merge({ ...body, Documents: [doc(pdf2), { InboxId: inbox }] }).expect(400);
    await merge({ ...body, Target: { Type: 'Archive', Id: t.d.filed } }).expect(400);
    await merge({ ...body, Type: 'Sideways' }).expect(400);
    // an inbox file whose inbox grants only View
    await merge({
      Type: 1,
      Documents: [inboxItem('seen.pdf', readOnlyInbox), doc(pdf2)],
      BaseDocument: inboxItem('seen.pdf', readOnlyInbox),
      Target: { Type: 'Inbox', Id: readOnlyInbox },
    }).expect(403);
    expect(rowOf(pdf2)).toMatchObject({ p: 'm/two.pdf', n: 2 });
  });
});

describe('POST dbs/{db}/merge: inbox items and targets', () => {
  it('merges archive documents and inbox files into a new document', async () => {
    const res = await merge({
      Documents: [doc(pdf2), inboxItem('scan.pdf')],
      Target: { Type: 'Archive', Id: t.d.filed },
    }).expect(200);
    const row = rowOf(res.body as number);
    expect(row).toMatchObject({ ft: '.pdf', n: 5 });
    expect(existsSync(inboxFile('scan.pdf'))).toBe(true);
  });

  it('merges into a new file of an inbox (Merge-File names it), TIFF when the base is TIFF', async () => {
    const res = await merge({
      Documents: [doc(tiff1), doc(pdf2)],
      Target: { Type: 'Inbox', Id: inbox },
    }).expect(200);
    expect(res.body).toBe(0);
    const name = decodeURIComponent(String(res.headers['merge-file']));
    expect(name).toMatch(/^Merged .*\.tif$/);
    expect(await pagesOfTiff(inboxFile(name))).toBe(3);
    await merge({ Documents: [doc(tiff1), doc(pdf2)], Target: { Type: 'Inbox', Id: readOnlyInbox } }).expect(
      403,
    );
    await merge({ Documents: [doc(tiff1), doc(pdf2)], Target: { Type: 'Inbox' } }).expect(400);
  });
});

describe('POST dbs/{db}/merge: inbox files only', () => {
  it('merges inbox files into a new unindexed document of an archive; the files stay', async () => {
    writeFileSync(inboxFile('fax.tif'), await tiffOf(60, 80));
    const res = await merge({
      Type: 0,
      Documents: [inboxItem('scan.pdf'), inboxItem('fax.tif')],
      BaseDocument: inboxItem('scan.pdf'),
      Target: { Type: 'Archive', Id: t.w.invoices },
    }).expect(200);
    const id = res.body as number;
    expect(rowOf(id)).toMatchObject({ ft: '.pdf', n: 4 });
    const merged = await PDFDocument.load(readFileSync(join(t.d.dataDir, 'files', rowOf(id).p)));
    expect(merged.getPage(0).getSize()).toEqual({ width: 100, height: 100 });
    expect(existsSync(inboxFile('scan.pdf'))).toBe(true);
    expect(existsSync(inboxFile('fax.tif'))).toBe(true);
    const vendor = t.db
      .prepare(`SELECT ${fieldColumn(t.w.vendor)} FROM ${docTable(t.w.alpha)} WHERE id = ?`)
      .pluck()
      .get(id);
    expect(vendor ?? '').toBe('');
  });

  it('needs a target archive with Add, a PDF or TIFF first, and files that exist', async () => {
    writeFileSync(inboxFile('note.txt'), 'a note');
    const body = {
      Documents: [inboxItem('scan.pdf'), inboxItem('scan.pdf')],
      Target: { Type: 'Archive', Id: t.w.invoices },
    };
    await merge({ ...body, Target: { Type: 'Archive' } }).expect(400);
    await merge({ ...body, Documents: [inboxItem('note.txt'), inboxItem('scan.pdf')] }).expect(400);
    await merge({ ...body, Documents: [inboxItem('scan.pdf'), inboxItem('gone.pdf')] }).expect(404);
    await merge({ ...body, Target: { Type: 'Archive', Id: 9999 } }).expect(404);
    // web.user sees the inbox but may not add documents to Invoices
    await merge(body, 'web.user').expect(403);
    await merge(body, 'reader').expect(403);
  });
});
