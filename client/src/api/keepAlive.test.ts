import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeServer, json } from '../test/fakeServer';
import { license, NEW_TOKEN, TOKEN } from '../test/fixtures';
import { createHttp } from './http';
import { KEEP_ALIVE_INTERVAL_MS, startKeepAlive } from './keepAlive';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function setup(answer: (token: string) => Response) {
  const server = createFakeServer({
    'GET licenses': (req) => answer(req.url.searchParams.get('Token') ?? ''),
  });
  let token: string | null = TOKEN;
  const http = createHttp({
    getBaseUrl: () => '/Square9API/api/',
    getToken: () => token,
    fetch: server.fetch,
  });
  const onRenewed = vi.fn((renewed: { Token: string }) => {
    token = renewed.Token;
  });
  const stop = startKeepAlive({ http, getToken: () => token, onRenewed });
  return { server, onRenewed, stop, signOut: () => (token = null) };
}

describe('licence keep-alive', () => {
  it('renews the licence with GET licenses?Token= every 3 s', async () => {
    const { server, stop } = setup((token) => json(license({ Token: token })));
    expect(KEEP_ALIVE_INTERVAL_MS).toBe(3000);
    await vi.advanceTimersByTimeAsync(2999);
    expect(server.requests).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.path).toBe('licenses');
    expect(server.requests[0]?.url.searchParams.get('Token')).toBe(TOKEN);
    await vi.advanceTimersByTimeAsync(6000);
    expect(server.requests).toHaveLength(3);
    stop();
    await vi.advanceTimersByTimeAsync(9000);
    expect(server.requests).toHaveLength(3);
  });

  it('switches to the token the renewal returns and uses it from then on', async () => {
    const { server, onRenewed, stop } = setup(() => json(license({ Token: NEW_TOKEN })));
    await vi.advanceTimersByTimeAsync(3000);
    expect(onRenewed).toHaveBeenCalledWith(expect.objectContaining({ Token: NEW_TOKEN }));
    await vi.advanceTimersByTimeAsync(3000);
    expect(server.requests[1]?.url.searchParams.get('Token')).toBe(NEW_TOKEN);
    expect(server.requests[1]?.headers.get('Auth-Token')).toBe(NEW_TOKEN);
    stop();
  });

  it('does nothing while signed out and survives a failed renewal', async () => {
    let fail = true;
    const { server, onRenewed, signOut, stop } = setup(() =>
      fail ? json({ Message: 'Service unavailable' }, 503) : json(license()),
    );
    await vi.advanceTimersByTimeAsync(3000);
    expect(onRenewed).not.toHaveBeenCalled();
    fail = false;
    await vi.advanceTimersByTimeAsync(3000);
    expect(onRenewed).toHaveBeenCalledTimes(1);
    signOut();
    await vi.advanceTimersByTimeAsync(6000);
    expect(server.requests).toHaveLength(2);
    stop();
  });

  it('does not start a renewal while the previous one is still waiting', async () => {
    const server = createFakeServer({ 'GET licenses': () => new Promise<Response>(() => undefined) });
    const http = createHttp({
      getBaseUrl: () => '/Square9API/api/',
      getToken: () => TOKEN,
      fetch: server.fetch,
    });
    const stop = startKeepAlive({ http, getToken: () => TOKEN, onRenewed: vi.fn(), intervalMs: 3000 });
    await vi.advanceTimersByTimeAsync(9000);
    expect(server.requests).toHaveLength(1);
    stop();
  });
});
