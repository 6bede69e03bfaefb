// The field catalogue, searches and licence rules of the console against the simulator's app in
// process (test/realServer.ts): Alpha's fields Vendor and Amount, its archives and its "By vendor"
// search, as SSAdministrator sees them; what a screen saves is read back through the admin API.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  type AdminArchive,
  type AdminField,
  type AdminList,
  type AdminSearch,
  type AdminTableField,
} from '@gs/contract/admin/catalog';
import { adminPaths as p } from '@gs/contract/admin/paths';
import type { AdminLicenseRule } from '@gs/contract/admin/server';
import { json, type FakeAnswer, type FakeHandler } from '../../test/fakeServer';
import { currentPath, renderApp } from '../../test/renderApp';
import { realServer, type RealServer } from '../../test/realServer';

const ADMIN = 'SSAdministrator';

async function start(
  url: (s: RealServer) => string,
  prepare?: (s: RealServer) => Promise<void>,
  overrides: Record<string, FakeHandler | FakeAnswer> = {},
) {
  const server = realServer({ overrides });
  await prepare?.(server);
  renderApp({ url: url(server), fetch: server.fetch, session: await server.signIn(ADMIN) });
  const get = <T,>(path: string) => server.call<T>(ADMIN, 'GET', path);
  return { server, w: server.w, get };
}

const cardNames = () =>
  screen.queryAllByTestId('admin-card').map((c) => within(c).getByRole('heading').textContent);
const posted = <T,>(server: RealServer, path: string): T =>
  JSON.parse(server.requests.filter((r) => r.method === 'POST' && r.path === path).at(-1)?.body ?? '{}') as T;
const editor = () => screen.findByTestId('admin-editor');
const catalog =
  (tab = '') =>
  (s: RealServer) =>
    `/admin/full?mode=FIELD_CATALOG&db=${s.w.alpha}${tab}`;

describe('field catalog', () => {
  it('creates a character field of length 50 by default; a system field cannot be required', async () => {
    const { server, w, get } = await start(catalog());
    await waitFor(() => expect(cardNames()).toEqual(['Amount', 'Vendor']));
    expect(screen.getAllByTestId('admin-card')[1]?.textContent).toContain(
      `Character, size 50, field ID ${w.vendor}`,
    );
    fireEvent.click(screen.getByRole('button', { name: '+ New field' }));
    const form = await editor();
    expect(within(form).getByLabelText<HTMLSelectElement>('Data type').value).toBe('character');
    expect(within(form).getByLabelText<HTMLInputElement>('Length').value).toBe('50');
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'PO Number' } });
    fireEvent.click(within(form).getByLabelText('Required'));
    fireEvent.click(within(form).getByLabelText('System field'));
    expect(within(form).getByLabelText<HTMLInputElement>('Required').disabled).toBe(true);
    expect(within(form).getByLabelText<HTMLSelectElement>('System value').value).toBe('readOnly');
    fireEvent.click(within(form).getByLabelText('System field'));
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(cardNames()).toContain('PO Number'));
    expect(posted<AdminField>(server, p.fields(w.alpha))).toMatchObject({ Required: false, SystemField: '' });
    const saved = (await get<AdminField[]>(p.fields(w.alpha))).find((f) => f.Name === 'PO Number');
    expect(saved).toMatchObject({ Type: 'character', Length: 50, Required: false, SystemField: '' });
  });

  it('deletes a field after DELETE and its upper-case name, with Drop when asked', async () => {
    const { server, w, get } = await start(catalog());
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Amount' }));
    const modal = await screen.findByTestId('admin-confirm-delete');
    fireEvent.change(within(modal).getByLabelText('Confirmation'), { target: { value: 'DELETE AMOUNT' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(cardNames()).toEqual(['Vendor']));
    expect((await get<AdminField[]>(p.fields(w.alpha))).map((f) => f.Name)).toEqual(['Vendor']);
    const request = server.requests.find(
      (r) => r.method === 'DELETE' && r.path === p.fields(w.alpha, w.amount),
    );
    expect(request?.url.searchParams.get('Drop')).toBe('false');
  });

  it("asks before changing a saved field's type", async () => {
    const { w, get } = await start(catalog());
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Vendor' }));
    fireEvent.change(within(await editor()).getByLabelText('Data type'), { target: { value: 'numeric' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByTestId('admin-type-change');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(async () =>
      expect((await get<AdminField[]>(p.fields(w.alpha, w.vendor)))[0]?.Type).toBe('numeric'),
    );
  });

  it("refuses to remove a table field's last column: 'Can not have less than 1 Row.'", async () => {
    let table = 0;
    const { w, get } = await start(catalog('&tab=TABLE_FIELDS'), async (s) => {
      const body = { Id: 0, Name: 'Line Items', Fields: [s.w.vendor] };
      table = (await s.call<AdminTableField>(ADMIN, 'POST', p.tableFields(s.w.alpha), body)).Id;
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Line Items' }));
    const form = await editor();
    // only ordinary fields are offered: Amount and Vendor (in the table)
    expect(
      within(form)
        .getAllByRole('checkbox')
        .map((c) => c.closest('label')?.textContent),
    ).toEqual(['Amount', 'Vendor']);
    fireEvent.click(within(form).getByLabelText('Vendor'));
    fireEvent.click(
      within(await screen.findByTestId('admin-remove-column')).getByRole('button', { name: 'Remove' }),
    );
    expect((await screen.findByRole('alert')).textContent).toContain('Can not have less than 1 Row.');
    expect(within(form).getByLabelText<HTMLInputElement>('Vendor').checked).toBe(true);
    expect((await get<AdminTableField>(p.tableFields(w.alpha, table))).Fields).toEqual([w.vendor]);
  });

  it('drops empty list values on save', async () => {
    const { server, w, get } = await start(catalog('&tab=LISTS'));
    fireEvent.click(await screen.findByRole('button', { name: '+ New list' }));
    const form = await editor();
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Regions' } });
    fireEvent.change(within(form).getByLabelText('Values, one per line'), {
      target: { value: 'North\n\n  \nSouth\n' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(cardNames()).toContain('Regions'));
    expect(posted<AdminList>(server, p.lists(w.alpha)).Values).toEqual(['North', 'South']);
    const saved = (await get<AdminList[]>(p.lists(w.alpha))).find((l) => l.Name === 'Regions');
    expect(saved?.Values).toEqual(['North', 'South']);
  });
});

/** A revision-controlled archive in Alpha, and so its Versions archive (a search may never hold it). */
async function addVersions(s: RealServer): Promise<number> {
  const body = { Name: 'Ledger', Fields: [s.w.vendor], RevisionControl: 1, CreateBrowse: false };
  await s.call<AdminArchive>(ADMIN, 'POST', p.archives(s.w.alpha), body);
  const all = await s.call<AdminArchive[]>(ADMIN, 'GET', p.archives(s.w.alpha));
  return all.find((a) => a.Name === 'Versions')?.Id ?? 0;
}
const searches = (s: RealServer) => `/admin/full?mode=SEARCHES&db=${s.w.alpha}`;

describe('searches', () => {
  it('builds a search: Contains by default, Is empty clears the prompt, Versions never offered, warning at parent 0', async () => {
    const { w, get } = await start(searches, async (s) => void (await addVersions(s)));
    await waitFor(() => expect(cardNames()).toEqual(['By vendor']));
    fireEvent.click(await screen.findByRole('button', { name: '+ New search' }));
    const form = await editor();
    expect(within(form).getByRole('status').textContent).toContain('searches no archive');
    expect(within(form).queryByLabelText('Versions')).toBeNull();
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'By amount' } });
    fireEvent.click(within(form).getByLabelText('Invoices'));
    expect(within(form).queryByRole('status')).toBeNull();
    fireEvent.click(within(form).getByRole('button', { name: 'Add a prompt' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Add a prompt' }));
    const rows = within(form).getAllByTestId('search-parameter');
    fireEvent.change(within(rows[0]!).getByLabelText('Field'), { target: { value: String(w.amount) } });
    fireEvent.change(within(rows[1]!).getByLabelText('Field'), { target: { value: String(w.vendor) } });
    expect(within(rows[0]!).getByLabelText<HTMLSelectElement>('Condition').value).toBe('contains');
    expect(within(rows[0]!).getByLabelText<HTMLInputElement>('Prompt').value).toBe('Amount');
    fireEvent.change(within(rows[1]!).getByLabelText('Condition'), { target: { value: 'isempty' } });
    expect(within(rows[1]!).queryByLabelText('Prompt')).toBeNull();
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(cardNames()).toEqual(['By amount', 'By vendor']));
    const search = (await get<AdminSearch[]>(p.searches(w.alpha))).find((s) => s.Name === 'By amount');
    expect(search?.Archives).toEqual([w.invoices]);
    expect(search?.Parameters.map((q) => [q.Field, q.Condition, q.Prompt])).toEqual([
      [w.amount, 'contains', 'Amount'],
      [w.vendor, 'isempty', ''],
    ]);
  });

  it('drops the prompts of deleted fields with an alert, and deletes by the search name alone', async () => {
    let versions = 0;
    const server = realServer({
      overrides: {
        // a real GlobalSearch keeps a deleted field's prompt (admin-spec §5); the simulator drops it
        // with the field, so this one answer adds such a prompt to what the app holds
        [`GET ${p.searches(1)}`]: async (r) => {
          const all = (await (await server.forward(r)).json()) as AdminSearch[];
          const gone = { Id: 99, Field: 99, Condition: 'equals', Prompt: 'Gone' } as const;
          return all.map((one) =>
            one.Name === 'By vendor'
              ? { ...one, Parameters: [...one.Parameters, gone], Archives: [...one.Archives, versions] }
              : one,
          );
        },
      },
    });
    const { w } = server;
    versions = await addVersions(server);
    renderApp({ url: searches(server), fetch: server.fetch, session: await server.signIn(ADMIN) });
    const get = <T,>(path: string) => server.call<T>(ADMIN, 'GET', path);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit By vendor' }));
    expect(
      (await screen.findByText('1 prompt used a deleted field and was removed.')).textContent,
    ).toBeTruthy();
    fireEvent.click(within(await editor()).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(
        server.requests.some((r) => r.method === 'PUT' && r.path === p.searches(w.alpha, w.byVendor)),
      ).toBe(true),
    );
    await server.idle();
    const [saved] = await get<AdminSearch[]>(p.searches(w.alpha, w.byVendor));
    expect(saved?.Parameters.map((q) => q.Field)).toEqual([w.vendor]);
    // the Versions archive is removed on save (by the console: the server also drops it)
    const put = server.requests.find((r) => r.method === 'PUT' && r.path === p.searches(w.alpha, w.byVendor));
    expect((JSON.parse(put?.body ?? '{}') as AdminSearch).Archives).toEqual([w.invoices]);
    expect(saved?.Archives).toEqual([w.invoices]);

    fireEvent.click(await screen.findByRole('button', { name: 'Delete By vendor' }));
    const modal = await screen.findByTestId('admin-confirm-delete');
    fireEvent.change(within(modal).getByLabelText('Confirmation'), { target: { value: 'By vendor' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Delete' }));
    await waitFor(async () => expect(await get<AdminSearch[]>(p.searches(w.alpha))).toEqual([]));
  });
});

describe('licence rules', () => {
  it('keeps the built-ins read-only and starts a new rule at 8 hours and 15 minutes', async () => {
    const { get } = await start(
      () => '/admin/full?mode=LICENSE_RULES',
      async (s) => {
        const rule = { Name: 'Night shift', Type: 2, UserOrGroup: 'Accounting' };
        await s.call(ADMIN, 'POST', 'admin/licenserules', rule);
      },
    );
    await waitFor(() => expect(cardNames()).toContain('Night shift'));
    const builtIns = (await get<AdminLicenseRule[]>('admin/licenserules')).filter(
      (r) => r.Name !== 'Night shift',
    );
    expect(builtIns.length).toBeGreaterThan(0);
    for (const { Name } of builtIns) {
      expect(screen.queryByRole('button', { name: `Edit ${Name}` })).toBeNull();
      expect(screen.queryByRole('button', { name: `Delete ${Name}` })).toBeNull();
    }
    expect(screen.getByRole('button', { name: 'Delete Night shift' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '+ New license rule' }));
    const form = await editor();
    expect(within(form).getByLabelText<HTMLInputElement>('Maximum time').value).toBe('8');
    expect(within(form).getByLabelText<HTMLSelectElement>('Unit').value).toBe('hours');
    expect(within(form).getByLabelText<HTMLInputElement>('Idle time').value).toBe('15');
    expect(within(form).getByLabelText<HTMLSelectElement>('Idle unit').value).toBe('minutes');
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Weekend' } });
    fireEvent.change(within(form).getByLabelText('User or group'), { target: { value: 'web.user' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(cardNames()).toContain('Weekend'));
    const weekend = (await get<AdminLicenseRule[]>('admin/licenserules')).find((r) => r.Name === 'Weekend');
    expect(weekend).toMatchObject({ MaxTime: 8, MaxTimeType: 'hours', MaxTimeLastAccessed: 15 });
  });

  it('goes back to DATABASES when the rules cannot be loaded', async () => {
    // a refusal on cue: the administrator of all may read the rules
    await start(() => '/admin/full?mode=LICENSE_RULES', undefined, {
      'GET admin/licenserules': json({ Message: 'Denied.' }, 403),
    });
    await waitFor(() => expect(currentPath()).toContain('mode=DATABASES'));
  });
});

describe('/admin/archives', () => {
  it('opens the console in ARCHIVES mode for the database', async () => {
    const { w } = await start((s) => `/admin/archives?db=${s.w.alpha}`);
    await waitFor(() => expect(currentPath()).toBe(`/admin/full?mode=ARCHIVES&db=${w.alpha}`));
    await waitFor(() => expect(cardNames()).toContain('Invoices'));
  });
});
