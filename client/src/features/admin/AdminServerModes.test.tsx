import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminDatabase, AdminList, AdminMailServer } from '@gs/contract/admin/catalog';
import type { AdminInbox } from '@gs/contract/admin/server';
import { adminServer, adminWorld, SSADMIN } from '../../test/adminServer';
import { json } from '../../test/fakeServer';
import { session } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

function start(url: string, extra = {}) {
  const world = adminWorld();
  const fake = adminServer(world, SSADMIN, extra);
  renderApp({ url, fetch: fake.fetch, session: session() });
  return { world, fake };
}

const cardNames = () =>
  screen.queryAllByTestId('admin-card').map((c) => within(c).getByRole('heading').textContent);
const last = (fake: ReturnType<typeof start>['fake'], method: string, path: string) =>
  fake.requests.filter((r) => r.method === method && r.path === path).at(-1);
const editor = () => screen.findByTestId('admin-editor');

describe('databases', () => {
  it('strips what a database name may not hold, checks the password, and creates it', async () => {
    const { fake } = start('/admin/full');
    await waitFor(() => expect(cardNames()).toEqual(['Demo', 'HR']));
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
    expect(JSON.parse(last(fake, 'POST', 'admin/databases')?.body ?? '{}') as AdminDatabase).toMatchObject({
      Name: 'Legal2024(EU)',
      Auth: { Type: 'sql', User: 'sa', Pass: 'one' },
    });
  });

  it('rebuilds a database index with rebuild=true', async () => {
    const { fake } = start('/admin/full?mode=DATABASES');
    const demo = (await screen.findAllByTestId('admin-card'))[0]!;
    fireEvent.click(within(demo).getByRole('button', { name: 'Rebuild indexes' }));
    await waitFor(() =>
      expect(last(fake, 'GET', 'admin/databases/1')?.url.searchParams.get('rebuild')).toBe('true'),
    );
  });
});

describe('inboxes', () => {
  it('creates an inbox and deletes one after DELETE and its upper-case name', async () => {
    const { fake, world } = start('/admin/full?mode=INBOXES');
    await waitFor(() => expect(cardNames()).toEqual(['Scanning']));
    expect((await screen.findByLabelText<HTMLInputElement>('Show all to administrators')).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '+ New inbox' }));
    const form = await editor();
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'AP Intake' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(cardNames()).toEqual(['Scanning', 'AP Intake']));
    expect((JSON.parse(last(fake, 'POST', 'admin/inboxes')?.body ?? '{}') as AdminInbox).Name).toBe(
      'AP Intake',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete Scanning' }));
    const modal = await screen.findByTestId('admin-confirm-delete');
    fireEvent.change(within(modal).getByLabelText('Confirmation'), { target: { value: 'DELETE SCANNING' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(world.inboxes.map((i) => i.Name)).toEqual(['AP Intake']));
  });
});

describe('lists bound to a query or an assembly', () => {
  it('saves an [SQL] query with its prefix and tests an assembly with PUT lists', async () => {
    const { fake } = start('/admin/full?mode=FIELD_CATALOG&db=1&tab=LISTS', {
      'PUT admin/databases/1/lists': ['North', 'South'],
    });
    fireEvent.click(await screen.findByRole('button', { name: '+ New list' }));
    let form = await editor();
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Vendors SQL' } });
    fireEvent.change(within(form).getByLabelText('Source'), { target: { value: 'sql' } });
    fireEvent.change(within(form).getByLabelText('Query'), { target: { value: 'SELECT name FROM vendors' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(cardNames()).toContain('Vendors SQL'));
    const sql = JSON.parse(last(fake, 'POST', 'admin/databases/1/lists')?.body ?? '{}') as AdminList;
    expect(sql.AssemblyPath).toBe('[SQL]SELECT name FROM vendors');

    fireEvent.click(screen.getByRole('button', { name: '+ New list' }));
    form = await editor();
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Regions' } });
    fireEvent.change(within(form).getByLabelText('Source'), { target: { value: 'assembly' } });
    fireEvent.change(within(form).getByLabelText('Assembly path'), {
      target: { value: 'C:\\lists\\regions.dll' },
    });
    expect(within(form).getByRole('alert').textContent).toBe(
      'An assembly list needs its path and its parameters.',
    );
    fireEvent.change(within(form).getByLabelText('Parameters'), { target: { value: 'country=US' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Test' }));
    expect((await screen.findByTestId('list-test-result')).textContent).toBe('2 values: North, South');
    expect(JSON.parse(last(fake, 'PUT', 'admin/databases/1/lists')?.body ?? '{}')).toMatchObject({
      AssemblyPath: 'C:\\lists\\regions.dll',
      AssemblyParameters: 'country=US',
    });
  });
});

describe('registration and email server', () => {
  it('registers by hand with PUT registration', async () => {
    const { fake } = start('/admin/full?mode=REGISTRATION', {
      'GET admin/registration': {
        Product: 'GlobalSearch',
        RegNumber: 'R-1',
        RegType: 'Server',
        Serial: 'S-1',
        UID: 'U-42',
      },
      'PUT admin/registration': json(null),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Manual registration' }));
    const modal = await screen.findByTestId('admin-manual-registration');
    expect(within(modal).getByText('Unique ID: U-42')).toBeTruthy();
    fireEvent.change(within(modal).getByLabelText('Serial number'), { target: { value: 'S-2' } });
    fireEvent.change(within(modal).getByLabelText('Registration code'), { target: { value: 'CODE' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Register' }));
    await waitFor(() =>
      expect(JSON.parse(last(fake, 'PUT', 'admin/registration')?.body ?? '{}')).toEqual({
        UniqueId: 'U-42',
        Serial: 'S-2',
        Registration: 'CODE',
      }),
    );
  });

  it("saves the database's mail server", async () => {
    const { fake } = start('/admin/full?mode=EMAIL_SETTINGS&db=1', {
      'GET admin/databases/1/notifications': {
        Server: 'smtp.local',
        Port: 25,
        Auth: { User: '', Password: '' },
      },
      'PUT admin/databases/1/notifications': json(null),
    });
    const form = await editor();
    expect(within(form).getByLabelText<HTMLInputElement>('SMTP server').value).toBe('smtp.local');
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
    await waitFor(() =>
      expect(
        (JSON.parse(last(fake, 'PUT', 'admin/databases/1/notifications')?.body ?? '{}') as AdminMailServer)
          .Port,
      ).toBe(587),
    );
  });
});
