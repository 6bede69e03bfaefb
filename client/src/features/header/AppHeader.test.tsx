import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TOKEN_COOKIE } from '@gs/contract/licenses';
import type { ClientConfig } from '@gs/contract/config';
import { readCookie } from '../../lib/cookies';
import { createFakeServer, json } from '../../test/fakeServer';
import { session, TOKEN } from '../../test/fixtures';
import { currentPath, renderApp } from '../../test/renderApp';
import { adminFlagsLoadableAtom } from '../../state/adminFlags';
import { sessionAtom } from '../../state/session';

interface Flags {
  anyDb?: boolean;
  all?: boolean;
  userAdmin?: boolean;
  usr?: number;
  gaw?: number;
  databases?: number;
  release?: boolean;
}

function serverWith(flags: Flags) {
  return createFakeServer({
    'GET admin?function=isAnyDbAdmin': flags.anyDb ?? false,
    'GET admin?function=isAdminAll': flags.all ?? false,
    'GET userAdmin/isAdmin': flags.userAdmin ?? false,
    'GET admin?feature=usr': flags.usr ?? 0,
    'GET admin?feature=gaw': flags.gaw ?? 0,
    'GET dbs': {
      Databases: Array.from({ length: flags.databases ?? 1 }, (_, i) => ({
        Id: i + 1,
        Name: `Database ${i + 1}`,
      })),
    },
    'GET dbs/1/archives': { Archives: [] },
    ...(flags.release ? { [`DELETE licenses/${TOKEN}`]: json(undefined) } : {}),
  });
}

const ALL_IDS = [
  'header-full-admin',
  'header-license-manager',
  'header-user-admin',
  'header-batch-admin',
  'header-flow-admin',
  'header-capture-admin',
  'header-wizard',
  'header-database-select',
];

/** Renders /view with the flags and returns the header buttons shown once the flags have arrived. */
async function headerButtons(flags: Flags, hide: Partial<ClientConfig['hide']> = {}) {
  const { store } = renderApp({
    url: '/view?db=1',
    fetch: serverWith(flags).fetch,
    session: session(),
    config: { hide },
  });
  const toolbar = await screen.findByRole('navigation', { name: 'Toolbar' });
  await screen.findByTestId('header-database-name');
  await waitFor(() => expect(store.get(adminFlagsLoadableAtom).state).toBe('hasData'));
  // Let React commit what the flags changed.
  await act(async () => {
    await Promise.resolve();
  });
  return ALL_IDS.filter((id) => within(toolbar).queryByTestId(id) !== null);
}

describe('header', () => {
  it('shows the product, the database and the user, with Settings and Logout', async () => {
    renderApp({ url: '/view?db=1', fetch: serverWith({}).fetch, session: session({ username: 'web.user' }) });
    expect((await screen.findByTestId('header-database-name')).textContent).toContain('Database 1');
    expect(screen.getByTestId('header-username').textContent).toBe('web.user');
    expect(screen.getByRole('button', { name: 'Settings' }).getAttribute('data-testid')).toBe(
      'header-settings',
    );
    expect(screen.getByRole('button', { name: 'Log out' }).getAttribute('data-testid')).toBe('header-logout');
    expect(screen.getByRole('link', { name: 'Extensions' })).toBeTruthy();
  });

  it('shows no admin buttons to a plain user with one database', async () => {
    expect(await headerButtons({})).toEqual([]);
  });

  it('shows every button to an administrator of everything with several databases', async () => {
    const ids = await headerButtons({
      anyDb: true,
      all: true,
      userAdmin: true,
      usr: 10,
      gaw: 1,
      databases: 3,
    });
    expect(ids).toEqual(ALL_IDS);
    expect(screen.getByRole('link', { name: 'Administration' }).getAttribute('href')).toBe('/admin/full');
    expect(screen.getByRole('link', { name: 'License manager' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'User administration' }).getAttribute('href')).toBe(
      '/admin/security',
    );
    expect(screen.getByRole('link', { name: 'Batch portal administration' }).getAttribute('href')).toBe(
      '/admin/batches',
    );
    expect(screen.getByRole('link', { name: 'Workflow designer' }).getAttribute('href')).toBe('/flows');
    expect(screen.getByRole('link', { name: 'Quick-start wizard' }).getAttribute('href')).toBe(
      '/admin/full?mode=DATABASE_IMPORT',
    );
    expect(screen.getByRole('link', { name: 'Select database' }).getAttribute('href')).toBe('/select');
    // the batch portal administration, in this window (issue 27, 7)
    const capture = screen.getByRole('link', { name: 'Capture administration' });
    expect(capture.getAttribute('href')).toBe('/admin/batches');
    expect(capture.getAttribute('target')).toBeNull();
  });

  it('shows the database administrator only the full admin button', async () => {
    expect(await headerButtons({ anyDb: true })).toEqual(['header-full-admin']);
  });

  it('needs the usr and gaw features for user and flow admin', async () => {
    expect(await headerButtons({ userAdmin: true })).toEqual([
      'header-batch-admin',
      'header-capture-admin',
      'header-wizard',
    ]);
  });

  it('hides every admin button with hide.adminMenu', async () => {
    const flags = { anyDb: true, all: true, userAdmin: true, usr: 1, gaw: 1, databases: 2 };
    expect(await headerButtons(flags, { adminMenu: true })).toEqual(['header-database-select']);
  });

  it('hides capture, flow, wizard, batch and extensions with their flags', async () => {
    const flags = { anyDb: true, all: true, userAdmin: true, usr: 1, gaw: 1 };
    const hide = {
      globalCapture: true,
      globalAction: true,
      quickStart: true,
      batchPortals: true,
      extensions: true,
    };
    expect(await headerButtons(flags, hide)).toEqual([
      'header-full-admin',
      'header-license-manager',
      'header-user-admin',
    ]);
    expect(screen.queryByTestId('header-extensions')).toBeNull();
  });

  it('logs out: returns the licence, clears the token and shows the licence-returned note', async () => {
    const server = serverWith({ release: true });
    const { store } = renderApp({ url: '/view?db=1', fetch: server.fetch, session: session() });
    fireEvent.click(await screen.findByRole('button', { name: 'Log out' }));

    expect(await screen.findByTestId('license-returned')).toBeTruthy();
    expect(screen.getByText('Thank you for using GlobalSearch. You are now signed out.')).toBeTruthy();
    expect(currentPath()).toBe('/direct?op=0&db=0');
    expect(server.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      `licenses/${TOKEN}`,
    ]);
    expect(store.get(sessionAtom)).toBeNull();
    expect(readCookie(TOKEN_COOKIE)).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in again' }).getAttribute('href')).toBe('/login');
  });
});
