import { describe, expect, it, vi } from 'vitest';
import { TOKEN_COOKIE } from '@gs/contract/licenses';
import { DEFAULT_CONFIG } from '../api/config';
import { createAppStore } from '../app/createAppStore';
import { readCookie } from '../lib/cookies';
import { createFakeServer, json } from '../test/fakeServer';
import { license, NEW_TOKEN, session, TOKEN } from '../test/fixtures';
import { readStoredSession, SESSION_KEY, writeStoredSession } from './persistedSession';
import {
  adoptTokenAtom,
  loseSessionAtom,
  renewSessionAtom,
  sessionAtom,
  sessionEndAtom,
  signInAtom,
} from './session';
import { logoutAtom, requestNewLicenseAtom } from './sessionActions';

const storeWith = (routes: Parameters<typeof createFakeServer>[0] = {}) => {
  const server = createFakeServer(routes);
  return { ...createAppStore({ config: DEFAULT_CONFIG, fetch: server.fetch }), server };
};

describe('session state', () => {
  it('stores the token in localStorage and the sstoken cookie, and reads it back after a reload', () => {
    const { store } = storeWith();
    store.set(signInAtom, license({ Username: 'web.user', Type: 2 }), 'web.user');
    expect(store.get(sessionAtom)).toMatchObject({ token: TOKEN, username: 'web.user', licenseType: 2 });
    expect(readCookie(TOKEN_COOKIE)).toBe(TOKEN);
    expect(window.localStorage.getItem(SESSION_KEY)).toContain(TOKEN);

    const reloaded = storeWith().store;
    expect(reloaded.get(sessionAtom)).toMatchObject({ token: TOKEN, username: 'web.user' });
  });

  it('adopts a token whose cookie alone survived', () => {
    document.cookie = `${TOKEN_COOKIE}=${TOKEN}; path=/`;
    expect(readStoredSession()).toMatchObject({ token: TOKEN, username: '' });
  });

  it('switches to a renewed token and learns the user of an adopted token', () => {
    const { store } = storeWith();
    store.set(adoptTokenAtom, TOKEN);
    store.set(renewSessionAtom, license({ Token: NEW_TOKEN, Username: 'reader', Type: 4 }));
    expect(store.get(sessionAtom)).toMatchObject({ token: NEW_TOKEN, username: 'reader', licenseType: 4 });
    expect(readCookie(TOKEN_COOKIE)).toBe(NEW_TOKEN);
  });

  it('forgets the session and remembers why when the server ends it', () => {
    writeStoredSession(session());
    const { store } = storeWith();
    store.set(loseSessionAtom, 'expired');
    expect(store.get(sessionAtom)).toBeNull();
    expect(store.get(sessionEndAtom)).toEqual({ reason: 'expired' });
    expect(readCookie(TOKEN_COOKIE)).toBeNull();
    expect(window.localStorage.getItem(SESSION_KEY)).toBeNull();
  });

  it('logout releases the licence, then leaves and clears token and cookie', async () => {
    writeStoredSession(session());
    const { store, server } = storeWith({ [`DELETE licenses/${TOKEN}`]: json(undefined) });
    await store.set(logoutAtom);
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`DELETE licenses/${TOKEN}`]);
    expect(store.get(sessionEndAtom)).toEqual({ reason: 'logout', licenseReturned: true });
    expect(store.get(sessionAtom)).toBeNull();
    expect(readCookie(TOKEN_COOKIE)).toBeNull();
    expect(window.localStorage.getItem(SESSION_KEY)).toBeNull();
  });

  it('logout still signs out locally when the server cannot be reached', async () => {
    writeStoredSession(session());
    const { store } = storeWith({
      [`DELETE licenses/${TOKEN}`]: json({ Message: 'An error has occurred.' }, 500),
      [`GET licenses/${TOKEN}`]: json({ Message: 'An error has occurred.' }, 500),
    });
    await store.set(logoutAtom);
    expect(store.get(sessionEndAtom)).toEqual({ reason: 'logout', licenseReturned: false });
    expect(store.get(sessionAtom)).toBeNull();
  });

  it('a new licence request re-fetches the token and reloads', async () => {
    writeStoredSession(session());
    const { store, server } = storeWith({ 'GET licenses': license({ Token: NEW_TOKEN }) });
    const reload = vi.fn();
    await store.set(requestNewLicenseAtom, reload);
    expect(server.requests[0]?.url.searchParams.get('Token')).toBe(TOKEN);
    expect(store.get(sessionAtom)?.token).toBe(NEW_TOKEN);
    expect(readCookie(TOKEN_COOKIE)).toBe(NEW_TOKEN);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
