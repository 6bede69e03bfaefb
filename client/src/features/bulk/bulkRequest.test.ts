import { describe, expect, it } from 'vitest';
import { FieldType } from '@gs/contract/flags';
import type { Search } from '@gs/contract/searches';
import { fieldSpecOf } from '../../lib/fieldSpec';
import { fieldDef, resultDoc } from '../../test/searchFixtures';
import type { AdvancedState } from './AdvancedUpdateForm';
import { buildBulkRequest, bulkFormErrors, type BulkContext } from './bulkRequest';

const fields = [
  fieldDef(4, 'Status'),
  fieldDef(7, 'Amount', FieldType.Decimal),
  fieldDef(8, 'Due', FieldType.Date),
].map(fieldSpecOf);
const ctx: BulkContext = {
  db: 1,
  archive: 2,
  searchId: 12,
  criteria: { '3': 'Acme', '5': ['a', ' '] },
  fields,
  checked: [{ db: 1, archive: 2, doc: resultDoc(101, {}) }],
  locale: 'de-DE',
};
const options = { overwriteSystem: false, useString: true };
const csv = {
  csvPath: 'uploads\\a.csv',
  errorPath: 'logs\\e.log',
  fieldDelimiter: ';',
  stringDelimiter: "'",
  headersIncluded: false,
};
const advanced = (overrides: Partial<AdvancedState>): AdvancedState => ({
  type: 'csvupdate',
  csv,
  preview: { Columns: ['A', 'B', 'C'], Rows: [] },
  mapping: {},
  searchId: null,
  searchMapping: {},
  ...overrides,
});
const search = (prompts: number): Search =>
  ({
    Id: 40,
    Detail: Array.from({ length: prompts }, (_, i) => ({ ID: i + 1, VAL: '' })),
  }) as unknown as Search;

describe('bulk update requests', () => {
  it('simple: the search, its criteria and the values in wire form', () => {
    const values = { 4: 'Paid', 7: '1234,5', 8: '31.01.2024' };
    expect(buildBulkRequest({ mode: 'basic', basic: { type: 'simple', values } }, ctx, options)).toEqual({
      Type: 'simple',
      Database: 1,
      SearchID: 12,
      SearchCriteria: { '3': 'Acme', '5': 'a' },
      Values: [
        { FieldID: 4, Value: 'Paid' },
        { FieldID: 7, Value: '1234.5' },
        { FieldID: 8, Value: '01/31/2024' },
      ],
      OverwriteSystem: false,
      UseString: true,
    });
  });

  it('documentSelectUpdate: the checked documents', () => {
    const body = buildBulkRequest(
      { mode: 'basic', basic: { type: 'documentSelectUpdate', values: { 4: 'x' } } },
      ctx,
      options,
    );
    expect(body).toMatchObject({ Type: 'documentSelectUpdate', Docs: [{ ArchiveID: 2, DocID: 101 }] });
    expect(body.SearchID).toBeUndefined();
  });

  it('csvupdate: every mapped column as FieldMapping, with the CSV options', () => {
    const body = buildBulkRequest(
      { mode: 'advanced', advanced: advanced({ mapping: { 0: 0, [-1]: 1, 4: 2, 7: -1 } }) },
      ctx,
      options,
    );
    expect(body).toMatchObject({
      Type: 'csvupdate',
      csvPath: 'uploads\\a.csv',
      errorPath: 'logs\\e.log',
      fieldDelimiter: ';',
      stringDelimiter: "'",
      HeadersIncluded: false,
    });
    expect(body.FieldMapping).toEqual(
      expect.arrayContaining([
        { FieldID: 0, RowID: 0, Checked: true },
        { FieldID: -1, RowID: 1, Checked: true },
        { FieldID: 4, RowID: 2, Checked: true },
      ]),
    );
    expect(body.FieldMapping).toHaveLength(3);
  });

  it('csvsearchupdate: SearchInfo with prompt columns and ReplaceInfo with data columns', () => {
    const form = {
      mode: 'advanced' as const,
      advanced: advanced({
        type: 'csvsearchupdate',
        searchId: 40,
        searchMapping: { 1: 0 },
        mapping: { 4: 2 },
      }),
    };
    expect(buildBulkRequest(form, ctx, options)).toMatchObject({
      Type: 'csvsearchupdate',
      SearchInfo: { SearchID: 40, Prompts: [{ PromptID: 1, ColumnID: 0 }] },
      ReplaceInfo: [{ FieldID: 4, ColumnID: 2 }],
    });
    expect(bulkFormErrors(form, ctx, [search(1)])).toEqual([]);
    const unmapped = { ...form, advanced: { ...form.advanced, searchMapping: {} } };
    expect(bulkFormErrors(unmapped, ctx, [search(1)])).toEqual(['BULK_SEARCH_MAPPING_REQUIRED']);
    // a search without prompts needs no prompt columns
    expect(bulkFormErrors(unmapped, ctx, [search(0)])).toEqual([]);
  });

  it('the CSV columns must be loaded before mapping counts', () => {
    const form = {
      mode: 'advanced' as const,
      advanced: advanced({ preview: null, mapping: { 0: 0, [-1]: 1, 4: 2 } }),
    };
    expect(bulkFormErrors(form, ctx, [])).toEqual(['bulk.mapping.loadFirst']);
  });
});
