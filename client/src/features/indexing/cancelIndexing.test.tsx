import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FieldType } from '@gs/contract/flags';
import { createFakeServer, json, type FakeAnswer, type FakeHandler } from '../../test/fakeServer';
import { archive, session } from '../../test/fixtures';
import { currentPath, renderApp } from '../../test/renderApp';
import { fieldDef } from '../../test/searchFixtures';
import { indexingPath, type IndexingTarget } from './indexingPath';
import { keptFileName, scanFileName } from './keepUnsaved';

const inbox = (Id: number, Name: string, Permissions: number) => ({
  Id,
  Name,
  Path: `C:\\Inboxes\\${Name}`,
  Count: 0,
  Permissions,
  Files: [],
});

function server(overrides: Record<string, FakeHandler | FakeAnswer> = {}) {
  return createFakeServer({
    'GET dbs': { Databases: [{ Id: 1, Name: 'Finance' }] },
    'GET dbs/1/archives': { Archives: [archive(1, 'Accounts Payable', 0, 2)] },
    'GET dbs/1/archives/1': { Archives: [archive(2, 'Invoices', 1)] },
    'GET dbs/1/archives/2/searches': [],
    'GET dbs/1/archives/2?type=info': { Id: 2, Name: 'Invoices', Parent: 1, Permissions: 1048575 },
    'GET dbs/1/archives/2?type=fields': [fieldDef(1, 'Vendor Number', FieldType.Character)],
    'GET files?action=pages': { Pages: 3 },
    // the first inbox only lets the user look: the pages go to the second
    'GET inboxes': { InboxOptions: 0, Inboxes: [inbox(4, 'Archive Only', 1), inbox(5, 'Scanning', 15)] },
    'POST inboxes/5': (r) => r.url.searchParams.get('newFileName') ?? '',
    ...overrides,
  });
}

const LOAD = { timeout: 5000 };
const UPLOAD: IndexingTarget = { db: 1, archive: 2, importDocs: ['c0ffee.tif'] };

function open(fake: ReturnType<typeof server>, target: IndexingTarget = UPLOAD) {
  return renderApp({ url: indexingPath(target), fetch: fake.fetch, session: session() });
}

const cancel = async () => fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }, LOAD));
const dialog = () => screen.findByRole('dialog', { name: 'Leave without saving?' });
const kept = (fake: ReturnType<typeof server>) =>
  fake.requests.filter((r) => r.method === 'POST' && r.path.startsWith('inboxes/'));

describe('Cancel in the indexing view keeps unsaved pages (issue 27)', () => {
  it('asks first; Stay keeps the view and its pages, nothing is moved', async () => {
    const fake = server();
    open(fake);
    await screen.findByText('Page 1 of 3', {}, LOAD);
    await cancel();
    const asked = await dialog();
    expect(await within(asked).findByText('Discard 3 unsaved pages?')).toBeTruthy();
    expect(within(asked).getByTestId('cancel-indexing-where').textContent).toBe(
      'They will be kept in inbox Scanning, so nothing has to be scanned again.',
    );
    fireEvent.click(within(asked).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(currentPath()).toMatch(/^\/view\?db=1&a=2&ImportDoc=c0ffee\.tif$/);
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    expect(kept(fake)).toHaveLength(0);
  });

  it('Keep in inbox moves the scan into the first inbox it may add to, under a readable name', async () => {
    const fake = server();
    open(fake);
    await cancel();
    const asked = await dialog();
    fireEvent.click(await within(asked).findByRole('button', { name: 'Keep in inbox' }));
    await waitFor(() => expect(currentPath()).toBe('/view?db=1&a=2'));
    expect((await screen.findByTestId('indexing-success')).textContent).toBe(
      '3 pages were kept in inbox Scanning.',
    );
    const [call] = kept(fake);
    expect(call?.path).toBe('inboxes/5');
    expect(call?.url.searchParams.get('FilePath')).toBe('c0ffee.tif');
    expect(call?.url.searchParams.get('newFileName')).toMatch(/^Scan \d{4}-\d\d-\d\d \d\d-\d\d\.tif$/);
  });

  it('an upload keeps the name the user knows it by', async () => {
    const fake = server();
    open(fake, { ...UPLOAD, importNames: ['March invoice.tif'] });
    await cancel();
    fireEvent.click(await within(await dialog()).findByRole('button', { name: 'Keep in inbox' }));
    await waitFor(() => expect(kept(fake)).toHaveLength(1));
    expect(kept(fake)[0]?.url.searchParams.get('newFileName')).toBe('March invoice.tif');
  });

  it('without an inbox to add to, the dialog says so and only offers to stay', async () => {
    const fake = server({ 'GET inboxes': { InboxOptions: 0, Inboxes: [inbox(4, 'Archive Only', 1)] } });
    open(fake);
    await cancel();
    const asked = await dialog();
    expect(await within(asked).findByText(/You have no inbox you may add files to/)).toBeTruthy();
    expect(within(asked).queryByRole('button', { name: 'Keep in inbox' })).toBeNull();
    expect(within(asked).getByRole('button', { name: 'Stay' })).toBeTruthy();
  });

  it('a refused move stays in the dialog with the reason and the pages', async () => {
    const fake = server({ 'POST inboxes/5': json({ Message: 'Your upload cache file is gone.' }, 404) });
    open(fake);
    await cancel();
    fireEvent.click(await within(await dialog()).findByRole('button', { name: 'Keep in inbox' }));
    expect((await screen.findByTestId('cancel-indexing-error')).textContent).toBe(
      'Server: Your upload cache file is gone.',
    );
    expect(currentPath()).toMatch(/^\/view\?db=1&a=2&ImportDoc=/);
  });

  it('an inbox file is kept by its inbox: Cancel goes back without asking', async () => {
    const fake = server({ 'GET files?action=pages&InboxId=5': { Pages: 2 } });
    open(fake, { db: 1, archive: 2, importDocs: [], inbox: { id: 5, fileName: 'a.pdf' } });
    await cancel();
    await waitFor(() => expect(currentPath()).toBe('/results/Inbox?db=1&inboxId=5'));
    expect(kept(fake)).toHaveLength(0);
  });

  it("a batch's document is kept by its batch: the dialog says so and goes back to the batches", async () => {
    const fake = server();
    open(fake, { ...UPLOAD, batch: { portalId: 3, batchId: 9, docId: 1 } });
    await cancel();
    const asked = await dialog();
    expect(await within(asked).findByText('Discard 3 unsaved pages?')).toBeTruthy();
    expect(within(asked).getByTestId('cancel-indexing-where').textContent).toBe(
      'They stay in batch 9, ready to be indexed later.',
    );
    fireEvent.click(within(asked).getByRole('button', { name: 'Back to the batch' }));
    await waitFor(() => expect(currentPath()).toMatch(/^\/batches\?portalId=3/));
    expect(kept(fake)).toHaveLength(0);
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
