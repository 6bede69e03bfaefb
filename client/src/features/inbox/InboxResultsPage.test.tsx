import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LicenseType, type LicenseTypeCode } from '@gs/contract/flags';
import { AP_INTAKE, inboxServer, inboxWorld, SCANNING } from '../../test/inboxServer';
import { session, TOKEN } from '../../test/fixtures';
import { currentPath, renderApp } from '../../test/renderApp';
import { uploaderOverrideAtom, type Uploader } from './cacheUpload';
import { inboxPageSize } from './InboxResultsPage';

// the first render loads the lazy pages: give a busy machine time
configure({ asyncUtilTimeout: 5000 });

const url = (extra = '', inboxId = SCANNING) => `/results/Inbox?db=1&inboxId=${inboxId}${extra}`;

function start(extra = '', licenseType: LicenseTypeCode = LicenseType.Full) {
  const world = inboxWorld();
  const fake = inboxServer(world);
  const app = renderApp({ url: url(extra), fetch: fake.fetch, session: session({ licenseType }) });
  return { ...app, world, fake };
}

const grid = () => screen.findByTestId('inbox-grid');
const names = (container: HTMLElement) =>
  within(container)
    .queryAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('gridcell')[3]?.textContent);
const pageRequests = (fake: ReturnType<typeof inboxServer>) =>
  fake.requests.filter(
    (r) => r.method === 'GET' && r.path === `inboxes/${SCANNING}` && r.url.searchParams.has('pageNumber'),
  );
const check = async (name: string) =>
  fireEvent.click(await screen.findByRole('checkbox', { name: `Select ${name}` }));
const tool = (name: string) => screen.getByRole('button', { name });

describe('inbox results (/results/Inbox)', () => {
  it('shows the files with thumbnails, names, types and dates, 25 to a page', async () => {
    const { fake } = start();
    const table = await grid();
    await waitFor(() =>
      expect(names(table)).toEqual(['Scan_20240301_0931', 'Scan_20240302_0934', 'Scan_20240303_1012']),
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Scanning');
    expect(screen.getByTestId('inbox-count').textContent).toBe('Files: 3');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent?.replace('⋮', '').replace('▲', '')),
    ).toEqual(['', '', 'Thumbnail', 'File Name', 'File Type', 'Date Created', 'Date Modified']);
    const thumb = within(table).getAllByTestId('inbox-thumb')[0] as HTMLImageElement;
    expect(thumb.width).toBe(150);
    expect(thumb.height).toBe(150);
    const src = new URL(thumb.src);
    expect(src.pathname).toMatch(new RegExp(`/inboxes/${SCANNING}/thumb$`));
    expect(src.searchParams.get('FileName')).toBe('Scan_20240301_0931.tif');
    expect(src.searchParams.get('token')).toBe(TOKEN);
    const request = pageRequests(fake)[0];
    expect(request?.url.searchParams.get('numberOfDocuments')).toBe('25');
    expect(request?.url.searchParams.get('pageNumber')).toBe('1');
    expect(request?.url.searchParams.get('sort')).toBe('name');
    // inboxes keep no history
    expect(screen.queryByTestId('history-toggle')).toBeNull();
  });

  it('resets an invalid page size to 25', async () => {
    expect([null, 'abc', '0', '-5', '20000', '1.5'].map(inboxPageSize)).toEqual([25, 25, 25, 25, 25, 25]);
    expect(inboxPageSize('50')).toBe(50);
    const { fake } = start('&size=0');
    await grid();
    await waitFor(() => expect(pageRequests(fake)[0]?.url.searchParams.get('numberOfDocuments')).toBe('25'));
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Per page' }).value).toBe('25');
  });

  it('sorts and pages on the server through the address', async () => {
    const { fake } = start();
    const table = await grid();
    await waitFor(() => expect(names(table)).toHaveLength(3));
    fireEvent.click(within(table).getByRole('button', { name: 'File Type' }));
    await waitFor(() => expect(currentPath()).toBe(url('&sort=type')));
    await waitFor(() => expect(pageRequests(fake).at(-1)?.url.searchParams.get('sort')).toBe('type'));
    await waitFor(() => expect(names(table)[0]).toBe('Scan_20240303_1012'));
    fireEvent.click(within(table).getByRole('button', { name: 'File Type' }));
    await waitFor(() => expect(currentPath()).toBe(url('&sort=-type')));

    // the page of the new sort loads before its pager shows again
    fireEvent.change(await screen.findByRole('combobox', { name: 'Per page' }), { target: { value: '50' } });
    await waitFor(() => expect(currentPath()).toBe(url('&size=50&sort=-type')));
    await waitFor(() =>
      expect(pageRequests(fake).at(-1)?.url.searchParams.get('numberOfDocuments')).toBe('50'),
    );
  });

  it('asks for a checked file first', async () => {
    start();
    await grid();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(screen.getByTestId('inbox-notice').textContent).toContain('Select at least one document first.');
    expect(screen.queryByTestId('delete-confirm')).toBeNull();
  });

  it('renames a file through NewName', async () => {
    const { fake, world } = start();
    await check('Scan_20240301_0931.tif');
    fireEvent.click(tool('Rename'));
    const dialog = await screen.findByTestId('inbox-rename');
    const input = within(dialog).getByLabelText('File name (the extension .tif is kept)');
    fireEvent.change(input, { target: { value: 'bad:name' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(within(dialog).getByRole('alert').textContent).toContain('cannot contain');
    fireEvent.change(input, { target: { value: 'W9 Cascade' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));

    await waitFor(() => expect(screen.queryByTestId('inbox-rename')).toBeNull());
    const put = fake.requests.find((r) => r.method === 'PUT');
    expect(JSON.parse(put?.body ?? '{}')).toEqual({
      FileName: 'Scan_20240301_0931.tif',
      FileType: '.tif',
      NewName: 'W9 Cascade',
    });
    expect(world.names(SCANNING)).toContain('W9 Cascade.tif');
    expect(screen.getByTestId('inbox-notice').textContent).toContain(
      'The file was renamed to W9 Cascade.tif.',
    );
    await waitFor(() => expect(names(screen.getByTestId('inbox-grid'))).toContain('W9 Cascade'));
  });

  it('shows the server refusing a name that is taken', async () => {
    start();
    await check('Scan_20240301_0931.tif');
    fireEvent.click(tool('Rename'));
    const dialog = await screen.findByTestId('inbox-rename');
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'Scan_20240302_0934' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      "Server: A file named 'Scan_20240302_0934.tif' already exists.",
    );
  });

  it('copies and moves checked files to another inbox', async () => {
    const { world, fake } = start();
    await check('Scan_20240301_0931.tif');
    await check('Scan_20240302_0934.tif');
    fireEvent.click(tool('Copy or move'));
    let dialog = await screen.findByTestId('inbox-select');
    // only the other inboxes (listed once loaded); one the user may not add to cannot be chosen
    const hr = await within(dialog).findByRole<HTMLInputElement>('radio', { name: 'HR Onboarding' });
    expect(hr.disabled).toBe(true);
    expect(within(dialog).queryByRole('radio', { name: 'Scanning' })).toBeNull();
    fireEvent.click(await within(dialog).findByRole('radio', { name: 'AP Intake' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy' }));
    await waitFor(() =>
      expect(screen.getByTestId('inbox-notice').textContent).toContain('Files copied to AP Intake: 2'),
    );
    expect(world.names(AP_INTAKE)).toEqual([
      'INV-1001 Acme.pdf',
      'Scan_20240301_0931.tif',
      'Scan_20240302_0934.tif',
    ]);
    expect(world.names(SCANNING)).toHaveLength(3);
    const copy = fake.requests.find((r) => r.url.searchParams.has('targetInboxId'));
    expect(copy?.url.searchParams.get('deleteOriginal')).toBe('false');

    await check('Scan_20240303_1012.pdf');
    fireEvent.click(tool('Copy or move'));
    dialog = await screen.findByTestId('inbox-select');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Move' }));
    fireEvent.click(await within(dialog).findByRole('radio', { name: 'AP Intake' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(world.names(SCANNING)).toHaveLength(2));
    await waitFor(() => expect(screen.getByTestId('inbox-count').textContent).toBe('Files: 2'));
  });

  it('deletes checked files after the confirmation', async () => {
    const { world } = start();
    await check('Scan_20240303_1012.pdf');
    fireEvent.click(tool('Delete'));
    const confirm = await screen.findByTestId('delete-confirm');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(world.names(SCANNING)).toHaveLength(3);

    fireEvent.click(tool('Delete'));
    fireEvent.click(
      within(await screen.findByTestId('delete-confirm')).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(world.names(SCANNING)).not.toContain('Scan_20240303_1012.pdf'));
    await waitFor(() => expect(names(screen.getByTestId('inbox-grid'))).toHaveLength(2));
    expect(screen.getByTestId('inbox-notice').textContent).toContain('Files deleted: 1');
  });

  it('downloads one file', async () => {
    start();
    const clicked: string[] = [];
    const spy = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.href, this.download);
    });
    await check('Scan_20240303_1012.pdf');
    fireEvent.click(tool('Download'));
    spy.mockRestore();
    const href = new URL(clicked[0] ?? '');
    expect(href.pathname).toMatch(new RegExp(`/inboxes/${SCANNING}$`));
    expect(href.searchParams.get('FileName')).toBe('Scan_20240303_1012.pdf');
    expect(href.searchParams.get('token')).toBe(TOKEN);
    expect(clicked[1]).toBe('Scan_20240303_1012.pdf');
  });

  it('sends a file to an archive: the indexing view with the inbox file', async () => {
    start();
    await check('Scan_20240303_1012.pdf');
    fireEvent.click(tool('Send to archive'));
    const dialog = await screen.findByTestId('index-archive-select');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Closed Books' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'You do not have permission to add documents to Closed Books.',
    );
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Index' }).disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Invoices' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Index' }));
    await waitFor(() =>
      expect(currentPath()).toBe(`/view?db=1&a=2&inboxId=${SCANNING}&inboxFile=Scan_20240303_1012.pdf`),
    );
  });

  it('uploads into the inbox from the toolbar and from a drop on the grid', async () => {
    const { world, store } = start();
    const upload: Uploader = (files, onProgress) => {
      onProgress(1);
      return Promise.resolve({
        files: files.map((f) => ({
          name: `c_${f.name}`,
          originalName: f.name,
          isEmail: false,
          oEmailData: null,
          test: null,
        })),
        skipped: [],
      });
    };
    store.set(uploaderOverrideAtom, () => upload);
    await grid();
    fireEvent.change(await screen.findByTestId('inbox-grid-file-input'), {
      target: { files: [new File(['x'], 'new.pdf'), new File([], 'zero.pdf')] },
    });
    await screen.findByTestId('inbox-upload-done');
    expect(screen.getByTestId('zero-byte-removed').textContent).toContain('zero.pdf');
    expect(world.names(SCANNING)).toContain('new.pdf');
    await waitFor(() => expect(names(screen.getByTestId('inbox-grid'))).toContain('new'));

    fireEvent.drop(screen.getByTestId('inbox-results'), {
      dataTransfer: { types: ['Files'], files: [new File(['y'], 'dropped.tif')] },
    });
    await waitFor(() => expect(world.names(SCANNING)).toContain('dropped.tif'));
  });

  it('lets a read-only licence look and download only', async () => {
    start('', LicenseType.ReadOnly);
    await grid();
    expect(await screen.findByRole('button', { name: 'Download' })).toBeTruthy();
    for (const name of ['Upload files', 'Rename', 'Copy or move', 'Delete', 'Send to archive'])
      expect(screen.queryByRole('button', { name })).toBeNull();
  });

  it('refuses an address without an inbox', async () => {
    renderApp({ url: '/results/Inbox?db=1', fetch: inboxServer().fetch, session: session() });
    expect((await screen.findByTestId('results-bad-address')).textContent).toContain('incorrect or missing');
  });
});
