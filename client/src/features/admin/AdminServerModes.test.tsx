// The server-wide modes of the console (databases, inboxes, registration, mail server) and
// bound lists against the simulator's app in process (test/realServer.ts), as SSAdministrator:
// the test world's Alpha and Beta, inboxWorld's Scans, Mail and Hidden; what a mode saves is
// read back through the admin API.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminDatabase, AdminList, AdminMailServer } from '@gs/contract/admin/catalog';
import { adminPaths as p } from '@gs/contract/admin/paths';
import type { AdminInbox, AdminRegistration } from '@gs/contract/admin/server';
import type { FakeAnswer, FakeHandler } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';
import { realServer, type RealServer } from '../../test/realServer';

const ADMIN = 'SSAdministrator';
const ALPHA = 1;

async function start(
  url: string,
  prepare?: (s: RealServer) => Promise<unknown>,
  overrides: Record<string, FakeHandler | FakeAnswer> = {},
) {
  const server = realServer({ admin: true, overrides });
  await prepare?.(server);
  renderApp({ url, fetch: server.fetch, session: await server.signIn(ADMIN) });
  const get = <T,>(path: string) => server.call<T>(ADMIN, 'GET', path);
  return { server, w: server.w, get };
}

const cardNames = () =>
  screen.queryAllByTestId('admin-card').map((c) => within(c).getByRole('heading').textContent);
const last = (server: RealServer, method: string, path: string) =>
  server.requests.filter((r) => r.method === method && r.path === path).at(-1);
const editor = () => screen.findByTestId('admin-editor');

describe('databases', () => {
  it('strips what a database name may not hold, checks the password, and creates it', async () => {
    const { get } = await start('/admin/full');
    await waitFor(() => expect(cardNames()).toEqual(['Alpha', 'Beta']));
    fireEvent.click(screen.getByTestId('admin-add'));
    const form = await editor();
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Legal / 2024 (EU)?' } });
    expect(within(form).getByLabelText<HTMLInputElement>('Name').value).toBe('Legal2024(EU)');
    fireEvent.change(within(form).getByLabelText('Authentication'), { target: { value: 'sql' } });
    fireEvent.change(within(form).getByLabelText('User'), { target: { value: 'sa' } });
    fireEvent.change(within(form).getByLabelText('Password'), { target: { value: 'one' } });
    fireEvent.change(within(form).getByLabelText('Confirm password'), { target: { value: 'two' } });
    expect(within(form).getByRole('alert').textContent).toBe('The password and its confirmation differ.');
    fireEvent.change(within(form).getByLabelText('Confirm password'), { target: { value: 'one' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(cardNames()).toContain('Legal2024(EU)'));
    const made = (await get<AdminDatabase[]>(p.databases())).find((d) => d.Name === 'Legal2024(EU)');
    // the password is never sent back
    expect(made?.Auth).toEqual({ Type: 'sql', User: 'sa', Pass: '' });
  });

  it('rebuilds a database index with rebuild=true', async () => {
    const { server } = await start('/admin/full?mode=DATABASES');
    const alpha = (await screen.findAllByTestId('admin-card'))[0]!;
    fireEvent.click(within(alpha).getByRole('button', { name: 'Rebuild indexes' }));
    await waitFor(() =>
      expect(last(server, 'GET', p.databases(ALPHA))?.url.searchParams.get('rebuild')).toBe('true'),
    );
    await waitFor(() => expect(screen.getByTestId('admin-alert').dataset.status).toBe('saved'));
  });
});

describe('inboxes', () => {
  it('creates an inbox and deletes one after DELETE and its upper-case name', async () => {
    const { get } = await start('/admin/full?mode=INBOXES');
    await waitFor(() => expect(cardNames()).toEqual(['Hidden', 'Mail', 'Scans']));
    const showAll = await get<{ ShowAll: boolean }>(p.inboxOptions());
    expect((await screen.findByLabelText<HTMLInputElement>('Show all to administrators')).checked).toBe(
      showAll.ShowAll,
    );
    fireEvent.click(screen.getByRole('button', { name: '+ New inbox' }));
    const form = await editor();
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'AP Intake' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(cardNames()).toEqual(['AP Intake', 'Hidden', 'Mail', 'Scans']));
    fireEvent.click(screen.getByRole('button', { name: 'Delete Hidden' }));
    const modal = await screen.findByTestId('admin-confirm-delete');
    fireEvent.change(within(modal).getByLabelText('Confirmation'), { target: { value: 'DELETE HIDDEN' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(cardNames()).toEqual(['AP Intake', 'Mail', 'Scans']));
    expect((await get<AdminInbox[]>(p.inboxes())).map((i) => i.Name).sort()).toEqual([
      'AP Intake',
      'Mail',
      'Scans',
    ]);
  });
});

describe('lists bound to a query or an assembly', () => {
  it('saves an [SQL] query with its prefix and tests an assembly with PUT lists', async () => {
    const { server, get } = await start(`/admin/full?mode=FIELD_CATALOG&db=${ALPHA}&tab=LISTS`);
    fireEvent.click(await screen.findByRole('button', { name: '+ New list' }));
    let form = await editor();
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Vendors SQL' } });
    fireEvent.change(within(form).getByLabelText('Source'), { target: { value: 'sql' } });
    fireEvent.change(within(form).getByLabelText('Query'), { target: { value: 'SELECT name FROM vendors' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    // the server runs the query before it keeps the list, in its list-query processes, which the
    // unit tier does not start (decision 044, 059): its refusal is what the console shows
    expect((await screen.findByRole('alert')).textContent).toContain('The query of the [SQL] list failed');
    const sql = JSON.parse(last(server, 'POST', p.lists(ALPHA))?.body ?? '{}') as AdminList;
    expect(sql.AssemblyPath).toBe('[SQL]SELECT name FROM vendors');

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: '+ New list' }));
    form = await editor();
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Regions' } });
    fireEvent.change(within(form).getByLabelText('Values, one per line'), {
      target: { value: 'North\nSouth' },
    });
    fireEvent.change(within(form).getByLabelText('Source'), { target: { value: 'assembly' } });
    fireEvent.change(within(form).getByLabelText('Assembly path'), {
      target: { value: 'C:\\lists\\regions.dll' },
    });
    expect(within(form).getByRole('alert').textContent).toBe(
      'An assembly list needs its path and its parameters.',
    );
    fireEvent.change(within(form).getByLabelText('Parameters'), { target: { value: 'country=US' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Test' }));
    // the simulator loads no assembly: an assembly list offers the items it holds
    expect((await screen.findByTestId('list-test-result')).textContent).toBe('2 values: North, South');
    expect(JSON.parse(last(server, 'PUT', p.lists(ALPHA))?.body ?? '{}')).toMatchObject({
      AssemblyPath: 'C:\\lists\\regions.dll',
      AssemblyParameters: 'country=US',
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(cardNames()).toContain('Regions'));
    const regions = (await get<AdminList[]>(p.lists(ALPHA))).find((l) => l.Name === 'Regions');
    expect(regions).toMatchObject({
      AssemblyPath: 'C:\\lists\\regions.dll',
      AssemblyParameters: 'country=US',
    });
  });
});

describe('registration and email server', () => {
  it('registers by hand with PUT registration', async () => {
    let code = '';
    const { get } = await start('/admin/full?mode=REGISTRATION', async (s) => {
      // the number of serial SN-2002 on this server, as web registration finds it
      code = (await s.call<AdminRegistration>(ADMIN, 'POST', p.registration(), { Serial: 'SN-2002' }))
        .RegNumber;
    });
    const { UID } = await get<AdminRegistration>(p.registration());
    fireEvent.click(await screen.findByRole('button', { name: 'Manual registration' }));
    const modal = await screen.findByTestId('admin-manual-registration');
    expect(within(modal).getByText(`Unique ID: ${UID}`)).toBeTruthy();
    fireEvent.change(within(modal).getByLabelText('Serial number'), { target: { value: 'SN-2002' } });
    fireEvent.change(within(modal).getByLabelText('Registration code'), { target: { value: code } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Register' }));
    await waitFor(async () =>
      expect(await get<AdminRegistration>(p.registration())).toMatchObject({
        RegType: 'Manual',
        Serial: 'SN-2002',
      }),
    );
  });

  it("saves the database's mail server", async () => {
    const { get } = await start(`/admin/full?mode=EMAIL_SETTINGS&db=${ALPHA}`, (s) =>
      s.call(ADMIN, 'PUT', p.dbNotifications(ALPHA), {
        Server: 'smtp.local',
        Port: 25,
        Auth: { User: '', Password: '' },
      }),
    );
    const form = await editor();
    await waitFor(() =>
      expect(within(form).getByLabelText<HTMLInputElement>('SMTP server').value).toBe('smtp.local'),
    );
    fireEvent.change(within(form).getByLabelText('Port'), { target: { value: '0' } });
    expect(within(form).getByRole('alert').textContent).toBe('The port must be between 1 and 65535.');
    // not a whole number: refused as typed, never read as 1000 or 12 (decision 049)
    for (const value of ['1e3', '12abc', '25.5']) {
      fireEvent.change(within(form).getByLabelText('Port'), { target: { value } });
      expect(within(form).getByLabelText<HTMLInputElement>('Port').value).toBe(value);
      expect(within(form).getByText('Enter a valid number.')).toBeTruthy();
      expect(within(form).getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(true);
    }
    fireEvent.change(within(form).getByLabelText('Port'), { target: { value: '587' } });
    expect(within(form).queryByText('Enter a valid number.')).toBeNull();
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(async () =>
      expect(await get<AdminMailServer>(p.dbNotifications(ALPHA))).toMatchObject({
        Server: 'smtp.local',
        Port: 587,
      }),
    );
  });
});
