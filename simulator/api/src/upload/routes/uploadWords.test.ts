// GET files?fileName=&action=words&page=N (contract/dataExtraction.ts, decision 030): the words of
// a page of a scanned file in the caller's cache or an inbox, with the same rights as the page
// images; bad ids and pages are 400, and files without scanned words are ERROR_NO_KFI_WORDS's 404.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import request from 'supertest';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  dataExtractionPaths,
  NO_KFI_WORDS_CODE,
  NO_KFI_WORDS_MESSAGE,
  type PageWordsResponse,
} from '@gs/contract/dataExtraction';
import { ScanService } from '@gs/simulator-helper/scanner/service';
import { API, basic, makeWorldApp } from '../../testing/testApp';
import { makeInboxApp, putInCache } from '../../testing/inboxWorld';

let scanned: Uint8Array;
beforeAll(async () => {
  const scanner = new ScanService({ msPerPage: 0 });
  const session = scanner.createSession(77);
  const job = scanner.createJob(session, { Pages: 2, Format: 'tiff' });
  job.start(Date.now());
  scanned = (await scanner.merge(session, job)).bytes;
});

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'gs-words-route-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const world = makeWorldApp().w;
function as(user: string, path: string) {
  const { app } = makeWorldApp({ files: { dataDir } });
  return request(app).get(`${API}${path}`).set('Authorization', basic(user));
}

describe('GET files?action=words', () => {
  it("answers the words of a scanned page of the caller's cache in page-relative boxes", async () => {
    putInCache(dataDir, world.full, 'scan.tif', Buffer.from(scanned));
    const res = await as('full.user', dataExtractionPaths.words('scan.tif', 2)).expect(200);
    const body = res.body as PageWordsResponse;
    expect([body.Page, body.Width, body.Height]).toEqual([2, 1700, 2200]);
    expect(body.Words.length).toBeGreaterThan(30);
    for (const w of body.Words) {
      expect(w.Value.trim()).not.toBe('');
      expect(w.Left).toBeGreaterThanOrEqual(0);
      expect(w.Top).toBeGreaterThanOrEqual(0);
      expect(w.Left + w.Width).toBeLessThanOrEqual(1);
      expect(w.Top + w.Height).toBeLessThanOrEqual(1);
      expect(w.Width).toBeGreaterThan(0);
    }
    expect(body.Words.map((w) => w.Value)).toContain('Page');
    // any casing of the query keys, as the other actions
    await as('full.user', 'files?FILENAME=scan.tif&Action=WORDS&Page=1').expect(200);
  });

  it("keeps to the caller's own cache and refuses bad pages", async () => {
    putInCache(dataDir, world.full, 'scan.tif', Buffer.from(scanned));
    // another user's cache file is not found, and nobody without a sign-in gets anything
    await as('web.user', dataExtractionPaths.words('scan.tif', 1)).expect(404);
    const { app } = makeWorldApp({ files: { dataDir } });
    await request(app)
      .get(`${API}${dataExtractionPaths.words('scan.tif', 1)}`)
      .expect(401);
    for (const page of ['0', '3', '-1', 'abc', '1.5']) {
      const res = await as('full.user', `files?fileName=scan.tif&action=words&page=${page}`).expect(400);
      expect((res.body as { Message: string }).Message).toBeTruthy();
    }
    await as('full.user', 'files?fileName=..%2Fscan.tif&action=words&page=1').expect(400);
    await as('full.user', 'files?fileName=none.tif&action=words&page=1').expect(404);
  });

  it('answers NoKfiWords for images that are not scans, PDFs without words and plain TIFFs', async () => {
    const png = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const doc = await PDFDocument.create();
    doc.addPage([200, 200]);
    putInCache(dataDir, world.full, 'photo.png', png);
    putInCache(dataDir, world.full, 'doc.pdf', Buffer.from(await doc.save()));
    putInCache(dataDir, world.full, 'plain.tif', await sharp(png).tiff().toBuffer());
    putInCache(dataDir, world.full, 'broken.tif', Buffer.from('II*\u0000\u00ff\u00ff\u00ff\u00ff'));
    for (const name of ['photo.png', 'doc.pdf', 'plain.tif', 'broken.tif']) {
      const res = await as('full.user', dataExtractionPaths.words(name, 1)).expect(404);
      expect(res.body, name).toEqual({ Message: NO_KFI_WORDS_MESSAGE, Code: NO_KFI_WORDS_CODE });
    }
  });
});

describe('GET files?action=words on a PDF with a text layer', () => {
  it('answers the words MuPDF reads, with the page size in points', async () => {
    const pdf = readFileSync(join(import.meta.dirname, '../../pdf/services/testdata/chromium-print.pdf'));
    putInCache(dataDir, world.full, 'printed.pdf', pdf);
    const res = await as('full.user', dataExtractionPaths.words('printed.pdf', 1)).expect(200);
    const body = res.body as PageWordsResponse;
    expect(body.Page).toBe(1);
    expect(Math.round(body.Width)).toBe(595);
    const invoice = body.Words.find((w) => w.Value === 'INV-1001');
    expect(invoice).toBeDefined();
    expect(invoice!.Left + invoice!.Width).toBeLessThanOrEqual(1);
    expect(invoice!.Line).toBeGreaterThan(0);
    await as('full.user', dataExtractionPaths.words('printed.pdf', 9)).expect(400);
  });

  it('answers NoKfiWords for an encrypted PDF', async () => {
    const pdf = readFileSync(join(import.meta.dirname, '../../pdf/services/testdata/encrypted.pdf'));
    putInCache(dataDir, world.full, 'locked.pdf', pdf);
    const res = await as('full.user', dataExtractionPaths.words('locked.pdf', 1));
    expect([400, 404]).toContain(res.status);
    expect(res.body.Message).toBeTruthy();
  });
});

describe('GET files?action=words on inbox files', () => {
  it('needs View on the inbox and a whole InboxId', async () => {
    const t = makeInboxApp();
    try {
      const { i } = t;
      writeFileSync(join(i.dataDir, 'inboxes', 'scans', 'scan.tif'), scanned);
      writeFileSync(join(i.dataDir, 'inboxes', 'hidden', 'scan.tif'), scanned);
      const get = (user: string, path: string) =>
        request(t.app).get(`${API}${path}`).set('Authorization', basic(user));
      const words = await get('web.user', dataExtractionPaths.words('scan.tif', 1, i.scans)).expect(200);
      expect((words.body as PageWordsResponse).Words.length).toBeGreaterThan(30);
      await get('full.user', dataExtractionPaths.words('scan.tif', 1, i.hidden)).expect(404);
      await get('nobody', dataExtractionPaths.words('scan.tif', 1, i.scans)).expect(404);
      await get('full.user', 'files?fileName=scan.tif&action=words&page=1&InboxId=x').expect(400);
    } finally {
      rmSync(t.i.dataDir, { recursive: true, force: true });
    }
  });
});
