// The viewer on inbox files: a session of an inbox file (InboxId, InboxFileName) reports the file's
// type, pages and the inbox's bits; `GET inboxes/{id}/page` draws a page; Processing.ashx with
// InboxId turns a page in the file (Modify Pages on the inbox).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import request, { type Response } from 'supertest';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { addInbox, grantInbox } from '@gs/simulator-fixtures/builders';
import { InboxPermission } from '@gs/contract/flags';
import type { ViewerSession } from '@gs/contract/viewer';
import { API, binary, basic } from '../../testing/testApp';
import {
  getSession,
  makeViewerApp,
  postSession,
  TIFF_PAGE,
  type ViewerTestApp,
} from '../../testing/viewerWorld';

let t: ViewerTestApp;
let box: number;
let lookOnly: number;
const boxFile = (name: string) => join(t.v.dataDir, 'inboxes', 'viewbox', name);

beforeEach(async () => {
  t = await makeViewerApp();
  box = addInbox(t.db, 'View Box', 'viewbox');
  lookOnly = addInbox(t.db, 'Look Only', 'lookonly');
  grantInbox(t.db, box, t.w.full, InboxPermission.View | InboxPermission.ModifyPages | InboxPermission.Add);
  grantInbox(t.db, lookOnly, t.w.full, InboxPermission.View);
  grantInbox(t.db, box, t.w.web, InboxPermission.View);
  mkdirSync(join(t.v.dataDir, 'inboxes', 'viewbox'), { recursive: true });
  mkdirSync(join(t.v.dataDir, 'inboxes', 'lookonly'), { recursive: true });
  const pdf = readFileSync(join(t.v.dataDir, 'files', String(t.w.alpha), 'v', 'two.pdf'));
  const tiff = readFileSync(join(t.v.dataDir, 'files', String(t.w.alpha), 'v', 'two.tif'));
  writeFileSync(boxFile('scan.pdf'), pdf);
  writeFileSync(boxFile('fax.tif'), tiff);
  writeFileSync(join(t.v.dataDir, 'inboxes', 'lookonly', 'seen.pdf'), pdf);
});
afterEach(() => {
  rmSync(t.v.dataDir, { recursive: true, force: true });
});

const post = (body: unknown, user?: string) => postSession(t, body, user);
const get = (id: string, user?: string) => getSession(t, id, user);
const page = (inbox: number, params: Record<string, string | number>, user = 'full.user') =>
  request(t.app)
    .get(`${API}inboxes/${inbox}/page`)
    .query(params)
    .set('Authorization', basic(user))
    .buffer(true)
    .parse(binary);
const rotate = (body: Record<string, unknown>, user = 'full.user') =>
  request(t.app).post(`${API}Processing.ashx`).set('Authorization', basic(user)).send(body);
const messageOf = (res: Response): string => (res.body as { Message: string }).Message;

describe('viewer sessions of inbox files', () => {
  it('reads back the file type, its pages and the inbox permissions', async () => {
    const created = await post({
      Database: t.w.alpha,
      InboxId: box,
      Documents: [
        { InboxId: box, InboxFileName: 'fax.tif' },
        { inboxid: box, inboxfilename: 'scan.pdf' },
      ],
    }).expect(200);
    const session = (await get(created.body as string).expect(200)).body as ViewerSession;
    expect(session.InboxId).toBe(box);
    expect(session.Documents).toEqual([
      expect.objectContaining({
        Archive: 0,
        Id: 0,
        InboxId: box,
        InboxFileName: 'fax.tif',
        FileType: '.tif',
        PageCount: 2,
        Permissions: InboxPermission.View | InboxPermission.ModifyPages | InboxPermission.Add,
      }),
      expect.objectContaining({ InboxFileName: 'scan.pdf', FileType: '.pdf', PageCount: 2 }),
    ]);
  });

  it('refuses a missing file, an unknown or unseen inbox (404) and a bad name (400)', async () => {
    const one = (doc: object, user = 'full.user') => post({ Database: t.w.alpha, Documents: [doc] }, user);
    await one({ InboxId: box, InboxFileName: 'nothing.pdf' }).expect(404);
    await one({ InboxId: 999, InboxFileName: 'scan.pdf' }).expect(404);
    await one({ InboxId: lookOnly, InboxFileName: 'seen.pdf' }, 'web.user').expect(404);
    await one({ InboxId: box, InboxFileName: '../viewbox/scan.pdf' }).expect(400);
    await one({ InboxId: box }).expect(400);
  });

  it('reports nothing to draw once the file is gone', async () => {
    const created = await post({ Documents: [{ InboxId: box, InboxFileName: 'scan.pdf' }] }).expect(200);
    rmSync(boxFile('scan.pdf'));
    const session = (await get(created.body as string).expect(200)).body as ViewerSession;
    expect(session.Documents[0]).toMatchObject({ PageCount: 0, Permissions: 0 });
  });
});

describe('GET inboxes/{id}/page', () => {
  it('draws TIFF and PDF pages of an inbox file as PNG, scaled to a width', async () => {
    const res = await page(box, { FileName: 'fax.tif', page: 2 }).expect(200);
    expect(res.headers['content-type']).toBe('image/png');
    const meta = await sharp(res.body as Buffer).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', TIFF_PAGE.width, TIFF_PAGE.height]);
    const small = await page(box, { FileName: 'fax.tif', page: 1, width: 60 }).expect(200);
    expect((await sharp(small.body as Buffer).metadata()).width).toBe(60);
    const pdf = await page(box, { FileName: 'scan.pdf', page: 2 }).expect(200);
    expect((await sharp(pdf.body as Buffer).metadata()).format).toBe('png');
  });

  it('refuses bad pages, names and inboxes', async () => {
    await page(box, { FileName: 'fax.tif', page: 3 }).expect(400);
    await page(box, { FileName: 'fax.tif', width: 0 }).expect(400);
    await page(box, { page: 1 }).expect(400);
    await page(box, { FileName: 'nothing.tif' }).expect(404);
    await page(999, { FileName: 'fax.tif' }).expect(404);
    await page(lookOnly, { FileName: 'seen.pdf' }, 'web.user').expect(404);
  });
});

describe('POST Processing.ashx on an inbox file', () => {
  it('turns a PDF page and a TIFF page in the file', async () => {
    const res = await rotate({ InboxId: box, InboxFileName: 'scan.pdf', Page: 2, Degrees: 90 }).expect(200);
    expect(res.body).toEqual({ Page: 2, Rotation: 90, PageCount: 2 });
    const pdf = await PDFDocument.load(readFileSync(boxFile('scan.pdf')));
    expect(pdf.getPages().map((p) => p.getRotation().angle)).toEqual([0, 90]);

    await rotate({ InboxId: box, InboxFileName: 'fax.tif', Page: 1, Degrees: -90 }).expect(200);
    const turned = await sharp((await page(box, { FileName: 'fax.tif', page: 1 })).body as Buffer).metadata();
    expect([turned.width, turned.height]).toEqual([TIFF_PAGE.height, TIFF_PAGE.width]);
  });

  it('needs Modify Pages on the inbox and a licence that may edit; refuses bad input', async () => {
    const body = { InboxId: box, InboxFileName: 'scan.pdf', Page: 1, Degrees: 90 };
    expect(messageOf(await rotate(body, 'web.user').expect(403))).toMatch(/modify pages/);
    await rotate({ InboxId: lookOnly, InboxFileName: 'seen.pdf', Page: 1, Degrees: 90 }).expect(403);
    await rotate({ ...body, InboxId: 999 }).expect(404);
    await rotate({ ...body, InboxFileName: 'nothing.pdf' }).expect(404);
    await rotate({ ...body, Page: 3 }).expect(400);
    await rotate({ ...body, Degrees: 45 }).expect(400);
    await rotate({ InboxId: box, Page: 1, Degrees: 90 }).expect(400);
    const pdf = await PDFDocument.load(readFileSync(boxFile('scan.pdf')));
    expect(pdf.getPages().map((p) => p.getRotation().angle)).toEqual([0, 0]);
  });
});
