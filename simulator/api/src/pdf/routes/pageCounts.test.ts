// PDF page counts (decision 062): counted by MuPDF on the PDF workers, remembered per file version
// (a second look does not read the file again), and a PDF that cannot be read says so with a 422
// instead of counting as one page.
import { rmSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { pdfJobsRun } from '../services/pdfEngine';
import { API, basic } from '../../testing/testApp';
import { makeInboxApp, putInCache, userCache } from '../../testing/inboxWorld';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** The JSON body, also when supertest left it as bytes (the page route's answers are binary). */
const json = (res: request.Response): unknown =>
  Buffer.isBuffer(res.body) ? JSON.parse(res.body.toString('utf8')) : res.body;

async function pdfOf(pages: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  for (let i = 0; i < pages; i++) pdf.addPage([612, 792]).drawText(`Page ${i + 1}`, { x: 72, y: 700 });
  return Buffer.from(await pdf.save());
}

function world() {
  const t = makeInboxApp();
  dirs.push(t.i.dataDir);
  const get = (path: string) => request(t.app).get(`${API}${path}`).set('Authorization', basic('full.user'));
  const put = (name: string, content: string | Buffer) => putInCache(t.i.dataDir, t.w.full, name, content);
  return { ...t, get, put };
}

describe('PDF page counts', () => {
  it('counts the pages of a multi-page PDF once per version of the file', async () => {
    const { get, put, i, w } = world();
    put('book.pdf', await pdfOf(7));
    const counts = () => pdfJobsRun().count;
    const before = counts();
    expect((await get('files?fileName=book.pdf&action=pages').expect(200)).body).toEqual({ Pages: 7 });
    expect(counts()).toBe(before + 1);
    // a second look, and a burst that checks the pages, read the remembered count
    expect((await get('files?fileName=book.pdf&action=pages').expect(200)).body).toEqual({ Pages: 7 });
    await get('files?fileName=book.pdf&action=burst&RequestedPages=8').expect(400);
    expect(counts()).toBe(before + 1);
    // the file changes: counted again
    put('book.pdf', await pdfOf(3));
    utimesSync(join(userCache(i.dataDir, w.full), 'book.pdf'), new Date(), new Date(Date.now() + 5000));
    expect((await get('files?fileName=book.pdf&action=pages').expect(200)).body).toEqual({ Pages: 3 });
    expect(counts()).toBe(before + 2);
  });

  it('draws a page of a PDF without counting its pages first, and names the count when the page is not there', async () => {
    const { get, put } = world();
    put('three.pdf', await pdfOf(3));
    const before = pdfJobsRun();
    const png = await get('files?fileName=three.pdf&action=render&page=3').expect(200);
    expect(png.headers['content-type']).toBe('image/png');
    const outside = await get('files?fileName=three.pdf&action=render&page=4').expect(400);
    expect(json(outside)).toEqual({ Message: 'Page 4 is not a page of the document (1 to 3).' });
    expect(pdfJobsRun().count).toBe(before.count);
  });

  it('answers 422 with a Message for a PDF that cannot be read, instead of one page', async () => {
    const { get, put } = world();
    put('broken.pdf', '%PDF-1.4 this is no PDF at all');
    const pages = await get('files?fileName=broken.pdf&action=pages').expect(422);
    expect(pages.body).toEqual({ Message: 'The PDF is damaged; its pages cannot be read.' });
    const burst = await get('files?fileName=broken.pdf&action=burst&RequestedPages=1').expect(422);
    expect(burst.body).toEqual({ Message: 'The PDF is damaged; its pages cannot be read.' });
    const page = await get('files?fileName=broken.pdf&action=render&page=1').expect(422);
    expect(json(page)).toEqual({ Message: 'The PDF is damaged; this page cannot be drawn.' });
  });
});
