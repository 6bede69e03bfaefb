// Bulk update against the simulator's app in process (test/realDocs.ts: Payables' fields, its Status
// list and search, Policies under revision control); the bulk jobs themselves run in GlobalSearch
// Extensions, whose answers the tests give (helper routes only).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BulkJobStatus, BulkUpdateRequest } from '@gs/contract/helperBulk';
import { json, type FakeAnswer, type FakeHandler, type FakeRequest } from '../../test/fakeServer';
import { docsServer } from '../../test/realDocs';
import { renderApp } from '../../test/renderApp';

const status = (overrides: Partial<BulkJobStatus>): BulkJobStatus => ({
  JobID: 'j1',
  Kind: 'update',
  Status: 'Completed',
  Processed: 0,
  Total: 0,
  Succeeded: 0,
  Failed: 0,
  ErrorPath: '',
  Message: '',
  ...overrides,
});

const bodyOf = <T,>(r: FakeRequest): T => JSON.parse(r.body ?? '{}') as T;
const helperCalls = (requests: FakeRequest[], path: string) =>
  requests.filter((r) => r.url.pathname === path);

/**
 * The results of Payables (or Policies, under revision control) from the simulator's app in process;
 * `helper` answers for GlobalSearch Extensions (not the API server), which runs the bulk jobs.
 */
async function open(
  helper: Record<string, FakeHandler | FakeAnswer> = {},
  { login = 'full.user', revisions = false } = {},
) {
  const server = docsServer({ overrides: helper });
  const { d } = server;
  const url = revisions
    ? await server.resultsUrl(d.policiesSearch, d.policies)
    : await server.resultsUrl(d.payablesSearch, d.payables);
  // the helper's calls go through the global fetch
  vi.stubGlobal('fetch', server.fetch);
  const session = await server.signIn(login);
  const app = renderApp({ url, fetch: server.fetch, session });
  const pageLoads = () =>
    server.requests.filter(
      (r) => r.path === `dbs/1/searches/${d.payablesSearch}/archive/${d.payables}/documents`,
    ).length;
  return { server, d, token: session.token, pageLoads, ...app };
}

afterEach(() => vi.unstubAllGlobals());

const openModal = async () => {
  fireEvent.click(await screen.findByTestId('bulk-update', {}, { timeout: 15_000 }));
  return screen.findByTestId('bulk-update-modal');
};

describe('bulk update', { timeout: 20_000 }, () => {
  it('is not offered to the read-only licence', async () => {
    const { d } = await open({}, { login: 'reader' });
    await screen.findByTestId(`row-${d.docs[0]}`, {}, { timeout: 15_000 });
    expect(screen.queryByTestId('bulk-update')).toBeNull();
  });

  it('refuses an archive under revision control after renewing the licence', async () => {
    const { server, token } = await open({}, { revisions: true });
    fireEvent.click(await screen.findByTestId('bulk-update', {}, { timeout: 15_000 }));
    expect((await screen.findByTestId('bulk-refused')).textContent).toContain(
      'Revision Control documents cannot be updated via Bulk Update.',
    );
    expect(
      server.requests.some((r) => r.path === 'licenses' && r.url.searchParams.get('Token') === token),
    ).toBe(true);
  });

  it('runs a basic update: count, confirm, dry-run preview, run with progress, summary and error log; the grid reloads', async () => {
    const jobs: Record<string, BulkJobStatus> = {
      c1: status({ JobID: 'c1', Kind: 'count', Count: 3, Total: 3, Processed: 3 }),
      // the helper's dry run of Acme's Status
      p1: status({
        JobID: 'p1',
        Preview: [
          { ArchiveID: 6, DocID: 1, Fields: [{ FieldID: 3, Name: 'Status', Old: 'Pending', New: 'Paid' }] },
        ],
      }),
      u1: status({
        JobID: 'u1',
        Total: 3,
        Processed: 3,
        Succeeded: 2,
        Failed: 1,
        ErrorPath: 'logs\\bulk.log',
      }),
    };
    const { server, d, token, pageLoads } = await open({
      'POST /api/bulk/count': { JobID: 'c1' },
      'POST /api/bulk/update': (r) => ({ JobID: bodyOf<BulkUpdateRequest>(r).DryRun ? 'p1' : 'u1' }),
      'GET /api/bulk/jobs/c1': () => jobs.c1 ?? null,
      'GET /api/bulk/jobs/p1': () => jobs.p1 ?? null,
      'GET /api/bulk/jobs/u1': () => jobs.u1 ?? null,
      'GET /api/bulk/file': (r) =>
        r.url.searchParams.get('path') === 'logs\\bulk.log'
          ? new Response('DocID 103: Permission denied.\n', { headers: { 'Content-Type': 'text/plain' } })
          : json({ Message: 'not found' }, 404),
    });
    const modal = await openModal();
    // nothing entered: the rule is named, nothing is sent
    fireEvent.click(within(modal).getByRole('button', { name: 'Next' }));
    expect(within(modal).getByTestId('bulk-errors').textContent).toContain('Enter at least one value.');
    // an invalid decimal is refused with the field's message
    fireEvent.change(within(modal).getByLabelText('Amount'), { target: { value: 'abc' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Next' }));
    expect(within(modal).getByTestId('bulk-errors').textContent).toContain(
      'A value is not valid for its field.',
    );
    fireEvent.change(within(modal).getByLabelText('Amount'), { target: { value: '' } });
    await within(modal).findByRole('option', { name: 'Paid' });
    fireEvent.change(within(modal).getByLabelText('Status'), { target: { value: 'Paid' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Next' }));

    expect((await screen.findByTestId('bulk-confirm')).textContent).toContain('3 documents will be updated.');
    const count = bodyOf<BulkUpdateRequest>(helperCalls(server.requests, '/api/bulk/count')[0]!);
    expect(count).toMatchObject({
      Type: 'simple',
      Database: 1,
      SearchID: d.payablesSearch,
      Values: [{ FieldID: d.status, Value: 'Paid' }],
      Token: token,
      OverwriteSystem: false,
    });

    fireEvent.click(screen.getByRole('button', { name: 'Preview changes' }));
    const preview = await screen.findByTestId('bulk-preview');
    expect(preview.textContent).toContain('Pending');
    expect(preview.textContent).toContain('Paid');

    const pagesBefore = pageLoads();
    fireEvent.click(screen.getByRole('button', { name: 'Update 3 documents' }));
    const summary = await screen.findByTestId('bulk-summary');
    expect(summary.textContent).toContain('2 succeeded, 1 failed.');
    expect(screen.getByTestId('bulk-error-path').textContent).toBe('logs\\bulk.log');
    fireEvent.click(screen.getByRole('button', { name: 'Show the log' }));
    expect((await screen.findByTestId('bulk-error-log')).textContent).toContain(
      'DocID 103: Permission denied.',
    );
    expect(
      bodyOf<BulkUpdateRequest>(helperCalls(server.requests, '/api/bulk/update')[1]!).DryRun,
    ).toBeUndefined();

    within(screen.getByTestId('bulk-update-modal')).getAllByRole('button', { name: 'Close' }).at(-1)!.click();
    await waitFor(() => expect(screen.queryByTestId('bulk-update-modal')).toBeNull());
    await waitFor(() => expect(pageLoads()).toBeGreaterThan(pagesBefore));
  });

  it('checks every advanced rule, then sends a csvupdate built from the uploaded CSV and its mapping', async () => {
    const { server, d } = await open({
      'POST /api/bulk/upload': { Path: 'uploads\\ab12-update.csv', Name: 'update.csv', Size: 40 },
      'POST /api/bulk/csv': { Columns: ['Archive', 'Doc', 'Status'], Rows: [['2', '101', 'Paid']] },
      'POST /api/bulk/count': json({ Message: 'The CSV file holds no data.', Key: 'INVALID_DATA' }, 400),
    });
    const modal = await openModal();
    fireEvent.click(within(modal).getByLabelText('Advanced'));
    fireEvent.change(within(modal).getByLabelText('Field delimiter'), { target: { value: '"' } });
    fireEvent.change(within(modal).getByLabelText('Error log file'), { target: { value: 'logs/x.log' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Next' }));
    const errors = within(modal).getByTestId('bulk-errors').textContent ?? '';
    for (const text of [
      'The CSV path is not valid.',
      'The field and string delimiters must differ.',
      'The error file path is not valid.',
      'Map the archive ID and DocID columns.',
      'Map at least one column to a field.',
    ])
      expect(errors).toContain(text);

    fireEvent.change(within(modal).getByLabelText('Field delimiter'), { target: { value: ',' } });
    fireEvent.change(within(modal).getByLabelText('Error log file'), { target: { value: 'logs\\x.log' } });
    const file = new File(['Archive,Doc,Status\n2,101,Paid\n'], 'update.csv', { type: 'text/csv' });
    fireEvent.change(within(modal).getByLabelText('Choose a CSV file'), { target: { files: [file] } });
    await within(modal).findByTestId('bulk-mapping');
    expect(bodyOf<{ csvPath: string }>(helperCalls(server.requests, '/api/bulk/csv')[0]!).csvPath).toBe(
      'uploads\\ab12-update.csv',
    );
    fireEvent.change(within(modal).getByLabelText('CSV column for Archive ID'), { target: { value: '0' } });
    fireEvent.change(within(modal).getByLabelText('CSV column for Document ID'), { target: { value: '1' } });
    fireEvent.change(within(modal).getByLabelText('CSV column for Status'), { target: { value: '2' } });
    fireEvent.click(within(modal).getByLabelText('Overwrite system fields'));
    fireEvent.click(within(modal).getByRole('button', { name: 'Next' }));

    // the helper's key is translated, and the settings stay open
    expect((await screen.findByTestId('bulk-problem')).textContent).toBe('The CSV file holds no data.');
    const sent = bodyOf<BulkUpdateRequest>(helperCalls(server.requests, '/api/bulk/count')[0]!);
    expect(sent).toMatchObject({
      Type: 'csvupdate',
      csvPath: 'uploads\\ab12-update.csv',
      errorPath: 'logs\\x.log',
      fieldDelimiter: ',',
      stringDelimiter: '"',
      HeadersIncluded: true,
      OverwriteSystem: true,
    });
    expect(sent.FieldMapping).toEqual(
      expect.arrayContaining([
        { FieldID: 0, RowID: 0, Checked: true },
        { FieldID: -1, RowID: 1, Checked: true },
        { FieldID: d.status, RowID: 2, Checked: true },
      ]),
    );
  });

  it('says so when the helper cannot be reached', async () => {
    await open({ 'POST /api/bulk/count': () => Promise.reject(new TypeError('Failed to fetch')) });
    const modal = await openModal();
    await within(modal).findByRole('option', { name: 'Paid' });
    fireEvent.change(within(modal).getByLabelText('Status'), { target: { value: 'Paid' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Next' }));
    expect((await screen.findByTestId('bulk-problem')).textContent).toContain(
      'Unable to establish a connection to GlobalSearch Extensions.',
    );
  });
});
