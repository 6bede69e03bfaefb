import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InboxFile } from '@gs/contract/inboxes';
import { describe, expect, it } from 'vitest';
import type { AdminList } from '@gs/contract/admin/catalog';
import { json } from '../../test/fakeServer';
import { indexingServer, type IndexingServer } from '../../test/indexingWorld';
import { pdfOf, tiffOf } from '../../test/realServer';
import { currentPath, renderApp } from '../../test/renderApp';
import { indexingPath, type IndexingTarget } from './indexingPath';

// The indexing view on the simulator's app in process (decision 082): full.user indexes a file
// uploaded into their cache (POST files) into Bills (clientIndexingWorld.ts) of Alpha.

/** the first screen of a test loads the lazy route: a longer bound on a busy machine */
const LOAD = { timeout: 5000 };

interface Opened {
  server: IndexingServer;
  target: IndexingTarget;
  /** the cache name of the first file */
  file: string;
  token: string;
}

/** uploads `files` (a three-page PDF) as full.user and opens the indexing view on Bills */
async function open(
  server = indexingServer(),
  files: { name: string; bytes: Uint8Array }[] = [{ name: 'c0ffee.pdf', bytes: pdfOf(3) }],
  target: Partial<IndexingTarget> = {},
): Promise<Opened> {
  const names = files.length ? await server.upload('full.user', files) : [];
  const full: IndexingTarget = { db: server.w.alpha, archive: server.x.bills, importDocs: names, ...target };
  const session = await server.signIn('full.user');
  renderApp({ url: indexingPath(full), fetch: server.fetch, session });
  return { server, target: full, file: names[0] ?? '', token: session.token };
}

const field = (name: string) => screen.getByLabelText(name, { selector: 'input, select' });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));
const importCalls = ({ server }: Opened) =>
  server.requests.filter(
    (r) => r.method === 'POST' && r.path === `dbs/${server.w.alpha}/archives/${server.x.bills}`,
  );
const searchPath = ({ server }: Opened) => `/view?db=${server.w.alpha}&a=${server.x.bills}`;

async function fillValid() {
  fireEvent.change(await screen.findByLabelText('Vendor Number', {}, LOAD), { target: { value: 'V10001' } });
  fireEvent.change(field('Invoice Number'), { target: { value: 'INV-77' } });
  fireEvent.change(field('Line Items'), { target: { value: '3' } });
  const status = field('Status');
  await waitFor(() => expect(within(status).getByRole('option', { name: 'Paid' })).toBeTruthy());
  fireEvent.change(status, { target: { value: 'Paid' } });
}

describe('indexing view (/view with ImportDoc)', () => {
  it("shows the document's pages as server-drawn images and the archive's fields", async () => {
    const { file, token } = await open();
    expect(await screen.findByRole('heading', { name: 'Index into Bills' }, LOAD)).toBeTruthy();
    expect(await screen.findByText('Page 1 of 3')).toBeTruthy();
    const page = within(screen.getByTestId('indexing-page')).getByRole('img', { name: 'Page 1' });
    const src = new URL(page.getAttribute('src') ?? '');
    expect(src.pathname).toMatch(/\/Square9API\/api\/files$/);
    expect(Object.fromEntries(src.searchParams)).toMatchObject({
      fileName: file,
      action: 'render',
      page: '1',
      token,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show page 3' }));
    expect(within(screen.getByTestId('indexing-page')).getByRole('img', { name: 'Page 3' })).toBeTruthy();
    expect(screen.getAllByRole('checkbox', { name: /^Select page/ })).toHaveLength(3);

    await screen.findByLabelText('Vendor Number', {}, LOAD);
    // a system field is shown but filled by the server
    expect((field('Date Entered') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Add a value' })).toBeTruthy();
  });

  it('checks every value as the grid does and sends nothing while one is refused', async () => {
    const opened = await open();
    fireEvent.change(await screen.findByLabelText('Vendor Number', {}, LOAD), { target: { value: 'X1' } });
    fireEvent.change(field('Line Items'), { target: { value: '99999999999999999999' } });
    save();
    expect(await screen.findByText('Correct the highlighted fields before saving.')).toBeTruthy();
    expect(screen.getByText('This field is required.')).toBeTruthy();
    expect(screen.getByText('Enter a valid number.')).toBeTruthy();
    expect(screen.getByText('The value does not have the format Vendor Number requires.')).toBeTruthy();
    // the focus goes to the first field to correct, in form order
    expect(document.activeElement).toBe(field('Vendor Number'));
    fireEvent.change(field('Vendor Number'), { target: { value: 'V10001' } });
    save();
    await waitFor(() => expect(document.activeElement).toBe(field('Invoice Number')));
    expect(importCalls(opened)).toHaveLength(0);
    expect(await opened.server.docsIn(opened.server.x.bills)).toEqual([]);
  });

  it("imports the files with the values, then returns to the archive's search with a success message", async () => {
    const opened = await open();
    const { server } = opened;
    await fillValid();
    fireEvent.change(field('GL Codes'), { target: { value: '6100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add a value' }));
    fireEvent.change(screen.getByLabelText('GL Codes 2'), { target: { value: '6200' } });
    save();
    await waitFor(() => expect(currentPath()).toBe(searchPath(opened)));
    expect((await screen.findByTestId('indexing-success')).textContent).toContain(
      'The document was indexed into Bills.',
    );
    // the server holds one new document in Bills with the typed values and the upload's file
    const { bills, fields: f } = server.x;
    const [doc] = await server.docsIn(bills);
    expect(doc).toBeDefined();
    const stored = await server.stored(bills, doc ?? 0);
    expect(stored.values).toMatchObject({
      [f.vendorNumber]: 'V10001',
      [f.invoiceNumber]: 'INV-77',
      [f.lineItems]: '3',
      [f.status]: 'Paid',
    });
    expect(stored.values[f.dateEntered]).not.toBe('');
    expect(stored.multi[f.glCodes]).toEqual(['6100', '6200']);
    expect(stored.fileType).toBe('.pdf');
    const check = server.requests.find((r) => r.method === 'POST' && r.path === 'indexes');
    expect(check?.url.searchParams.get('archive')).toBe(String(bills));
  });

  it("shows the server's field check refusal at its field", async () => {
    const opened = await open();
    const { server } = opened;
    await fillValid();
    // an administrator takes "Paid" off the Status list after the form loaded it
    const path = `admin/databases/${server.w.alpha}/lists/${server.x.statusList}`;
    const list = await server.call<AdminList>('SSAdministrator', 'GET', path);
    await server.call('SSAdministrator', 'PUT', path, { ...list, Values: ['Pending'] });
    save();
    // the real check's refusal (the fake's was "Server: …", a code the real check does not use here)
    const status = screen.getByTestId(`index-field-${server.x.fields.status}`);
    expect(
      await within(status).findByText("'Paid' is not an item of the list of 'Status'.", {}, LOAD),
    ).toBeTruthy();
    expect(importCalls(opened)).toHaveLength(0);
    expect(await server.docsIn(server.x.bills)).toEqual([]);
  });

  // refusals of the import itself after the server's field check passed: error shapes the
  // server's own check stops before the import, so an override gives them
  it.each([
    [
      400,
      {
        Message: "RequiredField: Field 'Invoice Number' (ID 2): 'Invoice Number' is required.",
        Code: 'RequiredField',
      },
      'Fill in every required field before saving.',
      "Field 'Invoice Number' (ID 2): 'Invoice Number' is required.",
    ],
    [
      400,
      { Message: 'DataTypeMismatch: Field 3: not a number.', Code: 'DataTypeMismatch' },
      'A value does not match the data type of its field.',
      'Field 3: not a number.',
    ],
  ])('reports the import refusal %i %j', async (status, body, text, detail) => {
    const server = indexingServer((x, w) => ({
      [`POST dbs/${w.alpha}/archives/${x.bills}`]: () => json(body, status),
    }));
    const opened = await open(server);
    await fillValid();
    save();
    const alert = await screen.findByTestId('indexing-error', {}, LOAD);
    expect(alert.textContent).toContain(text);
    expect(alert.textContent).toContain(detail);
    expect(currentPath()).toMatch(new RegExp(`^/view\\?db=${server.w.alpha}&a=${server.x.bills}&ImportDoc=`));
    expect(importCalls(opened)).toHaveLength(1);
  });

  it('reports the refusal of a user who may no longer add documents', async () => {
    const opened = await open();
    const { server } = opened;
    await fillValid();
    // an administrator leaves full.user only View on Bills after the form loaded
    await server.call('SSAdministrator', 'POST', 'userAdmin/archives', {
      Users: [{ Name: 'full.user' }],
      Targets: [{ Id: server.x.bills, Database: server.w.alpha }],
      Permissions: { Mask: 1 },
    });
    save();
    const alert = await screen.findByTestId('indexing-error', {}, LOAD);
    expect(alert.textContent).toContain(
      'The operation failed because you do not have permission to perform it.',
    );
    expect(currentPath()).toMatch(/ImportDoc=/);
    expect(await server.docsIn(server.x.bills)).toEqual([]);
  });

  it('imports an inbox file from the inbox (DocDetails, useViewerCache) and returns to the inbox', async () => {
    const server = indexingServer();
    const { scans, alpha } = server.w;
    const opened = await open(server, [], { importDocs: [], inbox: { id: scans, fileName: 'scan 01.pdf' } });
    expect(await screen.findByText('Page 1 of 3', {}, LOAD)).toBeTruthy();
    const pages = server.requests.find((r) => r.url.searchParams.get('action') === 'pages');
    expect(pages?.url.searchParams.get('InboxId')).toBe(String(scans));
    await fillValid();
    save();
    await waitFor(() => expect(currentPath()).toBe(`/results/Inbox?db=${alpha}&inboxId=${scans}`));
    const [call] = importCalls(opened);
    expect(call?.url.searchParams.get('useViewerCache')).toBe('true');
    expect(call?.url.searchParams.get('InboxId')).toBe(String(scans));
    expect((JSON.parse(call?.body ?? '') as { files: unknown }).files).toEqual([{ name: 'scan 01.pdf' }]);
    // the server filed it: a document in Bills, the file gone from the inbox
    const [doc] = await server.docsIn(server.x.bills);
    expect((await server.stored(server.x.bills, doc ?? 0)).values[server.x.fields.invoiceNumber]).toBe(
      'INV-77',
    );
    const inbox = await server.call<{ Files: InboxFile[] }>('full.user', 'GET', `inboxes/${scans}`);
    expect(inbox.Files.map((f) => `${f.FileName}${f.FileType}`)).toEqual([]);
  });
});

describe('bursting', () => {
  const burstButton = () => screen.getByRole('button', { name: 'Burst' });

  it('needs a page selection, a TIFF or PDF, and one document', async () => {
    await open();
    await screen.findByText('Page 1 of 3', {}, LOAD);
    fireEvent.click(burstButton());
    expect((await screen.findByTestId('indexing-error')).textContent).toBe(
      'Select the pages to burst first.',
    );
  });

  it('refuses an e-document', async () => {
    const server = indexingServer();
    await open(server, [{ name: 'memo.docx', bytes: new TextEncoder().encode('a memo') }]);
    await screen.findByText('Page 1 of 1', {}, LOAD);
    fireEvent.click(burstButton());
    expect((await screen.findByTestId('indexing-error')).textContent).toBe(
      'Only TIFF and PDF documents can be burst.',
    );
  });

  it('refuses several uploaded files', async () => {
    await open(indexingServer(), [
      { name: 'a.pdf', bytes: pdfOf(3) },
      { name: 'b.tif', bytes: tiffOf(2) },
    ]);
    await screen.findByText('Page 1 of 3', {}, LOAD);
    fireEvent.click(burstButton());
    expect((await screen.findByTestId('indexing-error')).textContent).toBe(
      'Pages cannot be burst while several documents are indexed together.',
    );
  });

  it('never removes every page, and folder option 1 takes the delete option away', async () => {
    await open();
    await screen.findByText('Page 1 of 3', {}, LOAD);
    for (const n of [1, 2, 3]) fireEvent.click(screen.getByRole('checkbox', { name: `Select page ${n}` }));
    fireEvent.click(burstButton());
    const modal = await screen.findByTestId('bursting-archive-modal');
    fireEvent.click(
      within(modal).getByRole('checkbox', { name: 'Remove the burst pages from this document' }),
    );
    fireEvent.click(within(modal).getByRole('button', { name: 'Burst' }));
    expect(within(modal).getByTestId('burst-error').textContent).toBe(
      'Bursting cannot remove every page of the document.',
    );
  });

  it('disables removing the burst pages when the archive has folder option 1', async () => {
    const server = indexingServer();
    await open(server, undefined, { archive: server.x.statements });
    await screen.findByText('Page 1 of 3', {}, LOAD);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select page 2' }));
    fireEvent.click(burstButton());
    const modal = await screen.findByTestId('bursting-archive-modal');
    const remove = within(modal).getByRole('checkbox', { name: 'Remove the burst pages from this document' });
    expect((remove as HTMLInputElement).disabled).toBe(true);
    expect(within(modal).getByText('This archive does not allow removing burst pages.')).toBeTruthy();
  });

  it('bursts the selected pages into the picked archive and indexes the new file', async () => {
    const opened = await open();
    const { server, target, file } = opened;
    const { alpha } = server.w;
    await screen.findByText('Page 1 of 3', {}, LOAD);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select page 3' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select page 1' }));
    fireEvent.click(burstButton());
    const modal = await screen.findByTestId('bursting-archive-modal');
    fireEvent.click(await within(modal).findByRole('button', { name: 'Receipts' }));
    fireEvent.click(
      within(modal).getByRole('checkbox', { name: 'Remove the burst pages from this document' }),
    );
    fireEvent.click(within(modal).getByRole('button', { name: 'Burst' }));

    expect(await screen.findByRole('heading', { name: 'Index into Receipts' }, LOAD)).toBeTruthy();
    const bursts = server.requests.filter((r) => r.url.searchParams.get('action') === 'burst');
    expect(bursts).toHaveLength(1);
    expect(bursts[0]?.url.searchParams.getAll('RequestedPages')).toEqual(['1', '3']);
    expect(bursts[0]?.url.searchParams.get('fileName')).toBe(file);
    expect(bursts[0]?.url.searchParams.get('deletePages')).toBe('true');
    // the server's new file: two pages, indexed next; the source keeps the one page left
    const burstFile = new URLSearchParams(currentPath().split('?')[1]).get('ImportDoc') ?? '';
    expect(currentPath()).toBe(
      `/view?db=${alpha}&a=${server.x.receipts}&ImportDoc=${burstFile}&fromIndexer=true`,
    );
    expect(await screen.findByText('Page 1 of 2')).toBeTruthy();

    // saved, the burst document goes back to the document it came from
    fireEvent.change(await screen.findByLabelText('Merchant'), { target: { value: 'Cafe' } });
    save();
    expect(await screen.findByRole('heading', { name: 'Index into Bills' }, LOAD)).toBeTruthy();
    expect(currentPath()).toBe(indexingPath(target));
    expect(await screen.findByText('Page 1 of 1')).toBeTruthy();
    const [doc] = await server.docsIn(server.x.receipts);
    expect((await server.stored(server.x.receipts, doc ?? 0)).values[server.x.fields.merchant]).toBe('Cafe');
  });
});
