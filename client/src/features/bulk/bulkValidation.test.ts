import { describe, expect, it } from 'vitest';
import { ArchiveFlags, FieldProp, FieldType } from '@gs/contract/flags';
import type { FieldSpec } from '../../lib/fieldSpec';
import {
  advancedErrors,
  basicErrors,
  delimiterErrors,
  exportBlocker,
  exportSettingsErrors,
  fileNameTokens,
  importErrors,
  isBulkEditable,
  isImportFieldDisabled,
  isValidCsvPath,
  isValidFileName,
  isValidFolderPath,
  revisionArchiveError,
  type AdvancedForm,
  type BasicForm,
  type ImportForm,
} from './bulkValidation';
import { fieldSpec } from '../../test/fieldSpecs';

const field = (id: number, overrides: Partial<FieldSpec> = {}): FieldSpec =>
  fieldSpec({ id, name: `Field ${id}`, ...overrides });

const csv = {
  csvPath: 'C:\\imports\\update.csv',
  errorPath: 'logs\\errors.log',
  fieldDelimiter: ',',
  stringDelimiter: '"',
};

describe('paths and names (spec §5)', () => {
  it('CSV and error paths: optional drive letter, backslash segments of letters, digits, _ - . space { } &', () => {
    for (const ok of ['C:\\data\\a.csv', 'a.csv', 'imports\\My File {1} & co_2-b.csv', '\\share\\x.csv'])
      expect(isValidCsvPath(ok), ok).toBe(true);
    for (const bad of [
      '',
      '   ',
      'C:/data/a.csv',
      'a|b.csv',
      'C:\\a\\\\b.csv',
      'a\\',
      '1:\\a.csv',
      'a\\b*.csv',
    ])
      expect(isValidCsvPath(bad), bad).toBe(false);
  });

  it('folder paths are drive, UNC or export-folder paths without / : * ? " < > | past the drive', () => {
    for (const ok of [
      '',
      'C:\\Exports',
      'D:\\',
      '\\\\server\\share\\out',
      'C:\\My Exports\\{Vendor}',
      'march',
    ])
      expect(isValidFolderPath(ok), ok).toBe(true);
    for (const bad of ['/tmp/out', 'C:\\a:b', 'C:\\a?', 'C:\\a|b', 'C:\\a/b', 'a"b'])
      expect(isValidFolderPath(bad), bad).toBe(false);
  });

  it('file names refuse \\ / : * ? " < > | and allow brace tokens', () => {
    expect(isValidFileName('{Invoice Number}_{DocID}')).toBe(true);
    for (const bad of ['', 'a/b', 'a\\b', 'a:b', 'a*b', 'a?b', 'a"b', 'a<b', 'a>b', 'a|b'])
      expect(isValidFileName(bad), bad).toBe(false);
    expect(fileNameTokens('{Invoice Number}_{ DocID }.pdf')).toEqual(['Invoice Number', 'DocID']);
  });
});

describe('delimiters', () => {
  it('must both be present, one character each, and different (defaults comma and double quote)', () => {
    expect(delimiterErrors(',', '"')).toEqual([]);
    expect(delimiterErrors('', '"')).toEqual(['BULK_DELIMITER_REQUIRED']);
    expect(delimiterErrors(',', '')).toEqual(['BULK_DELIMITER_REQUIRED']);
    expect(delimiterErrors(',,', '"')).toEqual(['bulk.errors.delimiterLength']);
    expect(delimiterErrors(';', ';')).toEqual(['BULK_DELIMITERS_MATCH']);
  });
});

describe('advanced bulk update', () => {
  const form = (overrides: Partial<AdvancedForm> = {}): AdvancedForm => ({
    ...csv,
    type: 'csvupdate',
    mapping: [
      { FieldID: 0, ColumnID: 0 },
      { FieldID: -1, ColumnID: 1 },
      { FieldID: 7, ColumnID: 2 },
    ],
    searchId: null,
    searchPromptCount: 0,
    searchMapping: [],
    ...overrides,
  });

  it('a complete csvupdate passes', () => expect(advancedErrors(form())).toEqual([]));

  it('checks the CSV path, the delimiters and the error path', () => {
    expect(advancedErrors(form({ csvPath: 'a/b.csv' }))).toEqual(['BULK_INVALID_CSV_PATH']);
    expect(advancedErrors(form({ errorPath: '' }))).toEqual(['BULK_INVALID_ERROR_PATH']);
    expect(advancedErrors(form({ fieldDelimiter: '"' }))).toEqual(['BULK_DELIMITERS_MATCH']);
  });

  it('csvupdate needs the archive ID and DocID mapped, and at least one field', () => {
    expect(advancedErrors(form({ mapping: [{ FieldID: 7, ColumnID: 2 }] }))).toEqual([
      'BULK_CSVUPDATE_IDS_REQUIRED',
    ]);
    expect(
      advancedErrors(
        form({
          mapping: [
            { FieldID: 0, ColumnID: 0 },
            { FieldID: -1, ColumnID: -1 },
            { FieldID: 7, ColumnID: 2 },
          ],
        }),
      ),
    ).toEqual(['BULK_CSVUPDATE_IDS_REQUIRED']);
    expect(
      advancedErrors(
        form({
          mapping: [
            { FieldID: 0, ColumnID: 0 },
            { FieldID: -1, ColumnID: 1 },
          ],
        }),
      ),
    ).toEqual(['BULK_MAPPING_REQUIRED']);
  });

  it('csvsearchupdate needs a search, its prompt mapping when it has prompts, and data mapping', () => {
    const search = form({ type: 'csvsearchupdate', mapping: [{ FieldID: 7, ColumnID: 2 }] });
    expect(advancedErrors(search)).toEqual(['ERROR_CSV_UPDATE_DIRECT_SEARCH_REQUIRED']);
    expect(advancedErrors({ ...search, searchId: 4 })).toEqual([]);
    expect(advancedErrors({ ...search, searchId: 4, searchPromptCount: 2 })).toEqual([
      'BULK_SEARCH_MAPPING_REQUIRED',
    ]);
    expect(
      advancedErrors({
        ...search,
        searchId: 4,
        searchPromptCount: 2,
        searchMapping: [{ FieldID: 1, ColumnID: 0 }],
      }),
    ).toEqual([]);
    expect(advancedErrors({ ...search, searchId: 4, mapping: [] })).toEqual(['BULK_MAPPING_REQUIRED']);
  });
});

describe('basic bulk update', () => {
  const amount = field(5, { type: FieldType.Decimal, name: 'Amount' });
  const status = field(6, { name: 'Status', prop: FieldProp.Required });
  const form = (overrides: Partial<BasicForm> = {}): BasicForm => ({
    type: 'simple',
    searchId: 3,
    values: [
      { field: amount, value: '' },
      { field: status, value: 'Paid' },
    ],
    checkedCount: 0,
    ...overrides,
  });

  it('needs a search and at least one value, all valid; empty values are left out', () => {
    expect(basicErrors(form(), 'en-US')).toEqual([]);
    expect(basicErrors(form({ searchId: null }), 'en-US')).toEqual(['BULK_SEARCH_REQUIRED']);
    expect(basicErrors(form({ values: [{ field: status, value: ' ' }] }), 'en-US')).toEqual([
      'BULK_VALUES_REQUIRED',
    ]);
    expect(basicErrors(form({ values: [{ field: amount, value: 'ten' }] }), 'en-US')).toEqual([
      'BULK_INVALID_VALUE',
    ]);
  });

  it('documentSelectUpdate needs checked documents', () => {
    expect(basicErrors(form({ type: 'documentSelectUpdate' }), 'en-US')).toEqual([
      'ERROR_NO_DOCUMENTS_SELECTED',
    ]);
    expect(basicErrors(form({ type: 'documentSelectUpdate', checkedCount: 2 }), 'en-US')).toEqual([]);
  });

  it('revision control archives are refused', () => {
    expect(revisionArchiveError(ArchiveFlags.RevisionControl | ArchiveFlags.PdfConvert)).toBe(
      'ERROR_UPDATE_REVISION_ARCHIVE',
    );
    expect(revisionArchiveError(ArchiveFlags.PdfConvert)).toBeNull();
  });

  it('system fields can be set only with OverwriteSystem; table fields never', () => {
    expect(isBulkEditable(field(1, { prop: FieldProp.IndexedBy }), false)).toBe(false);
    expect(isBulkEditable(field(1, { prop: FieldProp.IndexedBy }), true)).toBe(true);
    expect(isBulkEditable(field(1, { prop: FieldProp.TableField }), true)).toBe(false);
    expect(isBulkEditable(field(1, { prop: FieldProp.MultiValue }), false)).toBe(true);
  });
});

describe('import', () => {
  const number = field(1, { type: FieldType.Integer, name: 'Number', prop: FieldProp.Required });
  const date = field(2, { type: FieldType.Date, name: 'Date' });
  const indexedBy = field(3, { prop: FieldProp.IndexedBy | FieldProp.Required, name: 'Indexed By' });
  const fields = [number, date, indexedBy];
  const form = (overrides: Partial<ImportForm> = {}): ImportForm => ({
    ...csv,
    fileColumn: 0,
    overwriteSystem: false,
    firstRow: ['a.pdf', '1001', '01/02/2024', 'someone'],
    mapping: [
      { FieldID: 1, RowID: 1, Checked: true },
      { FieldID: 2, RowID: 2, Checked: true },
      { FieldID: 3, RowID: -1, Checked: false },
    ],
    ...overrides,
  });

  it('fields with Prop 4, 8, 16, 256, 1024, 2048, 4096 or 8192 are disabled unless OverwriteSystem', () => {
    for (const prop of [4, 8, 16, 256, 1024, 2048, 4096, 8192]) {
      expect(isImportFieldDisabled(field(9, { prop }), false), String(prop)).toBe(true);
      expect(isImportFieldDisabled(field(9, { prop }), true), String(prop)).toBe(false);
    }
    for (const prop of [2, 32, 64, 128, 512])
      expect(isImportFieldDisabled(field(9, { prop }), false)).toBe(false);
  });

  it('passes a complete mapping; system required fields fill themselves', () => {
    expect(importErrors(form(), fields)).toEqual([]);
  });

  it('needs the file column, the CSV settings and every required field', () => {
    expect(importErrors(form({ fileColumn: -1 }), fields)).toEqual(['BULK_FILEPATH_REQUIRED']);
    expect(importErrors(form({ errorPath: 'x|y' }), fields)).toEqual(['BULK_INVALID_ERROR_PATH']);
    expect(importErrors(form({ mapping: [{ FieldID: 1, RowID: 1, Checked: false }] }), fields)).toEqual([
      'ERROR_IMPORT_MISSING_FIELDS',
    ]);
  });

  it('refuses a mapped system field without OverwriteSystem', () => {
    const mapping = [...form().mapping.slice(0, 2), { FieldID: 3, RowID: 3, Checked: true }];
    expect(importErrors(form({ mapping }), fields)).toEqual(['BULK_SYSTEM_FIELD_NOT_MAPPABLE']);
    expect(importErrors(form({ mapping, overwriteSystem: true }), fields)).toEqual([]);
  });

  it('ERROR_IMPORT_DATATYPE_MISMATCH when the first row does not fit a number or date field', () => {
    expect(importErrors(form({ firstRow: ['a.pdf', 'abc', '01/02/2024'] }), fields)).toEqual([
      'ERROR_IMPORT_DATATYPE_MISMATCH',
    ]);
    expect(importErrors(form({ firstRow: ['a.pdf', '12', 'not a date'] }), fields)).toEqual([
      'ERROR_IMPORT_DATATYPE_MISMATCH',
    ]);
  });
});

describe('export', () => {
  it('checks the folder, the file name and its tokens', () => {
    const ok = { FilePath: 'C:\\Exports', Filename: '{Vendor}_{DocID}', fieldNames: ['Vendor'] };
    expect(exportSettingsErrors(ok)).toEqual([]);
    expect(exportSettingsErrors({ ...ok, FilePath: 'out/x' })).toEqual(['BULK_INVALID_FOLDER']);
    expect(exportSettingsErrors({ ...ok, Filename: 'a:b' })).toEqual(['BULK_INVALID_FILENAME']);
    expect(exportSettingsErrors({ ...ok, Filename: '{Nope}' })).toEqual(['bulk.errors.fileNameToken']);
  });

  it('names why the documents cannot be exported', () => {
    const none = { count: 3, pdfPending: false, inWorkflow: false };
    expect(exportBlocker(none)).toBeNull();
    expect(exportBlocker({ ...none, count: 0 })).toBe('ERROR_EXPORT_NO_RESULTS');
    expect(exportBlocker({ ...none, pdfPending: true })).toBe('ERROR_EXPORT_PDF_PENDING');
    expect(exportBlocker({ ...none, inWorkflow: true })).toBe('ERROR_EXPORT_IN_WORKFLOW');
    expect(exportBlocker({ ...none, pdfPending: true, inWorkflow: true })).toBe(
      'ERROR_EXPORT_PDF_WORKFLOW_PENDING',
    );
  });
});
