// GET upload?url=: the server downloads a public address into the upload cache (wire §2.6 item 2).
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { uploadPaths } from '@gs/contract/upload';
import { API, basic, makeWorldApp } from '../../testing/testApp';

const PDF = Buffer.from('%PDF-1.4 a remote invoice');

let remote: Server;
let base: string;
let port: number;
/** how many requests reached the remote server */
let hits = 0;
beforeAll(async () => {
  remote = createServer((req, res) => {
    hits++;
    const to = /^\/to\?(.*)$/.exec(req.url ?? '')?.[1];
    if (to) res.writeHead(302, { Location: decodeURIComponent(to) }).end();
    else if (req.url === '/docs/invoice.pdf')
      res.writeHead(200, { 'Content-Type': 'application/pdf' }).end(PDF);
    else if (req.url === '/render?id=7')
      res.writeHead(200, { 'Content-Type': 'image/png' }).end(Buffer.from([137, 80, 78, 71]));
    else if (req.url === '/moved') res.writeHead(302, { Location: '/docs/invoice.pdf' }).end();
    else if (req.url === '/empty') res.writeHead(200, { 'Content-Type': 'text/plain' }).end();
    else res.writeHead(404).end('missing');
  });
  await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
  port = (remote.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(() => new Promise<void>((resolve) => remote.close(() => resolve())));

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'gs-upload-url-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

// the test server is on loopback, which only the allow-list opens
function get(url: string | undefined, uploadUrlAllow = ['127.0.0.1']) {
  const { app } = makeWorldApp({ files: { dataDir }, config: { uploadUrlAllow } });
  const path = url === undefined ? 'upload' : uploadPaths.uploadFromUrl(url);
  return request(app).get(`${API}${path}`).set('Authorization', basic('full.user'));
}
/** full.user's own upload cache (upload/services/uploadCache.ts) */
const cached = (name: string): Buffer =>
  readFileSync(join(dataDir, 'cache', 'upload', String(makeWorldApp().w.full), name));
const message = (res: { body: unknown }): string => (res.body as { Message: string }).Message;

describe('GET upload?url=', () => {
  it('downloads the address into the cache and answers the cache name as a JSON string', async () => {
    const res = await get(`${base}/docs/invoice.pdf`).expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const name = res.body as string;
    expect(name).toMatch(/^[0-9a-f-]{36}\.pdf$/);
    expect(cached(name)).toEqual(PDF);
  });

  it('takes the extension from the content type when the address has none, and follows redirects', async () => {
    expect((await get(`${base}/render?id=7`).expect(200)).body).toMatch(/\.png$/);
    const moved = (await get(`${base}/moved`).expect(200)).body as string;
    expect(cached(moved)).toEqual(PDF);
  });

  it('refuses file paths and other schemes with a 400 Message, fetching nothing', async () => {
    for (const url of [
      'file:///etc/passwd',
      'C:\\invoices\\a.pdf',
      '\\\\server\\share\\a.pdf',
      '/etc/passwd',
      'ftp://example.com/a.pdf',
      'javascript:alert(1)',
    ]) {
      const res = await get(url).expect(400);
      expect(message(res)).toMatch(/Only http and https addresses/);
    }
    expect(message(await get(undefined).expect(400))).toMatch(/'url' is required/);
    expect(() => readdirSync(join(dataDir, 'cache', 'upload'))).toThrow();
  });

  it('answers 400 when the address fails or is empty, and 401 without credentials', async () => {
    expect(message(await get(`${base}/nothing.pdf`).expect(400))).toMatch(
      /could not be downloaded: HTTP 404/,
    );
    expect(message(await get(`${base}/empty`).expect(400))).toMatch(/empty/);
    const { app } = makeWorldApp({ files: { dataDir } });
    await request(app)
      .get(`${API}upload?url=${encodeURIComponent(`${base}/docs/invoice.pdf`)}`)
      .expect(401);
  });

  it('refuses loopback, private, link-local and reserved addresses by default, connecting to none', async () => {
    hits = 0;
    for (const host of [
      `127.0.0.1:${port}`,
      `127.0.0.2:${port}`,
      `localhost:${port}`,
      `[::1]:${port}`,
      `[::ffff:127.0.0.1]:${port}`,
      `2130706433:${port}`,
      `0.0.0.0:${port}`,
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '100.64.0.1',
      '169.254.169.254',
      '[fd00::1]',
      '[fe80::1]',
      '224.0.0.1',
      '255.255.255.255',
    ]) {
      const res = await get(`http://${host}/docs/invoice.pdf`, []).expect(400);
      expect(message(res)).toMatch(/is a loopback, private or reserved address/);
    }
    expect(hits).toBe(0);
    expect(() => readdirSync(join(dataDir, 'cache', 'upload'))).toThrow();
  });

  it('checks every redirect: one to a loopback or private address is refused', async () => {
    for (const target of [
      `http://127.0.0.2:${port}/docs/invoice.pdf`,
      `http://0.0.0.0:${port}/docs/invoice.pdf`,
      `http://[::1]:${port}/docs/invoice.pdf`,
      'http://169.254.169.254/latest/meta-data/',
    ]) {
      hits = 0;
      const res = await get(`${base}/to?${encodeURIComponent(target)}`).expect(400);
      expect(message(res)).toMatch(/is a loopback, private or reserved address/);
      expect(hits).toBe(1);
    }
  });

  it('fetches what the allow-list names: an address, a CIDR or a host name', async () => {
    for (const allow of [['127.0.0.1'], ['127.0.0.0/8'], ['::ffff:127.0.0.1']])
      expect((await get(`${base}/docs/invoice.pdf`, allow).expect(200)).body).toMatch(/\.pdf$/);
    const named = await get(`http://localhost:${port}/docs/invoice.pdf`, ['localhost']).expect(200);
    expect(cached(named.body as string)).toEqual(PDF);
    // the allow-list opens what it names and nothing else
    await get(`http://localhost:${port}/docs/invoice.pdf`, ['127.0.0.2', '10.0.0.0/8']).expect(400);
  });
});
