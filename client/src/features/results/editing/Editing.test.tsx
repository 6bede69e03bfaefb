import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ArchivePermission, LicenseType } from '@gs/contract/flags';
import { json } from '../../../test/fakeServer';
import { session } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { DOCS, FIELDS, resultsServer, resultsUrl } from '../../../test/resultsServer';
import { searchPage } from '../../../test/searchFixtures';

const cell = (name: string, id: number) =>
  screen.getByLabelText(`${name} of document ${id}`) as HTMLInputElement;
const problems = () => screen.getByTestId('edit-problems').textContent;

async function openEditing(fake = resultsServer()) {
  renderApp({ url: resultsUrl(), fetch: fake.fetch, session: session() });
  await screen.findByTestId('row-101', {}, { timeout: 5000 });
  fireEvent.click(screen.getByTestId('edit-mode'));
  // the editors load when edit mode starts (decision 079)
  await screen.findByLabelText('Vendor Number of document 101', {}, { timeout: 5000 });
  return fake;
}

const writes = (fake: ReturnType<typeof resultsServer>) => fake.requests.filter((r) => r.method !== 'GET');

describe('inline editing', () => {
  it('is offered only with Modify Data and a licence that may edit', async () => {
    renderApp({
      url: resultsUrl(),
      fetch: resultsServer().fetch,
      session: session({ licenseType: LicenseType.ReadOnly }),
    });
    await screen.findByTestId('row-101', {}, { timeout: 5000 });
    expect(screen.queryByTestId('edit-mode')).toBeNull();
  });

  it('is not offered when the archive grants no Modify Data', async () => {
    const readOnly = ArchivePermission.View | ArchivePermission.ViewHistory;
    const fake = resultsServer({
      'GET dbs/1/searches/12/archive/2/documents': searchPage(FIELDS, DOCS, 3, readOnly),
    });
    renderApp({ url: resultsUrl(), fetch: fake.fetch, session: session() });
    await screen.findByTestId('row-101', {}, { timeout: 5000 });
    expect(screen.queryByTestId('edit-mode')).toBeNull();
  });

  it('edits only editable cells of editable rows, checking each type as it is typed', async () => {
    await openEditing();
    expect(screen.queryByLabelText('Date Entered of document 101')).toBeNull();
    expect(screen.queryByLabelText('Vendor Number of document 103')).toBeNull();
    expect(cell('Amount', 101).value).toBe('2999.99');
    expect(cell('Invoice Date', 101).value).toBe('01/05/2024');

    fireEvent.change(cell('Vendor Number', 101), { target: { value: 'V1' } });
    expect(problems()).toBe(
      'Document 101, Vendor Number: The value does not have the format Vendor Number requires.',
    );
    fireEvent.change(cell('Line Items', 101), { target: { value: '1.5' } });
    fireEvent.change(cell('Invoice Date', 102), { target: { value: '02/30/2024' } });
    expect(problems()).toContain('Document 101, Line Items: Enter a valid number.');
    expect(problems()).toContain('Document 102, Invoice Date: Enter a valid date.');
    expect(screen.getByTestId('row-101').className).toContain('is-invalid');

    const status = cell('Status', 101);
    await waitFor(() =>
      expect(
        within(status)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['', 'Pending', 'Paid', 'On Hold']),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Cancel changes' }));
    expect(screen.getByTestId('edit-notice').textContent).toBe('Your changes were cancelled.');
    expect(cell('Vendor Number', 101).value).toBe('V10001');
    expect(screen.queryByTestId('edit-problems')).toBeNull();
  });

  it('checks on the server, then saves the changed values with the document SecureId', async () => {
    const fake = await openEditing(
      resultsServer({
        'POST indexes': (r) =>
          json(
            (JSON.parse(r.body ?? '[]') as { ID: number }[]).map((v) => ({
              ID: v.ID,
              Valid: true,
              Code: 0,
              Message: '',
            })),
          ),
        'PUT UpdateDocument/databases/1/archive/2/document/101/FieldData': (r) =>
          json(
            (JSON.parse(r.body ?? '[]') as { ID: number; VAL: string }[]).map((v) => ({ ...v, MVAL: [] })),
          ),
      }),
    );
    fireEvent.change(cell('Vendor Number', 101), { target: { value: 'V10009' } });
    fireEvent.change(cell('Invoice Date', 101), { target: { value: '02/03/2024' } });
    expect(screen.getByTestId('row-101').className).toContain('is-dirty');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByTestId('edit-notice').textContent).toBe('Your changes were saved.'),
    );
    const [check, save] = writes(fake);
    expect(check?.path).toBe('indexes');
    expect(check?.url.searchParams.get('db')).toBe('1');
    expect(check?.url.searchParams.get('archive')).toBe('2');
    const body = [
      { ID: 1, VAL: 'V10009', MVAL: [] },
      { ID: 3, VAL: '02/03/2024', MVAL: [] },
    ];
    expect(JSON.parse(check?.body ?? '')).toEqual(body);
    expect(save?.method).toBe('PUT');
    expect(save?.url.searchParams.get('secureId')).toBe('doc-hash-101');
    expect(save?.headers.get('SecureId')).toBe('doc-hash-101');
    expect(JSON.parse(save?.body ?? '')).toEqual(body);
    expect(screen.getByTestId('row-101').className).not.toContain('is-dirty');

    fireEvent.click(screen.getByTestId('edit-mode'));
    expect(await within(screen.getByTestId('row-101')).findByText('V10009')).toBeTruthy();
  });

  it('shows the server refusal of a value and writes nothing', async () => {
    const fake = await openEditing(
      resultsServer({
        'POST indexes': json([{ ID: 1, Valid: false, Code: -6, Message: 'Vendor V19999 is inactive.' }]),
      }),
    );
    fireEvent.change(cell('Vendor Number', 101), { target: { value: 'V19999' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(problems()).toBe('Document 101, Vendor Number: Server: Vendor V19999 is inactive.'),
    );
    expect(writes(fake).map((r) => r.method)).toEqual(['POST']);
    expect(screen.getByTestId('edit-notice').textContent).toContain('could not be saved');
  });

  it('asks before leaving edit mode with invalid rows, and saves the valid ones first', async () => {
    const fake = await openEditing(
      resultsServer({
        'POST indexes': json([{ ID: 6, Valid: true, Code: 0, Message: '' }]),
        'PUT UpdateDocument/databases/1/archive/2/document/102/FieldData': json([
          { ID: 6, VAL: '4', MVAL: [] },
        ]),
      }),
    );
    fireEvent.change(cell('Vendor Number', 101), { target: { value: 'bad' } });
    fireEvent.change(cell('Line Items', 102), { target: { value: '4' } });
    fireEvent.click(screen.getByTestId('edit-mode'));
    const dialog = await screen.findByTestId('discard-invalid');
    expect(
      within(dialog).getByText('Disabling edit mode will discard unsaved invalid entries.'),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Discard and leave' }));
    await waitFor(() => expect(screen.getByTestId('edit-mode').getAttribute('aria-pressed')).toBe('false'));
    expect(writes(fake).map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST indexes',
      'PUT UpdateDocument/databases/1/archive/2/document/102/FieldData',
    ]);
    expect(within(screen.getByTestId('row-102')).getByText('4')).toBeTruthy();
    expect(within(screen.getByTestId('row-101')).getByText('V10001')).toBeTruthy();
  });

  it('stays in edit mode when a save fails on the way out', async () => {
    await openEditing(
      resultsServer({
        'POST indexes': json([{ ID: 6, Valid: true, Code: 0, Message: '' }]),
        'PUT UpdateDocument/databases/1/archive/2/document/102/FieldData': json(
          {
            Message: "Field 'Line Items' (ID 6) is invalid (code -1)",
            Fields: [{ ID: 6, Valid: false, Code: -1, Message: 'bad' }],
          },
          400,
        ),
      }),
    );
    fireEvent.change(cell('Line Items', 102), { target: { value: '4' } });
    fireEvent.click(screen.getByTestId('edit-mode'));
    await waitFor(() => expect(problems()).toBe('Document 102, Line Items: Enter a valid number.'));
    expect(screen.getByTestId('edit-mode').getAttribute('aria-pressed')).toBe('true');
    expect(cell('Line Items', 102).value).toBe('4');
  });
});
