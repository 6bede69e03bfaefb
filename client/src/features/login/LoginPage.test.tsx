import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ALL_LICENSES_IN_USE, TOKEN_COOKIE } from '@gs/contract/licenses';
import { readCookie } from '../../lib/cookies';
import { createFakeServer, json } from '../../test/fakeServer';
import { license, TOKEN } from '../../test/fixtures';
import { currentPath, renderApp } from '../../test/renderApp';
import { sessionAtom } from '../../state/session';

function signIn(username: string, password: string) {
  fireEvent.change(screen.getByLabelText('User name'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Login' }));
}

const signedInRoutes = {
  'GET dbs': {
    Databases: [
      { Id: 1, Name: 'Default' },
      { Id: 2, Name: 'HR' },
    ],
  },
};

describe('login page', () => {
  it('signs in, stores the token and opens database selection', async () => {
    const server = createFakeServer({
      'GET licenses': license({ Username: 'full.user' }),
      ...signedInRoutes,
    });
    const { store } = renderApp({ url: '/login', fetch: server.fetch });
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByText('GlobalSearch')).toBeTruthy();
    signIn('full.user', 'Demo@1234');

    expect(await screen.findByRole('heading', { name: 'Select Your Database' })).toBeTruthy();
    expect(currentPath()).toBe('/select');
    expect(store.get(sessionAtom)).toMatchObject({ token: TOKEN, username: 'full.user' });
    expect(readCookie(TOKEN_COOKIE)).toBe(TOKEN);
    const login = server.requests.find((r) => r.path === 'licenses');
    expect(login?.headers.get('Authorization')).toBe(`Basic ${btoa('full.user:Demo@1234')}`);
  });

  it('goes back to redirectUrl after signing in', async () => {
    const server = createFakeServer({
      'GET licenses': license(),
      'GET dbs/2/archives': { Archives: [] },
      ...signedInRoutes,
    });
    renderApp({ url: `/login?redirectUrl=${encodeURIComponent('/view?db=2')}`, fetch: server.fetch });
    signIn('full.user', 'Demo@1234');
    await waitFor(() => expect(currentPath()).toBe('/view?db=2'));
  });

  it('says the user name or password is wrong on 401', async () => {
    const denied = json({ Message: 'Authorization has been denied for this request.' }, 401);
    const server = createFakeServer({ 'GET licenses': denied });
    const { store } = renderApp({ url: '/login', fetch: server.fetch });
    signIn('full.user', 'wrong');
    expect((await screen.findByTestId('login-error')).textContent).toBe('Invalid user name or password.');
    expect(store.get(sessionAtom)).toBeNull();
    expect(currentPath()).toBe('/login');
  });

  it('asks to wait and try again on 429 (back-off after failed sign-ins)', async () => {
    const wait = json({ Message: 'Too many failed sign-in attempts. Try again in 4 seconds.' }, 429);
    const server = createFakeServer({ 'GET licenses': wait });
    renderApp({ url: '/login', fetch: server.fetch });
    signIn('full.user', 'Demo@1234');
    expect((await screen.findByTestId('login-error')).textContent).toBe(
      'Too many failed sign-in attempts. Wait a moment, then try again.',
    );
    expect(currentPath()).toBe('/login');
  });

  it('prefixes ERROR_CANT_OBTAIN_LICENSE onto "All licenses are in use."', async () => {
    const server = createFakeServer({ 'GET licenses': json(ALL_LICENSES_IN_USE, 400) });
    renderApp({ url: '/login', fetch: server.fetch });
    signIn('reader', 'Demo@1234');
    expect((await screen.findByTestId('login-error')).textContent).toBe(
      'Unable to obtain a license. All licenses are in use.',
    );
  });

  it('shows the same message translated', async () => {
    const server = createFakeServer({ 'GET licenses': json(ALL_LICENSES_IN_USE, 400) });
    renderApp({ url: '/login', fetch: server.fetch, language: 'de' });
    // German loads on its own (its chunk), then the page shows in it
    fireEvent.change(await screen.findByLabelText('Benutzername'), { target: { value: 'reader' } });
    fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect((await screen.findByTestId('login-error')).textContent).toBe(
      'Es konnte keine Lizenz bezogen werden. Alle Lizenzen sind in Gebrauch.',
    );
  });

  it('explains a failed connection', async () => {
    const server = createFakeServer({});
    server.fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderApp({ url: '/login', fetch: server.fetch });
    signIn('full.user', 'Demo@1234');
    expect((await screen.findByTestId('login-error')).textContent).toMatch(
      /Cannot connect to the GlobalSearch server/,
    );
  });

  it('shows the licence-expired message and notices passed in the address', () => {
    const server = createFakeServer({});
    renderApp({
      url: '/login?isLicenseExpired=true&errorTitle=Session%20ended&errorMessage=Please%20try%20later',
      fetch: server.fetch,
    });
    expect(screen.getByTestId('login-license-expired').textContent).toBe(
      'Your license has expired. Please sign in again.',
    );
    expect(screen.getByTestId('login-notice').textContent).toContain('Session ended');
    expect(screen.getByTestId('login-notice').textContent).toContain('Please try later');
  });

  it('offers the seven languages and remembers the choice', async () => {
    renderApp({ url: '/login', fetch: createFakeServer({}).fetch });
    const picker = screen.getByLabelText('Language');
    expect([...(picker as HTMLSelectElement).options].map((o) => o.value)).toEqual([
      'en',
      'fr',
      'es',
      'pt',
      'it',
      'de',
      'nl',
    ]);
    fireEvent.change(picker, { target: { value: 'fr' } });
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeTruthy();
    expect(readCookie('lang')).toBe('fr');
    expect(window.localStorage.getItem('lang')).toBe('fr');
  });
});
