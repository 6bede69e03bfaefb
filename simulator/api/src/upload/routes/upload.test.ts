// POST files: the upload into the server cache (contract/upload.ts).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UploadResponse } from '@gs/contract/upload';
import { API, basic, makeWorldApp, signIn } from '../../testing/testApp';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'gs-upload-'));
});
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

const BOUNDARY = 'gs-test-boundary';
/** A raw multipart body, so that the file name reaches the server exactly as written. */
const multipartWith = (fileName: string): string =>
  [
    `--${BOUNDARY}`,
    `Content-Disposition: form-data; name="File"; filename="${fileName.replace(/\\/g, '\\\\')}"`,
    'Content-Type: application/pdf',
    '',
    'x',
    `--${BOUNDARY}--`,
    '',
  ].join('\r\n');

/** full.user's own upload cache (upload/services/uploadCache.ts) */
const FULL = makeWorldApp().w.full;
const cache = (): string[] => readdirSync(join(dataDir, 'cache', 'upload', String(FULL)));
const parse = (text: string): UploadResponse => JSON.parse(text) as UploadResponse;

describe('POST files', () => {
  it('stores one file in the cache and answers JSON as text/plain', async () => {
    const { app } = makeWorldApp({ files: { dataDir } });
    const res = await request(app)
      .post(`${API}files`)
      .set('Authorization', basic('full.user'))
      .attach('File', Buffer.from('%PDF-1.4 hello'), 'invoice.pdf')
      .expect(200);
    // exactly, no charset (TRACE; decision 056)
    expect(res.headers['content-type']).toBe('text/plain');
    const body = parse(res.text);
    expect(body).toEqual({
      files: [
        {
          name: expect.stringMatching(/\.pdf$/),
          originalName: 'invoice.pdf',
          isEmail: false,
          oEmailData: null,
          test: null,
        },
      ],
    });
    expect(Object.keys(body.files[0] ?? {})).toEqual([
      'name',
      'originalName',
      'isEmail',
      'oEmailData',
      'test',
    ]);
    const name = body.files[0]?.name ?? '';
    expect(readFileSync(join(dataDir, 'cache', 'upload', String(FULL), name), 'utf8')).toBe('%PDF-1.4 hello');
  });

  it('takes several files under any part names, with a token and the files/ spelling', async () => {
    const { app } = makeWorldApp({ files: { dataDir } });
    const { Token } = await signIn(app, 'full.user');
    const res = await request(app)
      .post(`${API}files/?Token=${Token}`)
      .attach('a.tif', Buffer.from('one'), 'a.tif')
      .attach('whatever', Buffer.from('two'), 'Rechnung Müller.PDF')
      .expect(200);
    const body = parse(res.text);
    expect(body.files.map((f) => f.originalName)).toEqual(['a.tif', 'Rechnung Müller.PDF']);
    expect(body.files[1]?.name).toMatch(/\.pdf$/);
    expect(cache()).toHaveLength(2);
  });

  it('answers the viewer upload POST upload/import the same way', async () => {
    const { app } = makeWorldApp({ files: { dataDir } });
    const res = await request(app)
      .post(`${API}upload/import`)
      .set('Authorization', basic('full.user'))
      .attach('file', Buffer.from('scan'), 'scan.tif')
      .expect(200);
    expect(parse(res.text).files[0]?.originalName).toBe('scan.tif');
    expect(cache()).toHaveLength(1);
  });

  it('drops zero-byte files and names them in skipped', async () => {
    const { app } = makeWorldApp({ files: { dataDir } });
    const res = await request(app)
      .post(`${API}files`)
      .set('Authorization', basic('full.user'))
      .attach('File', Buffer.alloc(0), 'empty.pdf')
      .attach('File', Buffer.from('data'), 'full.pdf')
      .expect(200);
    const body = parse(res.text);
    expect(body.files.map((f) => f.originalName)).toEqual(['full.pdf']);
    expect(body.skipped).toEqual(['empty.pdf']);
    expect(cache()).toHaveLength(1);
  });

  it('refuses a file over the limit with 413 and keeps nothing', async () => {
    const { app } = makeWorldApp({ files: { dataDir }, config: { uploadMaxBytes: 10 } });
    const res = await request(app)
      .post(`${API}files`)
      .set('Authorization', basic('full.user'))
      .attach('File', Buffer.alloc(11, 1), 'big.pdf')
      .expect(413);
    expect((res.body as { Message: string }).Message).toMatch(/larger than the upload limit/);
    expect(cache()).toEqual([]);
  });

  it.each(['../evil.pdf', '..\\evil.pdf', 'sub/evil.pdf', '/etc/passwd', 'C:\\x.pdf'])(
    'refuses the file name %s with 400',
    async (name) => {
      const { app } = makeWorldApp({ files: { dataDir } });
      const res = await request(app)
        .post(`${API}files`)
        .set('Authorization', basic('full.user'))
        .set('Content-Type', `multipart/form-data; boundary=${BOUNDARY}`)
        .send(multipartWith(name))
        .expect(400);
      expect((res.body as { Message: string }).Message).toMatch(/is not valid/);
    },
  );

  it('needs a caller and a multipart body with a file', async () => {
    const { app } = makeWorldApp({ files: { dataDir } });
    await request(app).post(`${API}files`).attach('File', Buffer.from('x'), 'a.pdf').expect(401);
    await request(app).post(`${API}files`).set('Authorization', basic('full.user')).send({}).expect(400);
    await request(app)
      .post(`${API}files`)
      .set('Authorization', basic('full.user'))
      .field('note', 'no file')
      .expect(400);
  });

  it('refuses a read-only licence with 403 before reading the body, and keeps nothing', async () => {
    const { app, w } = makeWorldApp({ files: { dataDir } });
    const res = await request(app)
      .post(`${API}files`)
      .set('Authorization', basic('reader'))
      .attach('File', Buffer.from('%PDF-1.4 x'), 'a.pdf')
      .expect(403);
    expect(res.body).toEqual({ Message: 'A read-only license cannot modify documents.' });
    expect(() => readdirSync(join(dataDir, 'cache', 'upload', String(w.reader)))).toThrow();
  });
});

describe('POST files: malformed multipart answers 400 with a Message', () => {
  const part = (head: string, data = 'x') => [`--${BOUNDARY}`, head, '', data].join('\r\n');
  const cases: [string, string, string | Buffer][] = [
    ['no boundary', 'multipart/form-data', multipartWith('a.pdf')],
    [
      'a truncated body',
      `multipart/form-data; boundary=${BOUNDARY}`,
      part('Content-Disposition: form-data; name="File"; filename="a.pdf"', 'xxxx'),
    ],
    [
      'a malformed part header',
      `multipart/form-data; boundary=${BOUNDARY}`,
      `--${BOUNDARY}\r\nnot a header\r\n\r\nx\r\n--${BOUNDARY}--\r\n`,
    ],
    ['a body without any boundary line', `multipart/form-data; boundary=${BOUNDARY}`, 'just some text'],
    [
      'a NUL byte in the file name',
      `multipart/form-data; boundary=${BOUNDARY}`,
      multipartWith('a\u0000.pdf'),
    ],
    ['a wrong content type', 'application/octet-stream', multipartWith('a.pdf')],
  ];
  it.each(cases)('%s', async (_what, type, body) => {
    const { app } = makeWorldApp({ files: { dataDir } });
    for (const path of ['files', 'upload/import']) {
      const res = await request(app)
        .post(`${API}${path}`)
        .set('Authorization', basic('full.user'))
        .set('Content-Type', type)
        .send(body);
      expect(res.status, path).toBe(400);
      expect((res.body as { Message?: unknown }).Message).toEqual(expect.any(String));
    }
    const left = (() => {
      try {
        return cache();
      } catch {
        return [];
      }
    })();
    expect(left).toEqual([]);
  });
});

describe('a multipart body on the other POST routes', () => {
  it('is a 4xx with a Message, never a 500', async () => {
    const { app, w } = makeWorldApp({ files: { dataDir } });
    const paths = [
      'inboxes/1?FilePath=a.pdf',
      `Processing.ashx?Database=${w.alpha}&Archive=${w.invoices}&Document=1&Page=1&Degrees=90`,
      'Processing.ashx?InboxId=1&InboxFileName=a.pdf&Page=1&Degrees=90',
      `dbs/${w.alpha}/archives/${w.invoices}`,
      'session',
      `dbs/${w.alpha}/merge`,
      'indexes?db=1&archive=1',
    ];
    for (const path of paths)
      for (const body of [
        multipartWith('a\u0000.pdf'),
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="x"\r\n\r\nxx`,
      ]) {
        const res = await request(app)
          .post(`${API}${path}`)
          .set('Authorization', basic('full.user'))
          .set('Content-Type', `multipart/form-data; boundary=${BOUNDARY}`)
          .send(body);
        expect(res.status, `${path}: ${res.text}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${path}: ${res.text}`).toBeLessThan(500);
        expect((res.body as { Message?: unknown }).Message, path).toEqual(expect.any(String));
      }
  });
});
