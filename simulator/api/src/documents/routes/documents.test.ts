import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import sharp from 'sharp';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { documentInserter } from '@gs/simulator-fixtures/builders';
import { ALL_ARCHIVE_PERMISSIONS } from '@gs/contract/flags';
import type { SearchPageResult } from '@gs/contract/searches';
import { secureId } from '../../security/repos/secureIds';
import { API, PASSWORD, basic, signIn } from '../../testing/testApp';
import { makeSearchApp, type SearchApp } from '../../testing/searchWorld';

const dataDirs: string[] = [];
afterAll(() => dataDirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
let dataDir: string;

let t: SearchApp;
let docs: { tiff: number; pdf: number; missing: number; word: number };

async function tiffFile(): Promise<Buffer> {
  const page = await sharp({ create: { width: 400, height: 600, channels: 3, background: '#fff' } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="400" height="600"><rect x="40" y="40" width="320" height="80" fill="#000"/></svg>',
        ),
      },
    ])
    .tiff()
    .toBuffer();
  return page;
}

async function pdfFile(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  const font = await pdf.embedFont(StandardFonts.HelveticaBold);
  page.drawRectangle({ x: 50, y: 650, width: 512, height: 60, color: rgb(0, 0, 0) });
  page.drawText('INVOICE 42', { x: 60, y: 600, size: 36, font });
  const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c00' } })
    .jpeg()
    .toBuffer();
  page.drawImage(await pdf.embedJpg(jpeg), { x: 50, y: 100, width: 200, height: 200 });
  return pdf.save();
}

beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'gs-thumbs-'));
  dataDirs.push(dataDir);
  t = makeSearchApp({ files: { dataDir } });
  const dir = join(dataDir, 'files', 'thumbs-test');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'page.tif'), await tiffFile());
  writeFileSync(join(dir, 'page.pdf'), await pdfFile());
  writeFileSync(join(dir, 'letter.docx'), 'not really a docx');
  const insert = documentInserter(t.db, t.w.alpha, [t.w.vendor]);
  const add = (filePath: string, fileType: string): number =>
    insert({
      archiveId: t.s.ledger,
      filePath,
      fileType,
      fileSize: 1,
      pageCount: 1,
      createdAt: 0,
      values: { [t.w.vendor]: filePath },
    });
  docs = {
    tiff: add('thumbs-test/page.tif', '.tif'),
    pdf: add('thumbs-test/page.pdf', '.pdf'),
    missing: add('thumbs-test/gone.pdf', '.pdf'),
    word: add('thumbs-test/letter.docx', '.docx'),
  };
});

const docPath = (id: number, suffix = '', archive = t.s.ledger): string =>
  `${API}dbs/${t.w.alpha}/archives/${archive}/documents/${id}${suffix}?SecureId=${secureId(t.secret, 'doc', t.w.alpha, id)}`;
const get = (path: string, user = 'full.user') =>
  request(t.app)
    .get(path)
    .set('Authorization', basic(user))
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
const message = (res: request.Response): string =>
  (JSON.parse((res.body as Buffer).toString()) as { Message: string }).Message;

describe('GET dbs/{db}/archives/{a}/documents/{id}', () => {
  it('answers the Result object holding the one document', async () => {
    const res = await request(t.app)
      .get(docPath(t.s.docs.acme as number))
      .set('Authorization', basic('full.user'))
      .expect(200);
    const body = res.body as SearchPageResult;
    expect(body).toMatchObject({ Count: 1, Terms: false, Permissions: ALL_ARCHIVE_PERMISSIONS });
    expect(body.Docs).toHaveLength(1);
    expect(body.Docs[0]?.Fields.find((f) => f.ID === t.s.tags)).toEqual({
      ID: t.s.tags,
      VAL: 'red',
      MVAL: ['red', 'blue'],
    });
  });

  it('refuses a wrong SecureId (403), a document of another archive and an archive without View (404)', async () => {
    const wrong = `${API}dbs/${t.w.alpha}/archives/${t.s.ledger}/documents/${t.s.docs.acme}?SecureId=nope`;
    expect(message(await get(wrong).expect(403))).toMatch(/SecureId is missing or does not match/);
    expect(message(await get(docPath(t.s.docs.east as number)).expect(404))).toMatch(
      /Document .* was not found/,
    );
    expect(message(await get(docPath(t.s.docs.acme as number), 'web.user').expect(404))).toMatch(
      /Archive .* was not found/,
    );
  });
});

describe('GET .../documents/{id}/thumb', () => {
  const jpegOf = async (res: request.Response) => sharp(res.body as Buffer).metadata();

  it('makes a 150x150 JPEG of the first page of a TIFF and of a PDF', async () => {
    for (const id of [docs.tiff, docs.pdf, docs.word]) {
      const res = await get(docPath(id, '/thumb')).expect(200).expect('Content-Type', 'image/jpeg');
      expect(await jpegOf(res)).toMatchObject({ format: 'jpeg', width: 150, height: 150 });
    }
  });

  it('draws the PDF page: its black band and red image come out in the thumbnail', async () => {
    const res = await get(`${docPath(docs.pdf, '/thumb')}&width=612&height=792`).expect(200);
    const { data, info } = await sharp(res.body as Buffer)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number): number[] => [
      ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
    ];
    expect(info).toMatchObject({ width: 612, height: 792 });
    expect(Math.max(...at(300, 110))).toBeLessThan(60); // the black band, 82..142 from the top
    const [r = 0, g = 255] = at(150, 592); // the red image, 492..692 from the top
    expect(r).toBeGreaterThan(150);
    expect(g).toBeLessThan(80);
    expect(Math.min(...at(300, 400))).toBeGreaterThan(200); // white paper
  });

  it('takes width and height, and token or authorize instead of Basic', async () => {
    const license = await signIn(t.app, 'full.user');
    const sized = await request(t.app)
      .get(`${docPath(docs.tiff, '/thumb')}&width=80&height=60&Token=${license.Token}`)
      .expect(200);
    expect(await sharp(sized.body as Buffer).metadata()).toMatchObject({ width: 80, height: 60 });
    const authorize = Buffer.from(`full.user:${PASSWORD}`).toString('base64');
    await request(t.app)
      .get(`${docPath(docs.tiff, '/thumb')}&authorize=${authorize}`)
      .expect(200);
    await get(`${docPath(docs.tiff, '/thumb')}&width=0`).expect(400);
  });

  it('caches on disk by document, size and file mtime', async () => {
    await get(docPath(docs.tiff, '/thumb')).expect(200);
    const cacheDir = join(dataDir, 'cache', 'thumbs');
    const cached = readdirSync(cacheDir).filter((f) => f.startsWith(`${t.w.alpha}-${docs.tiff}-150x150-`));
    expect(cached).toHaveLength(1);
    const marker = await sharp({ create: { width: 150, height: 150, channels: 3, background: '#00f' } })
      .jpeg()
      .toBuffer();
    writeFileSync(join(cacheDir, cached[0] ?? ''), marker);
    expect((await get(docPath(docs.tiff, '/thumb')).expect(200)).body).toEqual(marker);
    // a changed file makes a new thumbnail
    const later = new Date(Date.now() + 5000);
    utimesSync(join(dataDir, 'files', 'thumbs-test', 'page.tif'), later, later);
    expect((await get(docPath(docs.tiff, '/thumb')).expect(200)).body).not.toEqual(marker);
  });

  it('does not serve a PDF thumbnail cached by the renderer before MuPDF', async () => {
    const file = join(dataDir, 'files', 'thumbs-test', 'page.pdf');
    const mtime = Math.trunc(statSync(file).mtimeMs);
    const cacheDir = join(dataDir, 'cache', 'thumbs');
    mkdirSync(cacheDir, { recursive: true });
    const old = await sharp({ create: { width: 150, height: 150, channels: 3, background: '#000' } })
      .jpeg()
      .toBuffer();
    writeFileSync(join(cacheDir, `${t.w.alpha}-${docs.pdf}-150x150-${mtime}.jpg`), old);
    expect((await get(docPath(docs.pdf, '/thumb')).expect(200)).body).not.toEqual(old);
  });

  it('answers 404 with a Message for a missing file, 403 for a wrong SecureId, 404 without View', async () => {
    expect(message(await get(docPath(docs.missing, '/thumb')).expect(404))).toMatch(
      /file of document .* was not found/,
    );
    const wrong = `${API}dbs/${t.w.alpha}/archives/${t.s.ledger}/documents/${docs.tiff}/thumb?SecureId=x`;
    expect(message(await get(wrong).expect(403))).toMatch(/SecureId is missing or does not match/);
    expect(message(await get(docPath(docs.tiff, '/thumb'), 'web.user').expect(404))).toMatch(/was not found/);
  });
});
