import { afterEach, describe, expect, it, vi } from 'vitest';
import request from 'supertest';
import { API, basic, makeWorldApp, signIn } from '../testing/testApp';

const IIS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-cache',
  pragma: 'no-cache',
  expires: '-1',
  server: 'Microsoft-IIS/10.0',
  'x-aspnet-version': '4.0.30319',
  'x-powered-by': 'ASP.NET',
};

/** The real server's CORS headers (CORS_ORIGINS=*); an allowed origin gets itself instead of `*`. */
const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET,HEAD,POST,DEBUG,PUT,DELETE,PATCH,OPTIONS',
  'access-control-allow-headers':
    'Origin,X-Requested-With,Content-Type,Accept,Authorization,Auth-Token,Onedrive-Token',
  'access-control-expose-headers': 'SS-Token',
};
const CLIENT = 'http://localhost:8080';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('response headers', () => {
  it('are the IIS/ASP.NET ones on successes and on every kind of error, without an ETag', async () => {
    const { app } = makeWorldApp();
    const calls = [
      request(app).get(`${API}dbs`).set('Authorization', basic('full.user')),
      request(app).get(`${API}dbs`),
      request(app).get(`${API}no/such/route`),
      request(app).get(`${API}dbs/x`).set('Authorization', basic('full.user')),
    ];
    const statuses = [];
    for (const call of calls) {
      const res = await call;
      statuses.push(res.status);
      expect(res.headers).toMatchObject(IIS);
      expect(res.headers.etag).toBeUndefined();
    }
    expect(statuses).toEqual([200, 401, 404, 400]);
  });

  it('every answer says nosniff, and every answer of the APIs is sandboxed (issue 26)', async () => {
    const { app } = makeWorldApp();
    const apis = [
      request(app).get(`${API}dbs`).set('Authorization', basic('full.user')),
      request(app).get(`${API}dbs`),
      request(app).get(`${API}no/such/route`),
      request(app).options(`${API}dbs`),
      request(app).get('/square9capture/portals').set('Authorization', basic('full.user')),
      request(app).get('/square9analytics/analytics/nothing'),
    ];
    for (const call of apis) {
      const res = await call;
      expect(res.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'content-security-policy': 'sandbox',
      });
    }
    for (const call of [request(app).get('/config.json'), request(app).get('/not/the/api')])
      expect((await call).headers['x-content-type-options']).toBe('nosniff');
  });

  it('answer an OPTIONS preflight of an allowed origin with 200, the CORS headers and no body', async () => {
    const { app } = makeWorldApp({ config: { corsOrigins: [CLIENT] } });
    for (const path of ['dbs', 'licenses', 'anything/at/all', 'dbs/1/bulk/update']) {
      const res = await request(app)
        .options(`${API}${path}`)
        .set('Origin', CLIENT)
        .set('Access-Control-Request-Method', 'GET')
        .set('Access-Control-Request-Headers', 'auth-token')
        .expect(200);
      const { 'content-type': _ignored, ...iis } = IIS;
      expect(res.headers).toMatchObject({ ...iis, ...CORS, 'access-control-allow-origin': CLIENT });
      expect(res.headers.vary).toContain('Origin');
      expect(res.text).toBe('');
    }
  });

  it('give a foreign origin, and a request without Origin, no CORS header at all', async () => {
    const { app } = makeWorldApp({ config: { corsOrigins: [CLIENT] } });
    const calls = [
      request(app)
        .options(`${API}dbs`)
        .set('Origin', 'https://evil.example')
        .set('Access-Control-Request-Method', 'POST'),
      request(app)
        .get(`${API}dbs`)
        .set('Origin', 'https://evil.example')
        .set('Authorization', basic('full.user')),
      request(app).post(`${API}dbs/1/bulk/update`).set('Origin', 'null').send({}),
      request(app).get(`${API}dbs`).set('Authorization', basic('full.user')),
    ];
    for (const call of calls) {
      const res = await call;
      expect(Object.keys(res.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
      expect(res.headers).toMatchObject({ server: 'Microsoft-IIS/10.0' });
    }
  });

  it("with CORS_ORIGINS=* answer everyone the real server's permissive headers", async () => {
    const { app } = makeWorldApp({ config: { corsOrigins: '*' } });
    const res = await request(app)
      .get(`${API}dbs`)
      .set('Origin', 'https://anywhere.example')
      .set('Authorization', basic('full.user'))
      .expect(200);
    expect(res.headers).toMatchObject({ ...IIS, ...CORS });
  });
});

describe('errors', () => {
  it('an unknown route under the API is a 404 naming the request URI without its query', async () => {
    const { app } = makeWorldApp();
    const res = await request(app)
      .get('/square9api/api/nothing/here?Token=abc')
      .set('Host', 'gs.local:8080')
      .expect(404);
    expect(res.body).toEqual({
      Message:
        "No HTTP resource was found that matches the request URI 'http://gs.local:8080/square9api/api/nothing/here'.",
    });
  });

  it('no 404 echoes the query, where a token may travel (issue 26)', async () => {
    const { app } = makeWorldApp();
    const secret = 'token=0123-secret-4567&SecureId=hidden';
    for (const path of [
      `${API}nothing/here`,
      '/square9capture/no/such/thing',
      '/square9analytics/analytics/nothing',
      '/not/the/api',
    ]) {
      const res = await request(app).get(`${path}?${secret}`).set('Host', 'gs.local').expect(404);
      expect([path, (res.body as { Message: string }).Message]).toEqual([
        path,
        `No HTTP resource was found that matches the request URI 'http://gs.local${path}'.`,
      ]);
    }
  });

  it('a refused malformed request is logged without its query', async () => {
    const { app } = makeWorldApp();
    const { Token } = await signIn(app, 'full.user');
    const log = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await request(app)
      .post(`${API}dbs/1/archives/1?token=${Token}`)
      .set('Content-Type', 'application/json')
      .send('{"fields": [')
      .expect(400);
    expect(log).toHaveBeenCalledWith(expect.stringContaining('/dbs/1/archives/1'));
    expect(JSON.stringify(log.mock.calls)).not.toContain(Token);
  });

  it('a wrong method on a known path is a 404 too', async () => {
    const { app } = makeWorldApp();
    await request(app).put(`${API}dbs`).set('Authorization', basic('full.user')).expect(404);
  });

  it('a failure inside the server is a 500 with the generic Message, logged to stderr', async () => {
    const { app, db } = makeWorldApp();
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    db.close();
    const res = await request(app).get(`${API}dbs`).set('Authorization', basic('full.user')).expect(500);
    expect(res.body).toEqual({ Message: 'An error has occurred.' });
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(log).toHaveBeenCalledWith(expect.objectContaining({ message: expect.stringMatching(/not open/) }));
  });

  it('a malformed JSON body is a 400 with a clear Message', async () => {
    const { app } = makeWorldApp();
    const res = await request(app)
      .post(`${API}dbs/1/archives/1`)
      .set('Authorization', basic('full.user'))
      .set('Content-Type', 'application/json')
      .send('{"fields": [')
      .expect(400);
    expect(res.body.Message).toBe('The request is invalid.');
    expect(res.body.MessageDetail).toMatch(/^The request body is not valid JSON/);
  });
});
