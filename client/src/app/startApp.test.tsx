import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_COOKIE } from '@gs/contract/licenses';
import { readCookie } from '../lib/cookies';
import { createFakeServer } from '../test/fakeServer';
import { license, TOKEN } from '../test/fixtures';
import type { Root } from 'react-dom/client';
import { startApp } from './startApp';

let container: HTMLElement | null = null;
let root: Root | null = null;

async function start(url: string, routes: Parameters<typeof createFakeServer>[0] = {}) {
  window.history.replaceState(null, '', url);
  const server = createFakeServer({
    'GET /config.json': { apiBase: '/Square9API/api/' },
    'GET dbs': {
      Databases: [
        { Id: 1, Name: 'Default' },
        { Id: 2, Name: 'HR' },
      ],
    },
    'GET dbs/1/archives': { Archives: [] },
    'GET licenses': license(),
    ...routes,
  });
  vi.stubGlobal('fetch', server.fetch);
  container = document.createElement('div');
  document.body.appendChild(container);
  await act(async () => {
    root = await startApp(container as HTMLElement);
  });
  return server;
}

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  vi.unstubAllGlobals();
  container?.remove();
  container = null;
});

describe('start-up', () => {
  it('adopts a token from the address and removes it from the visible address', async () => {
    const server = await start(`/view?db=1&token=${TOKEN}`);
    expect(window.location.search).toBe('?db=1');
    expect(window.location.href).not.toContain(TOKEN);
    expect(readCookie(TOKEN_COOKIE)).toBe(TOKEN);
    await waitFor(() => expect(server.requests.some((r) => r.path === 'dbs/1/archives')).toBe(true));
    const archives = server.requests.find((r) => r.path === 'dbs/1/archives');
    expect(archives?.headers.get('Auth-Token')).toBe(TOKEN);
    expect(server.requests[0]?.url.pathname).toBe('/config.json');
  });

  it('turns a hash route into the path form', async () => {
    await start(`/#/view?db=1&Token=${TOKEN}`);
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe('/view?db=1');
    expect(await screen.findByRole('button', { name: 'Log out' })).toBeTruthy();
  });

  it('shows COOKIE_DISABLED instead of the app when cookies are off', async () => {
    vi.spyOn(window.navigator, 'cookieEnabled', 'get').mockReturnValue(false);
    const server = await start('/login');
    expect((await screen.findByTestId('cookie-disabled')).textContent).toMatch(
      /needs cookies and local storage/,
    );
    expect(screen.queryByRole('button', { name: 'Login' })).toBeNull();
    expect(server.requests).toHaveLength(0);
  });

  it('shows COOKIE_DISABLED when local storage throws', async () => {
    // blocked site data: reading window.localStorage throws, as in a browser that refuses storage
    // (a spy on localStorage.setItem itself outlives its restore in happy-dom: the next file's
    // writes would throw when files share a worker's module graph)
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    await start('/login');
    expect(await screen.findByTestId('cookie-disabled')).toBeTruthy();
  });
});
