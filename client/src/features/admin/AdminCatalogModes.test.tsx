import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminField, AdminList, AdminSearch } from '@gs/contract/admin/catalog';
import { adminServer, adminWorld, SSADMIN } from '../../test/adminServer';
import { json } from '../../test/fakeServer';
import { session } from '../../test/fixtures';
import { currentPath, renderApp } from '../../test/renderApp';

function start(url: string, prepare?: (world: ReturnType<typeof adminWorld>) => void, extra = {}) {
  const world = adminWorld();
  prepare?.(world);
  const fake = adminServer(world, SSADMIN, extra);
  const app = renderApp({ url, fetch: fake.fetch, session: session({ username: 'SSAdministrator' }) });
  return { ...app, world, fake };
}

const cardNames = () =>
  screen.queryAllByTestId('admin-card').map((c) => within(c).getByRole('heading').textContent);
const posted = <T,>(fake: ReturnType<typeof start>['fake'], path: string): T =>
  JSON.parse(fake.requests.filter((r) => r.method === 'POST' && r.path === path).at(-1)?.body ?? '{}') as T;
const editor = () => screen.findByTestId('admin-editor');

describe('field catalog', () => {
  it('creates a character field of length 50 by default; a system field cannot be required', async () => {
    const { fake } = start('/admin/full?mode=FIELD_CATALOG&db=1');
    await waitFor(() => expect(cardNames()).toEqual(['Vendor', 'Invoice Date', 'Amount']));
    expect(screen.getAllByTestId('admin-card')[0]?.textContent).toContain('Character, size 50, field ID 1');
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
    expect(posted<AdminField>(fake, 'admin/databases/1/fields')).toMatchObject({
      Name: 'PO Number',
      Type: 'character',
      Length: 50,
      Required: false,
      SystemField: '',
    });
  });

  it('deletes a field after DELETE and its upper-case name, with Drop when asked', async () => {
    const { fake, world } = start('/admin/full?mode=FIELD_CATALOG&db=1');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Amount' }));
    const modal = await screen.findByTestId('admin-confirm-delete');
    fireEvent.change(within(modal).getByLabelText('Confirmation'), { target: { value: 'DELETE AMOUNT' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(world.fields.map((f) => f.Name)).toEqual(['Vendor', 'Invoice Date']));
    const request = fake.requests.find(
      (r) => r.method === 'DELETE' && r.path === 'admin/databases/1/fields/3',
    );
    expect(request?.url.searchParams.get('Drop')).toBe('false');
  });

  it("asks before changing a saved field's type", async () => {
    const { world } = start('/admin/full?mode=FIELD_CATALOG&db=1');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Vendor' }));
    fireEvent.change(within(await editor()).getByLabelText('Data type'), { target: { value: 'numeric' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByTestId('admin-type-change');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(world.fields[0]?.Type).toBe('numeric'));
  });

  it("refuses to remove a table field's last column: 'Can not have less than 1 Row.'", async () => {
    const { world } = start('/admin/full?mode=FIELD_CATALOG&db=1&tab=TABLE_FIELDS', (w) => {
      w.tableFields = [{ Id: 1, Name: 'Line Items', Fields: [1] }];
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Line Items' }));
    const form = await editor();
    // only ordinary fields are offered
    expect(within(form).getAllByRole('checkbox').length).toBe(3);
    fireEvent.click(within(form).getByLabelText('Vendor'));
    fireEvent.click(
      within(await screen.findByTestId('admin-remove-column')).getByRole('button', { name: 'Remove' }),
    );
    expect((await screen.findByRole('alert')).textContent).toContain('Can not have less than 1 Row.');
    expect(within(form).getByLabelText<HTMLInputElement>('Vendor').checked).toBe(true);
    expect(world.tableFields[0]?.Fields).toEqual([1]);
  });

  it('drops empty list values on save', async () => {
    const { fake } = start('/admin/full?mode=FIELD_CATALOG&db=1&tab=LISTS');
    fireEvent.click(await screen.findByRole('button', { name: '+ New list' }));
    const form = await editor();
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Regions' } });
    fireEvent.change(within(form).getByLabelText('Values, one per line'), {
      target: { value: 'North\n\n  \nSouth\n' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(cardNames()).toContain('Regions'));
    expect(posted<AdminList>(fake, 'admin/databases/1/lists').Values).toEqual(['North', 'South']);
  });
});

describe('searches', () => {
  it('builds a search: Contains by default, Is empty clears the prompt, Versions never offered, warning at parent 0', async () => {
    const { fake } = start('/admin/full?mode=SEARCHES&db=1');
    fireEvent.click(await screen.findByRole('button', { name: '+ New search' }));
    const form = await editor();
    expect(within(form).getByRole('status').textContent).toContain('searches no archive');
    expect(within(form).queryByLabelText('Versions')).toBeNull();
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'By vendor' } });
    fireEvent.click(within(form).getByLabelText('Invoices'));
    expect(within(form).queryByRole('status')).toBeNull();
    fireEvent.click(within(form).getByRole('button', { name: 'Add a prompt' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Add a prompt' }));
    const rows = within(form).getAllByTestId('search-parameter');
    fireEvent.change(within(rows[0]!).getByLabelText('Field'), { target: { value: '1' } });
    fireEvent.change(within(rows[1]!).getByLabelText('Field'), { target: { value: '2' } });
    expect(within(rows[0]!).getByLabelText<HTMLSelectElement>('Condition').value).toBe('contains');
    expect(within(rows[0]!).getByLabelText<HTMLInputElement>('Prompt').value).toBe('Vendor');
    fireEvent.change(within(rows[1]!).getByLabelText('Condition'), { target: { value: 'isempty' } });
    expect(within(rows[1]!).queryByLabelText('Prompt')).toBeNull();
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(cardNames()).toEqual(['By vendor']));
    const search = posted<AdminSearch>(fake, 'admin/databases/1/searches');
    expect(search.Archives).toEqual([2]);
    expect(search.Parameters.map((p) => [p.Field, p.Condition, p.Prompt])).toEqual([
      [1, 'contains', 'Vendor'],
      [2, 'isempty', ''],
    ]);
  });

  it('drops the prompts of deleted fields with an alert, and deletes by the search name alone', async () => {
    const search: AdminSearch = {
      Id: 4,
      Name: 'Old',
      Parent: 1,
      Archives: [1, 3],
      Parameters: [
        { Id: 1, Field: 1, Condition: 'contains', Prompt: 'Vendor' },
        { Id: 2, Field: 99, Condition: 'equals', Prompt: 'Gone' },
      ],
      AdvancedGrouping: '',
      GrantAll: false,
      ImageXChange: false,
      MultiValue: false,
      DisplayViewTabs: false,
      UseTime: false,
      ContentSearch: { Enabled: false, Phonics: false, Stemming: false, Fuzziness: false, FuzzinessValue: 0 },
    };
    const { world } = start('/admin/full?mode=SEARCHES&db=1', (w) => (w.searches = [search]));
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Old' }));
    expect(
      (await screen.findByText('1 prompt used a deleted field and was removed.')).textContent,
    ).toBeTruthy();
    fireEvent.click(within(await editor()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(world.searches[0]?.Parameters.map((p) => p.Field)).toEqual([1]));
    // the Versions archive is removed on save
    expect(world.searches[0]?.Archives).toEqual([1]);

    fireEvent.click(await screen.findByRole('button', { name: 'Delete Old' }));
    const modal = await screen.findByTestId('admin-confirm-delete');
    fireEvent.change(within(modal).getByLabelText('Confirmation'), { target: { value: 'Old' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(world.searches).toEqual([]));
  });
});

describe('licence rules', () => {
  it('keeps the built-ins read-only and starts a new rule at 8 hours and 15 minutes', async () => {
    const { fake } = start('/admin/full?mode=LICENSE_RULES');
    await waitFor(() => expect(cardNames()).toEqual(['Default', 'Night shift']));
    expect(screen.queryByRole('button', { name: 'Edit Default' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Default' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete Night shift' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '+ New license rule' }));
    const form = await editor();
    expect(within(form).getByLabelText<HTMLInputElement>('Maximum time').value).toBe('8');
    expect(within(form).getByLabelText<HTMLSelectElement>('Unit').value).toBe('hours');
    expect(within(form).getByLabelText<HTMLInputElement>('Idle time').value).toBe('15');
    expect(within(form).getByLabelText<HTMLSelectElement>('Idle unit').value).toBe('minutes');
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Weekend' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(cardNames()).toContain('Weekend'));
    expect(posted<{ MaxTime: number }>(fake, 'admin/licenserules').MaxTime).toBe(8);
  });

  it('goes back to DATABASES when the rules cannot be loaded', async () => {
    start('/admin/full?mode=LICENSE_RULES', undefined, {
      'GET admin/licenserules': json({ Message: 'Denied.' }, 403),
    });
    await waitFor(() => expect(currentPath()).toContain('mode=DATABASES'));
  });
});

describe('/admin/archives', () => {
  it('opens the console in ARCHIVES mode for the database', async () => {
    start('/admin/archives?db=1');
    await waitFor(() => expect(currentPath()).toBe('/admin/full?mode=ARCHIVES&db=1'));
    await waitFor(() => expect(cardNames()).toContain('Invoices'));
  });
});
