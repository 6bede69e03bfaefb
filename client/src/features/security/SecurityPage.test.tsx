// The security screen against the simulator's app in process (test/realServer.ts): what the
// screen saves is read back through the user administration API.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  QUICK_PERMISSIONS,
  securityPaths as p,
  type DatabasePermissions,
  type S9Group,
  type SearchSecurity,
} from '@gs/contract/admin/security';
import { renderApp } from '../../test/renderApp';
import { realServer, type RealServer } from '../../test/realServer';

const USER = 2;
const GROUP = 4;

async function start(login = 'SSAdministrator') {
  const server = realServer();
  renderApp({ url: '/admin/security', fetch: server.fetch, session: await server.signIn(login) });
  const admin = <T,>(path: string) => server.call<T>('SSAdministrator', 'GET', path);
  return { server, w: server.w, admin };
}
const list = (name: string) => screen.findByRole('navigation', { name });
const names = async (name: string) =>
  within(await list(name))
    .queryAllByRole('button')
    .map((b) => b.firstChild?.textContent);
const choose = async (listName: string, name: string) => {
  fireEvent.click(within(await list(listName)).getByRole('button', { name: new RegExp(`^${name}`) }));
  return screen.findByTestId('security-details');
};
const lastBody = (server: RealServer, method: string, path: string): unknown =>
  JSON.parse(server.requests.filter((r) => r.method === method && r.path === path).at(-1)?.body ?? 'null');
/** Does `act`, then waits until the POST to `path` it makes has been answered. */
async function saving(server: RealServer, path: string, act: () => void): Promise<void> {
  const posts = () => server.requests.filter((r) => r.method === 'POST' && r.path === path).length;
  const before = posts();
  act();
  await waitFor(() => expect(posts()).toBeGreaterThan(before));
  await server.idle();
}
const USERS = ['dbadmin', 'full.user', 'grouped', 'nobody', 'reader', 'SSAdministrator', 'web.user'];

describe('/admin/security', () => {
  it("tells a database administrator who is not a user administrator 'Account Not Authorized For User Management'", async () => {
    await start('dbadmin');
    expect((await screen.findByRole('alert')).textContent).toBe('Account Not Authorized For User Management');
    expect(screen.queryByRole('navigation', { name: 'Users' })).toBeNull();
  });

  it('lists users and groups, creates a group and a user in it with licence 2 by default', async () => {
    const { server, admin } = await start();
    expect(await names('Users')).toEqual(USERS);
    expect(await names('Groups')).toEqual(['Accounting']);
    const groupForm = screen.getByRole('form', { name: 'New group' });
    fireEvent.change(within(groupForm).getByLabelText('Name'), { target: { value: 'Clerks' } });
    fireEvent.click(within(groupForm).getByRole('button', { name: 'Add group' }));
    await waitFor(async () => expect(await names('Groups')).toEqual(['Accounting', 'Clerks']));
    const userForm = screen.getByRole('form', { name: 'New user' });
    fireEvent.change(within(userForm).getByLabelText('Name'), { target: { value: 'clerk' } });
    fireEvent.change(within(userForm).getByLabelText('Password'), { target: { value: 'Pw#12345' } });
    fireEvent.change(within(userForm).getByLabelText('Member of'), { target: { value: 'Clerks' } });
    fireEvent.click(within(userForm).getByRole('button', { name: 'Add user' }));
    await waitFor(async () => expect(await names('Users')).toEqual(['clerk', ...USERS]));
    expect(lastBody(server, 'POST', 'userAdmin/user')).toEqual({
      Name: 'clerk',
      Password: 'Pw#12345',
      Email: '',
      License: 2,
      Type: 2,
    });
    const groups = await admin<S9Group[]>(p.groups());
    await waitFor(async () =>
      expect((await admin<S9Group[]>(p.groups())).find((g) => g.Name === 'Clerks')?.Users).toEqual(['clerk']),
    );
    expect(groups.map((g) => g.Name)).toEqual(['Accounting', 'Clerks']);
    expect((await server.signIn('clerk', 'Pw#12345')).licenseType).toBe(2);
  });

  it('shows the server refusing a duplicate name', async () => {
    await start();
    await list('Users');
    const groupForm = screen.getByRole('form', { name: 'New group' });
    fireEvent.change(within(groupForm).getByLabelText('Name'), { target: { value: 'READER' } });
    fireEvent.click(within(groupForm).getByRole('button', { name: 'Add group' }));
    expect((await screen.findByRole('alert')).textContent).toContain('READER already exists.');
  });

  it('gives a group a database, READ and EDIT through quick permissions, and single bits', async () => {
    const { server, w, admin } = await start();
    const details = await choose('Groups', 'Accounting');
    const archiveMask = (archive: number) =>
      admin<number>(p.archiveMask(w.alpha, archive, 'Accounting', GROUP));
    const access = await within(details).findByLabelText('Access to Beta');
    await saving(server, 'userAdmin/databases', () => fireEvent.click(access));
    expect(await admin<DatabasePermissions>(p.databaseLevel(w.beta, 'Accounting', GROUP))).toEqual({
      Access: true,
      Level: 0,
    });
    const invoices = await within(details).findByLabelText('Rights on Invoices');
    await saving(server, 'userAdmin/archives', () =>
      fireEvent.change(invoices, { target: { value: 'READ' } }),
    );
    expect(await archiveMask(w.invoices)).toBe(QUICK_PERMISSIONS.READ);
    expect(lastBody(server, 'POST', 'userAdmin/archives')).toEqual({
      Users: [{ Name: 'Accounting', Type: GROUP }],
      Targets: [{ Id: w.invoices, Database: w.alpha }],
      Permissions: { Mask: QUICK_PERMISSIONS.READ },
    });
    await saving(server, 'userAdmin/archives', () =>
      fireEvent.change(within(details).getByLabelText('Rights on Contracts'), { target: { value: 'EDIT' } }),
    );
    expect(await archiveMask(w.contracts)).toBe(QUICK_PERMISSIONS.EDIT);
    await waitFor(() =>
      expect(within(details).getByLabelText<HTMLSelectElement>('Rights on Invoices').value).toBe('READ'),
    );
    // one bit more than READ is a custom mask
    fireEvent.click(within(details).getByRole('button', { name: 'Permissions of Invoices' }));
    await saving(server, 'userAdmin/archives', () =>
      fireEvent.click(within(details).getByRole('checkbox', { name: 'Delete' })),
    );
    expect(await archiveMask(w.invoices)).toBe(QUICK_PERMISSIONS.READ | 8);
    await waitFor(() =>
      expect(within(details).getByLabelText<HTMLSelectElement>('Rights on Invoices').value).toBe('CUSTOM'),
    );
    await saving(server, 'userAdmin/inboxes', () =>
      fireEvent.change(within(details).getByLabelText('Rights on inbox Scans'), {
        target: { value: 'FULL' },
      }),
    );
    expect(await admin<number>(p.inboxMask(w.scans, 'Accounting', GROUP))).toBe(QUICK_PERMISSIONS.FULL);
  });

  it('grants a search and sets its types', async () => {
    const { server, w, admin } = await start();
    const props = async () =>
      (await admin<SearchSecurity[]>(p.searches(w.alpha, 'reader', USER))).find((s) => s.Id === w.byVendor)
        ?.Properties;
    const details = await choose('Users', 'reader');
    const mayRun = await within(details).findByLabelText('May run By vendor');
    await saving(server, 'userAdmin/searches', () => fireEvent.click(mayRun));
    expect(await props()).toBe(2);
    const search = within(details).getByLabelText('May run By vendor').closest('li') as HTMLElement;
    await waitFor(() =>
      expect(within(search).getByLabelText<HTMLInputElement>('May run By vendor').checked).toBe(true),
    );
    await saving(server, 'userAdmin/searchType', () =>
      fireEvent.click(within(search).getByLabelText('Default search')),
    );
    expect(await props()).toBe(2 | 8);
  });

  it('changes a password once both entries agree, and deletes a user after confirming', async () => {
    const { server } = await start();
    const details = await choose('Users', 'reader');
    const form = within(details).getByRole('form', { name: 'Change password' });
    fireEvent.change(within(form).getByLabelText('New password'), { target: { value: 'One#1111' } });
    fireEvent.change(within(form).getByLabelText('Confirm password'), { target: { value: 'Two' } });
    expect(within(form).getByRole('alert').textContent).toBe('The passwords do not match.');
    expect(within(form).getByRole<HTMLButtonElement>('button', { name: 'Change password' }).disabled).toBe(
      true,
    );
    fireEvent.change(within(form).getByLabelText('Confirm password'), { target: { value: 'One#1111' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(server.requests.some((r) => r.method === 'PUT')).toBe(true));
    await server.idle();
    expect((await server.signIn('reader', 'One#1111')).username).toBe('reader');
    fireEvent.click(within(details).getByRole('button', { name: 'Delete reader' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete reader' }));
    await waitFor(async () => expect(await names('Users')).toEqual(USERS.filter((u) => u !== 'reader')));
  });

  it('imports users from CSV and lists the ones not added', async () => {
    await start();
    await list('Users');
    const form = screen.getByRole('form', { name: 'Import users from CSV' });
    fireEvent.change(within(form).getByLabelText('CSV text'), {
      target: { value: 'Name,Password\nnew.one,Pw#1\nREADER,Pw#2' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Import' }));
    const result = await screen.findByTestId('security-import-result');
    expect(result.textContent).toContain('Added: new.one');
    expect(
      within(result)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['The user READER already exists.']);
    await waitFor(async () => expect(await names('Users')).toContain('new.one'));
  });
});
