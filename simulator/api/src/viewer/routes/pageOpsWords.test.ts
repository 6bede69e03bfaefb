// Scanned words follow their pages through the API's page operations (decision 040): a burst file
// and the source it was taken out of, a page turned in an inbox file (the boxes turned with the
// ink, so a click on the turned image still finds the word) and an inbox file with pages appended,
// all over HTTP on a TIFF the helper's scanner wrote.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import request from 'supertest';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dataExtractionPaths, type PageWord, type PageWordsResponse } from '@gs/contract/dataExtraction';
import { uploadPaths, type BurstResponse } from '@gs/contract/upload';
import { ScanService } from '@gs/simulator-helper/scanner/service';
import { API, basic } from '../../testing/testApp';
import { makeInboxApp, putInCache, userCache } from '../../testing/inboxWorld';

let scanned: Buffer;
let other: Buffer;
async function scan(seed: number, pages: number): Promise<Buffer> {
  const scanner = new ScanService({ msPerPage: 0 });
  const session = scanner.createSession(seed);
  const job = scanner.createJob(session, { Pages: pages, Format: 'tiff' });
  job.start(Date.now());
  return Buffer.from((await scanner.merge(session, job)).bytes);
}
beforeAll(async () => {
  scanned = await scan(41, 3);
  other = await scan(42, 1);
});

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function world() {
  const t = makeInboxApp();
  dirs.push(t.i.dataDir);
  const get = (path: string) => request(t.app).get(`${API}${path}`).set('Authorization', basic('full.user'));
  const words = async (name: string, page: number, inbox?: number): Promise<PageWordsResponse> =>
    (await get(dataExtractionPaths.words(name, page, inbox)).expect(200)).body as PageWordsResponse;
  return { ...t, get, words };
}

const values = (page: PageWordsResponse): string[] => page.Words.map((w) => w.Value);

/** The share of the words whose box on the drawn page holds ink (a dark pixel). */
async function inkedShare(png: Buffer, words: PageWord[]): Promise<number> {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  const inked = words.filter((w) => {
    const [x0, y0] = [Math.floor(w.Left * info.width), Math.floor(w.Top * info.height)];
    const [x1, y1] = [
      Math.ceil((w.Left + w.Width) * info.width),
      Math.ceil((w.Top + w.Height) * info.height),
    ];
    for (let y = y0; y < Math.min(y1, info.height); y++)
      for (let x = x0; x < Math.min(x1, info.width); x++)
        if ((data[y * info.width + x] ?? 255) < 96) return true;
    return false;
  });
  return inked.length / words.length;
}

describe('bursting a scanned TIFF keeps its words', () => {
  it('in the burst file and in the source that gave its pages up', async () => {
    const { w, i, get, words } = world();
    putInCache(i.dataDir, w.full, 'scan.tif', scanned);
    const before = await Promise.all([1, 2, 3].map((p) => words('scan.tif', p)));
    expect(values(before[2]!)).toContain('3');

    const burst = (await get(uploadPaths.burst('scan.tif', [3, 1])).expect(200)).body as BurstResponse;
    expect(burst.Pages).toBe(2);
    expect(await words(burst.name, 1)).toEqual(before[0]);
    expect(await words(burst.name, 2)).toEqual({ ...before[2], Page: 2 });

    const taken = (await get(uploadPaths.burst('scan.tif', [2], true)).expect(200)).body as BurstResponse;
    expect(await words(taken.name, 1)).toEqual({ ...before[1], Page: 1 });
    // the shortened source: pages 1 and 3 of the scan, with their own words
    expect((await get('files?fileName=scan.tif&action=pages').expect(200)).body).toEqual({ Pages: 2 });
    expect(await words('scan.tif', 1)).toEqual(before[0]);
    expect(await words('scan.tif', 2)).toEqual({ ...before[2], Page: 2 });
    // the pages were encoded again, not copied: still a scan sharp reads, bilevel as it was
    const meta = await sharp(join(userCache(i.dataDir, w.full), 'scan.tif')).metadata();
    expect([meta.pages, meta.bitsPerSample]).toEqual([2, (await sharp(scanned).metadata()).bitsPerSample]);
  });
});

describe('turning a page of a scanned inbox file turns its words', () => {
  for (const degrees of [90, 180, 270])
    it(`by ${degrees} degrees: the boxes lie on the turned ink`, async () => {
      const { app, i, words } = world();
      writeFileSync(join(i.dataDir, 'inboxes', 'scans', 'scan.tif'), scanned);
      const before = await words('scan.tif', 1, i.scans);
      await request(app)
        .post(`${API}Processing.ashx`)
        .set('Authorization', basic('full.user'))
        .send({ InboxId: i.scans, InboxFileName: 'scan.tif', Page: 1, Degrees: degrees })
        .expect(200);
      const after = await words('scan.tif', 1, i.scans);
      const quarter = degrees !== 180;
      expect([after.Width, after.Height]).toEqual(
        quarter ? [before.Height, before.Width] : [before.Width, before.Height],
      );
      expect(values(after)).toEqual(values(before));
      const png = (
        await request(app)
          .get(`${API}inboxes/${i.scans}/page?FileName=scan.tif&page=1`)
          .set('Authorization', basic('full.user'))
          .expect(200)
          .buffer(true)
      ).body as Buffer;
      const drawn = await sharp(png).metadata();
      expect([drawn.width, drawn.height]).toEqual([after.Width, after.Height]);
      expect(await inkedShare(png, after.Words)).toBeGreaterThan(0.95);
      // the boxes as they were do not fit the turned page: the check above can tell
      expect(await inkedShare(png, before.Words)).toBeLessThan(0.6);
      // the other pages keep theirs
      expect(await words('scan.tif', 2, i.scans)).toEqual(await wordsOfScan(2));
    });

  async function wordsOfScan(page: number): Promise<PageWordsResponse> {
    const { w, i, words } = world();
    putInCache(i.dataDir, w.full, 'fresh.tif', scanned);
    return words('fresh.tif', page);
  }
});

/** POST dbs/{db}/merge: appends inbox file `added` after `base`, in the inbox. */
const appendInInbox = (
  app: Parameters<typeof request>[0],
  db: number,
  inbox: number,
  base: string,
  added: string,
) =>
  request(app)
    .post(`${API}dbs/${db}/merge`)
    .set('Authorization', basic('full.user'))
    .send({
      Type: 'Append',
      Documents: [
        { InboxId: inbox, Path: base },
        { InboxId: inbox, Path: added },
      ],
      BaseDocument: { InboxId: inbox, Path: base },
      Target: { Type: 'Inbox', AppendType: 0, Id: inbox },
    })
    .expect(200);

describe('appending to a scanned inbox file keeps the words of every page', () => {
  it('the base pages and the appended scan, fitted to the first page', async () => {
    const { app, w, i, words } = world();
    const dir = join(i.dataDir, 'inboxes', 'scans');
    writeFileSync(join(dir, 'scan.tif'), scanned);
    writeFileSync(join(dir, 'more.tif'), other);
    putInCache(i.dataDir, w.full, 'more.tif', other);
    const appended = await words('more.tif', 1);
    const own = await words('scan.tif', 2, i.scans);
    await appendInInbox(app, w.alpha, i.scans, 'scan.tif', 'more.tif');
    expect((await sharp(readFileSync(join(dir, 'scan.tif'))).metadata()).pages).toBe(4);
    expect(values(await words('scan.tif', 2, i.scans))).toEqual(values(own));
    const last = await words('scan.tif', 4, i.scans);
    expect(values(last)).toEqual(values(appended));
    const png = (
      await request(app)
        .get(`${API}inboxes/${i.scans}/page?FileName=scan.tif&page=4`)
        .set('Authorization', basic('full.user'))
        .expect(200)
        .buffer(true)
    ).body as Buffer;
    expect(await inkedShare(png, last.Words)).toBeGreaterThan(0.95);
  });
});

describe('a scan drawn into a PDF keeps its words as an invisible text layer', () => {
  it('KeyFree finds them on the PDF page where the ink is', async () => {
    const { app, w, i, words } = world();
    const dir = join(i.dataDir, 'inboxes', 'scans');
    const doc = await PDFDocument.create();
    doc.addPage([612, 792]);
    writeFileSync(join(dir, 'letter.pdf'), await doc.save());
    writeFileSync(join(dir, 'scan.tif'), scanned);
    const scan = await words('scan.tif', 1, i.scans);
    await appendInInbox(app, w.alpha, i.scans, 'letter.pdf', 'scan.tif');
    const read = await words('letter.pdf', 2, i.scans);
    expect(values(read)).toEqual(values(scan));
    read.Words.forEach((word, n) => {
      const own = scan.Words[n]!;
      for (const key of ['Left', 'Top', 'Width', 'Height'] as const)
        expect(Math.abs(word[key] - own[key]), `${word.Value} ${key}`).toBeLessThan(0.01);
    });
    const png = (
      await request(app)
        .get(`${API}inboxes/${i.scans}/page?FileName=letter.pdf&page=2`)
        .set('Authorization', basic('full.user'))
        .expect(200)
        .buffer(true)
    ).body as Buffer;
    expect(await inkedShare(png, read.Words)).toBeGreaterThan(0.95);
  });
});
