import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { INVALID_SORT_MESSAGE } from '@gs/contract/searches';
import { json } from '../../test/fakeServer';
import { session, TOKEN } from '../../test/fixtures';
import { currentPath, renderApp } from '../../test/renderApp';
import {
  DOCS,
  FIELDS,
  MULTI,
  pageRequests,
  resultsServer,
  resultsUrl,
  TABBED,
} from '../../test/resultsServer';
import { searchPage } from '../../test/searchFixtures';

const open = (url: string, fake = resultsServer()) => ({
  fake,
  ...renderApp({ url, fetch: fake.fetch, session: session() }),
});
const grid = () => screen.findByTestId('results-grid');
// the results page is a lazy chunk: the first render of a run may take a while
const findRow = (id: number) => screen.findByTestId(`row-${id}`, {}, { timeout: 5000 });
const lastPage = (fake: ReturnType<typeof resultsServer>) => pageRequests(fake).at(-1)?.url.searchParams;

describe('results grid', () => {
  it('shows the page the address names, with masked values and the total', async () => {
    const { fake } = open(resultsUrl());
    const row = within(await findRow(101));
    expect(row.getByText('$2,999.99')).toBeTruthy();
    expect(row.getByText('01/05/2024')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Invoice Approval' })).toBeTruthy();
    expect(screen.getByText('Total: 3')).toBeTruthy();
    const q = lastPage(fake);
    expect(q?.get('SecureId')).toBe('hash-12');
    expect(q?.get('page')).toBe('1');
    expect(q?.get('RecordsPerPage')).toBe('25');
    expect(q?.has('Sort')).toBe(false);
    expect(q?.has('SearchCriteria')).toBe(false);
    const headers = within(await grid()).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent?.replace('⋮', ''))).toEqual([
      '',
      '',
      // the viewer's View button
      '',
      ...FIELDS.map((f) => f.Name),
    ]);
  });

  it('sends the address criteria and sorts on the server when a header is clicked, remembering the sort', async () => {
    const { fake } = open(resultsUrl(`&criteria=${encodeURIComponent('{"5":"ACME"}')}`));
    await findRow(101);
    expect(lastPage(fake)?.get('SearchCriteria')).toBe('{"5":"ACME"}');
    fireEvent.click(screen.getByRole('button', { name: 'Amount' }));
    await waitFor(() =>
      expect(new URLSearchParams(window.location.search).get('sort')).toMatch(/^2 (ASC|DESC)$/),
    );
    await waitFor(() => expect(lastPage(fake)?.get('Sort')).toMatch(/^2 (ASC|DESC)$/));
    expect(screen.getByTestId('column-f2').getAttribute('aria-sort')).toMatch(/ascending|descending/);
    expect(JSON.parse(window.localStorage.getItem('gridState.1.12.2') ?? '{}').sort).toHaveLength(1);

    // the column menu: descending, then remove all sorts
    fireEvent.click(screen.getByRole('button', { name: 'Column options for Amount' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Sort descending' }));
    await waitFor(() => expect(lastPage(fake)?.get('Sort')).toBe('2 DESC'));
    fireEvent.click(screen.getByRole('button', { name: 'Column options for Amount' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Remove all sorts' }));
    await waitFor(() => expect(lastPage(fake)?.has('Sort')).toBe(false));
  });

  it('pages on the server with about five page numbers, and changes the page size', async () => {
    const fake = resultsServer({
      'GET dbs/1/searches/12/archive/2/documents': searchPage(FIELDS, DOCS, 300),
    });
    open(resultsUrl('&page=7'), fake);
    await findRow(101);
    const pages = within(screen.getByRole('navigation', { name: 'Result pages' }));
    expect(pages.getAllByRole('button', { name: /^Page \d+$/ }).map((b) => b.textContent)).toEqual([
      '5',
      '6',
      '7',
      '8',
      '9',
    ]);
    expect(pages.getByRole('button', { name: 'Page 7' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(pages.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(lastPage(fake)?.get('page')).toBe('8'));
    fireEvent.change(pages.getByRole('combobox'), { target: { value: '100' } });
    await waitFor(() => expect(lastPage(fake)?.get('RecordsPerPage')).toBe('100'));
    expect(lastPage(fake)?.get('page')).toBe('1');
  });

  it('resets a page size of 0 to 25 and asks before more than 10000', async () => {
    const { fake } = open(resultsUrl('&size=0'));
    await findRow(101);
    expect(lastPage(fake)?.get('RecordsPerPage')).toBe('25');
    window.history.replaceState(null, '', resultsUrl('&size=20000'));
    const second = open(resultsUrl('&size=20000'));
    const dialog = await screen.findByTestId('records-per-page-confirm');
    expect(pageRequests(second.fake)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Show 10000' }));
    await waitFor(() => expect(lastPage(second.fake)?.get('RecordsPerPage')).toBe('10000'));
  });

  it('discards a sort the server no longer accepts, clears the saved grid state and reloads', async () => {
    window.localStorage.setItem(
      'gridState.1.12.2',
      JSON.stringify({
        sort: [{ fieldId: 99, descending: false }],
        pinning: { start: ['f1'], end: [] },
        visibility: {},
      }),
    );
    const fake = resultsServer({
      'GET dbs/1/searches/12/archive/2/documents': (r) =>
        r.url.searchParams.get('Sort')
          ? json({ Message: `${INVALID_SORT_MESSAGE} '99' is not a field.` }, 400)
          : searchPage(FIELDS, DOCS),
    });
    open(resultsUrl(), fake);
    expect(await screen.findByTestId('sort-discarded')).toBeTruthy();
    expect(await findRow(101)).toBeTruthy();
    expect(window.localStorage.getItem('gridState.1.12.2')).toBeNull();
    expect(new URLSearchParams(window.location.search).get('sort')).toBe('');
    expect(lastPage(fake)?.has('Sort')).toBe(false);
  });

  it.each([
    [
      404,
      { Message: 'No such search' },
      'The grid data could not be found: the search or archive is no longer available.',
    ],
    [500, { Message: 'An error has occurred.' }, 'An unknown error occurred loading grid data.'],
    [
      400,
      { Message: "The value 'x' of search prompt 'Amount' is not a valid number." },
      "Server: The value 'x' of search prompt 'Amount' is not a valid number.",
    ],
  ])('shows the error of a %s', async (status, body, text) => {
    open(resultsUrl(), resultsServer({ 'GET dbs/1/searches/12/archive/2/documents': json(body, status) }));
    expect((await screen.findByTestId('results-error')).textContent).toBe(text);
  });

  it('falls back to an earlier page when a page comes back empty', async () => {
    const fake = resultsServer({
      'GET dbs/1/searches/12/archive/2/documents': (r) =>
        r.url.searchParams.get('page') === '5' ? searchPage(FIELDS, [], 30) : searchPage(FIELDS, DOCS, 30),
    });
    open(resultsUrl('&page=5'), fake);
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('page')).toBe('2'));
    expect(await findRow(101)).toBeTruthy();
  });

  it('pins (cycling left, right, unpinned), hides and restores columns, remembering them', async () => {
    open(resultsUrl());
    await findRow(101);
    const menu = (name: string) =>
      fireEvent.click(screen.getByRole('button', { name: `Column options for ${name}` }));
    menu('Status');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Pin to the left' }));
    const saved = () => JSON.parse(window.localStorage.getItem('gridState.1.12.2') ?? '{}');
    expect(saved().pinning).toEqual({ start: ['f4'], end: [] });
    expect(screen.getByTestId('column-f4').style.position).toBe('sticky');
    menu('Status');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Pin to the right' }));
    expect(saved().pinning).toEqual({ start: [], end: ['f4'] });
    menu('Status');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Unpin' }));
    expect(saved().pinning).toEqual({ start: [], end: [] });

    menu('Line Items');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Hide column' }));
    expect(screen.queryByTestId('column-f6')).toBeNull();
    expect(saved().visibility).toEqual({ f6: false });
    menu('Amount');
    fireEvent.click(within(screen.getByRole('menu')).getByRole('checkbox', { name: 'Line Items' }));
    expect(screen.getByTestId('column-f6')).toBeTruthy();
    // the menu stays open while columns are shown and hidden
    fireEvent.click(within(screen.getByRole('menu')).getByRole('checkbox', { name: 'Amount' }));
    expect(screen.queryByTestId('column-f2')).toBeNull();
    menu('Status');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Restore columns' }));
    expect(screen.getByTestId('column-f2')).toBeTruthy();
    expect(screen.getByTestId('column-f2').style.minWidth).toBe('160px');
  });

  it('shows the thumbnail in a popover and opens the preview pop-up on ctrl or shift click', async () => {
    const opened = vi.spyOn(window, 'open').mockReturnValue(null);
    open(resultsUrl());
    const thumb = await screen.findByRole('button', { name: 'Thumbnail of document 101' });
    fireEvent.click(thumb);
    const img = screen.getByRole('img', { name: 'Thumbnail of document 101' });
    expect(img.getAttribute('src')).toContain(
      `/Square9API/api/dbs/1/archives/2/documents/101/thumb?SecureId=doc-hash-101&token=${TOKEN}`,
    );
    expect(img.getAttribute('width')).toBe('150');
    fireEvent.click(thumb, { ctrlKey: true });
    expect(opened).toHaveBeenCalledWith(
      expect.stringContaining('/documents/101/File?SecureId=doc-hash-101&token='),
      'gs-preview-101',
      expect.stringContaining('width=600,height=800'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Thumbnail of document 102' }), { shiftKey: true });
    expect(opened).toHaveBeenCalledTimes(2);
  });

  it('switches view tabs with their counts: selection cleared, page size kept, reloaded', async () => {
    const { fake } = open(resultsUrl('&size=50'));
    const paid = await screen.findByTestId('view-tab-2');
    await waitFor(() => expect(paid.textContent).toBe('Paid2'));
    expect(screen.getByTestId('view-tab-1').textContent).toBe('Pending1');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select document 101' }));
    expect((screen.getByRole('checkbox', { name: 'Select document 101' }) as HTMLInputElement).checked).toBe(
      true,
    );
    fireEvent.click(paid);
    await waitFor(() => expect(lastPage(fake)?.get('tabId')).toBe('2'));
    expect(lastPage(fake)?.get('RecordsPerPage')).toBe('50');
    expect(currentPath()).toContain('tab=2');
    expect(
      ((await screen.findByRole('checkbox', { name: 'Select document 101' })) as HTMLInputElement).checked,
    ).toBe(false);
  });

  it('offers the archive searches to choose from, then asks the chosen one', async () => {
    const fake = resultsServer({ 'GET dbs/1/archives/2/searches': [TABBED, { ...MULTI, Settings: 0 }] });
    open(resultsUrl(), fake);
    await findRow(101);
    fireEvent.click(screen.getByTestId('other-searches'));
    const modal = within(await screen.findByTestId('search-modal-selection'));
    await modal.findByRole('button', { name: 'Invoice Approval' });
    expect(modal.getAllByRole('button').map((b) => b.textContent)).toEqual(['×', 'Invoice Approval']);
    fireEvent.click(modal.getByRole('button', { name: 'Invoice Approval' }));
    const none = within(await screen.findByTestId('search-modal-none'));
    expect(none.getByText('This search asks for nothing: run it to see its documents.')).toBeTruthy();
    fireEvent.change(none.getByLabelText('Records per page'), { target: { value: '50' } });
    fireEvent.click(none.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(lastPage(fake)?.get('RecordsPerPage')).toBe('50'));
  });

  it('lists the archives of a multi-archive search with counts, by count and without empties when asked', async () => {
    window.localStorage.setItem('multiArchiveCountSort', 'true');
    window.localStorage.setItem('multiArchiveHideEmpty', 'true');
    const { fake } = open(resultsUrl('', 13));
    const tabs = within(await screen.findByRole('tablist', { name: 'Archives searched' }));
    await waitFor(() =>
      expect(tabs.getAllByRole('tab').map((t) => t.textContent)).toEqual(['202440', 'Invoices3']),
    );
    fireEvent.click(tabs.getByRole('tab', { name: /2024/ }));
    await waitFor(() =>
      expect(pageRequests(fake).at(-1)?.path).toBe('dbs/1/searches/13/archive/3/documents'),
    );
    expect(new URLSearchParams(window.location.search).get('archive')).toBe('3');
  });
});
