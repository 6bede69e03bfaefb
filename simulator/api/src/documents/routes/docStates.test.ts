// Documents pending PDF conversion or inside a workflow: the background converter of convert-PDF
// archives (pdf/services/pdfConversion.ts), the test endpoints that drive it and move documents
// through a workflow (/__sim), and the PdfConvertStatus / WorkflowStatus every Result reports.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import {
  addArchive,
  addField,
  addSearch,
  documentInserter,
  grantArchive,
  grantSearch,
} from '@gs/simulator-fixtures/builders';
import { ALL_ARCHIVE_PERMISSIONS, ArchiveFlags, FieldProp, FieldType, Operator } from '@gs/contract/flags';
import type { HistoryEntry } from '@gs/contract/history';
import type { SearchPageResult } from '@gs/contract/searches';
import type { SimPdfConversionResponse, SimWorkflowResponse } from '@gs/contract/sim';
import { simPaths } from '@gs/contract/sim';
import type { Db } from '../../db/connection';
import { docTable } from '../repos/docTables';
import { secureId } from '../../security/repos/secureIds';
import { DEFAULT_PDF_CONVERT_DELAY_MS } from '../../config';
import { API, basic, makeWorldApp, signIn, type World } from '../../testing/testApp';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function seed(db: Db, w: World) {
  const name = addField(db, w.alpha, { name: 'Name', type: FieldType.Character });
  const pages = addField(db, w.alpha, { name: 'Pages', type: FieldType.Integer, prop: FieldProp.PageCount });
  const type = addField(db, w.alpha, { name: 'Type', type: FieldType.Character, prop: FieldProp.FileType });
  const fields = [name, pages, type];
  const scans = addArchive(db, w.alpha, { name: 'Scans', flags: ArchiveFlags.PdfConvert, fieldIds: fields });
  const plain = addArchive(db, w.alpha, { name: 'Plain', fieldIds: fields });
  for (const a of [scans, plain]) grantArchive(db, a, w.full, ALL_ARCHIVE_PERMISSIONS);
  const all = addSearch(db, w.alpha, { name: 'All scans', archiveId: scans, prompts: [] });
  const byName = addSearch(db, w.alpha, {
    name: 'Scans by name',
    archiveId: scans,
    prompts: [{ fieldId: name, operator: Operator.Equals, prompt: 'Name' }],
  });
  const plainAll = addSearch(db, w.alpha, { name: 'All plain', archiveId: plain, prompts: [] });
  for (const s of [all, byName, plainAll]) grantSearch(db, s, w.full);
  const prompt = (
    db.prepare(`SELECT id FROM search_prompts WHERE search_id = ?`).get(byName) as { id: number }
  ).id;
  // a PDF already in the archive (seeded: no trigger queues a PDF)
  const seeded = documentInserter(
    db,
    w.alpha,
    fields,
  )({
    archiveId: scans,
    filePath: '',
    fileType: '.pdf',
    fileSize: 0,
    pageCount: 1,
    createdAt: 0,
    values: { [name]: 'seeded' },
  });
  return { name, pages, type, scans, plain, all, byName, plainAll, prompt, seeded };
}

function world() {
  const dataDir = mkdtempSync(join(tmpdir(), 'gs-states-'));
  dirs.push(dataDir);
  let x: ReturnType<typeof seed> | undefined;
  const t = makeWorldApp({ files: { dataDir }, testEndpoints: true }, (db, w) => {
    x = seed(db, w);
  });
  if (!x) throw new Error('not seeded');
  const s = x;
  const db = t.w.alpha;
  const search = (searchId: number, archive: number, query: Record<string, string | number> = {}) => {
    const params = new URLSearchParams({ SecureId: secureId(t.secret, 'search', db, searchId) });
    for (const [k, v] of Object.entries(query)) params.set(k, String(v));
    return request(t.app)
      .get(`${API}dbs/${db}/searches/${searchId}/archive/${archive}/documents?${params.toString()}`)
      .set('Authorization', basic('full.user'))
      .expect(200)
      .then((r) => r.body as SearchPageResult);
  };
  const importFiles = async (
    archive: number,
    files: Record<string, Buffer>,
    values: Record<number, string>,
  ) => {
    // full.user's own upload cache (upload/services/uploadCache.ts)
    const cache = join(dataDir, 'cache', 'upload', String(t.w.full));
    mkdirSync(cache, { recursive: true });
    for (const [n, bytes] of Object.entries(files)) writeFileSync(join(cache, n), bytes);
    const { Token } = await signIn(t.app, 'full.user');
    const res = await request(t.app)
      .post(`${API}dbs/${db}/archives/${archive}?Token=${Token}`)
      .set('Authorization', basic('full.user'))
      .send({
        fields: Object.entries(values).map(([id, value]) => ({ name: id, value })),
        files: Object.keys(files).map((n) => ({ name: n })),
      })
      .expect(200);
    return res.body as number[];
  };
  const convert = () =>
    request(t.app)
      .post(simPaths.pdfConversion)
      .expect(200)
      .then((r) => r.body as SimPdfConversionResponse);
  const history = (archive: number, doc: number) =>
    request(t.app)
      .get(
        `${API}dbs/${db}/archives/${archive}/documents/${doc}/audit?SecureId=${secureId(t.secret, 'doc', db, doc)}`,
      )
      .set('Authorization', basic('full.user'))
      .expect(200)
      .then((r) => r.body as HistoryEntry[]);
  const single = (archive: number, doc: number) =>
    request(t.app)
      .get(
        `${API}dbs/${db}/archives/${archive}/documents/${doc}?SecureId=${secureId(t.secret, 'doc', db, doc)}`,
      )
      .set('Authorization', basic('full.user'))
      .expect(200)
      .then((r) => r.body as SearchPageResult);
  const row = (doc: number) =>
    t.db.prepare(`SELECT * FROM ${docTable(db)} WHERE id = ?`).get(doc) as
      Record<string, unknown> | undefined;
  const stateRows = () => t.db.prepare(`SELECT * FROM pdf_workflow_states`).all();
  return { ...t, x: s, dataDir, search, importFiles, convert, history, single, row, stateRows };
}

/** A TIFF of `pages` frames of 60 x 40 pixels. */
async function tiff(pages: number): Promise<Buffer> {
  const frames = await Promise.all(
    Array.from({ length: pages }, (_, i) =>
      sharp({ create: { width: 60, height: 40, channels: 3, background: { r: 40 * i, g: 90, b: 200 } } })
        .png()
        .toBuffer(),
    ),
  );
  const joined = pages === 1 ? sharp(frames[0]) : sharp(frames, { join: { animated: true } });
  return joined.tiff({ compression: 'lzw' }).toBuffer();
}

const jpeg = (): Promise<Buffer> =>
  sharp({ create: { width: 30, height: 50, channels: 3, background: { r: 250, g: 10, b: 10 } } })
    .jpeg()
    .toBuffer();

async function pdf(pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let p = 0; p < pages; p++) doc.addPage([200, 200]);
  return Buffer.from(await doc.save());
}

describe('PDF conversion of a convert-PDF archive', () => {
  it('queues an imported TIFF and image, then turns them into real PDFs once the delay has passed', async () => {
    const t = world();
    const [scan, photo] = (await t.importFiles(
      t.x.scans,
      { 'scan.tif': await tiff(3), 'photo.jpg': await jpeg() },
      { [t.x.name]: 'intake' },
    )) as [number, number];
    const before = await t.search(t.x.all, t.x.scans);
    expect(before).toMatchObject({ Count: 3, PdfConvertStatus: true, WorkflowStatus: 0 });
    expect(before.Docs.find((d) => d.Id === scan)?.FileType).toBe('.tif');
    expect((await t.single(t.x.scans, scan)).PdfConvertStatus).toBe(true);
    expect((await t.single(t.x.scans, t.x.seeded)).PdfConvertStatus).toBe(false);
    const oldFile = join(t.dataDir, 'files', String(t.row(scan)?.file_path));
    expect(existsSync(oldFile)).toBe(true);

    // not due yet: nothing changes
    expect(await t.convert()).toEqual({ Converted: 0, Pending: 2 });
    expect(t.row(scan)).toMatchObject({ file_type: '.tif', page_count: 3 });

    t.clock.advance(DEFAULT_PDF_CONVERT_DELAY_MS);
    expect(await t.convert()).toEqual({ Converted: 2, Pending: 0 });

    const converted = t.row(scan);
    expect(converted).toMatchObject({
      file_type: '.pdf',
      page_count: 3,
      [`f_${t.x.pages}`]: 3,
      [`f_${t.x.type}`]: '.pdf',
    });
    const file = join(t.dataDir, 'files', String(converted?.file_path));
    const bytes = readFileSync(file);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const parsed = await PDFDocument.load(bytes);
    expect(parsed.getPageCount()).toBe(3);
    // every page keeps its frame's size (60 x 40 px at 72 dpi)
    expect(parsed.getPage(0).getSize()).toEqual({ width: 60, height: 40 });
    expect(existsSync(oldFile)).toBe(false);
    expect(t.row(photo)).toMatchObject({ file_type: '.pdf', page_count: 1 });

    const entries = await t.history(t.x.scans, scan);
    expect(entries.at(-1)).toMatchObject({
      Category: 'converted',
      Message: 'File Converted: .tif to .pdf (3 pages)',
      UserName: 'GlobalSearch Conversion Service',
    });

    const after = await t.search(t.x.all, t.x.scans);
    expect(after).toMatchObject({ PdfConvertStatus: false, WorkflowStatus: 0 });
    expect(after.Docs.find((d) => d.Id === scan)?.FileType).toBe('.pdf');
    expect((await t.single(t.x.scans, scan)).PdfConvertStatus).toBe(false);
    expect(t.stateRows()).toEqual([]);
    // the file is served as the PDF it now is
    const served = await request(t.app)
      .get(
        `${API}dbs/${t.w.alpha}/archives/${t.x.scans}/documents/${scan}/File?SecureId=${secureId(t.secret, 'doc', t.w.alpha, scan)}`,
      )
      .set('Authorization', basic('full.user'))
      .buffer(true)
      .expect(200);
    expect(served.headers['content-type']).toMatch(/pdf/);
  });

  it('leaves PDFs and archives without the flag alone', async () => {
    const t = world();
    await t.importFiles(t.x.scans, { 'a.pdf': await pdf(2) }, { [t.x.name]: 'a' });
    const [plainTiff] = (await t.importFiles(t.x.plain, { 'b.tif': await tiff(1) }, { [t.x.name]: 'b' })) as [
      number,
    ];
    expect((await t.search(t.x.all, t.x.scans)).PdfConvertStatus).toBe(false);
    expect((await t.search(t.x.plainAll, t.x.plain)).PdfConvertStatus).toBe(false);
    t.clock.advance(DEFAULT_PDF_CONVERT_DELAY_MS);
    expect(await t.convert()).toEqual({ Converted: 0, Pending: 0 });
    expect(t.row(plainTiff)).toMatchObject({ file_type: '.tif' });
  });

  it('queues a TIFF moved into the archive, and forgets a pending document that is deleted', async () => {
    const t = world();
    const [moved, gone] = (await t.importFiles(
      t.x.plain,
      { 'm.tif': await tiff(2), 'g.tif': await tiff(1) },
      { [t.x.name]: 'm' },
    )) as [number, number];
    const { Token } = await signIn(t.app, 'full.user');
    for (const doc of [moved, gone])
      await request(t.app)
        .get(
          `${API}dbs/${t.w.alpha}/archives/${t.x.plain}/documents/${doc}/move?DestinationArchive=${t.x.scans}&SecureId=${secureId(t.secret, 'doc', t.w.alpha, doc)}&Token=${Token}`,
        )
        .set('Authorization', basic('full.user'))
        .expect(200);
    expect((await t.search(t.x.all, t.x.scans)).PdfConvertStatus).toBe(true);
    await request(t.app)
      .get(
        `${API}dbs/${t.w.alpha}/archives/${t.x.scans}/documents/${gone}/delete?SecureId=${secureId(t.secret, 'doc', t.w.alpha, gone)}&Token=${Token}`,
      )
      .set('Authorization', basic('full.user'))
      .expect(200);
    expect(t.stateRows()).toHaveLength(1);
    t.clock.advance(DEFAULT_PDF_CONVERT_DELAY_MS);
    expect(await t.convert()).toEqual({ Converted: 1, Pending: 0 });
    expect(t.row(moved)).toMatchObject({ file_type: '.pdf', page_count: 2 });
  });

  it('reports the whole search, not one page, and only the documents the criteria find', async () => {
    const t = world();
    const [pending] = (await t.importFiles(
      t.x.scans,
      { 'p.tif': await tiff(1) },
      { [t.x.name]: 'pending' },
    )) as [number];
    await t.importFiles(t.x.scans, { 'q.pdf': await pdf(1) }, { [t.x.name]: 'ready' });
    // newest first: page 1 of 1 document holds the PDF, the pending TIFF is on page 2
    const page1 = await t.search(t.x.all, t.x.scans, { RecordsPerPage: 1, Page: 1 });
    expect(page1.Docs.map((d) => d.Id)).not.toContain(pending);
    expect(page1.PdfConvertStatus).toBe(true);
    const criteria = (v: string) => JSON.stringify({ [t.x.prompt]: v });
    expect(
      (await t.search(t.x.byName, t.x.scans, { SearchCriteria: criteria('ready') })).PdfConvertStatus,
    ).toBe(false);
    expect(
      (await t.search(t.x.byName, t.x.scans, { SearchCriteria: criteria('pending') })).PdfConvertStatus,
    ).toBe(true);
  });
});

describe('workflows', () => {
  const enter = (t: ReturnType<typeof world>, doc: number, status: number, extra: object = {}) =>
    request(t.app)
      .post(simPaths.workflow)
      .send({ database: t.w.alpha, archive: t.x.scans, document: doc, status, ...extra });

  it('puts a document into a workflow and out again, with the history periods and the Result status', async () => {
    const t = world();
    const res = await enter(t, t.x.seeded, 2, {
      Name: 'Invoice Approval',
      ProcessId: 4101,
      Queue: 'Managers',
    }).expect(200);
    expect(res.body as SimWorkflowResponse).toEqual({
      Document: t.x.seeded,
      WorkflowStatus: 2,
      PdfConvertStatus: false,
    });
    expect(await t.search(t.x.all, t.x.scans)).toMatchObject({ WorkflowStatus: 2, PdfConvertStatus: false });
    expect((await t.single(t.x.scans, t.x.seeded)).WorkflowStatus).toBe(2);
    // another queue of the same workflow is no new period
    await enter(t, t.x.seeded, 1, { Name: 'Invoice Approval', ProcessId: 4101 }).expect(200);
    expect((await t.search(t.x.all, t.x.scans)).WorkflowStatus).toBe(1);
    await enter(t, t.x.seeded, 0).expect(200);
    expect(await t.search(t.x.all, t.x.scans)).toMatchObject({ WorkflowStatus: 0, PdfConvertStatus: false });
    expect((await t.history(t.x.scans, t.x.seeded)).map((e) => e.Message)).toEqual([
      'Global Action Entered: Invoice Approval (process 4101)',
      'Workflow Ended: Invoice Approval (process 4101)',
    ]);
    expect(t.stateRows()).toEqual([]);
  });

  it('reports a document both pending and in a workflow', async () => {
    const t = world();
    const [doc] = (await t.importFiles(t.x.scans, { 'w.tif': await tiff(1) }, { [t.x.name]: 'w' })) as [
      number,
    ];
    const res = await enter(t, doc, 1).expect(200);
    expect(res.body).toMatchObject({ WorkflowStatus: 1, PdfConvertStatus: true });
    expect(await t.search(t.x.all, t.x.scans)).toMatchObject({ WorkflowStatus: 1, PdfConvertStatus: true });
    t.clock.advance(DEFAULT_PDF_CONVERT_DELAY_MS);
    await t.convert();
    expect(await t.search(t.x.all, t.x.scans)).toMatchObject({ WorkflowStatus: 1, PdfConvertStatus: false });
  });

  it('refuses unknown documents and bad states', async () => {
    const t = world();
    const missing = await enter(t, 99999, 1).expect(404);
    expect((missing.body as { Message: string }).Message).toMatch(/99999/);
    await enter(t, t.x.seeded, 7).expect(400);
    await request(t.app)
      .post(simPaths.workflow)
      .send({ Database: t.w.alpha, Archive: t.x.plain, Document: t.x.seeded, Status: 1 })
      .expect(404);
  });
});
