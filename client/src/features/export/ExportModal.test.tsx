// Export against the simulator's app in process (test/realDocs.ts): Payables' Acme, Globex and
// Initech, and Held's documents, some waiting for PDF conversion or in a workflow (Ready One, Ready
// Two, Wait Pdf, Wait Queue, Wait Flow, Wait Step). The export utility runs in GlobalSearch
// Extensions, whose answers the tests give (helper routes only).
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BulkExportRequest } from '@gs/contract/helperBulk';
import { DEFAULT_CONFIG } from '../../api/config';
import { AppProviders } from '../../app/AppProviders';
import { createAppStore } from '../../app/createAppStore';
import { createI18n } from '../../app/i18n';
import { fieldSpecOf } from '../../lib/fieldSpec';
import { writeStoredSession } from '../../state/persistedSession';
import { notesAtom, NoteType } from '../../state/notes';
import type { FakeAnswer, FakeHandler, FakeRequest } from '../../test/fakeServer';
import { docsServer, type DocsServer } from '../../test/realDocs';
import { ExportModal, type ExportKind } from './ExportModal';

interface Shown {
  /** Held's search with the Vendor prompt filled in (default: Payables' search, no criteria) */
  held?: string;
  /** the checked documents by vendor (default: Acme and Globex, or none) */
  checked?: string[];
  helper?: Record<string, FakeHandler | FakeAnswer>;
}

async function show(kind: ExportKind, { held, checked, helper = {} }: Shown = {}) {
  const server: DocsServer = docsServer({
    overrides: { 'GET /api/bulk/export/profiles': [], ...helper },
  });
  const { d } = server;
  const [search, archive] = held === undefined ? [d.payablesSearch, d.payables] : [d.heldSearch, d.held];
  const result = await server.found(search, archive);
  const wanted = checked ?? (held === undefined ? ['Acme', 'Globex'] : []);
  const vendorOf = (doc: (typeof result.Docs)[number]) =>
    doc.Fields.find((f) => f.ID === server.w.vendor)?.VAL;
  const docs = wanted.map((vendor) => result.Docs.find((doc) => vendorOf(doc) === vendor)!);
  vi.stubGlobal('fetch', server.fetch);
  const session = await server.signIn('full.user');
  writeStoredSession(session);
  const { store } = createAppStore({ config: DEFAULT_CONFIG, fetch: server.fetch });
  const scope = {
    ...{ db: 1, archive, searchId: search, hash: await server.searchHash(search) },
    criteria: held ? await server.criteria(search, held) : {},
    checked: docs.map((doc) => ({ db: 1, archive, doc })),
  };
  render(
    <AppProviders store={store} i18n={createI18n('en')}>
      <ExportModal
        kind={kind}
        scope={scope}
        fields={result.Fields.map(fieldSpecOf)}
        onClose={vi.fn()}
        pollMs={1}
      />
    </AppProviders>,
  );
  const ids = docs.map((doc) => doc.Id);
  return { server, d, store, ids, token: session.token };
}

const bodyOf = <T,>(r: FakeRequest | undefined): T => JSON.parse(r?.body ?? 'null') as T;
const exported = (server: DocsServer) =>
  server.requests.filter((r) => r.method === 'POST' && r.path.startsWith('dbs/1/export'));

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:export');
});
afterEach(() => vi.unstubAllGlobals());

describe('export', () => {
  it('zips the checked documents: starts the job, polls it until the zip arrives, and adds the link note', async () => {
    const { server, d, store, ids, token } = await show('zip');
    expect(screen.getByText('The 2 checked documents are exported.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    const link = within(await screen.findByTestId('export-ready', {}, { timeout: 5000 })).getByRole('link');
    expect(link.getAttribute('download')).toBe('export.zip');
    const start = server.requests.find((r) => r.method === 'POST' && r.path === 'dbs/1/export');
    expect(start?.url.searchParams.get('alwaysExportZip')).toBe('true');
    expect(bodyOf(start)).toEqual(ids.map((Id) => ({ Archive: d.payables, Id, Hash: server.hashOf(1, Id) })));
    const job = server.requests.filter((r) => r.method === 'GET' && r.path === 'dbs/1/export');
    expect(job.length).toBeGreaterThan(0);
    const jobId = job[0]?.url.searchParams.get('jobid') ?? '';
    const [note] = store.get(notesAtom);
    expect(note?.type).toBe(NoteType.ExportLink);
    expect(note?.text).toBe('Export of 2 documents is ready: export.zip');
    expect(note?.href).toContain(`jobid=${jobId}`);
    expect(note?.href).toContain(`token=${token}`);
    // the server wrote the export into each document's history
    expect(await server.history(d.payables, ids[0] ?? 0)).toContain('Document Exported');
  });

  it('exports the chosen fields to a spreadsheet, and every document of the search when none is checked', async () => {
    const { server, d } = await show('spreadsheet', { checked: [] });
    expect(
      screen.getByText('No document is checked, so every document of the search is exported.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Amount' }));
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    await screen.findByTestId('export-ready', {}, { timeout: 5000 });
    const sent = bodyOf<{ Documents: { Id: number }[]; Fields: number[] }>(
      server.requests.find((r) => r.path === 'dbs/1/export/xlsx'),
    );
    expect(sent.Documents.map((doc) => doc.Id).sort()).toEqual([...d.docs].sort());
    expect(sent.Fields).toEqual([server.w.vendor, d.status]);
  });

  it('names why nothing was exported: no documents', async () => {
    await show('zip', { held: 'Nobody' });
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect((await screen.findByTestId('export-errors')).textContent).toBe(
      'There are no documents to export.',
    );
  });

  it('translates the server key of a refused export', async () => {
    // the search (only the ready documents) reports nothing pending; the server refuses the checked
    // document that waits in a workflow queue
    await show('zip', { held: 'Ready', checked: ['Wait Queue'] });
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect((await screen.findByTestId('export-errors')).textContent).toBe(
      'A document is in a workflow and cannot be exported.',
    );
  });

  it('checks the export utility settings, then runs the helper export and shows where the files went', async () => {
    const { server, d, ids, token } = await show('utility', {
      helper: {
        'POST /api/bulk/export/profiles': [],
        'POST /api/bulk/export': { JobID: 'e1' },
        'GET /api/bulk/jobs/e1': {
          JobID: 'e1',
          Kind: 'export',
          Status: 'Completed',
          Processed: 2,
          Total: 2,
          Succeeded: 2,
          Failed: 0,
          ErrorPath: '',
          Message: '',
          OutputPath: 'exports\\march',
        },
      },
    });
    const folder = screen.getByLabelText('Folder');
    const name = screen.getByLabelText('File name');
    fireEvent.change(folder, { target: { value: 'a/b' } });
    fireEvent.change(name, { target: { value: '{Nope}' } });
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    const errors = screen.getByTestId('export-errors').textContent;
    expect(errors).toContain('The folder path is not valid.');
    expect(errors).toContain('The file name uses a token that names no field.');

    fireEvent.change(folder, { target: { value: 'march' } });
    fireEvent.change(name, { target: { value: '{Vendor}_{DocID}' } });
    fireEvent.click(screen.getByLabelText('Convert to PDF'));
    // only the chosen fields in the CSV: the choice is saved as the archive's export profile first
    fireEvent.click(screen.getByLabelText("CSV holds only the export profile's fields"));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Amount' }));
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect((await screen.findByTestId('export-output')).textContent).toBe('exports\\march');
    expect(screen.getByTestId('bulk-summary').textContent).toContain('2 succeeded, 0 failed.');
    expect(
      bodyOf<BulkExportRequest>(server.requests.find((r) => r.url.pathname === '/api/bulk/export')),
    ).toMatchObject({
      Database: 1,
      FilePath: 'march',
      Filename: '{Vendor}_{DocID}',
      ConvertToPDF: true,
      ExportWithCSV: true,
      Docs: ids.map((DocID) => ({ ArchiveID: d.payables, DocID, Hash: server.hashOf(1, DocID) })),
      Token: token,
      ExportWithMappedFields: true,
    });
    const profile = server.requests.find(
      (r) => r.method === 'POST' && r.url.pathname === '/api/bulk/export/profiles',
    );
    expect(bodyOf(profile)).toEqual({
      DatabaseID: 1,
      ArchiveID: d.payables,
      FieldIDs: [server.w.vendor, d.status],
    });
  });
});

describe('export of documents waiting for PDF conversion or inside a workflow', () => {
  const refusal = async () => (await screen.findByTestId('export-errors', {}, { timeout: 5000 })).textContent;

  it.each([
    ['Pdf', 'A document is still being converted to PDF.'],
    ['Queue', 'A document is in a workflow and cannot be exported.'],
    ['Flow', 'Documents are still being converted to PDF or are in a workflow, and cannot be exported.'],
  ])('refuses the whole search when its Result says so (vendor %s)', async (vendor, text) => {
    const { server } = await show('spreadsheet', { held: vendor });
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(await refusal()).toBe(text);
    expect(exported(server)).toEqual([]);
    expect(screen.queryByTestId('export-ready')).toBeNull();
  });

  it('asks each checked document when the search reports one, and refuses with what they say', async () => {
    // the search (every "Wait" document) reports both; the checked ones one each
    const { server, ids } = await show('zip', { held: 'Wait', checked: ['Wait Pdf', 'Wait Queue'] });
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(await refusal()).toBe(
      'Documents are still being converted to PDF or are in a workflow, and cannot be exported.',
    );
    const asked = server.requests.filter((r) => r.path.startsWith('dbs/1/archives/'));
    expect(asked.map((r) => r.url.searchParams.get('SecureId')).sort()).toEqual(
      ids.map((id) => server.hashOf(1, id)).sort(),
    );
    expect(exported(server)).toEqual([]);
  });

  it("starts the export utility from the choices of the Settings dialog's Export tab", async () => {
    window.localStorage.setItem(
      'exportUtilitySettings',
      JSON.stringify({
        FilePath: 'monthly',
        Filename: '{DocID}_copy',
        ConvertToPDF: true,
        WithAnnotations: false,
        ConvertToBW: false,
        ExportWithCSV: false,
        ExportWithMappedFields: false,
      }),
    );
    await show('utility');
    expect(screen.getByLabelText<HTMLInputElement>('Folder').value).toBe('monthly');
    expect(screen.getByLabelText<HTMLInputElement>('File name').value).toBe('{DocID}_copy');
    expect(screen.getByLabelText<HTMLInputElement>('Convert to PDF').checked).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Export index data as CSV').checked).toBe(false);
  });

  it('refuses before the export utility job starts in the Extensions helper', async () => {
    // Wait Step is being processed by a workflow
    const { server } = await show('utility', {
      held: 'Step',
      helper: { 'POST /api/bulk/export': { JobID: 'e1' } },
    });
    fireEvent.change(screen.getByLabelText('Folder'), { target: { value: 'march' } });
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(await refusal()).toBe('A document is in a workflow and cannot be exported.');
    expect(server.requests.filter((r) => r.url.pathname === '/api/bulk/export')).toEqual([]);
  });

  it('exports checked documents that are ready although others of the search are not', async () => {
    const { server } = await show('zip', { held: '', checked: ['Ready One', 'Ready Two'] });
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    await screen.findByTestId('export-ready', {}, { timeout: 5000 });
    expect(exported(server)).toHaveLength(1);
  });

  it('asks no checked document when the search reports nothing pending', async () => {
    const { server } = await show('zip');
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    await screen.findByTestId('export-ready', {}, { timeout: 5000 });
    expect(server.requests.filter((r) => r.path.startsWith('dbs/1/archives/'))).toEqual([]);
  });
});
