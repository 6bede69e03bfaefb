import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ALL_LICENSES_IN_USE, TOKEN_COOKIE } from '@gs/contract/licenses';
import { readCookie } from '../../lib/cookies';
import { createFakeServer, json } from '../../test/fakeServer';
import { license, NEW_TOKEN, session, TOKEN } from '../../test/fixtures';
import { currentPath, renderApp } from '../../test/renderApp';
import { sessionAtom } from '../../state/session';

const screenRoutes = {
  'GET dbs': {
    Databases: [
      { Id: 1, Name: 'Default' },
      { Id: 2, Name: 'HR' },
    ],
  },
  'GET dbs/1/archives': { Archives: [] },
};

// The app runs the keep-alive with a short period here; its 3 s timing is tested in api/keepAlive.test.ts.
describe('keep-alive in the running app', () => {
  it('renews while signed in and switches to a new token', async () => {
    const server = createFakeServer({
      ...screenRoutes,
      'GET licenses': license({ Token: NEW_TOKEN, Username: 'full.user' }),
    });
    const { store } = renderApp({
      url: '/view?db=1',
      fetch: server.fetch,
      session: session({ username: '' }),
      keepAliveMs: 20,
    });
    await waitFor(() => expect(store.get(sessionAtom)?.token).toBe(NEW_TOKEN));
    expect(readCookie(TOKEN_COOKIE)).toBe(NEW_TOKEN);
    expect(server.requests.find((r) => r.path === 'licenses')?.url.searchParams.get('Token')).toBe(TOKEN);
    expect(await screen.findByText('full.user')).toBeTruthy();
  });

  it('sends the user to the login page with the licence-expired message when renewal says LicenseExpired', async () => {
    const server = createFakeServer({
      ...screenRoutes,
      'GET licenses': json({ Message: 'LicenseExpired' }, 401),
    });
    renderApp({ url: '/view?db=1', fetch: server.fetch, session: session(), keepAliveMs: 20 });
    expect(await screen.findByTestId('login-license-expired')).toBeTruthy();
    expect(currentPath()).toContain('isLicenseExpired=true');
  });

  it('shows the licence-expired message too when the server no longer knows the token (released by an administrator)', async () => {
    const server = createFakeServer({
      ...screenRoutes,
      'GET licenses': json({ Message: 'Authorization has been denied for this request.' }, 401),
    });
    renderApp({ url: '/view?db=1', fetch: server.fetch, session: session(), keepAliveMs: 20 });
    expect(await screen.findByTestId('login-license-expired')).toBeTruthy();
    expect(currentPath()).toContain('isLicenseExpired=true');
  });

  it('shows "All licenses are in use" instead when renewal finds no free seat', async () => {
    const server = createFakeServer({ ...screenRoutes, 'GET licenses': json(ALL_LICENSES_IN_USE, 400) });
    renderApp({ url: '/view?db=1', fetch: server.fetch, session: session(), keepAliveMs: 20 });
    expect((await screen.findByTestId('login-notice')).textContent).toBe(
      'Unable to obtain a license. All licenses are in use.',
    );
    expect(screen.queryByTestId('login-license-expired')).toBeNull();
  });

  it('stays quiet while signed out', async () => {
    vi.useFakeTimers();
    const server = createFakeServer({});
    renderApp({ url: '/login', fetch: server.fetch, keepAliveMs: 10 });
    await vi.advanceTimersByTimeAsync(100);
    expect(server.requests).toHaveLength(0);
  });
});
