import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { documentInserter } from '@gs/simulator-fixtures/builders';
import { docCall, docHash, makeDocOpsApp, type DocOpsTestApp } from '../../testing/docOpsWorld';
import { API, basic } from '../../testing/testApp';

let t: DocOpsTestApp;
let pdf2: number;
let pdf3: number;
let tiff: number;
let text: number;

async function pdfOf(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([200, 300]);
  return doc.save();
}

function store(path: string, bytes: Uint8Array): void {
  const file = join(t.d.dataDir, 'files', path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, bytes);
}

beforeEach(async () => {
  t = makeDocOpsApp();
  const { alpha, vendor, amount, invoices } = t.w;
  store('m/two.pdf', await pdfOf(2));
  store('m/three.pdf', await pdfOf(3));
  const png = { create: { width: 40, height: 20, channels: 3 as const, background: '#888' } };
  store('m/one.tif', await sharp(png).tiff().toBuffer());
  const insert = documentInserter(t.db, alpha, [vendor, amount, t.d.tags]);
  const base = { archiveId: invoices, fileType: '.pdf', fileSize: 1, pageCount: 1, createdAt: 0 };
  pdf2 = insert({
    ...base,
    filePath: 'm/two.pdf',
    values: { [vendor]: 'Base Co', [amount]: 7 },
    multiValues: { [t.d.tags]: ['a'] },
    text: 'first text',
  });
  pdf3 = insert({ ...base, filePath: 'm/three.pdf', values: { [vendor]: 'Other' }, text: 'second text' });
  tiff = insert({ ...base, filePath: 'm/one.tif', fileType: '.tif', values: {} });
  text = insert({ ...base, filePath: `${alpha}/inv/c.txt`, fileType: '.txt', values: {} });
});
afterEach(() => {
  rmSync(t.d.dataDir, { recursive: true, force: true });
});

const doc = (id: number) => ({ ArchiveID: t.w.invoices, DocID: id, Hash: docHash(t, id) });
const merge = (body: unknown, user = 'full.user') =>
  request(t.app)
    .post(`${API}dbs/${t.w.alpha}/merge`)
    .set('Authorization', basic(user))
    .send(body as object);
const message = (body: unknown): string => (body as { Message: string }).Message;

describe('POST dbs/{db}/merge', () => {
  it('makes a new PDF of every page in order with the base index data; the originals stay', async () => {
    const res = await merge({
      Documents: [doc(pdf2), doc(tiff), doc(pdf3)],
      Target: { Id: t.d.filed },
    }).expect(200);
    const id = res.body as number;
    const row = t.db
      .prepare(
        `SELECT archive_id AS a, file_path AS p, file_type AS ft, page_count AS n FROM doc_${t.w.alpha} WHERE id = ?`,
      )
      .get(id) as { a: number; p: string; ft: string; n: number };
    expect(row).toMatchObject({ a: t.d.filed, ft: '.pdf', n: 6 });
    const merged = await PDFDocument.load(readFileSync(join(t.d.dataDir, 'files', row.p)));
    expect(merged.getPageCount()).toBe(6);
    expect(merged.getPage(2).getSize()).toEqual({ width: 40, height: 20 });
    const result = await docCall(t, 'full.user', t.d.filed, id, '').expect(200);
    const fields = (result.body as { Docs: { Fields: { ID: number; VAL: string; MVAL: string[] }[] }[] })
      .Docs[0]?.Fields;
    expect(fields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ ID: t.w.vendor, VAL: 'Base Co' }),
        expect.objectContaining({ ID: t.d.tags, MVAL: ['a'] }),
      ]),
    );
    expect(t.db.prepare(`SELECT body FROM doc_text_${t.w.alpha} WHERE doc_id = ?`).pluck().get(id)).toBe(
      'first text\nsecond text',
    );
    await docCall(t, 'full.user', t.w.invoices, pdf2, '').expect(200);
    const history = await docCall(t, 'full.user', t.d.filed, id, 'audit').expect(200);
    expect(history.body).toMatchObject([{ OldDocID: pdf2, OldArchiveID: t.w.invoices }]);
  });

  it('defaults the target to the base document archive and takes a BaseDocument', async () => {
    const res = await merge({ Documents: [doc(pdf2), doc(pdf3)], BaseDocument: doc(pdf3) }).expect(200);
    const row = t.db
      .prepare(`SELECT archive_id AS a, f_${t.w.vendor} AS v FROM doc_${t.w.alpha} WHERE id = ?`)
      .get(res.body as number);
    expect(row).toEqual({ a: t.w.invoices, v: 'Other' });
  });

  it('refuses fewer than two documents, a first document that is not PDF or TIFF and other types', async () => {
    expect(message((await merge({ Documents: [doc(pdf2)] }).expect(400)).body)).toBeTruthy();
    expect(message((await merge({ Documents: [doc(text), doc(pdf2)] }).expect(400)).body)).toBeTruthy();
    const res = await merge({ Documents: [doc(pdf2), doc(text)] }).expect(400);
    expect(JSON.stringify(res.body)).toMatch(/cannot be merged/);
  });

  it('refuses to draw more than 300 PDF pages into a TIFF merge, and writes nothing', async () => {
    store('m/many.pdf', await pdfOf(301));
    const insert = documentInserter(t.db, t.w.alpha, []);
    const many = insert({
      archiveId: t.w.invoices,
      filePath: 'm/many.pdf',
      fileType: '.pdf',
      fileSize: 1,
      pageCount: 301,
      createdAt: 0,
      values: {},
    });
    const count = () => t.db.prepare(`SELECT count(*) FROM doc_${t.w.alpha}`).pluck().get();
    const before = count();
    const res = await merge({ Documents: [doc(tiff), doc(many)] }).expect(400);
    expect(message(res.body)).toMatch(
      /A merge into a TIFF draws at most 300 PDF pages; these documents have 301\./,
    );
    expect(count()).toBe(before);
  });

  it('checks rights, licence, ids and SecureIds', async () => {
    const docs = [doc(pdf2), doc(pdf3)];
    await merge({ Documents: docs, Target: { Id: t.w.contracts } }).expect(403);
    await merge({ Documents: docs }, 'reader').expect(403);
    await merge({ Documents: docs }, 'nobody').expect(404);
    await merge({ Documents: [doc(pdf2), { ...doc(pdf3), Hash: 'bad' }] }).expect(403);
    await merge({ Documents: [doc(pdf2), doc(987_654)] }).expect(404);
    const before = t.db.prepare(`SELECT COUNT(*) FROM doc_${t.w.alpha}`).pluck().get();
    await merge({ Documents: [doc(pdf2), doc(t.d.missing)] }).expect(404);
    expect(t.db.prepare(`SELECT COUNT(*) FROM doc_${t.w.alpha}`).pluck().get()).toBe(before);
  });
});
