import { rmSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import request, { type Response } from 'supertest';
import { grantArchive } from '@gs/simulator-fixtures/builders';
import { readPdfText } from '@gs/simulator-fixtures/pdfText';
import type { Annotation } from '@gs/contract/annotations';
import { ALL_ARCHIVE_PERMISSIONS } from '@gs/contract/flags';
import type { HistoryEntry } from '@gs/contract/history';
import { API, basic, binary } from '../../testing/testApp';
import { documentFile, makeViewerApp, viewerHash, type ViewerTestApp } from '../../testing/viewerWorld';

let t: ViewerTestApp;
beforeEach(async () => {
  t = await makeViewerApp();
});
afterEach(() => {
  rmSync(t.v.dataDir, { recursive: true, force: true });
});

const docPath = (doc: number, archive = t.w.invoices) =>
  `${API}dbs/${t.w.alpha}/archives/${archive}/documents/${doc}`;

const list = (doc: number, user = 'full.user', archive = t.w.invoices) =>
  request(t.app)
    .get(`${docPath(doc, archive)}/annotations`)
    .query({ SecureId: viewerHash(t, doc) })
    .set('Authorization', basic(user));

const put = (doc: number, body: unknown, user = 'full.user', archive = t.w.invoices) =>
  request(t.app)
    .put(`${docPath(doc, archive)}/annotations`)
    .query({ SecureId: viewerHash(t, doc) })
    .set('Authorization', basic(user))
    .send(body as object);

const history = async (doc: number): Promise<HistoryEntry[]> =>
  (
    await request(t.app)
      .get(`${API}dbs/${t.w.alpha}/archives/${t.w.invoices}/documents/${doc}/audit`)
      .query({ SecureId: viewerHash(t, doc) })
      .set('Authorization', basic('full.user'))
      .expect(200)
  ).body as HistoryEntry[];

const annotationEntries = async (doc: number) =>
  (await history(doc)).filter((e) => e.Category === 'annotation');

const messageOf = (res: Response): string => (res.body as { Message: string }).Message;
const detailOf = (res: Response): string => (res.body as { MessageDetail: string }).MessageDetail;

const paid = { Page: 2, X: 0.5, Y: 0.1, Text: 'Paid 01/05/2026', Type: 'stamp' };
const approved = { Page: 1, X: 0.2, Y: 0.3, Text: 'Approved by full.user', Color: '#1F6FEB' };

describe('document annotations', () => {
  it('stores the whole set, answers it in drawing order and lists it again', async () => {
    expect((await list(t.v.pdf).expect(200)).body).toEqual([]);
    const res = await put(t.v.pdf, [paid, approved]).expect(200);
    const stored = res.body as Annotation[];
    expect(stored).toMatchObject([
      { ...paid, Color: '#c0262d', CreatedBy: 'full.user' },
      { ...approved, Type: 'stamp', Color: '#1f6feb', CreatedBy: 'full.user' },
    ]);
    expect(stored[0]?.Id).toEqual(expect.any(Number));
    expect(stored[0]?.Created).toMatch(/^2026-11-2[23]T\d\d:\d\d:\d\d\.\d{7}[+-]\d\d:\d\d$/);
    expect((await list(t.v.pdf).expect(200)).body).toEqual(stored);
    // another document's set is its own
    expect((await list(t.v.tiff).expect(200)).body).toEqual([]);
  });

  it('keeps the id, author and date of annotations sent back with their Id; drops the rest', async () => {
    const first = (await put(t.v.pdf, [paid, approved]).expect(200)).body as Annotation[];
    const kept = first[1] as Annotation;
    t.clock.advance(60_000);
    grantArchive(t.db, t.w.invoices, t.w.web, ALL_ARCHIVE_PERMISSIONS);
    // any key casing, wrapped in Annotations
    const res = await put(
      t.v.pdf,
      {
        annotations: [
          { id: kept.Id, page: 1, x: 0.25, y: 0.3, text: kept.Text, color: kept.Color },
          { ...paid, Text: 'Void' },
        ],
      },
      'web.user',
    ).expect(200);
    const next = res.body as Annotation[];
    expect(next).toHaveLength(2);
    expect(next[0]).toEqual({ ...kept, X: 0.25 });
    expect(next[1]).toMatchObject({ Text: 'Void', CreatedBy: 'web.user' });
    expect(next[1]?.Id).not.toBe(first[0]?.Id);
    expect((await put(t.v.pdf, []).expect(200)).body).toEqual([]);
    expect((await list(t.v.pdf).expect(200)).body).toEqual([]);
  });

  it('writes "Annotation Data Updated" to the history when the set changes, and only then', async () => {
    const stored = (await put(t.v.pdf, [paid]).expect(200)).body as Annotation[];
    expect(await annotationEntries(t.v.pdf)).toMatchObject([
      { Message: 'Annotation Data Updated', UserName: 'full.user', DocumentID: t.v.pdf },
    ]);
    // the same set again changes nothing
    await put(t.v.pdf, stored).expect(200);
    expect(await annotationEntries(t.v.pdf)).toHaveLength(1);
    await put(t.v.pdf, []).expect(200);
    expect(await annotationEntries(t.v.pdf)).toHaveLength(2);
  });

  it('refuses bad annotations with a 400 and a Message, storing nothing', async () => {
    const bad: [unknown, RegExp][] = [
      [{ Page: 1 }, /array/],
      [[{ ...paid, Page: 0 }], /Page/],
      [[{ ...paid, X: 1.5 }], /fractions/],
      [[{ ...paid, Y: 'top' }], /Y must be a number/],
      [[{ ...paid, Text: ' ' }], /Text is required/],
      [[{ ...paid, Text: 'x'.repeat(501) }], /longer than 500/],
      [[{ ...paid, Type: 'ink' }], /Type/],
      [[{ ...paid, Color: 'red' }], /Color/],
      [[paid, 'stamp'], /Annotation 2 is not an object/],
    ];
    for (const [body, message] of bad)
      expect(detailOf(await put(t.v.pdf, body).expect(400))).toMatch(message);
    expect((await list(t.v.pdf).expect(200)).body).toEqual([]);
    expect(await annotationEntries(t.v.pdf)).toEqual([]);
  });

  it('needs View to list, Modify Annotations and an editing licence to change, and the SecureId', async () => {
    await put(t.v.pdf, [paid]).expect(200);
    // web.user: View and Modify Data on Invoices, no Modify Annotations
    expect((await list(t.v.pdf, 'web.user').expect(200)).body).toHaveLength(1);
    expect(messageOf(await put(t.v.pdf, [], 'web.user').expect(403))).toMatch(/modify annotations/);
    // full.user sees Contracts with View only
    await list(t.v.contractPdf, 'full.user', t.w.contracts).expect(200);
    await put(t.v.contractPdf, [paid], 'full.user', t.w.contracts).expect(403);
    // a read-only licence may not, even with every permission
    grantArchive(t.db, t.w.invoices, t.w.reader, ALL_ARCHIVE_PERMISSIONS);
    expect((await list(t.v.pdf, 'reader').expect(200)).body).toHaveLength(1);
    expect(messageOf(await put(t.v.pdf, [], 'reader').expect(403))).toMatch(/read-only/);
    // nobody cannot see the database; a wrong SecureId is a 403
    await list(t.v.pdf, 'nobody').expect(404);
    await request(t.app)
      .get(`${docPath(t.v.pdf)}/annotations`)
      .query({ SecureId: 'wrong' })
      .set('Authorization', basic('full.user'))
      .expect(403);
    await request(t.app)
      .put(`${docPath(t.v.pdf)}/annotations`)
      .query({ SecureId: viewerHash(t, t.v.pdf) })
      .send([])
      .expect(401);
    expect((await list(t.v.pdf).expect(200)).body).toHaveLength(1);
    expect(await annotationEntries(t.v.pdf)).toHaveLength(1);
  });

  it('goes along with a copy, and is dropped with the document', async () => {
    await put(t.v.pdf, [paid, approved]).expect(200);
    const copy = await request(t.app)
      .get(`${docPath(t.v.pdf)}/copy`)
      .query({ SecureId: viewerHash(t, t.v.pdf), DestinationArchive: t.w.invoices })
      .set('Authorization', basic('full.user'))
      .expect(200);
    const copied = copy.body as number;
    const original = (await list(t.v.pdf).expect(200)).body as Annotation[];
    const ofCopy = (await list(copied).expect(200)).body as Annotation[];
    const strip = ({ Id: _id, ...rest }: Annotation) => rest;
    expect(ofCopy.map(strip)).toEqual(original.map(strip));
    await request(t.app)
      .get(`${docPath(t.v.pdf)}/delete`)
      .query({ SecureId: viewerHash(t, t.v.pdf) })
      .set('Authorization', basic('full.user'))
      .expect(200);
    const left = t.db
      .prepare(`SELECT document_id AS doc FROM annotations WHERE database_id = ?`)
      .all(t.w.alpha) as { doc: number }[];
    expect(new Set(left.map((r) => r.doc))).toEqual(new Set([copied]));
  });
});

describe('GET .../File?Annotations=true', () => {
  const file = (doc: number, annotations = true) => documentFile(t, doc, annotations);

  it('draws the stamps of a PDF on their pages, in capitals', async () => {
    await put(t.v.pdf, [paid, approved]).expect(200);
    const res = await file(t.v.pdf).expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="${t.v.pdf}.pdf"`);
    const text = await readPdfText(res.body as Buffer);
    expect(text.pageCount).toBe(2);
    expect(text.pages[0]).toEqual(['Page one', 'APPROVED BY FULL.USER']);
    expect(text.pages[1]).toEqual(['Page two', 'PAID 01/05/2026']);
  });

  it('turns an annotated TIFF into a PDF with the stamps; leaves unannotated files alone', async () => {
    await put(t.v.tiff, [{ ...paid, Text: 'Received' }]).expect(200);
    const res = await file(t.v.tiff).expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await readPdfText(res.body as Buffer);
    expect(text.pageCount).toBe(2);
    expect(text.pages[1]).toEqual(['RECEIVED']);
    const plain = await file(t.v.pdf).expect(200);
    expect(plain.headers['content-type']).toBe('application/pdf');
    expect((plain.body as Buffer).equals((await file(t.v.pdf, false).expect(200)).body as Buffer)).toBe(true);
    // a text file cannot carry drawn stamps: the native file
    await put(t.v.text, [{ ...paid, Page: 1 }]).expect(200);
    const note = await file(t.v.text).expect(200);
    expect((note.body as Buffer).toString()).toBe('a note\n');
  });

  it('keeps the file as it is without Annotations=true', async () => {
    await put(t.v.pdf, [paid]).expect(200);
    const res = await file(t.v.pdf, false).expect(200);
    expect((await readPdfText(res.body as Buffer)).pages[1]).toEqual(['Page two']);
  });
});

describe('POST dbs/{db}/export?WithAnnotations=true', () => {
  const runExport = async (docs: number[], query: Record<string, string>) => {
    const started = await request(t.app)
      .post(`${API}dbs/${t.w.alpha}/export`)
      .query(query)
      .set('Authorization', basic('full.user'))
      .send(docs.map((Id) => ({ Archive: t.w.invoices, Id })))
      .expect(200);
    for (;;) {
      const res = await request(t.app)
        .get(`${API}dbs/${t.w.alpha}/export`)
        .query({ jobid: started.body as string })
        .set('Authorization', basic('full.user'))
        .buffer(true)
        .parse(binary);
      if (res.status !== 202) return res;
      await new Promise((done) => setImmediate(done));
    }
  };

  it('exports one annotated document as its annotated PDF', async () => {
    await put(t.v.tiff, [{ ...paid, Page: 1, Text: 'Filed' }]).expect(200);
    const res = await runExport([t.v.tiff], { WithAnnotations: 'true' });
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain(`${t.v.tiff}.pdf`);
    expect((await readPdfText(res.body as Buffer)).pages[0]).toEqual(['FILED']);
    const without = await runExport([t.v.tiff], {});
    expect(without.headers['content-disposition']).toContain(`${t.v.tiff}.tif`);
  });

  it('puts the annotated PDF in the zip in place of the native file', async () => {
    await put(t.v.tiff, [{ ...paid, Page: 1, Text: 'Filed' }]).expect(200);
    const res = await runExport([t.v.tiff, t.v.text], {
      WithAnnotations: 'true',
      alwaysExportZip: 'true',
      ExportWithCSV: 'true',
    });
    expect(res.status).toBe(200);
    const zip = (res.body as Buffer).toString('latin1');
    expect(zip).toContain(`${t.v.tiff}.pdf`);
    expect(zip).not.toContain(`${t.v.tiff}.tif`);
    expect(zip).toContain(`${t.v.text}.txt`);
  });
});
