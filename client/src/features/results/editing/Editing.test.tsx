// Inline editing against the simulator's app in process (test/resultsWorld.ts): Payables' invoices
// V10001 (Pending), V10002 and V10003 (Paid); the Status list is Pending, Paid, On Hold.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ArchivePermission } from '@gs/contract/flags';
import type { SearchPageResult } from '@gs/contract/searches';
import type { AdminList } from '@gs/contract/admin/catalog';
import { json } from '../../../test/fakeServer';
import { openResults, resultsServer, type ResultsServer } from '../../../test/resultsWorld';

const cell = (name: string, id: number) =>
  screen.getByLabelText(`${name} of document ${id}`) as HTMLInputElement;
const problems = () => screen.getByTestId('edit-problems').textContent;
const findRow = (id: number) => screen.findByTestId(`row-${id}`, {}, { timeout: 5000 });

async function openEditing(server = resultsServer()) {
  const t = await openResults({ server });
  await findRow(t.r.docs[0]);
  fireEvent.click(screen.getByTestId('edit-mode'));
  // the editors load when edit mode starts (decision 079)
  await screen.findByLabelText(`Vendor Number of document ${t.r.docs[0]}`, {}, { timeout: 5000 });
  return t;
}

const writes = (server: ResultsServer) => server.requests.filter((q) => q.method !== 'GET');

/** the Status drop-down of a row, once its list has loaded */
async function statusOf(doc: number): Promise<HTMLInputElement> {
  const status = cell('Status', doc);
  await waitFor(() =>
    expect(
      within(status)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['', 'Pending', 'Paid', 'On Hold']),
  );
  return status;
}

/** an administrator takes "On Hold" off the Status list (a change the open page has not seen) */
async function dropOnHold(server: ResultsServer): Promise<void> {
  const path = `admin/databases/1/lists/${server.r.statusList}`;
  const list = await server.call<AdminList>('SSAdministrator', 'GET', path);
  await server.call('SSAdministrator', 'PUT', path, { ...list, Values: ['Pending', 'Paid'] });
}

const ON_HOLD_REFUSED = "'On Hold' is not an item of the list of 'Status'.";

describe('inline editing', () => {
  it('is offered only with Modify Data and a licence that may edit', async () => {
    // reader holds every right on Payables, with a read-only licence
    const { r } = await openResults({ login: 'reader' });
    await findRow(r.docs[0]);
    expect(screen.getByTestId('history-toggle')).toBeTruthy();
    expect(screen.queryByTestId('edit-mode')).toBeNull();
  });

  it('is not offered when the archive grants no Modify Data', async () => {
    // web.user's licence may edit; Payables grants View and View History only
    const { r } = await openResults({ login: 'web.user' });
    await findRow(r.docs[0]);
    expect(screen.queryByTestId('edit-mode')).toBeNull();
  });

  it('edits only editable cells of editable rows, checking each type as it is typed', async () => {
    // the simulator gives every row of a page its archive's rights: one row without Modify Data
    // (as a server with rights per document would send it) is made here
    const server: ResultsServer = resultsServer((r) => ({
      [`GET dbs/1/searches/${r.approval}/archive/${r.payables}/documents`]: async (q) => {
        const page = (await (await server.forward(q)).json()) as SearchPageResult;
        for (const doc of page.Docs ?? [])
          if (doc.Id === r.docs[2]) doc.Permissions = ArchivePermission.View | ArchivePermission.ViewHistory;
        return json(page);
      },
    }));
    const [one, two, three] = server.r.docs;
    await openEditing(server);
    expect(screen.queryByLabelText(`Date Entered of document ${one}`)).toBeNull();
    expect(screen.queryByLabelText(`Vendor Number of document ${three}`)).toBeNull();
    expect(cell('Amount', one).value).toBe('2999.99');
    expect(cell('Invoice Date', one).value).toBe('01/05/2024');

    fireEvent.change(cell('Vendor Number', one), { target: { value: 'V1' } });
    expect(problems()).toBe(
      `Document ${one}, Vendor Number: The value does not have the format Vendor Number requires.`,
    );
    fireEvent.change(cell('Line Items', one), { target: { value: '1.5' } });
    fireEvent.change(cell('Invoice Date', two), { target: { value: '02/30/2024' } });
    expect(problems()).toContain(`Document ${one}, Line Items: Enter a valid number.`);
    expect(problems()).toContain(`Document ${two}, Invoice Date: Enter a valid date.`);
    expect(screen.getByTestId(`row-${one}`).className).toContain('is-invalid');
    await statusOf(one);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel changes' }));
    expect(screen.getByTestId('edit-notice').textContent).toBe('Your changes were cancelled.');
    expect(cell('Vendor Number', one).value).toBe('V10001');
    expect(screen.queryByTestId('edit-problems')).toBeNull();
  });

  it('checks on the server, then saves the changed values with the document SecureId', async () => {
    const { server, r } = await openEditing();
    const [one] = r.docs;
    const hash = server.hashOf(1, one);
    fireEvent.change(cell('Vendor Number', one), { target: { value: 'V10009' } });
    fireEvent.change(cell('Invoice Date', one), { target: { value: '02/03/2024' } });
    expect(screen.getByTestId(`row-${one}`).className).toContain('is-dirty');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByTestId('edit-notice').textContent).toBe('Your changes were saved.'),
    );
    const [check, save] = writes(server);
    expect(check?.path).toBe('indexes');
    expect(check?.url.searchParams.get('db')).toBe('1');
    expect(check?.url.searchParams.get('archive')).toBe(String(r.payables));
    const body = [
      { ID: r.vendorNumber, VAL: 'V10009', MVAL: [] },
      { ID: r.invoiceDate, VAL: '02/03/2024', MVAL: [] },
    ];
    expect(JSON.parse(check?.body ?? '')).toEqual(body);
    expect(save?.method).toBe('PUT');
    expect(save?.path).toBe(`UpdateDocument/databases/1/archive/${r.payables}/document/${one}/FieldData`);
    expect(save?.url.searchParams.get('secureId')).toBe(hash);
    expect(save?.headers.get('SecureId')).toBe(hash);
    expect(JSON.parse(save?.body ?? '')).toEqual(body);
    expect(screen.getByTestId(`row-${one}`).className).not.toContain('is-dirty');
    // what the server holds now
    expect(await server.valuesOf(one)).toMatchObject({
      [r.vendorNumber]: 'V10009',
      [r.invoiceDate]: '2/3/2024',
    });

    fireEvent.click(screen.getByTestId('edit-mode'));
    expect(await within(screen.getByTestId(`row-${one}`)).findByText('V10009')).toBeTruthy();
  });

  it('shows the server refusal of a value and writes nothing', async () => {
    const { server, r } = await openEditing();
    const [one] = r.docs;
    const status = await statusOf(one);
    await dropOnHold(server);
    fireEvent.change(status, { target: { value: 'On Hold' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(problems()).toBe(`Document ${one}, Status: ${ON_HOLD_REFUSED}`));
    expect(writes(server).map((q) => q.method)).toEqual(['POST']);
    expect(screen.getByTestId('edit-notice').textContent).toContain('could not be saved');
    expect((await server.valuesOf(one))[r.status]).toBe('Pending');
  });

  it('asks before leaving edit mode with invalid rows, and saves the valid ones first', async () => {
    const { server, r } = await openEditing();
    const [one, two] = r.docs;
    fireEvent.change(cell('Vendor Number', one), { target: { value: 'bad' } });
    fireEvent.change(cell('Line Items', two), { target: { value: '4' } });
    fireEvent.click(screen.getByTestId('edit-mode'));
    const dialog = await screen.findByTestId('discard-invalid');
    expect(
      within(dialog).getByText('Disabling edit mode will discard unsaved invalid entries.'),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Discard and leave' }));
    await waitFor(() => expect(screen.getByTestId('edit-mode').getAttribute('aria-pressed')).toBe('false'));
    expect(writes(server).map((q) => `${q.method} ${q.path}`)).toEqual([
      'POST indexes',
      `PUT UpdateDocument/databases/1/archive/${r.payables}/document/${two}/FieldData`,
    ]);
    expect(within(screen.getByTestId(`row-${two}`)).getByText('4')).toBeTruthy();
    expect(within(screen.getByTestId(`row-${one}`)).getByText('V10001')).toBeTruthy();
    expect(await server.valuesOf(two)).toMatchObject({ [r.lineItems]: '4' });
    expect(await server.valuesOf(one)).toMatchObject({ [r.vendorNumber]: 'V10001' });
  });

  it('stays in edit mode when a save fails on the way out', async () => {
    // "On Hold" leaves the list between the server's check and the save: the save is refused
    const server: ResultsServer = resultsServer((r) => ({
      [`PUT UpdateDocument/databases/1/archive/${r.payables}/document/${r.docs[1]}/FieldData`]: async (q) => {
        await dropOnHold(server);
        return server.forward(q);
      },
    }));
    const two = server.r.docs[1];
    await openEditing(server);
    fireEvent.change(await statusOf(two), { target: { value: 'On Hold' } });
    fireEvent.click(screen.getByTestId('edit-mode'));
    await waitFor(() => expect(problems()).toBe(`Document ${two}, Status: ${ON_HOLD_REFUSED}`));
    expect(screen.getByTestId('edit-mode').getAttribute('aria-pressed')).toBe('true');
    expect(cell('Status', two).value).toBe('On Hold');
    expect((await server.valuesOf(two))[server.r.status]).toBe('Paid');
  });
});
