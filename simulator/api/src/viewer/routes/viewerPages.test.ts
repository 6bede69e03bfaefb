import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import request, { type Response } from 'supertest';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import type { HistoryEntry } from '@gs/contract/history';
import type { RotatePageResponse, Stamp } from '@gs/contract/viewer';
import { API, binary, basic, signIn } from '../../testing/testApp';
import { makeViewerApp, TIFF_PAGE, viewerHash, type ViewerTestApp } from '../../testing/viewerWorld';

let t: ViewerTestApp;
beforeEach(async () => {
  t = await makeViewerApp();
});
afterEach(() => {
  rmSync(t.v.dataDir, { recursive: true, force: true });
});

const fileOf = (name: string): string => join(t.v.dataDir, 'files', String(t.w.alpha), 'v', name);

const rotate = (body: Record<string, unknown>, user = 'full.user') =>
  request(t.app).post(`${API}Processing.ashx`).set('Authorization', basic(user)).send(body);

const rotation = (doc: number, page: number, degrees: number, archive = t.w.invoices) => ({
  Database: t.w.alpha,
  Archive: archive,
  Document: doc,
  SecureId: viewerHash(t, doc),
  Page: page,
  Degrees: degrees,
});

async function pdfRotations(name: string): Promise<number[]> {
  const pdf = await PDFDocument.load(readFileSync(fileOf(name)));
  return pdf.getPages().map((p) => p.getRotation().angle);
}

async function tiffSizes(name: string): Promise<[number, number][]> {
  const bytes = readFileSync(fileOf(name));
  const pages = (await sharp(bytes).metadata()).pages ?? 1;
  const sizes: [number, number][] = [];
  for (let page = 0; page < pages; page++) {
    const meta = await sharp(bytes, { page }).metadata();
    sizes.push([meta.width ?? 0, meta.height ?? 0]);
  }
  return sizes;
}

const messageOf = (res: Response): string => (res.body as { Message: string }).Message;

describe('POST Processing.ashx', () => {
  it('turns a PDF page and saves its /Rotate in the file, with a history entry', async () => {
    const res = await rotate(rotation(t.v.pdf, 2, 90)).expect(200);
    expect(res.body).toEqual({ Page: 2, Rotation: 90, PageCount: 2 } satisfies RotatePageResponse);
    expect(await pdfRotations('two.pdf')).toEqual([0, 90]);
    await rotate(rotation(t.v.pdf, 2, 270)).expect(200);
    expect(await pdfRotations('two.pdf')).toEqual([0, 0]);
    await rotate(rotation(t.v.pdf, 1, -90)).expect(200);
    expect(await pdfRotations('two.pdf')).toEqual([270, 0]);

    const history = await request(t.app)
      .get(`${API}dbs/${t.w.alpha}/archives/${t.w.invoices}/documents/${t.v.pdf}/audit`)
      .query({ SecureId: viewerHash(t, t.v.pdf) })
      .set('Authorization', basic('full.user'))
      .expect(200);
    const entries = history.body as HistoryEntry[];
    expect(entries.map((e) => e.Message)).toEqual([
      'Page 2 rotated 90 degrees',
      'Page 2 rotated 270 degrees',
      'Page 1 rotated -90 degrees',
    ]);
    expect(entries[0]).toMatchObject({ UserName: 'full.user', Category: 'updated' });
    const size = t.db.prepare(`SELECT file_size FROM doc_${t.w.alpha} WHERE id = ?`).pluck().get(t.v.pdf);
    expect(size).toBe(readFileSync(fileOf('two.pdf')).length);
  });

  it('re-encodes a turned TIFF page with its own size and keeps the other pages', async () => {
    const before = await tiffSizes('two.tif');
    expect(before).toEqual([
      [TIFF_PAGE.width, TIFF_PAGE.height],
      [TIFF_PAGE.width, TIFF_PAGE.height],
    ]);
    await rotate(rotation(t.v.tiff, 2, 90)).expect(200);
    expect(await tiffSizes('two.tif')).toEqual([
      [TIFF_PAGE.width, TIFF_PAGE.height],
      [TIFF_PAGE.height, TIFF_PAGE.width],
    ]);
    const bytes = readFileSync(fileOf('two.tif'));
    // the pages keep their content: the first white, the second black, still bilevel G4
    const first = await sharp(bytes, { page: 0 }).stats();
    const second = await sharp(bytes, { page: 1 }).stats();
    expect(first.channels[0]?.mean).toBeGreaterThan(200);
    expect(second.channels[0]?.mean).toBeLessThan(50);
    expect((await sharp(bytes, { page: 1 }).metadata()).bitsPerSample).toBe(1);
    // a second turn reads the first one's result
    await rotate(rotation(t.v.tiff, 2, 90)).expect(200);
    expect((await tiffSizes('two.tif'))[1]).toEqual([TIFF_PAGE.width, TIFF_PAGE.height]);
  });

  it('reads the query and a token as well as a JSON body', async () => {
    const { Token } = await signIn(t.app, 'full.user');
    await request(t.app)
      .post(`${API}processing.ashx`)
      .query({ ...rotation(t.v.pdf, 1, 180), token: Token })
      .expect(200);
    expect(await pdfRotations('two.pdf')).toEqual([180, 0]);
  });

  it('refuses bad input with 400 and a Message', async () => {
    for (const body of [
      rotation(t.v.pdf, 3, 90),
      rotation(t.v.pdf, 0, 90),
      rotation(t.v.pdf, 1, 45),
      rotation(t.v.text, 1, 90),
      { ...rotation(t.v.pdf, 1, 90), Page: 'two' },
      { Database: t.w.alpha, Archive: t.w.invoices, Document: t.v.pdf, SecureId: viewerHash(t, t.v.pdf) },
    ]) {
      const res = await rotate(body).expect(400);
      expect(messageOf(res)).toBeTruthy();
    }
    expect(await pdfRotations('two.pdf')).toEqual([0, 0]);
  });

  it('refuses bad ids and hashes (404, 403)', async () => {
    expect(messageOf(await rotate(rotation(99999, 1, 90)).expect(404))).toMatch(/99999/);
    await rotate({ ...rotation(t.v.pdf, 1, 90), Database: 999 }).expect(404);
    await rotate({ ...rotation(t.v.pdf, 1, 90), SecureId: 'nope' }).expect(403);
    // the document is not in the archive named
    await rotate(rotation(t.v.pdf, 1, 90, t.w.contracts)).expect(404);
  });

  it('reads the SecureId from the body, else a query value that is not blank, else the header', async () => {
    const { SecureId: hash, ...unsigned } = rotation(t.v.pdf, 1, 90);
    const post = (query: Record<string, string>, header?: string) => {
      const call = request(t.app)
        .post(`${API}Processing.ashx`)
        .query(query)
        .set('Authorization', basic('full.user'));
      return header === undefined ? call : call.set('SecureId', header);
    };
    // the body's wins over a wrong query and header
    await post({ secureid: 'wrong' }, 'wrong')
      .send({ ...unsigned, SecureId: hash })
      .expect(200);
    await post({ SECUREID: hash }, 'wrong').send(unsigned).expect(200);
    // a blank query value is passed over for the header
    await post({ SecureId: ' ' }, hash).send(unsigned).expect(200);
    await post({ SecureId: ' ' }, 'wrong').send(unsigned).expect(403);
  });

  it('needs Modify Pages and a licence that may edit (403)', async () => {
    // web.user: View and Modify Data on Invoices, no Modify Pages
    expect(messageOf(await rotate(rotation(t.v.pdf, 1, 90), 'web.user').expect(403))).toMatch(/modify pages/);
    // reader: read-only licence
    await rotate(rotation(t.v.pdf, 1, 90), 'reader').expect(403);
    // full.user sees Contracts with View only
    await rotate(rotation(t.v.contractPdf, 1, 90, t.w.contracts)).expect(403);
    await request(t.app)
      .post(`${API}Processing.ashx`)
      .send(rotation(t.v.pdf, 1, 90))
      .expect(401);
    expect(await pdfRotations('two.pdf')).toEqual([0, 0]);
  });
});

const page = (
  doc: number,
  params: Record<string, string | number>,
  user = 'full.user',
  archive = t.w.invoices,
) =>
  request(t.app)
    .get(`${API}dbs/${t.w.alpha}/archives/${archive}/documents/${doc}/page`)
    .query({ SecureId: viewerHash(t, doc), ...params })
    .set('Authorization', basic(user))
    .buffer(true)
    .parse(binary);

describe('GET .../documents/{id}/page', () => {
  it('draws a TIFF page as PNG, turned once the page is rotated', async () => {
    const res = await page(t.v.tiff, { page: 2 }).expect(200);
    expect(res.headers['content-type']).toBe('image/png');
    const meta = await sharp(res.body as Buffer).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', TIFF_PAGE.width, TIFF_PAGE.height]);
    await rotate(rotation(t.v.tiff, 2, 90)).expect(200);
    const turned = await sharp((await page(t.v.tiff, { page: 2 }).expect(200)).body as Buffer).metadata();
    expect([turned.width, turned.height]).toEqual([TIFF_PAGE.height, TIFF_PAGE.width]);
  });

  it('scales to a width and draws PDF pages too', async () => {
    const small = await sharp(
      (await page(t.v.tiff, { page: 1, width: 60 }).expect(200)).body as Buffer,
    ).metadata();
    expect(small.width).toBe(60);
    const pdf = await page(t.v.pdf, { page: 2 }).expect(200);
    expect((await sharp(pdf.body as Buffer).metadata()).format).toBe('png');
  });

  it('refuses bad pages, ids and hashes', async () => {
    await page(t.v.tiff, { page: 3 }).expect(400);
    await page(t.v.tiff, { page: 'x' }).expect(400);
    await page(t.v.tiff, { width: 0 }).expect(400);
    await page(99999, {}).expect(404);
    await page(t.v.tiff, {}, 'nobody').expect(404);
    const res = await request(t.app)
      .get(`${API}dbs/${t.w.alpha}/archives/${t.w.invoices}/documents/${t.v.tiff}/page`)
      .query({ SecureId: 'wrong' })
      .set('Authorization', basic('full.user'))
      .expect(403);
    expect(messageOf(res)).toMatch(/SecureId/);
  });
});

describe('GET admin/stamps', () => {
  it('lists every stamp sorted by text to any signed-in user', async () => {
    for (const user of ['full.user', 'reader', 'SSAdministrator']) {
      const res = await request(t.app)
        .get(`${API}admin/stamps`)
        .set('Authorization', basic(user))
        .expect(200);
      const stamps = res.body as Stamp[];
      expect(stamps.map((s) => s.Text)).toEqual(['Approved by @User', 'PAID @Today', 'RECEIVED']);
      expect(stamps.every((s) => Number.isInteger(s.Id))).toBe(true);
    }
    await request(t.app).get(`${API}admin/stamps`).expect(401);
  });
});
