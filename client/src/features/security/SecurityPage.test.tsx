import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QUICK_PERMISSIONS } from '@gs/contract/admin/security';
import { session } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { securityServer, securityWorld } from '../../test/securityServer';

function start(userAdmin = true) {
  const world = securityWorld();
  const fake = securityServer(world, userAdmin);
  renderApp({ url: '/admin/security', fetch: fake.fetch, session: session({ username: 'SSAdministrator' }) });
  return { world, fake };
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
const lastBody = (fake: ReturnType<typeof start>['fake'], method: string, path: string): unknown =>
  JSON.parse(fake.requests.filter((r) => r.method === method && r.path === path).at(-1)?.body ?? 'null');

describe('/admin/security', () => {
  it("tells someone who is not a user administrator 'Account Not Authorized For User Management'", async () => {
    start(false);
    expect((await screen.findByRole('alert')).textContent).toBe('Account Not Authorized For User Management');
    expect(screen.queryByRole('navigation', { name: 'Users' })).toBeNull();
  });

  it('lists users and groups, creates a group and a user in it with licence 2 by default', async () => {
    const { world, fake } = start();
    expect(await names('Users')).toEqual(['reader', 'SSAdministrator']);
    expect(await names('Groups')).toEqual(['Auditors']);
    const groupForm = screen.getByRole('form', { name: 'New group' });
    fireEvent.change(within(groupForm).getByLabelText('Name'), { target: { value: 'Clerks' } });
    fireEvent.click(within(groupForm).getByRole('button', { name: 'Add group' }));
    await waitFor(async () => expect(await names('Groups')).toEqual(['Auditors', 'Clerks']));
    const userForm = screen.getByRole('form', { name: 'New user' });
    fireEvent.change(within(userForm).getByLabelText('Name'), { target: { value: 'clerk' } });
    fireEvent.change(within(userForm).getByLabelText('Password'), { target: { value: 'Pw#12345' } });
    fireEvent.change(within(userForm).getByLabelText('Member of'), { target: { value: 'Clerks' } });
    fireEvent.click(within(userForm).getByRole('button', { name: 'Add user' }));
    await waitFor(async () => expect(await names('Users')).toEqual(['clerk', 'reader', 'SSAdministrator']));
    expect(lastBody(fake, 'POST', 'userAdmin/user')).toEqual({
      Name: 'clerk',
      Password: 'Pw#12345',
      Email: '',
      License: 2,
      Type: 2,
    });
    expect(world.groups.find((g) => g.Name === 'Clerks')?.Users).toEqual(['clerk']);
  });

  it('shows the server refusing a duplicate name', async () => {
    start();
    await list('Users');
    const groupForm = screen.getByRole('form', { name: 'New group' });
    fireEvent.change(within(groupForm).getByLabelText('Name'), { target: { value: 'READER' } });
    fireEvent.click(within(groupForm).getByRole('button', { name: 'Add group' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The group READER already exists.');
  });

  it('gives a group READ and EDIT through quick permissions, and single bits', async () => {
    const { world, fake } = start();
    const details = await choose('Groups', 'Auditors');
    fireEvent.click(await within(details).findByLabelText('Access to Demo'));
    await waitFor(() => expect(world.grants.get('4:Auditors:db:1')).toBe(0));
    fireEvent.change(await within(details).findByLabelText('Rights on Invoices'), {
      target: { value: 'READ' },
    });
    await waitFor(() => expect(world.grants.get('4:Auditors:archive:10')).toBe(QUICK_PERMISSIONS.READ));
    expect(lastBody(fake, 'POST', 'userAdmin/archives')).toEqual({
      Users: [{ Name: 'Auditors', Type: 4 }],
      Targets: [{ Id: 10, Database: 1 }],
      Permissions: { Mask: QUICK_PERMISSIONS.READ },
    });
    fireEvent.change(within(details).getByLabelText('Rights on Contracts'), { target: { value: 'EDIT' } });
    await waitFor(() => expect(world.grants.get('4:Auditors:archive:20')).toBe(QUICK_PERMISSIONS.EDIT));
    await waitFor(() =>
      expect(within(details).getByLabelText<HTMLSelectElement>('Rights on Invoices').value).toBe('READ'),
    );
    // one bit more than READ is a custom mask
    fireEvent.click(within(details).getByRole('button', { name: 'Permissions of Invoices' }));
    fireEvent.click(within(details).getByRole('checkbox', { name: 'Delete' }));
    await waitFor(() => expect(world.grants.get('4:Auditors:archive:10')).toBe(QUICK_PERMISSIONS.READ | 8));
    await waitFor(() =>
      expect(within(details).getByLabelText<HTMLSelectElement>('Rights on Invoices').value).toBe('CUSTOM'),
    );
    fireEvent.change(within(details).getByLabelText('Rights on inbox Scanning'), {
      target: { value: 'FULL' },
    });
    await waitFor(() => expect(world.grants.get('4:Auditors:inbox:3')).toBe(QUICK_PERMISSIONS.FULL));
  });

  it('grants a search and sets its types', async () => {
    const { world } = start();
    const details = await choose('Users', 'reader');
    fireEvent.click(await within(details).findByLabelText('May run By vendor'));
    await waitFor(() => expect(world.grants.get('2:reader:search:100')).toBe(2));
    const search = within(details).getByLabelText('May run By vendor').closest('li') as HTMLElement;
    await waitFor(() =>
      expect(within(search).getByLabelText<HTMLInputElement>('May run By vendor').checked).toBe(true),
    );
    fireEvent.click(within(search).getByLabelText('Default search'));
    await waitFor(() => expect(world.grants.get('2:reader:search:100')).toBe(2 | 8));
  });

  it('changes a password once both entries agree, and deletes a user after confirming', async () => {
    const { world } = start();
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
    await waitFor(() => expect(world.users.find((u) => u.Name === 'reader')?.Password).toBe('One#1111'));
    fireEvent.click(within(details).getByRole('button', { name: 'Delete reader' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete reader' }));
    await waitFor(async () => expect(await names('Users')).toEqual(['SSAdministrator']));
  });

  it('imports users from CSV and lists the ones not added', async () => {
    start();
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
