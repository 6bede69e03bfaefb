import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FieldProp, FieldType } from '@gs/contract/flags';
import type { BulkImportRequest } from '@gs/contract/helperBulk';
import { DEFAULT_CONFIG } from '../../api/config';
import { AppProviders } from '../../app/AppProviders';
import { createAppStore } from '../../app/createAppStore';
import { createI18n } from '../../app/i18n';
import { writeStoredSession } from '../../state/persistedSession';
import { createFakeServer, type FakeAnswer, type FakeHandler } from '../../test/fakeServer';
import { archive, session } from '../../test/fixtures';
import { fieldDef } from '../../test/searchFixtures';
import { ImportModal } from './ImportModal';

const FIELDS = [
  fieldDef(1, 'Invoice Number', FieldType.Character, { Prop: FieldProp.Required }),
  fieldDef(2, 'Invoice Amount', FieldType.Decimal),
  fieldDef(3, 'Indexed By', FieldType.Character, { Prop: FieldProp.IndexedBy }),
];

function show(routes: Record<string, FakeHandler | FakeAnswer> = {}, licenseType: 1 | 4 = 1) {
  const fake = createFakeServer({
    'GET dbs/1/archives/2?type=fields': FIELDS,
    'POST /api/bulk/upload': { Path: 'uploads\\x1-import.csv', Name: 'import.csv', Size: 60 },
    'POST /api/bulk/csv': {
      Columns: ['File', 'Number', 'Amount', 'User'],
      Rows: [['a.pdf', 'INV-1', '12.50', 'someone']],
    },
    ...routes,
  });
  vi.stubGlobal('fetch', fake.fetch);
  writeStoredSession(session({ licenseType }));
  const { store } = createAppStore({ config: DEFAULT_CONFIG, fetch: fake.fetch });
  render(
    <AppProviders store={store} i18n={createI18n('en')}>
      <ImportModal db={1} archive={archive(2, 'Invoices')} onClose={() => undefined} pollMs={1} />
    </AppProviders>,
  );
  return { fake };
}

afterEach(() => vi.unstubAllGlobals());

const pickCsv = async () => {
  const file = new File(['File,Number,Amount,User\na.pdf,INV-1,12.50,someone\n'], 'import.csv');
  fireEvent.change(screen.getByLabelText('Choose a CSV file'), { target: { files: [file] } });
  return screen.findByTestId('import-mapping');
};

describe('import utility', () => {
  it('is refused to the read-only licence', () => {
    show({}, 4);
    expect(screen.getByRole('alert').textContent).toBe(createI18n('en').t('ERROR_FAILED_DUE_TO_PERMISSIONS'));
  });

  it('maps columns to fields: system fields only with OverwriteSystem, required fields first, then imports', async () => {
    const { fake } = show({
      'POST /api/bulk/import': { JobID: 'i1' },
      'GET /api/bulk/jobs/i1': {
        JobID: 'i1',
        Kind: 'import',
        Status: 'Completed',
        Processed: 2,
        Total: 2,
        Succeeded: 1,
        Failed: 1,
        ErrorPath: 'logs\\import.log',
        Message: '',
      },
    });
    const table = await pickCsv();
    const systemColumn = within(table).getByLabelText('CSV column for Indexed By');
    expect((systemColumn as HTMLSelectElement).disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('Overwrite system fields'));
    expect((systemColumn as HTMLSelectElement).disabled).toBe(false);
    fireEvent.click(screen.getByLabelText('Overwrite system fields'));

    // the File column was recognised by its header; without it the import is refused
    const fileColumn = screen.getByLabelText('File path column') as HTMLSelectElement;
    expect(fileColumn.value).toBe('0');
    fireEvent.change(fileColumn, { target: { value: '-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    let errors = screen.getByTestId('import-errors').textContent ?? '';
    expect(errors).toContain('Map the file path column.');
    expect(errors).toContain(createI18n('en').t('ERROR_IMPORT_MISSING_FIELDS'));

    fireEvent.change(screen.getByLabelText('File path column'), { target: { value: '0' } });
    fireEvent.change(within(table).getByLabelText('CSV column for Invoice Number'), {
      target: { value: '1' },
    });
    // a decimal field fed with text fails before anything is sent
    fireEvent.change(within(table).getByLabelText('CSV column for Invoice Amount'), {
      target: { value: '1' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    errors = screen.getByTestId('import-errors').textContent ?? '';
    expect(errors).toBe('A value does not match the data type of its field.');

    fireEvent.change(within(table).getByLabelText('CSV column for Invoice Amount'), {
      target: { value: '2' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect((await screen.findByTestId('bulk-summary')).textContent).toContain('1 succeeded, 1 failed.');
    const sent = JSON.parse(
      fake.requests.find((r) => r.url.pathname === '/api/bulk/import')?.body ?? '{}',
    ) as BulkImportRequest;
    expect(sent).toMatchObject({
      Database: 1,
      Archive: 2,
      csvPath: 'uploads\\x1-import.csv',
      FilePathColumn: 0,
      OverwriteSystem: false,
      HeadersIncluded: true,
    });
    expect(sent.FieldMapping).toEqual(
      expect.arrayContaining([
        { FieldID: 1, RowID: 1, Checked: true },
        { FieldID: 2, RowID: 2, Checked: true },
      ]),
    );
    expect(sent.FieldMapping).toHaveLength(2);
  });
});
