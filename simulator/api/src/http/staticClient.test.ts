import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { makeTestApp } from '../testing/testApp';
import { IMMUTABLE } from './staticClient';

const SCRIPT = `export const answer = ${'42 + '.repeat(500)}0;\n`;
const INDEX = '<!doctype html><title>GS</title><script type="module" src="/assets/app-1a2b3c.js"></script>';

describe('the built client, served like a production web app', () => {
  let dir: string;
  let app: ReturnType<typeof makeTestApp>['app'];
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'gs-static-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), INDEX);
    writeFileSync(join(dir, 'index.html.gz'), gzipSync(INDEX));
    writeFileSync(join(dir, 'assets', 'app-1a2b3c.js'), SCRIPT);
    writeFileSync(join(dir, 'assets', 'app-1a2b3c.js.br'), brotliCompressSync(SCRIPT));
    writeFileSync(join(dir, 'assets', 'app-1a2b3c.js.gz'), gzipSync(SCRIPT));
    writeFileSync(join(dir, 'assets', 'worker-9f8e7d.mjs'), 'self.onmessage = () => {};');
    writeFileSync(join(dir, 'assets', 'logo-aa11bb.png'), Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
    writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(join(dir, '.env'), 'SECRET=1');
    app = makeTestApp({ clientDir: dir }).app;
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('sends a hashed file brotli-compressed, cached for a year as immutable', async () => {
    const res = await request(app)
      .get('/assets/app-1a2b3c.js')
      .set('Accept-Encoding', 'gzip, deflate, br')
      .expect(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers['vary']).toBe('Accept-Encoding');
    // sent as the .br file; the test client decompresses it
    expect(Number(res.headers['content-length'])).toBe(brotliCompressSync(SCRIPT).length);
    expect(res.text).toBe(SCRIPT);
  });

  it('sends gzip to a client without brotli, and the plain file to one without either', async () => {
    const gz = await request(app).get('/assets/app-1a2b3c.js').set('Accept-Encoding', 'gzip').expect(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.text).toBe(SCRIPT);
    const plain = await request(app)
      .get('/assets/app-1a2b3c.js')
      .set('Accept-Encoding', 'identity')
      .expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toBe('Accept-Encoding');
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
    expect(plain.text).toBe(SCRIPT);
    const refused = await request(app)
      .get('/assets/app-1a2b3c.js')
      .set('Accept-Encoding', 'br;q=0, gzip;q=0')
      .expect(200);
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('answers byte ranges of the uncompressed file', async () => {
    const res = await request(app)
      .get('/assets/app-1a2b3c.js')
      .set('Accept-Encoding', 'identity')
      .set('Range', 'bytes=0-5')
      .expect(206);
    expect(res.text).toBe('export');
    expect(res.headers['content-range']).toBe(`bytes 0-5/${SCRIPT.length}`);
  });

  it('gives every file its type, and unhashed files no-cache', async () => {
    const worker = await request(app).get('/assets/worker-9f8e7d.mjs').expect(200);
    expect(worker.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(worker.headers['vary']).toBeUndefined();
    const png = await request(app).get('/assets/logo-aa11bb.png').expect(200);
    expect(png.headers['content-type']).toBe('image/png');
    const icon = await request(app).get('/favicon.svg').expect(200);
    expect(icon.headers['content-type']).toBe('image/svg+xml');
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('serves index.html and the SPA fallback compressed with no-cache; config.json too is no-cache', async () => {
    for (const path of ['/', '/index.html', '/results/abc?db=1', '/gseconnect']) {
      const res = await request(app).get(path).set('Accept-Encoding', 'gzip, br').expect(200);
      expect([path, res.headers['content-type']]).toEqual([path, 'text/html; charset=utf-8']);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.text).toBe(INDEX);
    }
    const head = await request(app).head('/scan?db=1&a=2').expect(200);
    expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
    const config = await request(app).get('/config.json').expect(200);
    expect(config.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing hashed file 404, never with index.html', async () => {
    const res = await request(app).get('/assets/gone-000000.js').expect(404);
    expect(res.body.Message).toMatch(/^No HTTP resource was found/);
  });

  it('lists no directory and serves nothing outside the folder or hidden', async () => {
    const listing = await request(app).get('/assets/').expect(404);
    expect(listing.text).not.toContain('app-1a2b3c.js');
    for (const path of ['/.env', '/assets/..%2f.env', '/..%2f..%2fetc%2fpasswd', '/%E0%A4%A']) {
      const res = await request(app).get(path);
      expect([path, res.text]).not.toEqual([path, 'SECRET=1']);
      expect(res.status).toBeLessThan(500);
    }
  });

  it('never answers the API with the client', async () => {
    await request(app).get('/Square9API/whatever').expect(404);
    await request(app).post('/select').expect(404);
  });

  it("gives the client's pages a strict policy allowing the helper's host of config.json (issue 26)", async () => {
    const policy = [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self'",
      "img-src 'self' data: blob:",
      "font-src 'self' data:",
      "connect-src 'self' http://localhost:* https://localhost:*",
      "worker-src 'self'",
      "frame-src 'none'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'self'",
    ].join('; ');
    for (const path of ['/', '/index.html', '/results/abc?db=1', '/view'])
      expect([path, (await request(app).get(path).expect(200)).headers['content-security-policy']]).toEqual([
        path,
        policy,
      ]);
    const head = await request(app).head('/scan').expect(200);
    expect(head.headers['content-security-policy']).toBe(policy);
    // the build's own files carry no page policy (a worker would take it as its own)
    const script = await request(app).get('/assets/app-1a2b3c.js').expect(200);
    expect(script.headers['content-security-policy']).toBeUndefined();
  });

  it('lets the page reach a server and a helper elsewhere named by config.json, and nothing else', async () => {
    const elsewhere = makeTestApp({
      clientDir: dir,
      config: {
        helperHost: 'helper.corp',
        helperHttpPort: 19080,
        helperHttpsPort: 443,
        client: {
          apiBase: 'https://gs.example.com/Square9API/api/',
          captureBase: 'https://capture.example.com:8443/square9capture/',
        },
      },
    }).app;
    const res = await request(elsewhere).get('/').expect(200);
    const directives = String(res.headers['content-security-policy']).split('; ');
    expect(directives).toContain(
      "connect-src 'self' https://gs.example.com https://capture.example.com:8443 " +
        'http://helper.corp:* https://helper.corp:*',
    );
    expect(directives).toContain(
      "img-src 'self' data: blob: https://gs.example.com https://capture.example.com:8443",
    );
    // a host that would end the directive is left out rather than written into the policy
    const odd = makeTestApp({ clientDir: dir, config: { helperHost: "x;script-src 'unsafe-inline'" } }).app;
    const oddPolicy = String((await request(odd).get('/').expect(200)).headers['content-security-policy']);
    expect(oddPolicy).toContain("connect-src 'self'; ");
    expect(oddPolicy).not.toContain('unsafe-inline');
  });
});
