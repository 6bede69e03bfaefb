// The user's databases through the query layer (decision 081): an administrator's database write
// shows the new database on the database choice without a reload, choosing a database does not
// ask again, and signing out leaves nothing of the last user's databases to the next one.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { AdminDatabase } from '@gs/contract/admin/catalog';
import { AppProviders } from '../../app/AppProviders';
import { createAppStore } from '../../app/createAppStore';
import { createI18n } from '../../app/i18n';
import { DEFAULT_CONFIG } from '../../api/config';
import { createAdminDatabase } from '../../api/adminCatalog';
import { queryClientAtom } from '../../api/queryClient';
import { databasesKey } from '../../api/useDatabases';
import { createFakeServer } from '../../test/fakeServer';
import { license } from '../../test/fixtures';
import { rememberDatabaseAtom } from '../../state/database';
import { clearSessionAtom, sessionKeyAtom, signInAtom } from '../../state/session';
import { useAdminAction } from '../admin/useAdminAction';
import { SelectDatabasePage } from './SelectDatabasePage';

function NewDatabase() {
  const run = useAdminAction();
  return (
    <button
      type="button"
      onClick={() => void run((http) => createAdminDatabase(http, { Name: 'Finance' } as AdminDatabase))}
    >
      add
    </button>
  );
}

function setup() {
  const databases = [
    { Id: 1, Name: 'Default' },
    { Id: 2, Name: 'Human Resources' },
  ];
  const server = createFakeServer({
    'GET dbs': () => ({ Databases: databases }),
    'POST admin/databases': (request) => {
      const body = JSON.parse(request.body ?? '{}') as { Name: string };
      const made = { Id: databases.length + 1, Name: body.Name };
      databases.push(made);
      return made;
    },
  });
  const { store } = createAppStore({ config: DEFAULT_CONFIG, fetch: server.fetch });
  store.set(signInAtom, license({ Username: 'SSAdministrator' }), 'SSAdministrator');
  render(
    <AppProviders store={store} i18n={createI18n('en')}>
      <MemoryRouter initialEntries={['/select']}>
        <SelectDatabasePage />
        <NewDatabase />
      </MemoryRouter>
    </AppProviders>,
  );
  const asked = () => server.requests.filter((r) => r.method === 'GET' && r.path === 'dbs').length;
  return { store, asked };
}

describe('the databases query', () => {
  it('shows a database an administrator just made, without a reload', async () => {
    const { asked } = setup();
    await screen.findByTestId('database-2');
    expect(screen.queryByTestId('database-3')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'add' }));
    expect((await screen.findByTestId('database-3')).textContent).toContain('Finance');
    expect(asked()).toBe(2);
  });

  it('is not asked again when the user chooses a database', async () => {
    const { store, asked } = setup();
    await screen.findByTestId('database-2');
    act(() => store.set(rememberDatabaseAtom, 2));
    await act(() => Promise.resolve());
    expect(screen.getByTestId('database-1')).toBeTruthy();
    expect(asked()).toBe(1);
  });

  it('is cleared at sign-out and asked afresh for the next user', async () => {
    const { store, asked } = setup();
    await screen.findByTestId('database-2');
    const client = store.get(queryClientAtom);
    const administrator = store.get(sessionKeyAtom);
    expect(client.getQueryData(databasesKey(administrator))).toHaveLength(2);
    act(() => store.set(clearSessionAtom));
    expect(client.getQueryData(databasesKey(administrator))).toBeUndefined();
    act(() => store.set(signInAtom, license({ Username: 'reader' }), 'reader'));
    await waitFor(() => expect(asked()).toBe(2));
    await screen.findByTestId('database-2');
    expect(client.getQueryData(databasesKey(administrator))).toBeUndefined();
  });
});
