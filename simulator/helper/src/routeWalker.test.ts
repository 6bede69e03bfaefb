// Walks every route the helper serves (read from its router, testing/routes.ts) as a page on a
// foreign origin without a token: no answer carries CORS headers, no route fails with a 5xx, and
// every route that does a user's work or reaches the API answers 401.
//
// Routes that may answer without a token (our design, decision 008) are purely local and touch no
// user's data: the version test, GetApi and CheckPackages (what the client probes before sign-in),
// Install/Uninstall (flags of the helper itself; the scanning flow calls them before a token
// exists, and their JSON body needs a preflight a foreign page does not pass), launch/test and
// reading the launch table, and reading the scanner simulator (local devices and the scans they
// make, which the client only hands to the API with the user's token). Starting work on the
// scanner needs the client's page or a token: a foreign page gets 403 (decision 047).
import { afterEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listen, makeBulkApp } from '../../api/src/testing/bulkWorld';
import { createHelperApp } from './app';
import { createHelperState } from './state';
import { httpFetcher } from './launch/fetcher';
import { ScanService } from './scanner/service';
import { fillPath, registeredRoutes, type RegisteredRoute } from '../../api/src/testing/routes';

const CLIENT = 'http://localhost:8080';
const FOREIGN = 'https://evil.example';

const LOCAL: readonly RegExp[] = [
  /^GET \/api\/Management\/(test|GetApi|CheckPackages)$/,
  /^POST \/api\/Management\/(Install|Uninstall)$/,
  /^GET \/api\/launch\/(test|launchTable)$/,
  /^GET \/api\/scan\//,
];
const isLocal = (r: RegisteredRoute): boolean => LOCAL.some((re) => re.test(`${r.method} ${r.path}`));
/** work on the local scanner: the client's page (an allowed Origin) or a token */
const isClientWork = (r: RegisteredRoute): boolean =>
  /^(POST|DELETE) \/api\/scan\//.test(`${r.method} ${r.path}`);

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((c) => c()));
});

async function setup() {
  const api = await listen(makeBulkApp());
  closers.push(api.close);
  const dir = mkdtempSync(join(tmpdir(), 'gs-helper-walk-'));
  const helper = createHelperApp({
    state: createHelperState(undefined, { apiPath: api.apiPath, installed: [] }),
    allowedOrigins: [CLIENT],
    scanner: new ScanService(),
    testEndpoints: true,
    launch: { outboxDir: join(dir, 'outbox'), fetcher: httpFetcher(() => api.apiPath) },
    bulk: { dataDir: dir, apiPath: () => api.apiPath },
    log: () => {},
  });
  return { helper, routes: registeredRoutes(helper) };
}

const call = (app: ReturnType<typeof createHelperApp>, r: RegisteredRoute) => {
  const path = fillPath(r.path, (name) => `${name}-1`);
  const method = r.method.toLowerCase() as 'get' | 'post' | 'delete';
  const req = request(app)[method](path);
  return r.method === 'POST' ? req.send({}) : req;
};

const corsHeaders = (headers: Record<string, string>): string[] =>
  Object.keys(headers).filter((h) => h.startsWith('access-control-'));

describe('every helper route, called by a page on a foreign origin', () => {
  it('finds the routes from the router, not from a list', async () => {
    const { routes } = await setup();
    const names = routes.map((r) => `${r.method} ${r.path}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'POST /api/bulk/update',
        'GET /api/bulk/file',
        'POST /api/launch/email',
        'POST /api/Management/UpdateApi',
        'GET /api/scan/scanners',
      ]),
    );
    expect(routes.length).toBeGreaterThan(30);
  });

  it('without a token: no CORS header, no 5xx, and 401 wherever user work or the API is involved', async () => {
    const { helper, routes } = await setup();
    for (const r of routes) {
      const res = await call(helper, r).set('Origin', FOREIGN);
      const name = `${r.method} ${r.path} → ${res.status}`;
      expect(corsHeaders(res.headers), name).toEqual([]);
      expect(res.status, name).toBeLessThan(500);
      if (!isLocal(r)) {
        expect(res.status, name).toBe(isClientWork(r) ? 403 : 401);
        expect((res.body as { Message?: unknown }).Message, name).toEqual(expect.any(String));
      }
    }
    expect(routes.filter(isClientWork).length).toBeGreaterThanOrEqual(6);
    // the walk covered user routes and local ones
    expect(routes.filter(isLocal).length).toBeGreaterThan(5);
    expect(routes.filter((r) => !isLocal(r)).length).toBeGreaterThan(10);
  });

  it('a preflight from a foreign origin gets no Allow-* and no Private-Network; the client origin does', async () => {
    const { helper, routes } = await setup();
    for (const r of routes) {
      const path = fillPath(r.path, (name) => `${name}-1`);
      const foreign = await request(helper)
        .options(path)
        .set('Origin', FOREIGN)
        .set('Access-Control-Request-Method', r.method)
        .set('Access-Control-Request-Headers', 'auth-token,content-type')
        .set('Access-Control-Request-Private-Network', 'true');
      expect(corsHeaders(foreign.headers), `${r.method} ${path}`).toEqual([]);
      const client = await request(helper)
        .options(path)
        .set('Origin', CLIENT)
        .set('Access-Control-Request-Method', r.method)
        .set('Access-Control-Request-Private-Network', 'true')
        .expect(200);
      expect(client.headers).toMatchObject({
        'access-control-allow-origin': CLIENT,
        'access-control-allow-private-network': 'true',
      });
      expect(client.headers['access-control-allow-headers']).toContain('Auth-Token');
    }
  });
});
