// The administration console against the simulator's app in process (test/realServer.ts): the
// test world's Alpha (Invoices with Paid and Open, Contracts) and Beta, as SSAdministrator (all
// databases), dbadmin (Alpha only) or full.user (none) sees them; what a mode saves is read back
// through the admin API. clientAdminWorld.ts adds the multi-database licence (`admin: true`).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminArchive, AdminDatabase, AdminField, AdminList } from '@gs/contract/admin/catalog';
import { adminPaths as p } from '@gs/contract/admin/paths';
import type { AdminDxcSource, AdminStamp } from '@gs/contract/admin/server';
import { json, type FakeAnswer, type FakeHandler } from '../../test/fakeServer';
import { currentPath, renderApp } from '../../test/renderApp';
import { realServer, type RealServer } from '../../test/realServer';

const ADMIN = 'SSAdministrator';
const ALPHA = 1;

interface Start {
  login?: string;
  /** the multi-database licence (clientAdminWorld.ts); true unless said */
  mdb?: boolean;
  prepare?: (s: RealServer) => Promise<unknown>;
  overrides?: Record<string, FakeHandler | FakeAnswer>;
}

async function start(url: string, { login = ADMIN, mdb = true, prepare, overrides = {} }: Start = {}) {
  const server = realServer({ admin: mdb, overrides });
  await prepare?.(server);
  const app = renderApp({ url, fetch: server.fetch, session: await server.signIn(login) });
  const get = <T,>(path: string) => server.call<T>(ADMIN, 'GET', path);
  return { ...app, server, w: server.w, get };
}

const modeNames = async () => {
  const nav = await screen.findByRole('navigation', { name: 'Administration' });
  return within(nav)
    .getAllByRole('button')
    .map((b) => b.textContent);
};
const cardNames = () =>
  screen.queryAllByTestId('admin-card').map((c) => within(c).getByRole('heading').textContent);
const sent = (server: RealServer, method: string, path: string) =>
  server.requests.filter((r) => r.method === method && r.path === path);
const ALPHA_ARCHIVES = ['Contracts', 'Invoices', 'Open', 'Paid'];

describe('/admin/full: who sees what (admin-spec §2, §6)', () => {
  it('sends a user who administers no database to /select', async () => {
    await start('/admin/full', { login: 'full.user' });
    await waitFor(() => expect(currentPath()).toBe('/select'));
  });

  it('gives the administrator of all every mode, DATABASES first and by default', async () => {
    await start('/admin/full');
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
    await waitFor(() => expect(cardNames()).toEqual(['Alpha', 'Beta']));
    // the cards' names come one level below the mode's title (axe heading-order)
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Alpha', 'Beta']);
    expect(screen.getByTestId('admin-add').getAttribute('aria-label')).toBe('New database');
  });

  it('gives a database administrator its database only, without databases, stamps, inboxes or registration', async () => {
    await start('/admin/full?mode=STAMPS', { login: 'dbadmin' });
    expect(await modeNames()).toEqual(['Archives', 'Field catalog', 'Searches', 'Email server settings']);
    // a mode it may not see falls back to its first mode, in its one database
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Archives');
    await waitFor(() => expect(currentPath()).toContain(`db=${ALPHA}`));
    const picker = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Database' });
    expect([...picker.options].map((o) => o.text)).toEqual(['Alpha']);
  });
});

describe('multi-database licence (admin-spec §6)', () => {
  const createButtons = () => [
    screen.getByTestId('admin-add'),
    screen.getByRole('button', { name: '+ New database' }),
  ];

  it('disables New database, card and floating button, with the tooltip when mdb is 0', async () => {
    const { server, get } = await start('/admin/full', { mdb: false });
    await waitFor(() => expect(cardNames()).toEqual(['Alpha', 'Beta']));
    for (const button of createButtons()) {
      expect(button).toHaveProperty('disabled', true);
      expect(button.getAttribute('title')).toBe('Multiple databases are not licensed.');
      fireEvent.click(button);
    }
    expect(screen.queryByTestId('admin-editor')).toBeNull();
    expect(sent(server, 'POST', p.databases())).toHaveLength(0);
    expect((await get<AdminDatabase[]>(p.databases())).map((d) => d.Name)).toEqual(['Alpha', 'Beta']);
  });

  it('leaves New database enabled when the feature is licensed', async () => {
    await start('/admin/full');
    await waitFor(() => expect(cardNames()).toEqual(['Alpha', 'Beta']));
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
    const { w, get } = await start(`/admin/full?mode=ARCHIVES&db=${ALPHA}`);
    await waitFor(() => expect(cardNames()).toEqual(ALPHA_ARCHIVES));
    fireEvent.click(screen.getByTestId('admin-add'));
    const editor = await screen.findByTestId('admin-editor');
    expect(within(editor).getByRole('alert').textContent).toBe('Enter a name.');
    fireEvent.change(within(editor).getByLabelText('Name'), { target: { value: 'Receipts' } });
    expect(within(editor).getByRole('alert').textContent).toBe('Choose at least one field.');
    fireEvent.click(within(editor).getByRole('button', { name: 'Edit fields' }));
    const fieldsModal = await screen.findByTestId('admin-archive-fields');
    fireEvent.click(within(fieldsModal).getByLabelText(/Vendor/));
    fireEvent.click(within(fieldsModal).getByLabelText(/Amount/));
    fireEvent.click(within(fieldsModal).getByRole('button', { name: 'OK' }));
    expect(screen.getByTestId('archive-field-names').textContent).toBe('Fields (2): Vendor, Amount');

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
    await waitFor(() => expect(cardNames()).toContain('Receipts'));
    const saved = (await get<AdminArchive[]>(p.archives(ALPHA))).find((a) => a.Name === 'Receipts');
    expect(saved).toMatchObject({
      Parent: 0,
      Fields: [w.vendor, w.amount],
      ContentSearch: true,
      ConvertPdf: false,
    });
    expect(saved?.View.Values.map((v) => v.Label)).toEqual(['Open', 'Closed']);
    expect(screen.getByTestId('admin-alert').dataset.status).toBe('saved');
  });

  it('deletes only after DELETE and the upper-case name are typed, with Drop when asked', async () => {
    const { server, w, get } = await start(`/admin/full?mode=ARCHIVES&db=${ALPHA}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Contracts' }));
    const modal = await screen.findByTestId('admin-confirm-delete');
    const confirm = within(modal).getByRole<HTMLButtonElement>('button', { name: 'Delete' });
    const input = within(modal).getByLabelText('Confirmation');
    fireEvent.change(input, { target: { value: 'DELETE Contracts' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'DELETE CONTRACTS' } });
    fireEvent.click(within(modal).getByLabelText('Also drop the documents and data it holds'));
    fireEvent.click(confirm);
    await waitFor(() => expect(cardNames()).toEqual(['Invoices', 'Open', 'Paid']));
    const request = sent(server, 'DELETE', p.archives(ALPHA, w.contracts))[0];
    expect(request?.url.searchParams.get('Drop')).toBe('true');
    expect((await get<AdminArchive[]>(p.archives(ALPHA))).map((a) => a.Id)).toEqual([
      w.invoices,
      w.open,
      w.paid,
    ]);
  });

  it('asks before leaving a mode with unsaved changes', async () => {
    await start(`/admin/full?mode=ARCHIVES&db=${ALPHA}`);
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
    const { get } = await start(`/admin/full?mode=ARCHIVES&db=${ALPHA}`);
    // a name another archive at the root holds
    fireEvent.click(await screen.findByRole('button', { name: 'Rename Invoices' }));
    fireEvent.change(screen.getByLabelText('New name'), { target: { value: 'Contracts' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      "An archive named 'Contracts' already exists there.",
    );
    expect(screen.getByTestId('admin-alert').dataset.status).toBe('error');
    expect((await get<AdminArchive[]>(p.archives(ALPHA))).map((a) => a.Name)).toEqual(ALPHA_ARCHIVES);
  });
});

describe('edit fields', () => {
  it('lists at most 100 fields and narrows them as the user types', async () => {
    // 150 more fields: the simulator adds a column per field (about 70 ms each here), so the
    // catalogue's answer gets them instead of the database
    const fields = `GET ${p.fields(ALPHA)}`;
    const { server } = await start(`/admin/full?mode=ARCHIVES&db=${ALPHA}`, {
      overrides: {
        [fields]: async (r) => {
          const real = (await (await server.forward(r)).json()) as AdminField[];
          const many = Array.from({ length: 150 }, (_, i) => ({
            ...real[0]!,
            Id: 100 + i,
            Name: `Field ${i}`,
          }));
          return [...real, ...many];
        },
      },
    });
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
    await start(`/admin/full?mode=ARCHIVES&db=${ALPHA}`, {
      prepare: async (s) => {
        const body = { Name: 'Sites', Values: ['a', 'b'] };
        const list = await s.call<AdminList>(ADMIN, 'POST', p.lists(ALPHA), body);
        const Mapping = [{ ListId: list.Id, PrimaryValue: 'a', SecondaryValue: 'b' }];
        await s.call<AdminField>(ADMIN, 'POST', p.fields(ALPHA), {
          ...{ Name: 'Vendor Site', Type: 'character', Length: 50 },
          List: { Type: 'dynamic', ListId: list.Id, Primary: s.w.amount, Secondary: 0, Mapping },
        });
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Contracts' }));
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
    // a refusal on cue: the server answers a database administrator its databases
    await start('/admin/full', {
      login: 'dbadmin',
      overrides: { 'GET admin/databases': json({ Message: 'Forbidden.' }, 403) },
    });
    const picker = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Database' });
    await waitFor(() => expect([...picker.options].map((o) => o.text)).toEqual(['Alpha']));
    await waitFor(() => expect(currentPath()).toBe(`/admin/full?db=${ALPHA}`));
  });
});

describe('data exchange', () => {
  const open = async () => {
    const invoices = (await screen.findAllByTestId('admin-card')).find(
      (c) => within(c).getByRole('heading').textContent === 'Invoices',
    );
    fireEvent.click(within(invoices!).getByRole('button', { name: 'Data exchange' }));
    return screen.findByTestId('admin-dxc');
  };

  it('saves the sources of an archive with their ConnectionString and mapping, and removes one', async () => {
    const { w, get } = await start(`/admin/full?mode=ARCHIVES&db=${ALPHA}`);
    let modal = await open();
    const save = within(modal).getByRole<HTMLButtonElement>('button', { name: 'Save' });
    fireEvent.click(within(modal).getByRole('button', { name: 'Add a source' }));
    expect(save.disabled).toBe(true);
    const source = within(modal).getByTestId('dxc-source');
    fireEvent.change(within(source).getByLabelText('Name'), { target: { value: 'ERP' } });
    fireEvent.change(within(source).getByLabelText('Connection string'), {
      target: { value: 'Server=erp;Database=ap' },
    });
    fireEvent.click(within(source).getByRole('button', { name: 'Add a mapping' }));
    fireEvent.change(within(source).getByLabelText('Archive field'), { target: { value: String(w.vendor) } });
    fireEvent.change(within(source).getByLabelText('Mapped column'), { target: { value: 'VENDOR_NAME' } });
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    await waitFor(() => expect(screen.queryByTestId('admin-dxc')).toBeNull());
    const dxc = p.archiveDxc(ALPHA, w.invoices);
    expect(await get<AdminDxcSource[]>(dxc)).toEqual([
      expect.objectContaining({
        Name: 'ERP',
        ConnectionString: 'Server=erp;Database=ap',
        UseInternal: false,
        Mapping: [{ ArchiveField: w.vendor, MappedField: 'VENDOR_NAME' }],
      }),
    ]);

    modal = await open();
    fireEvent.click(
      within(await within(modal).findByTestId('dxc-source')).getByRole('button', { name: 'Remove source' }),
    );
    fireEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByTestId('admin-dxc')).toBeNull());
    expect(await get<AdminDxcSource[]>(dxc)).toEqual([]);
  });
});

describe('stamps', () => {
  it("lists stamps alphabetically and refuses a duplicate with 'Stamp already exists.'", async () => {
    const { server, get } = await start('/admin/full?mode=STAMPS', {
      prepare: async (s) => {
        for (const Text of ['Received', 'APPROVED', 'Paid @Today'])
          await s.call(ADMIN, 'POST', p.stamps(), { Text });
      },
    });
    await waitFor(() => expect(cardNames()).toEqual(['APPROVED', 'Paid @Today', 'Received']));
    const input = screen.getByLabelText('Stamp text');
    const add = screen.getByRole<HTMLButtonElement>('button', { name: 'Add stamp' });
    expect(add.disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'approved' } });
    fireEvent.click(add);
    expect((await screen.findByRole('alert')).textContent).toContain('Stamp already exists.');
    expect(sent(server, 'POST', p.stamps())).toHaveLength(0);
    fireEvent.change(input, { target: { value: 'Void by @User' } });
    expect(screen.getByTestId('stamp-preview').textContent).toBe('Void by SSAdministrator');
    fireEvent.click(add);
    await waitFor(() =>
      expect(cardNames()).toEqual(['APPROVED', 'Paid @Today', 'Received', 'Void by @User']),
    );
    expect((await get<AdminStamp[]>(p.stamps())).map((s) => s.Text).sort()).toEqual([
      'APPROVED',
      'Paid @Today',
      'Received',
      'Void by @User',
    ]);
  });
});
