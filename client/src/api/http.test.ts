import { afterEach, describe, expect, it, vi } from 'vitest';
import { ALL_LICENSES_IN_USE } from '@gs/contract/licenses';
import { createFakeServer, json } from '../test/fakeServer';
import { TOKEN } from '../test/fixtures';
import { ApiError, createHttp, REQUEST_TIMEOUT_MS, type HttpOptions } from './http';

function setup(fetchFn: typeof fetch, overrides: Partial<HttpOptions> = {}) {
  const onLicenseLost = vi.fn();
  let token: string | null = TOKEN;
  const http = createHttp({
    getBaseUrl: () => '/Square9API/api/',
    getToken: () => token,
    fetch: fetchFn,
    onLicenseLost,
    ...overrides,
  });
  return { http, onLicenseLost, setToken: (t: string | null) => (token = t) };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

afterEach(() => vi.useRealTimers());

describe('http: requests', () => {
  it('resolves paths against the configured API base', async () => {
    const server = createFakeServer({ 'GET dbs': { Databases: [] } });
    const { http } = setup(server.fetch);
    await http.request('dbs');
    expect(server.requests[0]?.url.toString()).toBe(`${window.location.origin}/Square9API/api/dbs`);

    const remote = createFakeServer({});
    const other = setup(remote.fetch, { getBaseUrl: () => 'https://gs.example.com/Square9API/api/' }).http;
    await failure(other.request('dbs/1/archives', { query: { type: 'info', skip: undefined } }));
    expect(remote.requests[0]?.url.toString()).toBe(
      'https://gs.example.com/Square9API/api/dbs/1/archives?type=info',
    );
  });

  it('sends the licence token as Auth-Token on every call, and none when signed out', async () => {
    const server = createFakeServer({ 'GET dbs': { Databases: [] } });
    const { http, setToken } = setup(server.fetch);
    await http.request('dbs');
    expect(server.requests[0]?.headers.get('Auth-Token')).toBe(TOKEN);
    setToken(null);
    await http.request('dbs');
    expect(server.requests[1]?.headers.has('Auth-Token')).toBe(false);
    await http.request('dbs', { auth: false });
    expect(server.requests[2]?.headers.has('Auth-Token')).toBe(false);
  });

  it('parses JSON bodies and bare JSON strings', async () => {
    const server = createFakeServer({
      'GET dbs': { Databases: [{ Id: 1, Name: 'Default' }] },
      'GET admin': 'SSAdministrator',
    });
    const { http } = setup(server.fetch);
    await expect(http.request('dbs')).resolves.toEqual({ Databases: [{ Id: 1, Name: 'Default' }] });
    await expect(http.request('admin')).resolves.toBe('SSAdministrator');
  });

  it('turns the error envelope into an ApiError carrying status, Message and body', async () => {
    const body = { Message: 'An error has occurred.' };
    const server = createFakeServer({ 'GET dbs': json(body, 500) });
    const error = await failure(setup(server.fetch).http.request('dbs'));
    expect(error.kind).toBe('http');
    expect(error.status).toBe(500);
    expect(error.serverMessage).toBe('An error has occurred.');
    expect(error.message).toBe('An error has occurred.');
    expect(JSON.parse(error.body)).toEqual(body);
    expect(error.licenseLoss).toBeNull();
  });

  it('aborts a call that takes longer than 10 s', async () => {
    vi.useFakeTimers();
    let aborted = false;
    const hanging = vi.fn(
      (_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => {
            aborted = true;
            reject(new DOMException('aborted', 'AbortError'));
          });
        }),
    );
    const pending = failure(setup(hanging as unknown as typeof fetch).http.request('dbs'));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(aborted).toBe(true);
    expect(error.kind).toBe('timeout');
    expect(REQUEST_TIMEOUT_MS).toBe(10_000);
  });

  it('reports a failed connection as a network error', async () => {
    const broken = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await failure(setup(broken as unknown as typeof fetch).http.request('dbs'));
    expect(error.kind).toBe('network');
    expect(error.status).toBe(0);
  });
});

describe('http: licence expiry (spec §4)', () => {
  const expiredCases: [string, Response][] = [
    ['status 499', json({ Message: 'Token expired' }, 499)],
    ['a body saying "license expired"', json({ Message: 'Your License Expired. Please log in.' }, 400)],
    ['the simulator\'s 401 "LicenseExpired"', json({ Message: 'LicenseExpired' }, 401)],
    ['403 with X-Login-Redirect', json({ Message: 'Forbidden' }, 403, { 'X-Login-Redirect': '/login' })],
    [
      '403 with a Location to the login page',
      new Response('', { status: 403, headers: { Location: '/square9web/login' } }),
    ],
  ];

  it.each(expiredCases)('signs out with the licence-expired reason on %s', async (_name, response) => {
    const server = createFakeServer({ 'GET dbs': response });
    const { http, onLicenseLost } = setup(server.fetch);
    const error = await failure(http.request('dbs'));
    expect(error.licenseLoss).toBe('expired');
    expect(onLicenseLost).toHaveBeenCalledTimes(1);
    expect(onLicenseLost).toHaveBeenCalledWith('expired', error);
  });

  it('does not treat "All licenses are in use." as an expiry', async () => {
    const server = createFakeServer({ 'GET licenses': json(ALL_LICENSES_IN_USE, 400) });
    const { http, onLicenseLost } = setup(server.fetch);
    const error = await failure(http.request('licenses', { query: { Token: TOKEN } }));
    expect(error.licenseLoss).toBe('allInUse');
    expect(onLicenseLost).toHaveBeenCalledWith('allInUse', error);
    expect(onLicenseLost).not.toHaveBeenCalledWith('expired', expect.anything());
    expect(error.serverMessage).toBe(ALL_LICENSES_IN_USE);
  });

  it('ignores other failures: a 403 without a login header, a 404, a 200 mentioning an expired licence', async () => {
    const server = createFakeServer({
      'GET dbs/1/archives': json({ Message: 'Forbidden' }, 403, { Location: '/elsewhere' }),
      'GET dbs/9': json({ Message: 'Not found' }, 404),
      'GET dbs/1': { Databases: [{ Id: 1, Name: 'license expired notices' }] },
    });
    const { http, onLicenseLost } = setup(server.fetch);
    expect((await failure(http.request('dbs/1/archives'))).licenseLoss).toBeNull();
    expect((await failure(http.request('dbs/9'))).licenseLoss).toBeNull();
    await http.request('dbs/1');
    expect(onLicenseLost).not.toHaveBeenCalled();
  });

  it('treats 401 "Authorization has been denied" with a stored token as a lost session', async () => {
    const denied = json({ Message: 'Authorization has been denied for this request.' }, 401);
    const server = createFakeServer({ 'GET dbs': denied });
    const { http, onLicenseLost } = setup(server.fetch);
    expect((await failure(http.request('dbs'))).licenseLoss).toBe('sessionGone');
    expect(onLicenseLost).toHaveBeenCalledWith('sessionGone', expect.any(ApiError));
  });

  it('leaves licence handling to the caller when licenseCheck is off (sign-in)', async () => {
    const server = createFakeServer({ 'GET licenses': json({ Message: 'LicenseExpired' }, 401) });
    const { http, onLicenseLost } = setup(server.fetch);
    const error = await failure(http.request('licenses', { licenseCheck: false }));
    expect(error.status).toBe(401);
    expect(onLicenseLost).not.toHaveBeenCalled();
  });
});

describe('http: the one fetch path (decision 064)', () => {
  it('sends FormData as is with the token, and reads a Blob, text or the Response itself', async () => {
    const seen: { body: unknown; headers: Headers }[] = [];
    const fetchFn = (async (_input: RequestInfo | URL, init?: RequestInit) => {
      seen.push({ body: init?.body, headers: new Headers(init?.headers) });
      return new Response('zip-bytes', { status: seen.length === 3 ? 202 : 200 });
    }) as typeof fetch;
    const { http } = setup(fetchFn);
    const form = new FormData();
    form.append('file', new Blob(['x']), 'a.gs');
    const blob = await http.request<Blob>('upload', { method: 'POST', body: form, as: 'blob' });
    expect(seen[0]?.body).toBe(form);
    expect(seen[0]?.headers.get('Content-Type')).toBeNull();
    expect(seen[0]?.headers.get('Auth-Token')).toBe(TOKEN);
    expect(await blob.text()).toBe('zip-bytes');
    expect(await http.request<string>('file', { as: 'text' })).toBe('zip-bytes');
    expect((await http.request<Response>('job', { as: 'response' })).status).toBe(202);
  });

  it('aborts the fetch when the caller’s signal aborts, and throws the client’s own errors', async () => {
    let signal: AbortSignal | undefined;
    const hanging = ((_input: RequestInfo | URL, init?: RequestInit) => {
      signal = init?.signal ?? undefined;
      return new Promise<Response>((_resolve, reject) =>
        signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
      );
    }) as typeof fetch;
    const controller = new AbortController();
    const pending = setup(hanging).http.request('slow', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(signal?.aborted).toBe(true);

    const refused = createFakeServer({ 'GET x': () => json({ Message: 'no' }, 400) });
    const own = setup(refused.fetch, { httpError: (status) => new RangeError(`refused ${status}`) }).http;
    await expect(own.request('x')).rejects.toThrow(new RangeError('refused 400'));
  });
});
