import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InboxFile } from '@gs/contract/inboxes';
import { describe, expect, it } from 'vitest';
import { indexingServer, type IndexingServer } from '../../test/indexingWorld';
import { tiffOf } from '../../test/realServer';
import { currentPath, renderApp } from '../../test/renderApp';
import { indexingPath, type IndexingTarget } from './indexingPath';
import { keptFileName, scanFileName } from './keepUnsaved';

// Cancel in the indexing view on the simulator's app in process (decision 082): grouped indexes a
// three-page scan uploaded into their cache (POST files) into Bills; of their inboxes, Hidden (listed
// first) only lets them look, Mail (through the group Accounting) lets them add.

const LOAD = { timeout: 5000 };

interface Opened {
  server: IndexingServer;
  target: IndexingTarget;
  /** the scan's name in the upload cache */
  file: string;
}

async function open(
  options: { login?: string; target?: Partial<IndexingTarget>; server?: IndexingServer } = {},
): Promise<Opened> {
  const { login = 'grouped', server = indexingServer() } = options;
  const [file = ''] = await server.upload(login, [{ name: 'c0ffee.tif', bytes: tiffOf(3) }]);
  const target: IndexingTarget = {
    ...{ db: server.w.alpha, archive: server.x.bills, importDocs: [file] },
    ...options.target,
  };
  renderApp({ url: indexingPath(target), fetch: server.fetch, session: await server.signIn(login) });
  return { server, target, file };
}

const cancel = async () => fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }, LOAD));
const dialog = () => screen.findByRole('dialog', { name: 'Leave without saving?' });
const kept = ({ server }: Opened) =>
  server.requests.filter((r) => r.method === 'POST' && r.path.startsWith('inboxes/'));
/** the files of an inbox as the server lists them now */
const inboxFiles = async ({ server }: Opened, inbox: number) =>
  (await server.call<{ Files: InboxFile[] }>('SSAdministrator', 'GET', `inboxes/${inbox}`)).Files.map(
    (f) => `${f.FileName}${f.FileType}`,
  );
const searchPath = ({ server }: Opened) => `/view?db=${server.w.alpha}&a=${server.x.bills}`;

describe('Cancel in the indexing view keeps unsaved pages (issue 27)', () => {
  it('asks first; Stay keeps the view and its pages, nothing is moved', async () => {
    const opened = await open();
    await screen.findByText('Page 1 of 3', {}, LOAD);
    await cancel();
    const asked = await dialog();
    expect(await within(asked).findByText('Discard 3 unsaved pages?')).toBeTruthy();
    expect(within(asked).getByTestId('cancel-indexing-where').textContent).toBe(
      'They will be kept in inbox Mail, so nothing has to be scanned again.',
    );
    fireEvent.click(within(asked).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(currentPath()).toBe(indexingPath(opened.target));
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    expect(kept(opened)).toHaveLength(0);
    expect(await inboxFiles(opened, opened.server.w.mail)).toEqual([]);
  });

  it('Keep in inbox moves the scan into the first inbox it may add to, under a readable name', async () => {
    const opened = await open();
    await cancel();
    const asked = await dialog();
    fireEvent.click(await within(asked).findByRole('button', { name: 'Keep in inbox' }));
    await waitFor(() => expect(currentPath()).toBe(searchPath(opened)));
    expect((await screen.findByTestId('indexing-success')).textContent).toBe(
      '3 pages were kept in inbox Mail.',
    );
    const [call] = kept(opened);
    expect(call?.path).toBe(`inboxes/${opened.server.w.mail}`);
    expect(call?.url.searchParams.get('FilePath')).toBe(opened.file);
    // the server holds it in Mail under the readable name
    const [name] = await inboxFiles(opened, opened.server.w.mail);
    expect(name).toMatch(/^Scan \d{4}-\d\d-\d\d \d\d-\d\d\.tif$/);
    expect(call?.url.searchParams.get('newFileName')).toBe(name);
  });

  it('an upload keeps the name the user knows it by', async () => {
    const opened = await open({ target: { importNames: ['March invoice.tif'] } });
    await cancel();
    fireEvent.click(await within(await dialog()).findByRole('button', { name: 'Keep in inbox' }));
    await waitFor(() => expect(currentPath()).toBe(searchPath(opened)));
    expect(await inboxFiles(opened, opened.server.w.mail)).toEqual(['March invoice.tif']);
  });

  it('without an inbox to add to, the dialog says so and only offers to stay', async () => {
    // web.user may only look into Scans
    await open({ login: 'web.user' });
    await cancel();
    const asked = await dialog();
    expect(await within(asked).findByText(/You have no inbox you may add files to/)).toBeTruthy();
    expect(within(asked).queryByRole('button', { name: 'Keep in inbox' })).toBeNull();
    expect(within(asked).getByRole('button', { name: 'Stay' })).toBeTruthy();
  });

  it('a refused move stays in the dialog with the reason and the pages', async () => {
    const opened = await open();
    const { server, file } = opened;
    await cancel();
    const keep = await within(await dialog()).findByRole('button', { name: 'Keep in inbox' });
    // the scan leaves the cache behind the dialog's back (kept from another tab)
    await server.call(
      'grouped',
      'POST',
      `inboxes/${server.w.mail}?FilePath=${file}&newFileName=elsewhere.tif`,
    );
    fireEvent.click(keep);
    expect((await screen.findByTestId('cancel-indexing-error')).textContent).toMatch(/^Server: /);
    expect(currentPath()).toBe(indexingPath(opened.target));
    expect(await inboxFiles(opened, server.w.mail)).toEqual(['elsewhere.tif']);
  });

  it('an inbox file is kept by its inbox: Cancel goes back without asking', async () => {
    const server = indexingServer();
    const { alpha, scans } = server.w;
    const target: IndexingTarget = {
      ...{ db: alpha, archive: server.x.bills, importDocs: [] },
      inbox: { id: scans, fileName: 'scan 01.pdf' },
    };
    renderApp({ url: indexingPath(target), fetch: server.fetch, session: await server.signIn('full.user') });
    await screen.findByText('Page 1 of 3', {}, LOAD);
    await cancel();
    await waitFor(() => expect(currentPath()).toBe(`/results/Inbox?db=${alpha}&inboxId=${scans}`));
    expect(server.requests.filter((r) => r.method === 'POST' && r.path.startsWith('inboxes/'))).toHaveLength(
      0,
    );
  });

  it("a batch's document is kept by its batch: the dialog says so and goes back to the batches", async () => {
    const opened = await open({ target: { batch: { portalId: 3, batchId: 9, docId: 1 } } });
    await cancel();
    const asked = await dialog();
    expect(await within(asked).findByText('Discard 3 unsaved pages?')).toBeTruthy();
    expect(within(asked).getByTestId('cancel-indexing-where').textContent).toBe(
      'They stay in batch 9, ready to be indexed later.',
    );
    fireEvent.click(within(asked).getByRole('button', { name: 'Back to the batch' }));
    await waitFor(() => expect(currentPath()).toMatch(/^\/batches\?portalId=3/));
    expect(kept(opened)).toHaveLength(0);
  });
});

describe('kept file names', () => {
  it('names a scan by its local date and time with the file extension', () => {
    expect(scanFileName('0b9f-77.pdf', new Date(2026, 10, 27, 10, 32))).toBe('Scan 2026-11-27 10-32.pdf');
    expect(
      keptFileName(
        { db: 1, archive: 2, importDocs: ['x.tif'], importNames: [''] },
        0,
        new Date(2026, 0, 2, 3, 4),
      ),
    ).toBe('Scan 2026-01-02 03-04.tif');
  });
});
