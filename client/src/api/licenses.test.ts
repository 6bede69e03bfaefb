import { describe, expect, it } from 'vitest';
import { createFakeServer, json } from '../test/fakeServer';
import { license, TOKEN } from '../test/fixtures';
import { createHttp } from './http';
import { obtainLicense, releaseLicense } from './licenses';

const httpFor = (fetchFn: typeof fetch, token: string | null = null) =>
  createHttp({ getBaseUrl: () => '/Square9API/api/', getToken: () => token, fetch: fetchFn });

describe('licenses api', () => {
  it('signs in with GET licenses and Basic base64(UTF-8 user:pass), without a token', async () => {
    const server = createFakeServer({ 'GET licenses': license() });
    const result = await obtainLicense(httpFor(server.fetch, 'stale-token'), 'CORP\\jürgen', 'Demo@1234');
    expect(result.Token).toBe(TOKEN);
    const request = server.requests[0];
    expect(request?.headers.get('Authorization')).toBe('Basic Q09SUFxqw7xyZ2VuOkRlbW9AMTIzNA==');
    expect(request?.headers.has('Auth-Token')).toBe(false);
  });

  it('releases with DELETE licenses/{token}', async () => {
    const server = createFakeServer({ [`DELETE licenses/${TOKEN}`]: json(undefined) });
    await releaseLicense(httpFor(server.fetch, TOKEN), TOKEN);
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`DELETE licenses/${TOKEN}`]);
  });

  it('falls back to GET licenses/{token} when DELETE is refused', async () => {
    const server = createFakeServer({
      [`DELETE licenses/${TOKEN}`]: json(
        { Message: "The requested resource does not support http method 'DELETE'." },
        405,
      ),
      [`GET licenses/${TOKEN}`]: json(undefined),
    });
    await releaseLicense(httpFor(server.fetch, TOKEN), TOKEN);
    expect(server.requests.map((r) => r.method)).toEqual(['DELETE', 'GET']);
  });
});
