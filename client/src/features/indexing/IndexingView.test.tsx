import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FieldProp, FieldType } from '@gs/contract/flags';
import { createFakeServer, json, type FakeAnswer, type FakeHandler } from '../../test/fakeServer';
import { archive, session, TOKEN } from '../../test/fixtures';
import { currentPath, renderApp } from '../../test/renderApp';
import { fieldDef } from '../../test/searchFixtures';
import { indexingPath, type IndexingTarget } from './indexingPath';

const FIELDS = [
  fieldDef(1, 'Vendor Number', FieldType.Character, { Size: 6, RegEx: '^V\\d{5}$' }),
  fieldDef(2, 'Invoice Number', FieldType.Character, { Size: 10, Prop: FieldProp.Required }),
  fieldDef(3, 'Line Items', FieldType.Integer),
  fieldDef(4, 'Status', FieldType.Character, { List: 8, Prop: FieldProp.DropdownList }),
  fieldDef(5, 'Date Entered', FieldType.Date, { Prop: FieldProp.DateEntered }),
  fieldDef(6, 'GL Codes', FieldType.Character, { Prop: FieldProp.MultiValue }),
];

function server(overrides: Record<string, FakeHandler | FakeAnswer> = {}) {
  return createFakeServer({
    'GET dbs': { Databases: [{ Id: 1, Name: 'Finance' }] },
    'GET dbs/1/archives': { Archives: [archive(1, 'Accounts Payable', 0, 2), archive(9, 'Receipts')] },
    'GET dbs/1/archives/1': { Archives: [archive(2, 'Invoices', 1)] },
    'GET dbs/1/archives/2/searches': [],
    'GET dbs/1/archives/2?type=info': {
      Id: 2,
      Name: 'Invoices',
      Parent: 1,
      Permissions: 1048575,
      Properties: 0,
      DBProperties: 0,
      FolderOptions: 0,
      Count: 3,
      Hash: 'h',
    },
    'GET dbs/1/archives/2?type=fields': FIELDS,
    'GET dbs/1/lists/8': { ID: 8, Name: 'Status', Items: ['Pending', 'Paid'] },
    'GET files?action=pages': { Pages: 3 },
    'POST indexes': (r) =>
      (JSON.parse(r.body ?? '[]') as { ID: number }[]).map((v) => ({
        ID: v.ID,
        Valid: true,
        Code: 0,
        Message: '',
      })),
    'POST dbs/1/archives/2': [501],
    ...overrides,
  });
}

/** the first screen of a test loads the lazy route: a longer bound on a busy machine */
const LOAD = { timeout: 5000 };

const TARGET: IndexingTarget = { db: 1, archive: 2, importDocs: ['c0ffee.pdf'] };

function open(fake: ReturnType<typeof server>, target: IndexingTarget = TARGET) {
  return renderApp({ url: indexingPath(target), fetch: fake.fetch, session: session() });
}

const field = (name: string) => screen.getByLabelText(name, { selector: 'input, select' });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));
const importCalls = (fake: ReturnType<typeof server>) =>
  fake.requests.filter((r) => r.method === 'POST' && r.path === 'dbs/1/archives/2');

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
    const fake = server();
    open(fake);
    expect(await screen.findByRole('heading', { name: 'Index into Invoices' }, LOAD)).toBeTruthy();
    expect(await screen.findByText('Page 1 of 3')).toBeTruthy();
    const page = within(screen.getByTestId('indexing-page')).getByRole('img', { name: 'Page 1' });
    const src = new URL(page.getAttribute('src') ?? '');
    expect(src.pathname).toMatch(/\/Square9API\/api\/files$/);
    expect(Object.fromEntries(src.searchParams)).toMatchObject({
      fileName: 'c0ffee.pdf',
      action: 'render',
      page: '1',
      token: TOKEN,
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
    const fake = server();
    open(fake);
    fireEvent.change(await screen.findByLabelText('Vendor Number', {}, LOAD), { target: { value: 'X1' } });
    fireEvent.change(field('Line Items'), { target: { value: '99999999999999999999' } });
    save();
    expect(await screen.findByText('Correct the highlighted fields before saving.')).toBeTruthy();
    expect(screen.getByText('This field is required.')).toBeTruthy();
    expect(screen.getByText('Enter a valid number.')).toBeTruthy();
    expect(screen.getByText('The value does not have the format Vendor Number requires.')).toBeTruthy();
    expect(importCalls(fake)).toHaveLength(0);
    // the focus goes to the first field to correct, in form order
    expect(document.activeElement).toBe(field('Vendor Number'));
    fireEvent.change(field('Vendor Number'), { target: { value: 'V10001' } });
    save();
    await waitFor(() => expect(document.activeElement).toBe(field('Invoice Number')));
  });

  it("imports the files with the values, then returns to the archive's search with a success message", async () => {
    const fake = server();
    open(fake);
    await fillValid();
    fireEvent.change(field('GL Codes'), { target: { value: '6100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add a value' }));
    fireEvent.change(screen.getByLabelText('GL Codes 2'), { target: { value: '6200' } });
    save();
    await waitFor(() => expect(currentPath()).toBe('/view?db=1&a=2'));
    expect((await screen.findByTestId('indexing-success')).textContent).toContain(
      'The document was indexed into Invoices.',
    );
    const [call] = importCalls(fake);
    expect(JSON.parse(call?.body ?? '')).toEqual({
      fields: [
        { name: '1', value: 'V10001' },
        { name: '2', value: 'INV-77' },
        { name: '3', value: '3' },
        { name: '4', value: 'Paid' },
        { name: '6', value: '6100' },
        { name: '6', value: '6200' },
      ],
      files: [{ name: 'c0ffee.pdf' }],
    });
    const check = fake.requests.find((r) => r.method === 'POST' && r.path === 'indexes');
    expect(check?.url.searchParams.get('archive')).toBe('2');
  });

  it("shows the server's field check refusal at its field", async () => {
    const fake = server({
      'POST indexes': [
        { ID: 1, Valid: true, Code: 0, Message: '' },
        { ID: 2, Valid: false, Code: -6, Message: 'Invoice numbers start with INV.' },
      ],
    });
    open(fake);
    await fillValid();
    save();
    expect(await screen.findByText('Server: Invoice numbers start with INV.')).toBeTruthy();
    expect(importCalls(fake)).toHaveLength(0);
  });

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
    [
      403,
      { Message: "Permissions: You may not add documents to archive 'Invoices'.", Code: 'Permissions' },
      'The operation failed because you do not have permission to perform it.',
      "You may not add documents to archive 'Invoices'.",
    ],
  ])('reports the import refusal %i %j', async (status, body, text, detail) => {
    const fake = server({ 'POST dbs/1/archives/2': () => json(body, status) });
    open(fake);
    await fillValid();
    save();
    const alert = await screen.findByTestId('indexing-error');
    expect(alert.textContent).toContain(text);
    expect(alert.textContent).toContain(detail);
    expect(currentPath()).toMatch(/^\/view\?db=1&a=2&ImportDoc=/);
  });

  it('imports an inbox file from the inbox (DocDetails, useViewerCache) and returns to the inbox', async () => {
    const fake = server({
      'GET inboxes': {
        Extension: '.pdf',
        FileName: 'scan 01.pdf',
        FullPath: 'x',
        Id: '4',
        IsNative: false,
      },
    });
    open(fake, { db: 1, archive: 2, importDocs: [], inbox: { id: 4, fileName: 'scan 01.pdf' } });
    expect(await screen.findByText('Page 1 of 3', {}, LOAD)).toBeTruthy();
    const pages = fake.requests.find((r) => r.url.searchParams.get('action') === 'pages');
    expect(pages?.url.searchParams.get('InboxId')).toBe('4');
    await fillValid();
    save();
    await waitFor(() => expect(currentPath()).toBe('/results/Inbox?db=1&inboxId=4'));
    const [call] = importCalls(fake);
    expect(call?.url.searchParams.get('useViewerCache')).toBe('true');
    expect(call?.url.searchParams.get('InboxId')).toBe('4');
    expect((JSON.parse(call?.body ?? '') as { files: unknown }).files).toEqual([{ name: 'scan 01.pdf' }]);
  });
});

describe('bursting', () => {
  const burstButton = () => screen.getByRole('button', { name: 'Burst' });

  it('needs a page selection, a TIFF or PDF, and one document', async () => {
    open(server());
    await screen.findByText('Page 1 of 3', {}, LOAD);
    fireEvent.click(burstButton());
    expect((await screen.findByTestId('indexing-error')).textContent).toBe(
      'Select the pages to burst first.',
    );
  });

  it('refuses an e-document and several uploaded files', async () => {
    const { unmount } = open(server(), { ...TARGET, importDocs: ['memo.docx'] });
    await screen.findByText('Page 1 of 3', {}, LOAD);
    fireEvent.click(burstButton());
    expect((await screen.findByTestId('indexing-error')).textContent).toBe(
      'Only TIFF and PDF documents can be burst.',
    );
    unmount();
    open(server(), { ...TARGET, importDocs: ['a.pdf', 'b.tif'] });
    await screen.findByText('Page 1 of 3', {}, LOAD);
    fireEvent.click(burstButton());
    expect((await screen.findByTestId('indexing-error')).textContent).toBe(
      'Pages cannot be burst while several documents are indexed together.',
    );
  });

  it('never removes every page, and folder option 1 takes the delete option away', async () => {
    open(server());
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
    open(
      server({
        'GET dbs/1/archives/2?type=info': { Id: 2, Name: 'Invoices', Parent: 1, FolderOptions: 1 },
      }),
    );
    await screen.findByText('Page 1 of 3', {}, LOAD);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select page 2' }));
    fireEvent.click(burstButton());
    const modal = await screen.findByTestId('bursting-archive-modal');
    const remove = within(modal).getByRole('checkbox', { name: 'Remove the burst pages from this document' });
    expect((remove as HTMLInputElement).disabled).toBe(true);
    expect(within(modal).getByText('This archive does not allow removing burst pages.')).toBeTruthy();
  });

  it('bursts the selected pages into the picked archive and indexes the new file', async () => {
    const fake = server({
      'GET files?action=burst': { name: 'burst-1.pdf', Pages: 2 },
      'GET dbs/1/archives/9?type=info': { Id: 9, Name: 'Receipts', Parent: 0, FolderOptions: 0 },
      'GET dbs/1/archives/9?type=fields': [fieldDef(7, 'Merchant')],
      'POST dbs/1/archives/9': [600],
    });
    open(fake);
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

    expect(await screen.findByRole('heading', { name: 'Index into Receipts' })).toBeTruthy();
    expect(currentPath()).toBe('/view?db=1&a=9&ImportDoc=burst-1.pdf&fromIndexer=true');
    const bursts = fake.requests.filter((r) => r.url.searchParams.get('action') === 'burst');
    expect(bursts).toHaveLength(1);
    expect(bursts[0]?.url.searchParams.getAll('RequestedPages')).toEqual(['1', '3']);
    expect(bursts[0]?.url.searchParams.get('fileName')).toBe('c0ffee.pdf');
    expect(bursts[0]?.url.searchParams.get('deletePages')).toBe('true');

    // saved, the burst document goes back to the document it came from
    fireEvent.change(await screen.findByLabelText('Merchant'), { target: { value: 'Cafe' } });
    save();
    expect(await screen.findByRole('heading', { name: 'Index into Invoices' })).toBeTruthy();
    expect(currentPath()).toBe(indexingPath(TARGET));
  });
});
