import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer, json } from '../../test/fakeServer';
import { license, NEW_TOKEN, session, TOKEN } from '../../test/fixtures';
import { currentPath, renderApp } from '../../test/renderApp';
import { sessionAtom } from '../../state/session';

const viewRoutes = {
  'GET dbs': { Databases: [{ Id: 2, Name: 'HR' }] },
  'GET dbs/2/archives': { Archives: [] },
};

describe('/direct', () => {
  it('op=1 renews a live licence and opens /view with db and the carried archive', async () => {
    const server = createFakeServer({ 'GET licenses': license({ Token: NEW_TOKEN }), ...viewRoutes });
    const { store } = renderApp({ url: '/direct?op=1&db=2&a=7', fetch: server.fetch, session: session() });
    await waitFor(() => expect(currentPath()).toBe('/view?db=2&a=7'));
    expect(server.requests[0]?.url.searchParams.get('Token')).toBe(TOKEN);
    expect(store.get(sessionAtom)?.token).toBe(NEW_TOKEN);
  });

  it('op=1 with an archive and a document opens that document in the viewer (issue 27, 13)', async () => {
    const server = createFakeServer({
      'GET licenses': license({ Token: NEW_TOKEN }),
      'GET dbs/2/archives/7?DocumentID=41': 'secure-41',
      ...viewRoutes,
    });
    renderApp({ url: '/direct?op=1&db=2&a=7&d=41', fetch: server.fetch, session: session() });
    await waitFor(() => expect(currentPath()).toBe('/viewer/secure-41?db=2&archive=7&Id=41'));
  });

  it('op=1 with a document the user cannot see opens the archive instead', async () => {
    const server = createFakeServer({
      'GET licenses': license({ Token: NEW_TOKEN }),
      'GET dbs/2/archives/7?DocumentID=41': json({ Message: 'Document 41 was not found.' }, 404),
      ...viewRoutes,
    });
    renderApp({ url: '/direct?op=1&db=2&a=7&d=41', fetch: server.fetch, session: session() });
    await waitFor(() => expect(currentPath()).toBe('/view?db=2&a=7&d=41'));
  });

  it('op=1 without a session signs in first and comes back', async () => {
    renderApp({ url: '/direct?op=1&db=2', fetch: createFakeServer({}).fetch });
    const back = encodeURIComponent('/direct?op=1&db=2');
    await waitFor(() => expect(currentPath()).toBe(`/login?redirectUrl=${back}`));
  });

  it('op=1 with a dead token forgets it and signs in first', async () => {
    const server = createFakeServer({ 'GET licenses': json({ Message: 'LicenseExpired' }, 401) });
    const { store } = renderApp({ url: '/direct?op=1&db=2', fetch: server.fetch, session: session() });
    await waitFor(() => expect(currentPath()).toMatch(/^\/login\?redirectUrl=/));
    expect(store.get(sessionAtom)).toBeNull();
  });

  it('op=2 shows the licence-expired page with a way back in', async () => {
    const { store } = renderApp({
      url: '/direct?op=2',
      fetch: createFakeServer({}).fetch,
      session: session(),
    });
    expect(await screen.findByRole('heading', { name: 'License expired' })).toBeTruthy();
    expect(screen.getByTestId('license-expired').textContent).toMatch(/license has expired/);
    await waitFor(() => expect(store.get(sessionAtom)).toBeNull());
    fireEvent.click(screen.getByRole('link', { name: 'Sign in again' }));
    await waitFor(() => expect(currentPath()).toBe('/login'));
  });

  it('op=0&db=0 thanks the user, without the licence note when not coming from logout', async () => {
    renderApp({ url: '/direct?op=0&db=0', fetch: createFakeServer({}).fetch });
    expect((await screen.findByTestId('thank-you')).textContent).toBe(
      'Thank you for using GlobalSearch. You are now signed out.',
    );
    expect(screen.queryByTestId('license-returned')).toBeNull();
  });

  it('rejects other parameters with ERROR_INCORRECT_PARAMETERS', async () => {
    renderApp({ url: '/direct?op=1&db=abc', fetch: createFakeServer({}).fetch });
    expect((await screen.findByTestId('direct-incorrect-parameters')).textContent).toBe(
      'The link you followed has incorrect or missing parameters.',
    );
  });
});
