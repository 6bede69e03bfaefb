// Inbox results against the simulator's app in process (test/realServer.ts): inboxWorld's Scans
// (alpha.pdf, beta.txt, gamma.txt) and Mail (letter.txt) as full.user sees them.
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Inbox } from '@gs/contract/inboxes';
import { uploaderOver } from '../../test/fetchXhr';
import { currentPath, renderApp } from '../../test/renderApp';
import { realServer } from '../../test/realServer';
import { uploaderOverrideAtom } from './cacheUpload';
import { inboxPageSize } from './InboxResultsPage';

// the first render loads the lazy pages: give a busy machine time
configure({ asyncUtilTimeout: 5000 });

const SCANS = 1;
const url = (extra = '', inboxId = SCANS) => `/results/Inbox?db=1&inboxId=${inboxId}${extra}`;

async function start(extra = '', login = 'full.user') {
  const server = realServer();
  const session = await server.signIn(login);
  const app = renderApp({ url: url(extra), fetch: server.fetch, session });
  // the real upload (api/upload.ts) with its XMLHttpRequest over the in-process fetch
  app.store.set(uploaderOverrideAtom, () => uploaderOver(server.fetch, app.http, session.token));
  const files = async (inbox = SCANS) =>
    (await server.call<Inbox>(login, 'GET', `inboxes/${inbox}`)).Files.map((f) => f.FileName + f.FileType);
  return { ...app, server, w: server.w, token: session.token, files };
}
type Started = Awaited<ReturnType<typeof start>>;

const grid = () => screen.findByTestId('inbox-grid');
const names = (container: HTMLElement) =>
  within(container)
    .queryAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('gridcell')[3]?.textContent);
const pageRequests = ({ server }: Started) =>
  server.requests.filter(
    (r) => r.method === 'GET' && r.path === `inboxes/${SCANS}` && r.url.searchParams.has('pageNumber'),
  );
const check = async (name: string) =>
  fireEvent.click(await screen.findByRole('checkbox', { name: `Select ${name}` }));
const tool = (name: string) => screen.getByRole('button', { name });

describe('inbox results (/results/Inbox)', () => {
  it('shows the files with thumbnails, names, types and dates, 25 to a page', async () => {
    const t = await start();
    const table = await grid();
    await waitFor(() => expect(names(table)).toEqual(['alpha', 'beta', 'gamma']));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Scans');
    expect(screen.getByTestId('inbox-count').textContent).toBe('Files: 3');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent?.replace('⋮', '').replace('▲', '')),
    ).toEqual(['', 'View', 'Thumbnail', 'File Name', 'File Type', 'Date Created', 'Date Modified']);
    const thumb = within(table).getAllByTestId('inbox-thumb')[0] as HTMLImageElement;
    expect(thumb.width).toBe(150);
    expect(thumb.height).toBe(150);
    const src = new URL(thumb.src);
    expect(src.pathname).toMatch(new RegExp(`/inboxes/${SCANS}/thumb$`));
    expect(src.searchParams.get('FileName')).toBe('alpha.pdf');
    expect(src.searchParams.get('token')).toBe(t.token);
    const request = pageRequests(t)[0];
    expect(request?.url.searchParams.get('numberOfDocuments')).toBe('25');
    expect(request?.url.searchParams.get('pageNumber')).toBe('1');
    expect(request?.url.searchParams.get('sort')).toBe('name');
    // inboxes keep no history
    expect(screen.queryByTestId('history-toggle')).toBeNull();
  });

  it('resets an invalid page size to 25', async () => {
    expect([null, 'abc', '0', '-5', '20000', '1.5'].map(inboxPageSize)).toEqual([25, 25, 25, 25, 25, 25]);
    expect(inboxPageSize('50')).toBe(50);
    const t = await start('&size=0');
    await grid();
    await waitFor(() => expect(pageRequests(t)[0]?.url.searchParams.get('numberOfDocuments')).toBe('25'));
    expect((await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Per page' })).value).toBe('25');
  });

  it('sorts and pages on the server through the address', async () => {
    const t = await start();
    const table = await grid();
    await waitFor(() => expect(names(table)).toHaveLength(3));
    fireEvent.click(within(table).getByRole('button', { name: 'File Type' }));
    await waitFor(() => expect(currentPath()).toBe(url('&sort=type')));
    await waitFor(() => expect(pageRequests(t).at(-1)?.url.searchParams.get('sort')).toBe('type'));
    await waitFor(() => expect(names(table)[0]).toBe('alpha'));
    fireEvent.click(within(table).getByRole('button', { name: 'File Type' }));
    await waitFor(() => expect(currentPath()).toBe(url('&sort=-type')));
    await waitFor(() => expect(names(table)[2]).toBe('alpha'));

    // the page of the new sort loads before its pager shows again
    fireEvent.change(await screen.findByRole('combobox', { name: 'Per page' }), { target: { value: '50' } });
    await waitFor(() => expect(currentPath()).toBe(url('&size=50&sort=-type')));
    await waitFor(() => expect(pageRequests(t).at(-1)?.url.searchParams.get('numberOfDocuments')).toBe('50'));
  });

  it('asks for a checked file first', async () => {
    await start();
    await grid();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(screen.getByTestId('inbox-notice').textContent).toContain('Select at least one document first.');
    expect(screen.queryByTestId('delete-confirm')).toBeNull();
  });

  it('renames a file through NewName', async () => {
    const { server, files } = await start();
    await check('alpha.pdf');
    fireEvent.click(tool('Rename'));
    const dialog = await screen.findByTestId('inbox-rename');
    const input = within(dialog).getByLabelText('File name (the extension .pdf is kept)');
    fireEvent.change(input, { target: { value: 'bad:name' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(within(dialog).getByRole('alert').textContent).toContain('cannot contain');
    fireEvent.change(input, { target: { value: 'W9 Cascade' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));

    await waitFor(() => expect(screen.queryByTestId('inbox-rename')).toBeNull());
    const put = server.requests.find((r) => r.method === 'PUT');
    expect(JSON.parse(put?.body ?? '{}')).toEqual({
      FileName: 'alpha.pdf',
      FileType: '.pdf',
      NewName: 'W9 Cascade',
    });
    expect(await files()).toContain('W9 Cascade.pdf');
    expect(screen.getByTestId('inbox-notice').textContent).toContain(
      'The file was renamed to W9 Cascade.pdf.',
    );
    await waitFor(() => expect(names(screen.getByTestId('inbox-grid'))).toContain('W9 Cascade'));
  });

  it('shows the server refusing a name that is taken', async () => {
    await start();
    await check('gamma.txt');
    fireEvent.click(tool('Rename'));
    const dialog = await screen.findByTestId('inbox-rename');
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'beta' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      "Server: A file named 'beta.txt' is already in the inbox.",
    );
  });

  it('copies and moves checked files to another inbox', async () => {
    const { server, w, files } = await start();
    await check('alpha.pdf');
    await check('beta.txt');
    fireEvent.click(tool('Copy or move'));
    let dialog = await screen.findByTestId('inbox-select');
    // only the other inboxes the user may see (listed once loaded)
    fireEvent.click(await within(dialog).findByRole('radio', { name: 'Mail' }));
    expect(within(dialog).queryByRole('radio', { name: 'Scans' })).toBeNull();
    expect(within(dialog).queryByRole('radio', { name: 'Hidden' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy' }));
    await waitFor(() =>
      expect(screen.getByTestId('inbox-notice').textContent).toContain('Files copied to Mail: 2'),
    );
    expect(await files(w.mail)).toEqual(['alpha.pdf', 'beta.txt', 'letter.txt']);
    expect(await files()).toHaveLength(3);
    const copy = server.requests.find((r) => r.url.searchParams.has('targetInboxId'));
    expect(copy?.url.searchParams.get('deleteOriginal')).toBe('false');

    await check('gamma.txt');
    fireEvent.click(tool('Copy or move'));
    dialog = await screen.findByTestId('inbox-select');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Move' }));
    fireEvent.click(await within(dialog).findByRole('radio', { name: 'Mail' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(async () => expect(await files()).toHaveLength(2));
    await waitFor(() => expect(screen.getByTestId('inbox-count').textContent).toBe('Files: 2'));
  });

  it('deletes checked files after the confirmation', async () => {
    const { files } = await start();
    await check('gamma.txt');
    fireEvent.click(tool('Delete'));
    const confirm = await screen.findByTestId('delete-confirm');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(await files()).toHaveLength(3);

    fireEvent.click(tool('Delete'));
    fireEvent.click(
      within(await screen.findByTestId('delete-confirm')).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(async () => expect(await files()).toEqual(['alpha.pdf', 'beta.txt']));
    await waitFor(() => expect(names(screen.getByTestId('inbox-grid'))).toHaveLength(2));
    expect(screen.getByTestId('inbox-notice').textContent).toContain('Files deleted: 1');
  });

  it('downloads one file', async () => {
    const { token } = await start();
    const clicked: string[] = [];
    const spy = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.href, this.download);
    });
    await check('alpha.pdf');
    fireEvent.click(tool('Download'));
    spy.mockRestore();
    const href = new URL(clicked[0] ?? '');
    expect(href.pathname).toMatch(new RegExp(`/inboxes/${SCANS}$`));
    expect(href.searchParams.get('FileName')).toBe('alpha.pdf');
    expect(href.searchParams.get('token')).toBe(token);
    expect(clicked[1]).toBe('alpha.pdf');
  });

  it('sends a file to an archive: the indexing view with the inbox file', async () => {
    await start();
    await check('alpha.pdf');
    fireEvent.click(tool('Send to archive'));
    const dialog = await screen.findByTestId('index-archive-select');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Contracts' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'You do not have permission to add documents to Contracts.',
    );
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Index' }).disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Invoices' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Index' }));
    await waitFor(() => expect(currentPath()).toBe(`/view?db=1&a=1&inboxId=${SCANS}&inboxFile=alpha.pdf`));
  });

  it('uploads into the inbox from the toolbar and from a drop on the grid', async () => {
    const { files } = await start();
    await grid();
    fireEvent.change(await screen.findByTestId('inbox-grid-file-input'), {
      target: { files: [new File(['x'], 'new.pdf'), new File([], 'zero.pdf')] },
    });
    await screen.findByTestId('inbox-upload-done');
    expect(screen.getByTestId('zero-byte-removed').textContent).toContain('zero.pdf');
    expect(await files()).toContain('new.pdf');
    await waitFor(() => expect(names(screen.getByTestId('inbox-grid'))).toContain('new'));

    fireEvent.drop(screen.getByTestId('inbox-results'), {
      dataTransfer: { types: ['Files'], files: [new File(['y'], 'dropped.tif')] },
    });
    await waitFor(async () => expect(await files()).toContain('dropped.tif'));
  });

  it('lets a read-only licence look and download only', async () => {
    await start('', 'reader');
    await grid();
    expect(await screen.findByRole('button', { name: 'Download' })).toBeTruthy();
    for (const name of ['Upload files', 'Rename', 'Copy or move', 'Delete', 'Send to archive'])
      expect(screen.queryByRole('button', { name })).toBeNull();
  });

  it('refuses an address without an inbox', async () => {
    const server = realServer();
    renderApp({ url: '/results/Inbox?db=1', fetch: server.fetch, session: await server.signIn('full.user') });
    expect((await screen.findByTestId('results-bad-address')).textContent).toContain('incorrect or missing');
  });
});
