// Issue 26 (decision 043): files a user uploads come back so that none of their script can run on
// the client's origin. full.user uploads hostile .html, .svg and .xml files (POST files), imports
// them into an archive and moves them into an inbox; the administrator then reads them through
// every route that answers a stored file or a rendition of one: each answer has nosniff and
// `Content-Security-Policy: sandbox`, an active type is an attachment of type octet-stream, and
// a PDF or PNG is still shown inline with its own type.
import { rmSync } from 'node:fs';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addArchive, grantArchive } from '@gs/simulator-fixtures/builders';
import { ALL_ARCHIVE_PERMISSIONS } from '@gs/contract/flags';
import type { UploadResponse } from '@gs/contract/upload';
import { makeInboxApp } from '../../testing/inboxWorld';
import { API, basic, binary } from '../../testing/testApp';

const SCRIPT = "<script>localStorage.setItem('stolen', localStorage.getItem('session'))</script>";
const HOSTILE: Record<string, string> = {
  'hostile.html': `<!doctype html><title>x</title>${SCRIPT}`,
  'hostile.svg': `<svg xmlns="http://www.w3.org/2000/svg">${SCRIPT}</svg>`,
  'hostile.xml': `<x:script xmlns:x="http://www.w3.org/1999/xhtml">alert(1)</x:script>`,
};

async function pdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]);
  return Buffer.from(await doc.save());
}

const png = (): Promise<Buffer> =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();

type World = ReturnType<typeof makeInboxApp<{ intake: number }>>;
let t: World;
/** document id and SecureId, by uploaded name */
const docs = new Map<string, { id: number; hash: string }>();

const as = (user: string) => ({
  get: (path: string) =>
    request(t.app).get(`${API}${path}`).set('Authorization', basic(user)).buffer(true).parse(binary),
  post: (path: string) => request(t.app).post(`${API}${path}`).set('Authorization', basic(user)),
});

/** full.user uploads a file into the cache, as the client does; answers its cache name */
async function upload(name: string, bytes: Buffer): Promise<string> {
  const res = await as('full.user').post('files').attach('File', bytes, name).expect(200);
  const body = JSON.parse(res.text) as UploadResponse;
  return body.files[0]?.name ?? '';
}

// one world for the file: the tests only read what full.user stored (its setup takes a while)
beforeAll(async () => {
  t = makeInboxApp((db, w) => {
    const intake = addArchive(db, w.alpha, { name: 'Intake', fieldIds: [] });
    grantArchive(db, intake, w.full, ALL_ARCHIVE_PERMISSIONS);
    return { intake };
  });
  const files: [string, Buffer][] = [
    ...Object.entries(HOSTILE).map(([n, text]): [string, Buffer] => [n, Buffer.from(text)]),
    ['fine.pdf', await pdf()],
    ['fine.png', await png()],
  ];
  for (const [name, bytes] of files) {
    const imported = await as('full.user')
      .post(`dbs/${t.w.alpha}/archives/${t.x.intake}`)
      .send({ Fields: [], Files: [{ Name: await upload(name, bytes) }] })
      .expect(200);
    const [id, hash] = String(imported.headers['doc-hashes']).split(',');
    docs.set(name, { id: Number(id), hash: hash ?? '' });
    await as('full.user')
      .post(`inboxes/${t.i.scans}?FilePath=${await upload(name, bytes)}&newFileName=${name}`)
      .expect(200);
  }
}, 120_000);
afterAll(() => rmSync(t.i.dataDir, { recursive: true, force: true }));

const docPath = (name: string, suffix: string) => {
  const doc = docs.get(name);
  if (!doc) throw new Error(`no document ${name}`);
  return `dbs/${t.w.alpha}/archives/${t.x.intake}/documents/${doc.id}/${suffix}?SecureId=${doc.hash}`;
};

function expectSandboxed(res: request.Response, status = 200): void {
  expect(res.status).toBe(status);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['content-security-policy']).toBe('sandbox');
}

function expectAttachment(res: request.Response, name: string): void {
  expectSandboxed(res);
  expect(res.headers['content-type']).toBe('application/octet-stream');
  expect(res.headers['content-disposition']).toBe(`attachment; filename="${name}"`);
}

function expectInline(res: request.Response, type: string, name: string): void {
  expectSandboxed(res);
  expect(res.headers['content-type']).toBe(type);
  expect(res.headers['content-disposition']).toBe(`inline; filename="${name}"`);
}

describe('a stored file of an active type is an attachment', () => {
  it.each(Object.keys(HOSTILE))('documents/{id}/File of %s', async (name) => {
    const id = docs.get(name)?.id;
    const ext = name.slice(name.indexOf('.'));
    const res = await as('SSAdministrator').get(docPath(name, 'File')).expect(200);
    expectAttachment(res, `${id}${ext}`);
    expect((res.body as Buffer).toString()).toBe(HOSTILE[name]);
    // the spec's lowercase /file and the viewer's audited read are the same route
    expectAttachment(
      await as('SSAdministrator').get(docPath(name, 'file')).query({ audit: true }),
      `${id}${ext}`,
    );
  });

  it.each(Object.keys(HOSTILE))('inboxes/{id}?FileName= of %s', async (name) => {
    const res = await as('SSAdministrator').get(`inboxes/${t.i.scans}?FileName=${name}`).expect(200);
    expectAttachment(res, name);
    expect((res.body as Buffer).toString()).toBe(HOSTILE[name]);
  });
});

describe('a PDF or PNG is still shown inline, sandboxed', () => {
  it('documents/{id}/File', async () => {
    const pdfDoc = docs.get('fine.pdf')?.id;
    expectInline(
      await as('SSAdministrator').get(docPath('fine.pdf', 'File')).expect(200),
      'application/pdf',
      `${pdfDoc}.pdf`,
    );
    const pngDoc = docs.get('fine.png')?.id;
    expectInline(
      await as('SSAdministrator').get(docPath('fine.png', 'File')).expect(200),
      'image/png',
      `${pngDoc}.png`,
    );
  });

  it('inboxes/{id}?FileName=', async () => {
    for (const [name, type] of [
      ['fine.pdf', 'application/pdf'],
      ['fine.png', 'image/png'],
    ] as const)
      expectInline(
        await as('SSAdministrator').get(`inboxes/${t.i.scans}?FileName=${name}`).expect(200),
        type,
        name,
      );
  });
});

describe('every other answer made of a stored file is sandboxed and nosniff', () => {
  it('thumbnails and page images of documents and inbox files', async () => {
    for (const name of [...Object.keys(HOSTILE), 'fine.png']) {
      const thumb = await as('SSAdministrator').get(docPath(name, 'thumb')).expect(200);
      expectSandboxed(thumb);
      expect(thumb.headers['content-type']).toBe('image/jpeg');
      const inboxThumb = await as('SSAdministrator').get(`inboxes/${t.i.scans}/thumb?FileName=${name}`);
      expectSandboxed(inboxThumb);
    }
    expectSandboxed(await as('SSAdministrator').get(docPath('fine.png', 'page')).expect(200));
    expectSandboxed(
      await as('SSAdministrator').get(`inboxes/${t.i.scans}/page?FileName=fine.png`).expect(200),
    );
  });

  it('a file of the upload cache drawn as a page (files?action=render)', async () => {
    const cached = await upload('again.png', await png());
    const res = await as('full.user').get(`files?fileName=${cached}&action=render`).expect(200);
    expectSandboxed(res);
    expect(res.headers['content-type']).toBe('image/png');
  });

  it('the export of one document and the zip of inbox files', async () => {
    const started = await as('SSAdministrator')
      .post(`dbs/${t.w.alpha}/export`)
      .send([{ Archive: t.x.intake, Id: docs.get('hostile.html')?.id }])
      .expect(200);
    let res: request.Response;
    do res = await as('SSAdministrator').get(`dbs/${t.w.alpha}/export?jobid=${started.body as string}`);
    while (res.status === 202);
    expectSandboxed(res);
    expect(res.headers['content-disposition']).toMatch(/^attachment;/);
    expect(res.headers['content-type']).toBe('application/octet-stream');

    const job = await as('full.user')
      .post(`inboxes/${t.i.scans}?action=export`)
      .send({ FileNames: ['hostile.svg', 'fine.pdf'] })
      .expect(200);
    let zip: request.Response;
    const { JobId } = job.body as { JobId: string };
    do zip = await as('full.user').get(`inboxes?jobid=${JobId}`);
    while (zip.status === 202);
    expectSandboxed(zip);
    expect(zip.headers['content-disposition']).toMatch(/^attachment;/);
  });
});
