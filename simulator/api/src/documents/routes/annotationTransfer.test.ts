// Annotations through copy, move, merge and append (decision 006): the burn-in rule across a Modify
// Annotations boundary, stamps following their pages in a merge or an append, and the history and
// revision-chain rules of a move into another database.
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import { PDFDocument } from 'pdf-lib';
import { addArchive, documentInserter, grantArchive } from '@gs/simulator-fixtures/builders';
import { readPdfText } from '@gs/simulator-fixtures/pdfText';
import type { Annotation } from '@gs/contract/annotations';
import { ALL_ARCHIVE_PERMISSIONS, ArchiveFlags, ArchivePermission } from '@gs/contract/flags';
import type { HistoryEntry } from '@gs/contract/history';
import { createAnnotationsRepo, type NewAnnotationRow } from '../../viewer/repos/annotationsRepo';
import { secureId } from '../../security/repos/secureIds';
import { API, basic } from '../../testing/testApp';
import { documentFile, makeViewerApp, viewerHash, type ViewerTestApp } from '../../testing/viewerWorld';

let t: ViewerTestApp;
/** Unmarked (alpha): full.user has every permission but Modify Annotations */
let unmarked: number;
/** Filed B (beta): every permission */
let filedB: number;
/** in Unmarked: two documents sharing one two-page PDF, a two-page TIFF, a one-page PDF */
let sharedA: number;
let sharedB: number;
let tiff: number;
let single: number;
let sharedPath: string;

const stamp = (page: number, text: string, x = 0.1): NewAnnotationRow => ({
  page,
  x,
  y: 0.2,
  text,
  type: 'stamp',
  color: '#c0262d',
  createdBy: 'someone',
  createdAt: Date.UTC(2026, 0, 5),
});

function store(path: string, bytes: Uint8Array | Buffer): void {
  const file = join(t.v.dataDir, 'files', path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, bytes);
}

async function pdfOf(labels: string[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  for (const label of labels) pdf.addPage([612, 792]).drawText(label, { x: 72, y: 700 });
  return pdf.save();
}

beforeEach(async () => {
  t = await makeViewerApp();
  const { alpha, beta, vendor, full } = t.w;
  unmarked = addArchive(t.db, alpha, { name: 'Unmarked', fieldIds: [vendor] });
  grantArchive(t.db, unmarked, full, ALL_ARCHIVE_PERMISSIONS & ~ArchivePermission.ModifyAnnotations);
  filedB = addArchive(t.db, beta, { name: 'Filed B', fieldIds: [] });
  grantArchive(t.db, filedB, full, ALL_ARCHIVE_PERMISSIONS);
  sharedPath = `${alpha}/u/shared.pdf`;
  store(sharedPath, readFileSync(join(t.v.dataDir, 'files', `${alpha}/v/two.pdf`)));
  store(`${alpha}/u/two.tif`, readFileSync(join(t.v.dataDir, 'files', `${alpha}/v/two.tif`)));
  store(`${alpha}/u/one.pdf`, await pdfOf(['Single']));
  const insert = documentInserter(t.db, alpha, [vendor]);
  const base = { archiveId: unmarked, fileType: '.pdf', fileSize: 1, pageCount: 2, createdAt: 0 };
  sharedA = insert({ ...base, filePath: sharedPath, values: { [vendor]: 'A' } });
  sharedB = insert({ ...base, filePath: sharedPath, values: { [vendor]: 'B' } });
  tiff = insert({ ...base, filePath: `${alpha}/u/two.tif`, fileType: '.tif', values: {} });
  single = insert({ ...base, filePath: `${alpha}/u/one.pdf`, pageCount: 1, values: {} });
  const annotations = createAnnotationsRepo(t.db);
  annotations.replace(alpha, sharedA, [stamp(1, 'Approved'), stamp(2, 'Paid')]);
  annotations.replace(alpha, tiff, [stamp(2, 'Received')]);
});
afterEach(() => {
  rmSync(t.v.dataDir, { recursive: true, force: true });
});

const hash = (doc: number, db = t.w.alpha) => secureId(t.secret, 'doc', db, doc);
const call = (archive: number, doc: number, suffix: string, params: Record<string, string | number> = {}) =>
  request(t.app)
    .get(`${API}dbs/${t.w.alpha}/archives/${archive}/documents/${doc}/${suffix}`)
    .query({ SecureId: hash(doc), ...params })
    .set('Authorization', basic('full.user'));
const op = (kind: 'copy' | 'move', archive: number, doc: number, dest: number) =>
  call(archive, doc, kind, { DestinationArchive: dest });
const annotationsOf = (doc: number, db = t.w.alpha) =>
  (
    t.db
      .prepare(
        `SELECT page, text FROM annotations WHERE database_id = ? AND document_id = ? ORDER BY ordinal`,
      )
      .all(db, doc) as { page: number; text: string }[]
  ).map((a) => `${a.page}:${a.text}`);
const rowOf = (doc: number, db = t.w.alpha) =>
  t.db
    .prepare(
      `SELECT archive_id AS archive, file_path AS path, file_type AS type, page_count AS pages,
        file_size AS size FROM doc_${db} WHERE id = ?`,
    )
    .get(doc) as { archive: number; path: string; type: string; pages: number; size: number } | undefined;
const fileOf = (path: string) => join(t.v.dataDir, 'files', path);
const textOf = async (doc: number, db = t.w.alpha) => {
  const row = rowOf(doc, db);
  if (!row) throw new Error(`no document ${doc}`);
  return readPdfText(readFileSync(fileOf(row.path)));
};
const filesUnder = (dir: string): string[] =>
  existsSync(fileOf(dir)) ? readdirSync(fileOf(dir)).sort() : [];

describe('the burn-in rule of copy and move', () => {
  it('copies from an archive without Modify Annotations as a flattened PDF, without annotation records', async () => {
    const before = readFileSync(fileOf(sharedPath));
    const id = (await op('copy', unmarked, sharedA, t.w.invoices).expect(200)).body as number;
    const row = rowOf(id);
    expect(row).toMatchObject({ archive: t.w.invoices, type: '.pdf', pages: 2 });
    expect(row?.path).toMatch(new RegExp(`^${t.w.alpha}/${t.w.invoices}/.+\\.pdf$`));
    expect(row?.size).toBe(readFileSync(fileOf(row?.path ?? '')).length);
    expect((await textOf(id)).pages).toEqual([
      ['Page one', 'APPROVED'],
      ['Page two', 'PAID'],
    ]);
    expect(annotationsOf(id)).toEqual([]);
    // the original keeps its file and its stamps
    expect(readFileSync(fileOf(sharedPath)).equals(before)).toBe(true);
    expect(annotationsOf(sharedA)).toEqual(['1:Approved', '2:Paid']);
    const list = await request(t.app)
      .get(`${API}dbs/${t.w.alpha}/archives/${t.w.invoices}/documents/${id}/annotations`)
      .query({ SecureId: viewerHash(t, id) })
      .set('Authorization', basic('full.user'))
      .expect(200);
    expect(list.body as Annotation[]).toEqual([]);
  });

  it('turns a TIFF into a PDF of the same page count', async () => {
    const id = (await op('copy', unmarked, tiff, t.w.invoices).expect(200)).body as number;
    expect(rowOf(id)).toMatchObject({ type: '.pdf', pages: 2 });
    const text = await textOf(id);
    expect(text.pageCount).toBe(2);
    expect(text.pages[1]).toEqual(['RECEIVED']);
    expect(annotationsOf(id)).toEqual([]);
    expect(rowOf(tiff)?.type).toBe('.tif');
  });

  it('carries annotations as records in every other case', async () => {
    // into an archive without Modify Annotations: records, the file as it is
    const back = (await call(t.w.invoices, t.v.pdf, 'annotations').expect(200)).body as Annotation[];
    expect(back).toEqual([]);
    createAnnotationsRepo(t.db).replace(t.w.alpha, t.v.pdf, [stamp(2, 'Void')]);
    const toUnmarked = (await op('copy', t.w.invoices, t.v.pdf, unmarked).expect(200)).body as number;
    expect(annotationsOf(toUnmarked)).toEqual(['2:Void']);
    expect(rowOf(toUnmarked)?.type).toBe('.pdf');
    expect((await textOf(toUnmarked)).pages[1]).toEqual(['Page two']);
    // with Modify Annotations on both sides
    const within = (await op('copy', t.w.invoices, t.v.pdf, t.w.invoices).expect(200)).body as number;
    expect(annotationsOf(within)).toEqual(['2:Void']);
    expect((await textOf(within)).pages[1]).toEqual(['Page two']);
    // without it on both sides
    const unmarked2 = addArchive(t.db, t.w.alpha, { name: 'Unmarked 2', fieldIds: [] });
    grantArchive(t.db, unmarked2, t.w.full, ALL_ARCHIVE_PERMISSIONS & ~ArchivePermission.ModifyAnnotations);
    const across = (await op('copy', unmarked, tiff, unmarked2).expect(200)).body as number;
    expect(annotationsOf(across)).toEqual(['2:Received']);
    expect(rowOf(across)?.type).toBe('.tif');
    // a document without annotations keeps its own file type
    const plain = (await op('copy', unmarked, single, t.w.invoices).expect(200)).body as number;
    expect(rowOf(plain)?.path.endsWith('.pdf')).toBe(true);
    expect((await textOf(plain)).pages).toEqual([['Single']]);
  });

  it('moves into an archive with Modify Annotations as a new burned PDF, leaving a shared file alone', async () => {
    const before = readFileSync(fileOf(sharedPath));
    expect((await op('move', unmarked, sharedA, t.w.invoices).expect(200)).body).toBe(sharedA);
    const row = rowOf(sharedA);
    expect(row).toMatchObject({ archive: t.w.invoices, type: '.pdf', pages: 2 });
    expect(row?.path).not.toBe(sharedPath);
    expect((await textOf(sharedA)).pages).toEqual([
      ['Page one', 'APPROVED'],
      ['Page two', 'PAID'],
    ]);
    expect(annotationsOf(sharedA)).toEqual([]);
    // the other document of the shared file keeps it, unchanged
    expect(rowOf(sharedB)?.path).toBe(sharedPath);
    expect(readFileSync(fileOf(sharedPath)).equals(before)).toBe(true);
    const history = (await call(t.w.invoices, sharedA, 'audit').expect(200)).body as HistoryEntry[];
    expect(history.filter((e) => e.Category === 'moved')).toHaveLength(1);
  });

  it('unlinks the old file of a burned move when no other document uses it', async () => {
    const old = rowOf(tiff)?.path ?? '';
    await op('move', unmarked, tiff, t.w.invoices).expect(200);
    expect(rowOf(tiff)).toMatchObject({ type: '.pdf', pages: 2 });
    expect(existsSync(fileOf(old))).toBe(false);
    expect((await textOf(tiff)).pages[1]).toEqual(['RECEIVED']);
  });

  it('keeps annotation records on a move the rule does not cover', async () => {
    createAnnotationsRepo(t.db).replace(t.w.alpha, t.v.pdf, [stamp(1, 'Kept')]);
    const path = rowOf(t.v.pdf)?.path;
    await op('move', t.w.invoices, t.v.pdf, unmarked).expect(200);
    expect(rowOf(t.v.pdf)).toMatchObject({ archive: unmarked, path, type: '.pdf' });
    expect(annotationsOf(t.v.pdf)).toEqual(['1:Kept']);
  });

  it('removes the burned file again when the transaction fails', async () => {
    t.db.exec(`CREATE TEMP TRIGGER refuse_move BEFORE UPDATE OF archive_id ON doc_${t.w.alpha}
      BEGIN SELECT RAISE(ABORT, 'refused'); END`);
    const dir = `${t.w.alpha}/${t.w.invoices}`;
    const files = filesUnder(dir);
    await op('move', unmarked, sharedA, t.w.invoices).expect(500);
    expect(filesUnder(dir)).toEqual(files);
    expect(rowOf(sharedA)).toMatchObject({ archive: unmarked, path: sharedPath });
    expect(annotationsOf(sharedA)).toEqual(['1:Approved', '2:Paid']);
    t.db.exec(`CREATE TEMP TRIGGER refuse_copy BEFORE INSERT ON doc_${t.w.alpha}
      BEGIN SELECT RAISE(ABORT, 'refused'); END`);
    await op('copy', unmarked, sharedA, t.w.invoices).expect(500);
    expect(filesUnder(dir)).toEqual(files);
  });

  it('applies across databases too', async () => {
    const copy = (await op('copy', unmarked, sharedA, filedB).expect(200)).body as number;
    expect(rowOf(copy, t.w.beta)).toMatchObject({ archive: filedB, type: '.pdf', pages: 2 });
    expect((await textOf(copy, t.w.beta)).pages[0]).toEqual(['Page one', 'APPROVED']);
    expect(annotationsOf(copy, t.w.beta)).toEqual([]);
    const moved = (await op('move', unmarked, tiff, filedB).expect(200)).body as number;
    expect(rowOf(moved, t.w.beta)).toMatchObject({ archive: filedB, type: '.pdf', pages: 2 });
    expect((await textOf(moved, t.w.beta)).pages[1]).toEqual(['RECEIVED']);
    expect(annotationsOf(moved, t.w.beta)).toEqual([]);
    expect(rowOf(tiff)).toBeUndefined();
    expect(annotationsOf(tiff)).toEqual([]);
  });
});

describe('stamps through merge and append', () => {
  let three: number;
  beforeEach(async () => {
    store(`${t.w.alpha}/m/three.pdf`, await pdfOf(['Third 1', 'Third 2', 'Third 3']));
    three = documentInserter(t.db, t.w.alpha, [t.w.vendor])({
      archiveId: t.w.invoices,
      filePath: `${t.w.alpha}/m/three.pdf`,
      fileType: '.pdf',
      fileSize: 1,
      pageCount: 3,
      createdAt: 0,
      values: {},
    });
    const annotations = createAnnotationsRepo(t.db);
    annotations.replace(t.w.alpha, t.v.pdf, [stamp(2, 'Second'), stamp(1, 'First')]);
    // a stamp on a page the file does not have stays behind
    annotations.replace(t.w.alpha, three, [stamp(3, 'Last'), stamp(7, 'Stale')]);
  });
  const item = (doc: number) => ({ ArchiveID: t.w.invoices, DocID: doc, Hash: viewerHash(t, doc) });
  const merge = (body: object) =>
    request(t.app).post(`${API}dbs/${t.w.alpha}/merge`).set('Authorization', basic('full.user')).send(body);

  it('moves the base document’s stamps on by the pages appended in front of its own', async () => {
    await merge({
      Type: 'Append',
      Documents: [item(t.v.pdf), item(three)],
      BaseDocument: item(t.v.pdf),
      Target: { Type: 'Archive', AppendType: 1 },
    }).expect(200);
    expect(rowOf(t.v.pdf)?.pages).toBe(5);
    expect(annotationsOf(t.v.pdf)).toEqual(['5:Second', '4:First']);
    // the stamps stay on their pages: page 4 is the old page one
    expect((await textOf(t.v.pdf)).pages[3]).toEqual(['Page one']);
    // the other document keeps its own
    expect(annotationsOf(three)).toEqual(['3:Last', '7:Stale']);
    // pages appended after leave the stamps where they are
    await merge({
      Type: 1,
      Documents: [item(t.v.pdf), item(three)],
      BaseDocument: item(t.v.pdf),
      Target: { Type: 'Archive', AppendType: 0 },
    }).expect(200);
    expect(annotationsOf(t.v.pdf)).toEqual(['5:Second', '4:First']);
  });

  it('gives a merged document each source’s stamps at its pages; the sources keep theirs', async () => {
    const res = await merge({ Type: 0, Documents: [item(three), item(t.v.pdf), item(three)] }).expect(200);
    const id = res.body as number;
    expect(rowOf(id)?.pages).toBe(8);
    expect(annotationsOf(id)).toEqual(['3:Last', '5:Second', '4:First', '8:Last']);
    const burned = await documentFile(t, id).expect(200);
    const text = await readPdfText(burned.body as Buffer);
    expect(text.pages[3]).toEqual(['Page one', 'FIRST']);
    expect(text.pages[4]).toEqual(['Page two', 'SECOND']);
    expect(annotationsOf(t.v.pdf)).toEqual(['2:Second', '1:First']);
    expect(annotationsOf(three)).toEqual(['3:Last', '7:Stale']);
  });

  it('writes no stamps when the merge’s transaction fails', async () => {
    // the merge's history entry is its transaction's last write
    t.db.exec(`CREATE TEMP TRIGGER refuse_merge BEFORE INSERT ON audit
      BEGIN SELECT RAISE(ABORT, 'refused'); END`);
    const count = () => t.db.prepare(`SELECT COUNT(*) FROM annotations`).pluck().get();
    const before = count();
    await merge({ Type: 0, Documents: [item(three), item(t.v.pdf)] }).expect(500);
    expect(count()).toBe(before);
    await merge({
      Type: 1,
      Documents: [item(t.v.pdf), item(three)],
      BaseDocument: item(t.v.pdf),
      Target: { Type: 'Archive', AppendType: 1 },
    }).expect(500);
    expect(annotationsOf(t.v.pdf)).toEqual(['2:Second', '1:First']);
  });
});

describe('a move into another database', () => {
  const history = async (db: number, archive: number, doc: number) =>
    (
      await request(t.app)
        .get(`${API}dbs/${db}/archives/${archive}/documents/${doc}/audit`)
        .query({ SecureId: hash(doc, db) })
        .set('Authorization', basic('full.user'))
        .expect(200)
    ).body as HistoryEntry[];

  it('takes the document’s earlier history along under its new id', async () => {
    const doc = t.v.pdf;
    await request(t.app)
      .put(`${API}dbs/${t.w.alpha}/archives/${t.w.invoices}/documents/${doc}/annotations`)
      .query({ SecureId: viewerHash(t, doc) })
      .set('Authorization', basic('full.user'))
      .send([{ Page: 1, X: 0.1, Y: 0.1, Text: 'Seen' }])
      .expect(200);
    t.clock.advance(60_000);
    await op('copy', t.w.invoices, doc, unmarked).expect(200);
    t.clock.advance(60_000);
    const earlier = await history(t.w.alpha, t.w.invoices, doc);
    expect(earlier.map((e) => e.Category)).toEqual(['annotation', 'copied']);
    const id = (await op('move', t.w.invoices, doc, filedB).expect(200)).body as number;
    const moved = await history(t.w.beta, filedB, id);
    const strip = ({ Category, Message, UserName, Time, ArchiveID }: HistoryEntry) => ({
      Category,
      Message,
      UserName,
      Time,
      ArchiveID,
    });
    expect(moved.slice(0, 2).map(strip)).toEqual(earlier.map(strip));
    expect(moved).toHaveLength(3);
    expect(moved[2]).toMatchObject({
      Category: 'moved',
      DocumentID: id,
      ArchiveID: filedB,
      OldArchiveID: t.w.invoices,
      OldDocID: doc,
    });
    // the annotations went along as records (Modify Annotations on both sides)
    expect(annotationsOf(id, t.w.beta)).toEqual(['1:Seen']);
  });

  it('refuses a document that heads or belongs to a revision chain', async () => {
    const { alpha, vendor, full } = t.w;
    const policies = addArchive(t.db, alpha, {
      name: 'Policies',
      flags: ArchiveFlags.RevisionControl,
      fieldIds: [vendor],
    });
    const versions = addArchive(t.db, alpha, {
      name: 'Versions',
      parentId: policies,
      flags: ArchiveFlags.VersionsArchive,
      fieldIds: [vendor],
    });
    for (const a of [policies, versions]) grantArchive(t.db, a, full, ALL_ARCHIVE_PERMISSIONS);
    const insert = documentInserter(t.db, alpha, [vendor]);
    const base = { filePath: sharedPath, fileType: '.pdf', fileSize: 1, pageCount: 2, createdAt: 0 };
    const head = insert({ ...base, archiveId: policies, version: 2, values: {} });
    const v1 = insert({ ...base, archiveId: versions, version: 1, rootVersionId: head, values: {} });
    const lone = insert({ ...base, archiveId: policies, version: 1, values: {} });
    const refused = await op('move', policies, head, filedB).expect(400);
    expect((refused.body as { Message: string }).Message).toMatch(
      new RegExp(`Document ${head} heads a revision chain .*cannot be moved to another database`),
    );
    const version = await op('move', versions, v1, filedB).expect(400);
    expect((version.body as { Message: string }).Message).toMatch(
      new RegExp(`Document ${v1} is version 1 of document ${head}.*cannot be moved to another database`),
    );
    expect(rowOf(head)?.archive).toBe(policies);
    expect(rowOf(v1)?.archive).toBe(versions);
    expect(t.db.prepare(`SELECT COUNT(*) FROM doc_${t.w.beta}`).pluck().get()).toBe(0);
    // a document of a revision-control archive without versions may move; a copy always may
    await op('move', policies, lone, filedB).expect(200);
    await op('copy', policies, head, filedB).expect(200);
  });
});
