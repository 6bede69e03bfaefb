// The results grid against the simulator's app in process (test/resultsWorld.ts): Payables'
// invoices V10001 (2999.99, Pending), V10002 (12.5, Paid) and V10003 (7, Paid) through "Invoice
// Approval" (view tabs), and "All Invoices" over Payables, 2024 (210 documents) and 2023 (none).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json } from '../../test/fakeServer';
import { currentPath } from '../../test/renderApp';
import { openResults, resultsServer, type ResultsServer } from '../../test/resultsWorld';

const grid = () => screen.findByTestId('results-grid');
// the results page is a lazy chunk: the first render of a run may take a while
const findRow = (id: number) => screen.findByTestId(`row-${id}`, {}, { timeout: 5000 });
const rowIds = () => screen.queryAllByTestId(/^row-\d+$/).map((row) => Number(row.dataset.testid?.slice(4)));
const lastPage = (server: ResultsServer) => server.pageRequests().at(-1)?.url.searchParams;
const gridState = (server: ResultsServer) => `gridState.1.${server.r.approval}.${server.r.payables}`;

describe('results grid', () => {
  it('shows the page the address names, with masked values and the total', async () => {
    const { server, r } = await openResults();
    const row = within(await findRow(r.docs[0]));
    expect(row.getByText('$2,999.99')).toBeTruthy();
    expect(row.getByText('01/05/2024')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Invoice Approval' })).toBeTruthy();
    expect(screen.getByText('Total: 3')).toBeTruthy();
    const q = lastPage(server);
    expect(q?.get('SecureId')).toBe((await server.searchOf(r.approval)).Hash);
    expect(q?.get('page')).toBe('1');
    expect(q?.get('RecordsPerPage')).toBe('25');
    expect(q?.has('Sort')).toBe(false);
    expect(q?.has('SearchCriteria')).toBe(false);
    const headers = within(await grid()).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent?.replace('⋮', ''))).toEqual([
      '',
      // the thumbnail and View button columns are named for screen readers only (axe empty-table-header)
      'Thumbnail',
      'View',
      ...['Vendor Number', 'Amount', 'Invoice Date', 'Status', 'Date Entered', 'Line Items'],
    ]);
  });

  it('sends the address criteria and sorts on the server when a header is clicked, remembering the sort', async () => {
    const server = resultsServer();
    const [vendor] = (await server.searchOf(server.r.approval)).Detail;
    const criteria = JSON.stringify({ [vendor?.ID ?? 0]: 'V1000' });
    const { r } = await openResults({ server, extra: `&criteria=${encodeURIComponent(criteria)}` });
    await findRow(r.docs[0]);
    expect(lastPage(server)?.get('SearchCriteria')).toBe(criteria);
    const sort = new RegExp(`^${r.amount} (ASC|DESC)$`);
    fireEvent.click(screen.getByRole('button', { name: 'Amount' }));
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('sort')).toMatch(sort));
    await waitFor(() => expect(lastPage(server)?.get('Sort')).toMatch(sort));
    expect(screen.getByTestId(`column-f${r.amount}`).getAttribute('aria-sort')).toMatch(
      /ascending|descending/,
    );
    expect(JSON.parse(window.localStorage.getItem(gridState(server)) ?? '{}').sort).toHaveLength(1);

    // the column menu: descending (the server orders the rows), then remove all sorts
    fireEvent.click(screen.getByRole('button', { name: 'Column options for Amount' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Sort descending' }));
    await waitFor(() => expect(lastPage(server)?.get('Sort')).toBe(`${r.amount} DESC`));
    await waitFor(() => expect(rowIds()).toEqual([r.docs[0], r.docs[1], r.docs[2]]));
    fireEvent.click(screen.getByRole('button', { name: 'Column options for Amount' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Remove all sorts' }));
    await waitFor(() => expect(lastPage(server)?.has('Sort')).toBe(false));
  });

  it('pages on the server with about five page numbers, and changes the page size', async () => {
    const server = resultsServer();
    const { r } = server;
    await openResults({ server, extra: '&page=7', search: r.allInvoices, archive: r.y2024 });
    await waitFor(() => expect(rowIds()).toHaveLength(25));
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
    await waitFor(() => expect(lastPage(server)?.get('page')).toBe('8'));
    fireEvent.change(pages.getByRole('combobox'), { target: { value: '100' } });
    await waitFor(() => expect(lastPage(server)?.get('RecordsPerPage')).toBe('100'));
    expect(lastPage(server)?.get('page')).toBe('1');
  });

  it('resets a page size of 0 to 25 and asks before more than 10000', async () => {
    const first = await openResults({ extra: '&size=0' });
    await findRow(first.r.docs[0]);
    expect(lastPage(first.server)?.get('RecordsPerPage')).toBe('25');
    first.unmount();
    const second = await openResults({ extra: '&size=20000' });
    const dialog = await screen.findByTestId('records-per-page-confirm');
    expect(second.server.pageRequests()).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Show 10000' }));
    await waitFor(() => expect(lastPage(second.server)?.get('RecordsPerPage')).toBe('10000'));
    expect(await findRow(second.r.docs[2])).toBeTruthy();
  });

  it('discards a sort the server no longer accepts, clears the saved grid state and reloads', async () => {
    const server = resultsServer();
    window.localStorage.setItem(
      gridState(server),
      JSON.stringify({
        sort: [{ fieldId: 99, descending: false }],
        pinning: { start: [`f${server.r.vendorNumber}`], end: [] },
        visibility: {},
      }),
    );
    const { r } = await openResults({ server });
    expect(await screen.findByTestId('sort-discarded')).toBeTruthy();
    expect(await findRow(r.docs[0])).toBeTruthy();
    expect(window.localStorage.getItem(gridState(server))).toBeNull();
    expect(new URLSearchParams(window.location.search).get('sort')).toBe('');
    expect(server.pageRequests().map((q) => q.url.searchParams.get('Sort'))).toEqual([`99 ASC`, null]);
  });

  it.each([
    [
      'an archive the search does not search (404)',
      (s: ResultsServer) => ({ archive: s.r.y2024 }),
      'The grid data could not be found: the search or archive is no longer available.',
    ],
    [
      'a criterion that is no prompt of the search (400)',
      () => ({ extra: `&criteria=${encodeURIComponent('{"99":"x"}')}` }),
      "Server: SearchCriteria key '99' is not a prompt of search 'Invoice Approval'.",
    ],
  ])('shows the error of %s', async (_case, address, text) => {
    const server = resultsServer();
    await openResults({ server, ...address(server) });
    expect((await screen.findByTestId('results-error')).textContent).toBe(text);
  });

  it('shows the error of a 500', async () => {
    // a failure the server cannot be made to have on cue
    const server = resultsServer((r) => ({
      [`GET dbs/1/searches/${r.approval}/archive/${r.payables}/documents`]: json(
        { Message: 'An error has occurred.' },
        500,
      ),
    }));
    await openResults({ server });
    expect((await screen.findByTestId('results-error')).textContent).toBe(
      'An unknown error occurred loading grid data.',
    );
  });

  it('falls back to an earlier page when a page comes back empty', async () => {
    const server = resultsServer();
    const { r } = server;
    await openResults({ server, extra: '&page=20', search: r.allInvoices, archive: r.y2024 });
    // 210 documents: the ninth page of 25 is the last, with 10
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('page')).toBe('9'));
    await waitFor(() => expect(rowIds()).toHaveLength(10));
  });

  it('pins (cycling left, right, unpinned), hides and restores columns, remembering them', async () => {
    const { server, r } = await openResults();
    await findRow(r.docs[0]);
    const menu = (name: string) =>
      fireEvent.click(screen.getByRole('button', { name: `Column options for ${name}` }));
    const [status, lines, amount] = [`f${r.status}`, `f${r.lineItems}`, `f${r.amount}`];
    menu('Status');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Pin to the left' }));
    const saved = () => JSON.parse(window.localStorage.getItem(gridState(server)) ?? '{}');
    expect(saved().pinning).toEqual({ start: [status], end: [] });
    expect(screen.getByTestId(`column-${status}`).style.position).toBe('sticky');
    menu('Status');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Pin to the right' }));
    expect(saved().pinning).toEqual({ start: [], end: [status] });
    menu('Status');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Unpin' }));
    expect(saved().pinning).toEqual({ start: [], end: [] });

    menu('Line Items');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Hide column' }));
    expect(screen.queryByTestId(`column-${lines}`)).toBeNull();
    expect(saved().visibility).toEqual({ [lines]: false });
    menu('Amount');
    fireEvent.click(within(screen.getByRole('menu')).getByRole('menuitemcheckbox', { name: 'Line Items' }));
    expect(screen.getByTestId(`column-${lines}`)).toBeTruthy();
    // the menu stays open while columns are shown and hidden
    fireEvent.click(within(screen.getByRole('menu')).getByRole('menuitemcheckbox', { name: 'Amount' }));
    expect(screen.queryByTestId(`column-${amount}`)).toBeNull();
    menu('Status');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Restore columns' }));
    expect(screen.getByTestId(`column-${amount}`)).toBeTruthy();
    expect(screen.getByTestId(`column-${amount}`).style.minWidth).toBe('160px');
  });

  it('shows the thumbnail in a popover and opens the preview pop-up on ctrl or shift click', async () => {
    const opened = vi.spyOn(window, 'open').mockReturnValue(null);
    const { server, r, session } = await openResults();
    const [one, two] = r.docs;
    const hash = server.hashOf(1, one);
    const thumb = await screen.findByRole(
      'button',
      { name: `Thumbnail of document ${one}` },
      { timeout: 5000 },
    );
    fireEvent.click(thumb);
    const img = screen.getByRole('img', { name: `Thumbnail of document ${one}` });
    expect(img.getAttribute('src')).toContain(
      `/Square9API/api/dbs/1/archives/${r.payables}/documents/${one}/thumb?SecureId=${hash}&token=${session.token}`,
    );
    expect(img.getAttribute('width')).toBe('150');
    fireEvent.click(thumb, { ctrlKey: true });
    expect(opened).toHaveBeenCalledWith(
      expect.stringContaining(`/documents/${one}/File?SecureId=${hash}&token=`),
      `gs-preview-${one}`,
      expect.stringContaining('width=600,height=800'),
    );
    fireEvent.click(screen.getByRole('button', { name: `Thumbnail of document ${two}` }), { shiftKey: true });
    expect(opened).toHaveBeenCalledTimes(2);
  });

  it('switches view tabs with their counts: selection cleared, page size kept, reloaded', async () => {
    const { server, r } = await openResults({ extra: '&size=50' });
    const [pending, paid] = r.docs;
    const paidTab = await screen.findByTestId('view-tab-2');
    await waitFor(() => expect(paidTab.textContent).toBe('Paid2'));
    expect(screen.getByTestId('view-tab-1').textContent).toBe('Pending1');
    const select = () => screen.getByRole<HTMLInputElement>('checkbox', { name: `Select document ${paid}` });
    fireEvent.click(await screen.findByRole('checkbox', { name: `Select document ${paid}` }));
    expect(select().checked).toBe(true);
    fireEvent.click(paidTab);
    await waitFor(() => expect(lastPage(server)?.get('tabId')).toBe('2'));
    expect(lastPage(server)?.get('RecordsPerPage')).toBe('50');
    expect(currentPath()).toContain('tab=2');
    // the server's Paid invoices only, none of them selected
    await waitFor(() => expect(rowIds()).toEqual([r.docs[2], paid]));
    expect(screen.queryByTestId(`row-${pending}`)).toBeNull();
    expect(select().checked).toBe(false);
  });

  it('leaving while the view tab counts load cancels them, and a cancelled count is no failure', async () => {
    const warn = vi.spyOn(console, 'warn');
    // answered a second later: the page is gone by then
    const held = () =>
      new Promise<Response>((resolve) => setTimeout(() => resolve(json({ ArchiveId: 0, Count: 0 })), 1000));
    const server = resultsServer((r) => {
      const counts = `GET dbs/1/searches/${r.approval}/archive/${r.payables}/documents?Count=true`;
      return { [`${counts}&tabId=1`]: held, [`${counts}&tabId=2`]: held };
    });
    const { unmount } = await openResults({ server });
    await screen.findByTestId('view-tab-2');
    const counts = () => server.requests.filter((q) => q.url.searchParams.has('tabId'));
    await waitFor(() => expect(counts()).toHaveLength(2));
    unmount();
    await server.idle();
    expect(warn.mock.calls.filter(([message]) => String(message).includes('view tab'))).toEqual([]);
  });

  it('offers the archive searches to choose from, then asks the chosen one', async () => {
    const { server, r } = await openResults();
    await findRow(r.docs[0]);
    fireEvent.click(screen.getByTestId('other-searches'));
    const modal = within(await screen.findByTestId('search-modal-selection'));
    await modal.findByRole('button', { name: 'All Invoices' });
    expect(modal.getAllByRole('button').map((b) => b.textContent)).toEqual([
      '×',
      'All Invoices',
      'Invoice Approval',
    ]);
    fireEvent.click(modal.getByRole('button', { name: 'All Invoices' }));
    const none = within(await screen.findByTestId('search-modal-none'));
    expect(none.getByText('This search asks for nothing: run it to see its documents.')).toBeTruthy();
    fireEvent.change(none.getByLabelText('Records per page'), { target: { value: '50' } });
    fireEvent.click(none.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(lastPage(server)?.get('RecordsPerPage')).toBe('50'));
    expect(server.pageRequests().at(-1)?.path).toBe(
      `dbs/1/searches/${r.allInvoices}/archive/${r.payables}/documents`,
    );
  });

  it('lists the archives of a multi-archive search with counts, by count and without empties when asked', async () => {
    window.localStorage.setItem('multiArchiveCountSort', 'true');
    window.localStorage.setItem('multiArchiveHideEmpty', 'true');
    const server = resultsServer();
    const { r } = await openResults({ server, search: server.r.allInvoices });
    const tabs = within(await screen.findByRole('tablist', { name: 'Archives searched' }));
    await waitFor(() =>
      expect(tabs.getAllByRole('tab').map((t) => t.textContent)).toEqual(['2024210', 'Payables3']),
    );
    fireEvent.click(tabs.getByRole('tab', { name: /2024/ }));
    await waitFor(() =>
      expect(server.pageRequests().at(-1)?.path).toBe(
        `dbs/1/searches/${r.allInvoices}/archive/${r.y2024}/documents`,
      ),
    );
    expect(new URLSearchParams(window.location.search).get('archive')).toBe(String(r.y2024));
  });
});
