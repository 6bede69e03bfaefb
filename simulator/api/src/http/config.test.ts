import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ClientConfig } from '@gs/contract/config';
import { API, basic, makeTestApp, makeWorldApp } from '../testing/testApp';

describe('GET /config.json', () => {
  it('serves the default ClientConfig at the host root', async () => {
    const { app } = makeTestApp();
    const res = await request(app).get('/config.json').expect(200);
    const expected: ClientConfig = {
      apiBase: '/Square9API/api/',
      captureBase: '/square9capture/',
      viewerBase: '/square9viewer/',
      externalAuthProvider: '',
      currency: 'USD',
      hide: {
        globalCapture: false,
        globalAction: false,
        quickStart: false,
        adminMenu: false,
        portalConnections: false,
        batchPortals: false,
        extensions: false,
        analytics: false,
      },
      helper: { host: 'localhost', httpPort: 9080, httpsPort: 9443 },
    };
    expect(res.body).toEqual(expected);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('carries the configured helper address and hide flags', async () => {
    const { app } = makeTestApp({
      config: {
        helperHost: '10.0.0.7',
        helperHttpPort: 19080,
        helperHttpsPort: 19443,
        client: { hide: { extensions: true }, externalAuthProvider: 'okta' },
      },
    });
    const body = (await request(app).get('/config.json').expect(200)).body as ClientConfig;
    expect(body.helper).toEqual({ host: '10.0.0.7', httpPort: 19080, httpsPort: 19443 });
    expect(body.hide.extensions).toBe(true);
    expect(body.hide.adminMenu).toBe(false);
    expect(body.externalAuthProvider).toBe('okta');
  });

  it('is not part of the API', async () => {
    const { app } = makeTestApp();
    await request(app).get(`${API}config.json`).expect(404);
  });
});

describe('the built client (clientDir)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'gs-client-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>GS</title>');
    writeFileSync(join(dir, 'assets', 'app.js'), 'console.log(1)');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('serves files and falls back to index.html for client routes', async () => {
    const { app } = makeWorldApp({ clientDir: dir });
    expect((await request(app).get('/').expect(200)).text).toContain('<title>GS</title>');
    expect((await request(app).get('/assets/app.js').expect(200)).text).toBe('console.log(1)');
    const deep = await request(app).get('/results/abc?db=1').expect(200);
    expect(deep.headers['content-type']).toMatch(/^text\/html/);
  });

  it('never answers an API path with index.html, and falls back for GET only', async () => {
    const { app } = makeWorldApp({ clientDir: dir });
    const res = await request(app)
      .get('/square9api/api/nothing')
      .set('Authorization', basic('full.user'))
      .expect(404);
    expect(res.body.Message).toMatch(/^No HTTP resource was found/);
    await request(app).get('/Square9API/whatever').expect(404);
    await request(app).post('/select').expect(404);
    await request(app).get('/config.json').expect(200);
  });

  it('without clientDir the root is a 404', async () => {
    const { app } = makeTestApp();
    await request(app).get('/').expect(404);
  });
});
