import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminArchive } from '@gs/contract/admin/catalog';
import {
  adminServer,
  adminWorld,
  DBADMIN,
  NOT_ADMIN,
  SSADMIN,
  type AdminFlagsSetup,
} from '../../test/adminServer';
import { json } from '../../test/fakeServer';
import { session } from '../../test/fixtures';
import { currentPath, renderApp } from '../../test/renderApp';

function start(url: string, flags: AdminFlagsSetup = SSADMIN, extra = {}) {
  const world = adminWorld();
  const fake = adminServer(world, flags, extra);
  const app = renderApp({ url, fetch: fake.fetch, session: session({ username: 'SSAdministrator' }) });
  return { ...app, world, fake };
}

const modeNames = async () => {
  const nav = await screen.findByRole('navigation', { name: 'Administration' });
  return within(nav)
    .getAllByRole('button')
    .map((b) => b.textContent);
};
const cardNames = () =>
  screen.queryAllByTestId('admin-card').map((c) => within(c).getByRole('heading').textContent);
const sent = (fake: ReturnType<typeof start>['fake'], method: string, path: string) =>
  fake.requests.filter((r) => r.method === method && r.path === path);

describe('/admin/full: who sees what (admin-spec §2, §6)', () => {
  it('sends a user who administers no database to /select', async () => {
    start('/admin/full', NOT_ADMIN);
    await waitFor(() => expect(currentPath()).toBe('/select'));
  });

  it('gives the administrator of all every mode, DATABASES first and by default', async () => {
    start('/admin/full');
    expect(await modeNames()).toEqual([
      'Databases',
      'Archives',
      'Inboxes',
      'Field catalog',
      'Searches',
      'Email server settings',
      'Stamps',
      'Registration',
      'License rules',
      'Database import',
    ]);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Databases');
    await waitFor(() => expect(cardNames()).toEqual(['Demo', 'HR']));
    expect(screen.getByTestId('admin-add').getAttribute('aria-label')).toBe('New database');
  });

  it('gives a database administrator its database only, without databases, stamps, inboxes or registration', async () => {
    start('/admin/full?mode=STAMPS', DBADMIN);
    expect(await modeNames()).toEqual(['Archives', 'Field catalog', 'Searches', 'Email server settings']);
    // a mode it may not see falls back to its first mode, in its one database
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Archives');
    await waitFor(() => expect(currentPath()).toContain('db=1'));
    const picker = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Database' });
    expect([...picker.options].map((o) => o.text)).toEqual(['Demo']);
  });
});

describe('multi-database licence (admin-spec §6)', () => {
  const createButtons = () => [
    screen.getByTestId('admin-add'),
    screen.getByRole('button', { name: '+ New database' }),
  ];

  it('disables New database, card and floating button, with the tooltip when mdb is 0', async () => {
    const { fake } = start('/admin/full', { ...SSADMIN, mdb: 0 });
    await waitFor(() => expect(cardNames()).toEqual(['Demo', 'HR']));
    for (const button of createButtons()) {
      expect(button).toHaveProperty('disabled', true);
      expect(button.getAttribute('title')).toBe('Multiple databases are not licensed.');
      fireEvent.click(button);
    }
    expect(screen.queryByTestId('admin-editor')).toBeNull();
    expect(sent(fake, 'POST', 'admin/databases')).toHaveLength(0);
  });

  it('leaves New database enabled when the feature is licensed', async () => {
    start('/admin/full', { ...SSADMIN, mdb: 1 });
    await waitFor(() => expect(cardNames()).toEqual(['Demo', 'HR']));
    for (const button of createButtons()) {
      expect(button).toHaveProperty('disabled', false);
      expect(button.getAttribute('title')).toBeNull();
    }
    fireEvent.click(screen.getByTestId('admin-add'));
    expect(await screen.findByTestId('admin-editor')).toBeTruthy();
  });
});

describe('archives', () => {
  it('creates an archive with fields and a view: the POST carries them and the card appears', async () => {
    const { fake, world } = start('/admin/full?mode=ARCHIVES&db=1');
    await waitFor(() => expect(cardNames()).toEqual(['Accounts Payable', 'Invoices', 'Versions']));
    fireEvent.click(screen.getByTestId('admin-add'));
    const editor = await screen.findByTestId('admin-editor');
    expect(within(editor).getByRole('alert').textContent).toBe('Enter a name.');
    fireEvent.change(within(editor).getByLabelText('Name'), { target: { value: 'Contracts' } });
    expect(within(editor).getByRole('alert').textContent).toBe('Choose at least one field.');
    fireEvent.click(within(editor).getByRole('button', { name: 'Edit fields' }));
    const fieldsModal = await screen.findByTestId('admin-archive-fields');
    fireEvent.click(within(fieldsModal).getByLabelText(/Vendor/));
    fireEvent.click(within(fieldsModal).getByLabelText(/Invoice Date/));
    fireEvent.click(within(fieldsModal).getByRole('button', { name: 'OK' }));
    expect(screen.getByTestId('archive-field-names').textContent).toBe('Fields (2): Vendor, Invoice Date');

    fireEvent.click(within(editor).getByRole('button', { name: 'Edit views' }));
    const views = await screen.findByTestId('admin-archive-views');
    fireEvent.click(within(views).getByRole('button', { name: 'Add a view' }));
    fireEvent.click(within(views).getByRole('button', { name: 'Add a view' }));
    const ok = within(views).getByRole<HTMLButtonElement>('button', { name: 'OK' });
    expect(ok.disabled).toBe(true);
    const labels = within(views).getAllByLabelText(/^Label/);
    fireEvent.change(labels[0]!, { target: { value: 'Open' } });
    fireEvent.change(labels[1]!, { target: { value: 'open' } });
    expect(within(views).getAllByText('This label is already used.')).toHaveLength(2);
    fireEvent.change(labels[1]!, { target: { value: 'Closed' } });
    expect(ok.disabled).toBe(false);
    fireEvent.click(ok);

    // content search turns PDF conversion off
    fireEvent.click(within(editor).getByLabelText('Convert to PDF'));
    fireEvent.click(within(editor).getByLabelText('Content search'));
    expect(within(editor).getByLabelText<HTMLInputElement>('Convert to PDF').checked).toBe(false);

    fireEvent.click(within(editor).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(cardNames()).toContain('Contracts'));
    const posted = JSON.parse(
      sent(fake, 'POST', 'admin/databases/1/archives')[0]?.body ?? '{}',
    ) as AdminArchive;
    expect(posted).toMatchObject({
      Name: 'Contracts',
      Parent: 0,
      Fields: [1, 2],
      ContentSearch: true,
      ConvertPdf: false,
    });
    expect(posted.View.Values.map((v) => v.Label)).toEqual(['Open', 'Closed']);
    expect(world.archives.at(-1)?.Name).toBe('Contracts');
    expect(screen.getByTestId('admin-alert').dataset.status).toBe('saved');
  });

  it('deletes only after DELETE and the upper-case name are typed, with Drop when asked', async () => {
    const { fake, world } = start('/admin/full?mode=ARCHIVES&db=1');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Invoices' }));
    const modal = await screen.findByTestId('admin-confirm-delete');
    const confirm = within(modal).getByRole<HTMLButtonElement>('button', { name: 'Delete' });
    const input = within(modal).getByLabelText('Confirmation');
    fireEvent.change(input, { target: { value: 'DELETE Invoices' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'DELETE INVOICES' } });
    fireEvent.click(within(modal).getByLabelText('Also drop the documents and data it holds'));
    fireEvent.click(confirm);
    await waitFor(() => expect(cardNames()).toEqual(['Accounts Payable', 'Versions']));
    expect(sent(fake, 'DELETE', 'admin/databases/1/archives/2')[0]?.url.searchParams.get('Drop')).toBe(
      'true',
    );
    expect(world.archives.map((a) => a.Id)).toEqual([1, 3]);
  });

  it('asks before leaving a mode with unsaved changes', async () => {
    start('/admin/full?mode=ARCHIVES&db=1');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Invoices' }));
    fireEvent.change(within(await screen.findByTestId('admin-editor')).getByLabelText('Name'), {
      target: { value: 'Invoices 2' },
    });
    fireEvent.click(screen.getByTestId('admin-mode-SEARCHES'));
    const dialog = await screen.findByTestId('admin-unsaved');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(currentPath()).toContain('mode=ARCHIVES');
    fireEvent.click(screen.getByTestId('admin-mode-SEARCHES'));
    fireEvent.click(
      within(await screen.findByTestId('admin-unsaved')).getByRole('button', { name: 'Leave' }),
    );
    await waitFor(() => expect(currentPath()).toContain('mode=SEARCHES'));
  });

  it("shows the server's Message when a save is refused", async () => {
    start('/admin/full?mode=ARCHIVES&db=1', SSADMIN, {
      'PUT admin/databases/1/archives/2': json({ Message: 'The request is invalid.' }, 400),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Rename Invoices' }));
    fireEvent.change(screen.getByLabelText('New name'), { target: { value: 'Bills' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The request is invalid.');
    expect(screen.getByTestId('admin-alert').dataset.status).toBe('error');
  });
});

describe('edit fields', () => {
  it('lists at most 100 fields and narrows them as the user types', async () => {
    const world = adminWorld();
    const many = Array.from({ length: 150 }, (_, i) => ({
      ...world.fields[0]!,
      Id: 100 + i,
      Name: `Field ${i}`,
    }));
    world.fields = [...world.fields, ...many];
    const fake = adminServer(world, SSADMIN);
    renderApp({ url: '/admin/full?mode=ARCHIVES&db=1', fetch: fake.fetch, session: session() });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Invoices' }));
    fireEvent.click(
      within(await screen.findByTestId('admin-editor')).getByRole('button', { name: 'Edit fields' }),
    );
    const modal = await screen.findByTestId('admin-archive-fields');
    expect(within(modal).getAllByRole('checkbox')).toHaveLength(100);
    fireEvent.change(within(modal).getByLabelText('Find a field'), { target: { value: 'field 14' } });
    expect(within(modal).getAllByRole('checkbox')).toHaveLength(11);
  });
});

describe('dynamic lists', () => {
  it('alerts when an archive would hold a dynamic list without the field it depends on', async () => {
    const world = adminWorld();
    world.fields.push({
      ...world.fields[0]!,
      Id: 4,
      Name: 'Vendor Site',
      List: {
        Type: 'dynamic',
        ListId: 1,
        Primary: 3,
        Secondary: 0,
        Mapping: [{ ListId: 1, PrimaryValue: 'a', SecondaryValue: 'b' }],
      },
    });
    renderApp({
      url: '/admin/full?mode=ARCHIVES&db=1',
      fetch: adminServer(world, SSADMIN).fetch,
      session: session(),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Invoices' }));
    fireEvent.click(
      within(await screen.findByTestId('admin-editor')).getByRole('button', { name: 'Edit fields' }),
    );
    const modal = await screen.findByTestId('admin-archive-fields');
    fireEvent.click(within(modal).getByLabelText(/Vendor Site/));
    expect(within(modal).getByRole('alert').textContent).toBe(
      'Vendor Site uses a dynamic list that depends on Amount; add it as well.',
    );
    fireEvent.click(within(modal).getByLabelText(/Amount/));
    expect(within(modal).queryByRole('alert')).toBeNull();
  });
});

describe('database administrators', () => {
  it('pick among the databases they may open when admin/databases is kept from them', async () => {
    const world = adminWorld();
    const fake = adminServer(world, DBADMIN, { 'GET admin/databases': json({ Message: 'Forbidden.' }, 403) });
    renderApp({ url: '/admin/full', fetch: fake.fetch, session: session() });
    const picker = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Database' });
    await waitFor(() => expect([...picker.options].map((o) => o.text)).toEqual(['Demo', 'HR']));
    await waitFor(() => expect(currentPath()).toBe('/admin/full?db=1'));
  });
});

describe('data exchange', () => {
  it('saves the sources and mapping of an archive as DXTables with a ConnectionString', async () => {
    const { fake } = start('/admin/full?mode=ARCHIVES&db=1', SSADMIN, {
      'GET admin/databases/1/archives/2/dxc': [],
      'PUT admin/databases/1/archives/2/dxc': json(null),
    });
    const invoices = (await screen.findAllByTestId('admin-card'))[1]!;
    fireEvent.click(within(invoices).getByRole('button', { name: 'Data exchange' }));
    const modal = await screen.findByTestId('admin-dxc');
    const save = within(modal).getByRole<HTMLButtonElement>('button', { name: 'Save' });
    fireEvent.click(within(modal).getByRole('button', { name: 'Add a source' }));
    expect(save.disabled).toBe(true);
    const source = within(modal).getByTestId('dxc-source');
    fireEvent.change(within(source).getByLabelText('Name'), { target: { value: 'ERP' } });
    fireEvent.change(within(source).getByLabelText('Connection string'), {
      target: { value: 'Server=erp;Database=ap' },
    });
    fireEvent.click(within(source).getByRole('button', { name: 'Add a mapping' }));
    fireEvent.change(within(source).getByLabelText('Archive field'), { target: { value: '1' } });
    fireEvent.change(within(source).getByLabelText('Mapped column'), { target: { value: 'VENDOR_NAME' } });
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    await waitFor(() => expect(screen.queryByTestId('admin-dxc')).toBeNull());
    const put = fake.requests.find(
      (r) => r.method === 'PUT' && r.path === 'admin/databases/1/archives/2/dxc',
    );
    expect(JSON.parse(put?.body ?? '{}')).toEqual({
      DXTables: [
        {
          Id: 0,
          Name: 'ERP',
          ConnectionString: 'Server=erp;Database=ap',
          UseInternal: false,
          InternalDatabase: 0,
          Mapping: [{ ArchiveField: 1, MappedField: 'VENDOR_NAME' }],
        },
      ],
    });
  });
});

describe('stamps', () => {
  it("lists stamps alphabetically and refuses a duplicate with 'Stamp already exists.'", async () => {
    const { fake } = start('/admin/full?mode=STAMPS');
    await waitFor(() => expect(cardNames()).toEqual(['APPROVED', 'Paid @Today', 'Received']));
    const input = screen.getByLabelText('Stamp text');
    const add = screen.getByRole<HTMLButtonElement>('button', { name: 'Add stamp' });
    expect(add.disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'approved' } });
    fireEvent.click(add);
    expect((await screen.findByRole('alert')).textContent).toContain('Stamp already exists.');
    expect(sent(fake, 'POST', 'admin/stamps')).toHaveLength(0);
    fireEvent.change(input, { target: { value: 'Void by @User' } });
    expect(screen.getByTestId('stamp-preview').textContent).toBe('Void by SSAdministrator');
    fireEvent.click(add);
    await waitFor(() =>
      expect(cardNames()).toEqual(['APPROVED', 'Paid @Today', 'Received', 'Void by @User']),
    );
  });
});
