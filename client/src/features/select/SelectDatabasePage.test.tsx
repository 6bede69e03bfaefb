import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer, json } from '../../test/fakeServer';
import { session } from '../../test/fixtures';
import { currentPath, renderApp } from '../../test/renderApp';
import { SELECTED_DATABASE_KEY } from '../../state/database';

const dbs = (...names: string[]) => ({ Databases: names.map((Name, i) => ({ Id: i + 1, Name })) });

describe('database selection', () => {
  it('says ERROR_NO_DATABASES when the user has none', async () => {
    const server = createFakeServer({ 'GET dbs': dbs() });
    renderApp({ url: '/select', fetch: server.fetch, session: session() });
    expect((await screen.findByTestId('select-empty')).textContent).toBe(
      'No databases are available to you. Contact your administrator.',
    );
  });

  it('says ERROR_GET_DATABASES when the call fails, and can try again', async () => {
    let fail = true;
    const server = createFakeServer({
      'GET dbs': () => (fail ? json({ Message: 'An error has occurred.' }, 500) : dbs('Default', 'HR')),
    });
    renderApp({ url: '/select', fetch: server.fetch, session: session() });
    expect((await screen.findByTestId('select-error')).textContent).toBe(
      'The list of databases could not be loaded.',
    );
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: /HR/ })).toBeTruthy();
  });

  it('goes straight into the only database', async () => {
    const server = createFakeServer({ 'GET dbs': dbs('Default'), 'GET dbs/1/archives': { Archives: [] } });
    renderApp({ url: '/select', fetch: server.fetch, session: session() });
    await waitFor(() => expect(currentPath()).toBe('/view?db=1'));
    await waitFor(() => expect(window.localStorage.getItem(SELECTED_DATABASE_KEY)).toBe('1'));
  });

  it('lists several databases, highlights the remembered one and opens the clicked one', async () => {
    window.localStorage.setItem(SELECTED_DATABASE_KEY, '2');
    const server = createFakeServer({
      'GET dbs': dbs('Default', 'Human Resources', 'Finance'),
      'GET dbs/3/archives': { Archives: [] },
    });
    renderApp({ url: '/select', fetch: server.fetch, session: session() });
    const remembered = await screen.findByTestId('database-2');
    expect(remembered.getAttribute('aria-current')).toBe('true');
    expect(remembered.textContent).toContain('Last used');
    expect(screen.getByTestId('database-1').getAttribute('aria-current')).toBeNull();
    expect(currentPath()).toBe('/select');

    fireEvent.click(screen.getByRole('button', { name: /Finance/ }));
    await waitFor(() => expect(currentPath()).toBe('/view?db=3'));
    expect(window.localStorage.getItem(SELECTED_DATABASE_KEY)).toBe('3');
  });

  it('sends a signed-out visitor to the login page and back', async () => {
    renderApp({ url: '/select', fetch: createFakeServer({}).fetch });
    await waitFor(() => expect(currentPath()).toBe(`/login?redirectUrl=${encodeURIComponent('/select')}`));
  });

  it('sends unknown routes to /select', async () => {
    const server = createFakeServer({ 'GET dbs': dbs('Default', 'HR') });
    renderApp({ url: '/no/such/page', fetch: server.fetch, session: session() });
    await waitFor(() => expect(currentPath()).toBe('/select'));
  });
});
