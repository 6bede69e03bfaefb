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
import {
  createFakeServer,
  json,
  type FakeAnswer,
  type FakeHandler,
  type FakeRequest,
} from '../../test/fakeServer';
import { session, TOKEN } from '../../test/fixtures';
import { DOCS, FIELDS } from '../../test/resultsServer';
import { searchPage } from '../../test/searchFixtures';
import type { CheckedDocument } from '../results/selection';
import { ExportModal, type ExportKind } from './ExportModal';

const checked: CheckedDocument[] = DOCS.slice(0, 2).map((doc) => ({ db: 1, archive: 2, doc }));

function show(kind: ExportKind, routes: Record<string, FakeHandler | FakeAnswer>, docs = checked) {
  const fake = createFakeServer({
    'GET /api/bulk/export/profiles': [],
    // the search's own status (nothing pending) unless a test says otherwise
    'GET dbs/1/searches/12/archive/2/documents': searchPage(FIELDS, DOCS, 3),
    ...routes,
  });
  vi.stubGlobal('fetch', fake.fetch);
  writeStoredSession(session());
  const { store } = createAppStore({ config: DEFAULT_CONFIG, fetch: fake.fetch });
  const onClose = vi.fn();
  render(
    <AppProviders store={store} i18n={createI18n('en')}>
      <ExportModal
        kind={kind}
        scope={{ db: 1, archive: 2, searchId: 12, hash: 'hash-12', criteria: {}, checked: docs }}
        fields={FIELDS.map(fieldSpecOf)}
        onClose={onClose}
        pollMs={1}
      />
    </AppProviders>,
  );
  return { fake, store, onClose };
}

const bodyOf = <T,>(r: FakeRequest | undefined): T => JSON.parse(r?.body ?? 'null') as T;
const binary = (type: string) =>
  new Response(new Uint8Array([80, 75, 3, 4]), { headers: { 'Content-Type': type } });

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:export');
});
afterEach(() => vi.unstubAllGlobals());

describe('export', () => {
  it('zips the checked documents: starts the job, polls it until the zip arrives, and adds the link note', async () => {
    let polls = 0;
    const { fake, store } = show('zip', {
      'POST dbs/1/export': json('job-1'),
      'GET dbs/1/export?jobid=job-1': () =>
        ++polls < 2 ? json({ Status: 'Running', Processed: 1, Total: 2 }, 202) : binary('application/zip'),
    });
    expect(screen.getByText('The 2 checked documents are exported.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    const link = within(await screen.findByTestId('export-ready')).getByRole('link');
    expect(link.getAttribute('download')).toBe('export.zip');
    const start = fake.requests.find((r) => r.method === 'POST' && r.path === 'dbs/1/export');
    expect(start?.url.searchParams.get('alwaysExportZip')).toBe('true');
    expect(bodyOf(start)).toEqual([
      { Archive: 2, Id: 101, Hash: 'doc-hash-101' },
      { Archive: 2, Id: 102, Hash: 'doc-hash-102' },
    ]);
    expect(polls).toBe(2);
    const [note] = store.get(notesAtom);
    expect(note?.type).toBe(NoteType.ExportLink);
    expect(note?.text).toBe('Export of 2 documents is ready: export.zip');
    expect(note?.href).toContain('jobid=job-1');
    expect(note?.href).toContain(`token=${TOKEN}`);
  });

  it('exports the chosen fields to a spreadsheet, and every document of the search when none is checked', async () => {
    const { fake } = show(
      'spreadsheet',
      {
        'GET dbs/1/searches/12/archive/2/documents': searchPage(FIELDS, DOCS, 3),
        'POST dbs/1/export/xlsx': () =>
          binary('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
      },
      [],
    );
    expect(
      screen.getByText('No document is checked, so every document of the search is exported.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Amount' }));
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    await screen.findByTestId('export-ready');
    const sent = bodyOf<{ Documents: { Id: number }[]; Fields: number[] }>(
      fake.requests.find((r) => r.path === 'dbs/1/export/xlsx'),
    );
    expect(sent.Documents.map((d) => d.Id)).toEqual([101, 102, 103]);
    expect(sent.Fields).toEqual([1, 3, 4, 5, 6]);
  });

  it('names why nothing was exported: no documents, or the server refusing', async () => {
    show('zip', { 'GET dbs/1/searches/12/archive/2/documents': searchPage(FIELDS, [], 0) }, []);
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect((await screen.findByTestId('export-errors')).textContent).toBe(
      'There are no documents to export.',
    );
  });

  it('translates the server key of a refused export', async () => {
    show('zip', {
      'POST dbs/1/export': json(
        { Message: 'A document is in a workflow.', Key: 'ERROR_EXPORT_IN_WORKFLOW' },
        400,
      ),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect((await screen.findByTestId('export-errors')).textContent).toBe(
      'A document is in a workflow and cannot be exported.',
    );
  });

  it('checks the export utility settings, then runs the helper export and shows where the files went', async () => {
    const { fake } = show('utility', {
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
    fireEvent.change(name, { target: { value: '{Vendor Number}_{DocID}' } });
    fireEvent.click(screen.getByLabelText('Convert to PDF'));
    // only the chosen fields in the CSV: the choice is saved as the archive's export profile first
    fireEvent.click(screen.getByLabelText("CSV holds only the export profile's fields"));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Amount' }));
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect((await screen.findByTestId('export-output')).textContent).toBe('exports\\march');
    expect(screen.getByTestId('bulk-summary').textContent).toContain('2 succeeded, 0 failed.');
    expect(
      bodyOf<BulkExportRequest>(fake.requests.find((r) => r.url.pathname === '/api/bulk/export')),
    ).toMatchObject({
      Database: 1,
      FilePath: 'march',
      Filename: '{Vendor Number}_{DocID}',
      ConvertToPDF: true,
      ExportWithCSV: true,
      Docs: [
        { ArchiveID: 2, DocID: 101, Hash: 'doc-hash-101' },
        { ArchiveID: 2, DocID: 102, Hash: 'doc-hash-102' },
      ],
      Token: TOKEN,
      ExportWithMappedFields: true,
    });
    const profile = fake.requests.find(
      (r) => r.method === 'POST' && r.url.pathname === '/api/bulk/export/profiles',
    );
    expect(bodyOf(profile)).toEqual({ DatabaseID: 1, ArchiveID: 2, FieldIDs: [1, 3, 4, 5, 6] });
  });
});

describe('export of documents waiting for PDF conversion or inside a workflow', () => {
  const withStatus = (PdfConvertStatus: boolean, WorkflowStatus: number) => ({
    ...searchPage(FIELDS, DOCS, 3),
    PdfConvertStatus,
    WorkflowStatus,
  });
  const refusal = async () => (await screen.findByTestId('export-errors')).textContent;
  const exported = (fake: ReturnType<typeof show>['fake']) =>
    fake.requests.filter((r) => r.method === 'POST' && r.path.startsWith('dbs/1/export'));

  it.each([
    [true, 0, 'A document is still being converted to PDF.'],
    [false, 2, 'A document is in a workflow and cannot be exported.'],
    [true, 1, 'Documents are still being converted to PDF or are in a workflow, and cannot be exported.'],
  ])(
    'refuses the whole search when its Result says PdfConvertStatus %s, WorkflowStatus %s',
    async (pdf, workflow, text) => {
      const { fake } = show(
        'spreadsheet',
        {
          'GET dbs/1/searches/12/archive/2/documents': withStatus(pdf, workflow),
          'POST dbs/1/export/xlsx': () => binary('application/octet-stream'),
        },
        [],
      );
      fireEvent.click(screen.getByRole('button', { name: 'Export' }));
      expect(await refusal()).toBe(text);
      expect(exported(fake)).toEqual([]);
      expect(screen.queryByTestId('export-ready')).toBeNull();
    },
  );

  it('asks each checked document when the search reports one, and refuses with what they say', async () => {
    const own = (Id: number, PdfConvertStatus: boolean, WorkflowStatus: number) => ({
      ...searchPage(
        FIELDS,
        DOCS.filter((d) => d.Id === Id),
      ),
      PdfConvertStatus,
      WorkflowStatus,
    });
    const { fake } = show('zip', {
      'GET dbs/1/searches/12/archive/2/documents': withStatus(true, 2),
      'GET dbs/1/archives/2/documents/101': own(101, true, 0),
      'GET dbs/1/archives/2/documents/102': own(102, false, 2),
      'POST dbs/1/export': json('job-1'),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(await refusal()).toBe(
      'Documents are still being converted to PDF or are in a workflow, and cannot be exported.',
    );
    const asked = fake.requests.filter((r) => r.path.startsWith('dbs/1/archives/2/documents/'));
    expect(asked.map((r) => r.url.searchParams.get('SecureId')).sort()).toEqual([
      'doc-hash-101',
      'doc-hash-102',
    ]);
    expect(exported(fake)).toEqual([]);
  });

  it("starts the export utility from the choices of the Settings dialog's Export tab", () => {
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
    show('utility', {});
    expect(screen.getByLabelText<HTMLInputElement>('Folder').value).toBe('monthly');
    expect(screen.getByLabelText<HTMLInputElement>('File name').value).toBe('{DocID}_copy');
    expect(screen.getByLabelText<HTMLInputElement>('Convert to PDF').checked).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Export index data as CSV').checked).toBe(false);
  });

  it('refuses before the export utility job starts in the Extensions helper', async () => {
    const { fake } = show(
      'utility',
      {
        'GET dbs/1/searches/12/archive/2/documents': withStatus(false, 1),
        'POST /api/bulk/export': { JobID: 'e1' },
      },
      [],
    );
    fireEvent.change(screen.getByLabelText('Folder'), { target: { value: 'march' } });
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(await refusal()).toBe('A document is in a workflow and cannot be exported.');
    expect(fake.requests.filter((r) => r.url.pathname === '/api/bulk/export')).toEqual([]);
  });

  it('exports checked documents that are ready although others of the search are not', async () => {
    const ready = (Id: number) => ({
      ...searchPage(
        FIELDS,
        DOCS.filter((d) => d.Id === Id),
      ),
    });
    const { fake } = show('zip', {
      'GET dbs/1/searches/12/archive/2/documents': withStatus(true, 1),
      'GET dbs/1/archives/2/documents/101': ready(101),
      'GET dbs/1/archives/2/documents/102': ready(102),
      'POST dbs/1/export': json('job-1'),
      'GET dbs/1/export?jobid=job-1': () => binary('application/zip'),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    await screen.findByTestId('export-ready');
    expect(exported(fake)).toHaveLength(1);
  });

  it('asks no checked document when the search reports nothing pending', async () => {
    const { fake } = show('zip', {
      'POST dbs/1/export': json('job-1'),
      'GET dbs/1/export?jobid=job-1': () => binary('application/zip'),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    await screen.findByTestId('export-ready');
    expect(fake.requests.filter((r) => r.path.startsWith('dbs/1/archives/'))).toEqual([]);
  });
});
