// GET files?fileName=&action=pages|render|burst on cache files (contract/upload.ts).
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BurstResponse, PagesResponse } from '@gs/contract/upload';
import { API, basic, makeWorldApp } from '../../testing/testApp';
import { makeInboxApp, putInCache, userCache } from '../../testing/inboxWorld';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'gs-pages-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const shades = [0, 128, 255];
async function tiff(bilevel: boolean): Promise<Buffer> {
  const frames = await Promise.all(
    shades.map((v) =>
      sharp({ create: { width: 40, height: 30, channels: 3, background: { r: v, g: v, b: v } } })
        .png()
        .toBuffer(),
    ),
  );
  const joined = sharp(frames, { join: { animated: true } });
  return bilevel
    ? joined.toColourspace('b-w').tiff({ compression: 'ccittfax4', bitdepth: 1 }).toBuffer()
    : joined.tiff({ compression: 'lzw' }).toBuffer();
}
async function pdf(pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let p = 0; p < pages; p++) doc.addPage([100 + p, 100]);
  return Buffer.from(await doc.save());
}
/** full.user, whose cache the tests use */
const FULL = makeWorldApp().w.full;
const cached = (name: string): string => join(userCache(dataDir, FULL), name);

function get(path: string) {
  const { app } = makeWorldApp({ files: { dataDir } });
  return request(app).get(`${API}${path}`).set('Authorization', basic('full.user'));
}

describe('GET files actions', () => {
  it('counts pages and renders a TIFF page as 8-bit grey PNG', async () => {
    putInCache(dataDir, FULL, 'scan.tif', await tiff(true));
    putInCache(dataDir, FULL, 'doc.pdf', await pdf(4));
    expect((await get('files?fileName=scan.tif&action=pages').expect(200)).body as PagesResponse).toEqual({
      Pages: 3,
    });
    expect(((await get('files?FileName=doc.pdf&Action=pages').expect(200)).body as PagesResponse).Pages).toBe(
      4,
    );
    const png = await get('files?fileName=scan.tif&action=render&page=3').expect(200).buffer(true);
    expect(png.headers['content-type']).toBe('image/png');
    const meta = await sharp(png.body as Buffer).metadata();
    expect([meta.format, meta.channels, meta.width, meta.height]).toEqual(['png', 1, 40, 30]);
    await get('files?fileName=scan.tif&action=render&page=4').expect(400);
    const pdfPng = await get('files?fileName=doc.pdf&action=render&page=2').expect(200).buffer(true);
    expect(pdfPng.headers['content-type']).toBe('image/png');
    // page 2 is 101 x 100 points, drawn at 150 dpi (210.4 x 208.3: MuPDF covers the part pixel)
    const pdfMeta = await sharp(pdfPng.body as Buffer).metadata();
    expect([pdfMeta.format, pdfMeta.width, pdfMeta.height]).toEqual(['png', 211, 209]);
    await get('files?fileName=doc.pdf&action=render&page=5').expect(400);
    await get('files?fileName=none.tif&action=pages').expect(404);
    await get('files?fileName=..%2Fx.tif&action=pages').expect(400);
    await get('files?fileName=scan.tif&action=dance').expect(400);
  });

  it('bursts TIFF pages into a new cache file, optionally taking them out of the source', async () => {
    putInCache(dataDir, FULL, 'scan.tif', await tiff(false));
    const res = await get('files?fileName=scan.tif&action=burst&RequestedPages=1&RequestedPages=3').expect(
      200,
    );
    const out = res.body as BurstResponse;
    expect(out.Pages).toBe(2);
    expect(out.name).toMatch(/\.tif$/);
    expect((await sharp(readFileSync(cached(out.name))).metadata()).pages).toBe(2);
    expect((await sharp(readFileSync(cached('scan.tif'))).metadata()).pages).toBe(3);
    const cut = (
      await get('files?fileName=scan.tif&action=burst&RequestedPages=2&deletePages=true').expect(200)
    ).body as BurstResponse;
    expect(cut.Pages).toBe(1);
    expect((await sharp(readFileSync(cached('scan.tif'))).metadata()).pages).toBe(2);
  });

  it('bursts PDF pages with pdf-lib', async () => {
    putInCache(dataDir, FULL, 'doc.pdf', await pdf(4));
    const out = (await get('files?fileName=doc.pdf&action=burst&RequestedPages=2,4').expect(200))
      .body as BurstResponse;
    const doc = await PDFDocument.load(readFileSync(cached(out.name)));
    expect(doc.getPages().map((p) => p.getWidth())).toEqual([101, 103]);
  });

  it('refuses bursting an e-document, no pages, pages out of range and removing every page', async () => {
    putInCache(dataDir, FULL, 'note.txt', 'hello');
    putInCache(dataDir, FULL, 'doc.pdf', await pdf(2));
    const edoc = await get('files?fileName=note.txt&action=burst&RequestedPages=1').expect(400);
    expect((edoc.body as { Message: string }).Message).toMatch(/Only TIFF or PDF/);
    await get('files?fileName=doc.pdf&action=burst').expect(400);
    await get('files?fileName=doc.pdf&action=burst&RequestedPages=3').expect(400);
    const all = await get(
      'files?fileName=doc.pdf&action=burst&RequestedPages=1&RequestedPages=2&deletePages=true',
    ).expect(400);
    expect((all.body as { Message: string }).Message).toMatch(/every page/);
    expect((await PDFDocument.load(readFileSync(cached('doc.pdf')))).getPageCount()).toBe(2);
  });
});

describe('GET files actions on inbox files', () => {
  it('reads and bursts a file of an inbox with InboxId, per the inbox bits', async () => {
    const t = makeInboxApp();
    try {
      const { i } = t;
      writeFileSync(join(i.dataDir, 'inboxes', 'scans', 'two.pdf'), await pdf(2));
      const as = (user: string, path: string) =>
        request(t.app).get(`${API}${path}`).set('Authorization', basic(user));
      const pages = await as('web.user', `files?fileName=two.pdf&action=pages&InboxId=${i.scans}`).expect(
        200,
      );
      expect((pages.body as PagesResponse).Pages).toBe(2);
      await as('web.user', `files?fileName=two.pdf&action=burst&RequestedPages=1&InboxId=${i.scans}`).expect(
        403,
      );
      const out = (
        await as(
          'full.user',
          `files?fileName=two.pdf&action=burst&RequestedPages=1&InboxId=${i.scans}`,
        ).expect(200)
      ).body as BurstResponse;
      expect(readdirSync(join(i.dataDir, 'inboxes', 'scans'))).toContain(out.name);
      await as('full.user', `files?fileName=two.pdf&action=pages&InboxId=${i.hidden}`).expect(404);
    } finally {
      rmSync(t.i.dataDir, { recursive: true, force: true });
    }
  });
});
