import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { get } from 'node:https';
import { HELPER_VERSION, helperPaths } from '@gs/contract/helper';
import { createHelperApp } from '../app';
import { createHelperState } from '../state';
import { startHelper } from '../server';
import type { Authorizer } from '../auth/users';

/** 'T1' is live (the hostile suite checks tokens against a real API). */
const authorize: Authorizer = async (token) =>
  token === 'T1' ? { name: 'SSAdministrator', type: 1, token } : undefined;

const makeApp = (file?: string) =>
  createHelperApp({
    state: createHelperState(file, { apiPath: 'http://localhost:8080/Square9API/', installed: ['Scanning'] }),
    allowedOrigins: ['http://localhost:8080'],
    apiTargets: ['http://localhost:8080/Square9API/', 'https://gs.example.com/Square9API/'],
    authorize,
  });

describe('Extensions management API', () => {
  it('answers the version test with the helper version, mode and API path', async () => {
    const res = await request(makeApp()).get(helperPaths.managementTest).expect(200);
    expect(res.body).toEqual({
      Version: HELPER_VERSION,
      Mode: 'GlobalSearch',
      ApiPath: 'http://localhost:8080/Square9API/',
    });
    // no Origin (not a browser page): no CORS header to give
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('lists packages and installs and uninstalls them, keeping the state in its file', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'helper-')), 'settings.json');
    const app = makeApp(file);
    const before = await request(app).get(helperPaths.checkPackages).expect(200);
    expect(before.body.find((p: { AppName: string }) => p.AppName === 'BulkUpdate')).toMatchObject({
      Installed: false,
    });

    const after = await request(app)
      .post(helperPaths.install)
      .send({ appnames: ['BulkUpdate'] })
      .expect(200);
    expect(after.body.find((p: { AppName: string }) => p.AppName === 'BulkUpdate')).toMatchObject({
      Installed: true,
    });
    expect(JSON.parse(readFileSync(file, 'utf8')).installed).toEqual(['Scanning', 'BulkUpdate']);

    await request(app)
      .post(helperPaths.uninstall)
      .send({ AppNames: ['Scanning'] })
      .expect(200);
    const reloaded = await request(makeApp(file)).get(helperPaths.checkPackages).expect(200);
    const installed = reloaded.body
      .filter((p: { Installed: boolean }) => p.Installed)
      .map((p: { AppName: string }) => p.AppName);
    expect(installed).toEqual(['BulkUpdate']);
  });

  it('refuses unknown packages and malformed bodies with a Message', async () => {
    const app = makeApp();
    const unknown = await request(app)
      .post(helperPaths.install)
      .send({ AppNames: ['Minesweeper'] })
      .expect(400);
    expect(unknown.body.Message).toContain('Minesweeper');
    const missing = await request(app)
      .post(helperPaths.install)
      .send({ Names: ['Scanning'] })
      .expect(400);
    expect(missing.body.Message).toContain('AppNames');
    const broken = await request(app)
      .post(helperPaths.install)
      .set('Content-Type', 'application/json')
      .send('{"AppNames":')
      .expect(400);
    expect(broken.body).toEqual({
      Message: 'The request is invalid.',
      MessageDetail: expect.stringMatching(/^The request body is not valid JSON/) as string,
    });
  });

  it('updates the API path only with a live token and to an allowed address', async () => {
    const app = makeApp();
    const update = (target: string, token?: string) => {
      const call = request(app).post(helperPaths.updateApi).set('Content-Type', 'application/json');
      return (token ? call.set('Auth-Token', token) : call).send(JSON.stringify(target));
    };
    await update('https://gs.example.com/Square9API/').expect(401);
    await update('https://gs.example.com/Square9API/', 'not-live').expect(401);
    await update('ftp://nope', 'T1').expect(400);
    const foreign = await update('https://evil.example/Square9API/', 'T1').expect(403);
    expect(foreign.body.Message).toContain('UpdateApi');
    await update('https://user:pw@gs.example.com/Square9API/', 'T1').expect(403);
    expect((await request(app).get(helperPaths.getApi).expect(200)).body).toBe(
      'http://localhost:8080/Square9API/',
    );
    await update('https://GS.example.com/Square9API', 'T1').expect(200);
    const res = await request(app).get(helperPaths.getApi).expect(200);
    expect(res.body).toBe('https://GS.example.com/Square9API');
  });

  it('answers preflight and unknown routes like the server', async () => {
    const app = makeApp();
    const pre = await request(app)
      .options(helperPaths.install)
      .set('Origin', 'http://localhost:8080')
      .set('Access-Control-Request-Private-Network', 'true')
      .expect(200);
    expect(pre.headers['access-control-allow-origin']).toBe('http://localhost:8080');
    expect(pre.headers['access-control-allow-private-network']).toBe('true');
    expect(pre.headers.vary).toContain('Origin');
    const res = await request(app).get('/api/nothing').expect(404);
    expect(res.body.Message).toContain('/api/nothing');
  });

  it('serves https with a certificate made on first start and kept for the next', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'helper-'));
    const options = {
      dataDir,
      httpPort: 0,
      httpsPort: 0,
      apiPath: 'http://localhost:1/Square9API/',
      signIn: false as const,
    };
    const first = await startHelper(options);
    const body = await new Promise<string>((resolve, reject) => {
      get(`${first.httpsUrl}${helperPaths.launchTest}`, { rejectUnauthorized: false }, (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve(text));
      }).on('error', reject);
    });
    expect(body).toBe('true');
    await first.close();
    const cert = readFileSync(join(dataDir, 'helper', 'helper-cert.pem'), 'utf8');
    expect(cert).toContain('BEGIN CERTIFICATE');
    const second = await startHelper(options);
    await second.close();
    expect(readFileSync(join(dataDir, 'helper', 'helper-cert.pem'), 'utf8')).toBe(cert);
  });
});
