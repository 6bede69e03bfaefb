import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FieldProp, FieldType, Operator, SearchSettings } from '@gs/contract/flags';
import type { Search, SearchPrompt } from '@gs/contract/searches';
import { createFakeServer, json } from '../../test/fakeServer';
import { archive, search, session } from '../../test/fixtures';
import { currentPath, renderApp } from '../../test/renderApp';

const base = search(40, 'Every Kind', SearchSettings.ShowInList).Detail;
const p = (
  ID: number,
  Prompt: string,
  FID: number,
  FieldType_: number,
  extra: Partial<SearchPrompt> = {},
): SearchPrompt => ({
  ...(base[0] ?? ({} as SearchPrompt)),
  ID,
  FID,
  Prompt,
  Name: Prompt,
  FieldType: FieldType_,
  Type: FieldType_,
  Operator: Operator.Equals,
  VAL: '',
  Prop: 0,
  ListID: 0,
  ListF1: 0,
  Mask: '',
  ...extra,
});

const everyKind: Search = {
  ...search(40, 'Every Kind', SearchSettings.ShowInList),
  Parent: 2,
  Archives: [{ ID: 2, Name: 'Invoices' }],
  Detail: [
    p(1, 'Vendor', 11, FieldType.Character, { ListID: 7, Operator: Operator.Contains }),
    p(2, 'Category', 12, FieldType.Character, { ListID: 8, Prop: FieldProp.DropdownList }),
    p(3, 'Sub Category', 13, FieldType.Character, {
      ListID: 9,
      Prop: FieldProp.DynamicList,
      ListF1: 12,
      Parent: 12,
    }),
    p(4, 'Invoice Date From', 14, FieldType.Date, { Mask: 'DMY', Operator: Operator.GreaterOrEqual }),
    p(5, 'Amount', 15, FieldType.Decimal, { Mask: 'C' }),
    p(6, 'Check Number', 16, FieldType.Integer),
    p(7, 'GL Codes', 17, FieldType.Character, { Prop: FieldProp.MultiValue, MultiValue: true }),
    p(8, 'Status', 18, FieldType.Character, { VAL: '{Pending}' }),
    p(9, 'No Check', 16, FieldType.Integer, { Operator: Operator.IsEmpty }),
    p(10, 'PO Number', 19, FieldType.Character, { Mask: 'AA-######' }),
  ],
};
const quick = {
  ...search(41, 'Quick', SearchSettings.ShowInList | SearchSettings.DefaultSearch),
  Parent: 2,
  Archives: [{ ID: 2, Name: 'Invoices' }],
  Detail: [],
};

function server(searches: Search[] = [everyKind, quick]) {
  return createFakeServer({
    'GET dbs': { Databases: [{ Id: 1, Name: 'Finance' }] },
    'GET dbs/1/archives': { Archives: [archive(2, 'Invoices')] },
    'GET dbs/1/archives/2?type=info': { Id: 2, Name: 'Invoices', Parent: 0, Count: 320 },
    'GET dbs/1/archives/2?type=fields': [],
    'GET dbs/1/archives/2/searches': searches,
    'GET dbs/1/lists/7': {
      ID: 7,
      Name: 'Vendors',
      Items: Array.from({ length: 150 }, (_, i) => `Vendor ${i + 1}`),
    },
    'GET dbs/1/lists/8': { ID: 8, Name: 'Categories', Items: ['Travel', 'Office'] },
    'GET indexes': (r) => {
      const filter = r.url.searchParams.get('Filter1');
      return json(
        filter === 'Travel' ? ['Airfare', 'Hotel'] : filter ? ['Paper'] : ['Airfare', 'Hotel', 'Paper'],
      );
    },
  });
}

describe('the search prompt', () => {
  it('asks every kind of field, refreshes the dynamic list, checks the entries and runs with the criteria', async () => {
    window.localStorage.setItem('autoRunDefaultSearchOnClick', 'false');
    const fake = server();
    renderApp({ url: '/view?db=1&a=2', fetch: fake.fetch, session: session() });
    fireEvent.click(await screen.findByRole('button', { name: 'Every Kind' }));
    const modal = await screen.findByTestId('search-modal-prompts');
    const m = within(modal);

    // static {value} and is-empty prompts are not asked
    expect(m.queryByText('Status')).toBeNull();
    expect(m.queryByText('No Check')).toBeNull();

    // type-ahead: at most 100 suggestions from the list
    const vendor = m.getByLabelText('Vendor');
    await waitFor(() => expect(modal.querySelectorAll('datalist option').length).toBe(100));
    fireEvent.change(vendor, { target: { value: 'Vendor 1' } });
    await waitFor(() =>
      expect(modal.querySelector('datalist option')?.getAttribute('value')).toBe('Vendor 1'),
    );

    // drop-down from dbs/{db}/lists/{id}; the dynamic list follows it
    const category = m.getByLabelText('Category');
    await waitFor(() =>
      expect(
        within(category)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['', 'Travel', 'Office']),
    );
    const sub = m.getByLabelText('Sub Category');
    await waitFor(() => expect(within(sub).getAllByRole('option')).toHaveLength(4));
    fireEvent.change(category, { target: { value: 'Travel' } });
    await waitFor(() =>
      expect(
        within(sub)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['', 'Airfare', 'Hotel']),
    );
    expect(
      fake.requests.some(
        (r) =>
          r.path === 'indexes' &&
          r.url.searchParams.get('Filter1') === 'Travel' &&
          r.url.searchParams.get('Field') === '13',
      ),
    ).toBe(true);
    fireEvent.change(sub, { target: { value: 'Hotel' } });

    // masks: date in DMY with separators added, character mask filled in
    fireEvent.change(m.getByLabelText('Invoice Date From'), { target: { value: '3112202' } });
    expect((m.getByLabelText('Invoice Date From') as HTMLInputElement).value).toBe('31/12/202');
    fireEvent.change(m.getByLabelText('PO Number'), { target: { value: 'po123456' } });
    expect((m.getByLabelText('PO Number') as HTMLInputElement).value).toBe('po-123456');

    // number keys: e and + are refused
    const check = m.getByLabelText('Check Number');
    expect(fireEvent.keyDown(check, { key: 'e' })).toBe(false);
    expect(fireEvent.keyDown(check, { key: '7' })).toBe(true);
    fireEvent.change(check, { target: { value: '12.5' } });
    fireEvent.change(m.getByLabelText('Amount'), { target: { value: '$1,250.00' } });

    // multi-value: a second value
    fireEvent.click(m.getByRole('button', { name: 'Add a value' }));
    fireEvent.change(m.getByLabelText('GL Codes'), { target: { value: '6100' } });
    fireEvent.change(m.getByLabelText('GL Codes 2'), { target: { value: '6200' } });

    // invalid entries stop the run and say why
    fireEvent.change(m.getByLabelText('Records per page'), { target: { value: '0' } });
    fireEvent.click(m.getByRole('button', { name: 'Search' }));
    expect(m.getByText('Enter a valid date.')).toBeTruthy();
    expect(m.getByText('Enter a valid number.')).toBeTruthy();
    expect(currentPath()).toBe('/view?db=1&a=2');

    fireEvent.change(m.getByLabelText('Invoice Date From'), { target: { value: '31/12/2024' } });
    fireEvent.change(check, { target: { value: '' } });
    fireEvent.click(m.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(window.location.pathname).toBe('/results/hash-40'));
    const query = new URLSearchParams(window.location.search);
    expect(query.get('Id')).toBe('40');
    expect(query.get('archive')).toBe('2');
    expect(query.get('size')).toBe('10');
    expect(JSON.parse(query.get('criteria') ?? '')).toEqual({
      '1': 'Vendor 1',
      '2': 'Travel',
      '3': 'Hotel',
      '4': '12/31/2024',
      '5': '1250.00',
      '7': ['6100', '6200'],
      '10': 'po-123456',
    });
  });

  it('sends content-search terms under the content key, for a search with Settings & 1', async () => {
    window.localStorage.setItem('autoRunDefaultSearchOnClick', 'false');
    const content = {
      ...quick,
      Id: 42,
      Hash: 'hash-42',
      Name: 'Full Text',
      Settings: SearchSettings.ShowInList | SearchSettings.ContentSearch,
    };
    renderApp({ url: '/view?db=1&a=2', fetch: server([content]).fetch, session: session() });
    fireEvent.click(await screen.findByRole('button', { name: 'Full Text' }));
    const m = within(await screen.findByTestId('search-modal-prompts'));
    fireEvent.change(m.getByLabelText('Document content'), { target: { value: ' "net 30" invoice* ' } });
    fireEvent.click(m.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(window.location.pathname).toBe('/results/hash-42'));
    expect(JSON.parse(new URLSearchParams(window.location.search).get('criteria') ?? '')).toEqual({
      content: '"net 30" invoice*',
    });
  });

  it('runs a search that asks nothing at once', async () => {
    window.localStorage.setItem('autoRunDefaultSearchOnClick', 'false');
    renderApp({ url: '/view?db=1&a=2', fetch: server().fetch, session: session() });
    fireEvent.click(await screen.findByRole('button', { name: 'Quick' }));
    await waitFor(() => expect(currentPath()).toBe('/results/hash-41?db=1&archive=2&Id=41'));
  });
});

describe('clicking an archive', () => {
  it('runs its default search when the setting is on (the default)', async () => {
    renderApp({ url: '/view?db=1', fetch: server().fetch, session: session() });
    expect((await screen.findByTestId('archive-count-2')).textContent).toBe('320');
    fireEvent.click(screen.getByRole('button', { name: 'Invoices' }));
    await waitFor(() => expect(currentPath()).toBe('/results/hash-41?db=1&archive=2&Id=41'));
  });

  it('says there is no default search, and lists the searches', async () => {
    renderApp({ url: '/view?db=1', fetch: server([everyKind]).fetch, session: session() });
    fireEvent.click(await screen.findByRole('button', { name: 'Invoices' }));
    expect((await screen.findByTestId('no-default-search')).textContent).toBe(
      'This archive has no default search. Choose a search from the list.',
    );
    expect(screen.getByTestId('search-list')).toBeTruthy();
  });

  it('only lists the searches when the setting is off, and the Settings page turns it back on', async () => {
    window.localStorage.setItem('autoRunDefaultSearchOnClick', 'false');
    renderApp({ url: '/view?db=1', fetch: server().fetch, session: session() });
    fireEvent.click(await screen.findByRole('button', { name: 'Invoices' }));
    expect(await screen.findByTestId('search-list')).toBeTruthy();
    expect(currentPath()).toBe('/view?db=1&a=2');
  });
});
