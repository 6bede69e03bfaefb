import { describe, expect, it } from 'vitest';
import type { AdminField } from '@gs/contract/admin/catalog';
import {
  archiveError,
  archiveTree,
  newArchive,
  setContentSearch,
  setConvertPdf,
  viewLabelErrors,
  parentChoices,
} from './archiveRules';
import {
  changeFieldType,
  cleanList,
  fieldError,
  listBinding,
  listError,
  missingListDependencies,
  needsTypeConfirm,
  newField,
  removeTableFieldColumn,
  TABLE_FIELD_MIN_ROWS,
  tableFieldEligible,
  tableFieldError,
  toggleSystemField,
} from './fieldRules';
import {
  dropDeletedFields,
  needsArchivesWarning,
  newParameter,
  newSearch,
  promptFields,
  searchForSave,
  setCondition,
} from './searchRules';

const field = (Id: number, patch: Partial<AdminField> = {}): AdminField => ({
  ...newField(),
  Id,
  Name: `F${Id}`,
  ...patch,
});

describe('archives', () => {
  it('view labels are required and unique', () => {
    const view = {
      Enabled: true,
      StatusField: 1,
      Values: [
        { Label: 'Open', Value: 'o', Color: '#f00' },
        { Label: ' open', Value: 'x', Color: '' },
        { Label: '', Value: 'c', Color: '' },
        { Label: 'Closed', Value: 'c', Color: '' },
      ],
    };
    expect(viewLabelErrors(view)).toEqual(['duplicate', 'duplicate', 'required', null]);
    expect(archiveError({ ...newArchive(), Name: 'A', Fields: [1], View: view })).toBe('viewLabels');
  });
  it('content search and PDF conversion exclude each other', () => {
    const pdf = setConvertPdf(newArchive(), true);
    expect(pdf.ConvertPdf).toBe(true);
    const content = setContentSearch(pdf, true);
    expect([content.ContentSearch, content.ConvertPdf]).toEqual([true, false]);
    expect(setConvertPdf(content, true).ContentSearch).toBe(false);
  });
  it('needs a name and at least one field', () => {
    expect(archiveError(newArchive())).toBe('nameRequired');
    expect(archiveError({ ...newArchive(), Name: 'A' })).toBe('fieldsRequired');
    expect(archiveError({ ...newArchive(), Name: 'A', Fields: [3] })).toBeNull();
  });
  it('an archive cannot move under itself or its own sub-archives', () => {
    const a = (Id: number, Parent: number) => ({ ...newArchive(Parent), Id, Name: `A${Id}` });
    const all = [a(1, 0), a(2, 1), a(3, 2), a(4, 0)];
    expect(parentChoices(all[1]!, all).map((n) => n.archive.Id)).toEqual([1, 4]);
    expect(parentChoices(newArchive(), all)).toHaveLength(4);
  });
  it('lists archives in tree order with depth', () => {
    const a = (Id: number, Parent: number) => ({ ...newArchive(Parent), Id, Name: `A${Id}` });
    expect(archiveTree([a(3, 1), a(1, 0), a(2, 0), a(4, 99)]).map((n) => [n.archive.Id, n.depth])).toEqual([
      [1, 0],
      [3, 1],
      [2, 0],
      [4, 0],
    ]);
  });
});

describe('fields', () => {
  it('a new field is character, length 50', () => {
    expect(newField()).toMatchObject({ Type: 'character', Length: 50, SystemField: '' });
  });
  it('a system field toggles readOnly/empty, resets to readOnly on a type change, is never required', () => {
    const sys = toggleSystemField(field(1, { Required: true }));
    expect([sys.SystemField, sys.Required]).toEqual(['readOnly', false]);
    expect(toggleSystemField(sys).SystemField).toBe('');
    expect(changeFieldType({ ...sys, SystemField: 'dateEntered' }, 'date').SystemField).toBe('readOnly');
    expect(changeFieldType(field(2), 'date').SystemField).toBe('');
    expect(fieldError({ ...sys, Required: true })).toBe('systemRequired');
    expect(fieldError({ ...sys, SystemField: 'indexedBy', MultiValue: true })).toBe('systemMultiValue');
    expect(fieldError({ ...sys, MultiValue: true })).toBeNull();
  });
  it('asks before changing a saved field type or multi-value', () => {
    const saved = field(4);
    expect(needsTypeConfirm(saved, { ...saved, Type: 'date' })).toBe(true);
    expect(needsTypeConfirm(saved, { ...saved, MultiValue: true })).toBe(true);
    expect(needsTypeConfirm(saved, { ...saved, Name: 'x' })).toBe(false);
    expect(needsTypeConfirm(undefined, saved)).toBe(false);
  });
  it('a dynamic list needs a mapping', () => {
    expect(
      fieldError(field(5, { List: { Type: 'dynamic', ListId: 1, Primary: 1, Secondary: 0, Mapping: [] } })),
    ).toBe('mappingRequired');
  });
  it('warns when an archive loses a field a dynamic list depends on', () => {
    const fields = [
      field(1),
      field(2),
      field(3, {
        List: {
          Type: 'dynamic',
          ListId: 1,
          Primary: 1,
          Secondary: 2,
          Mapping: [{ ListId: 1, PrimaryValue: 'a', SecondaryValue: 'b' }],
        },
      }),
    ];
    const broken = missingListDependencies([1, 3], fields);
    expect(broken.map((b) => [b.field.Id, b.missing.map((m) => m.Id)])).toEqual([[3, [2]]]);
    expect(missingListDependencies([1, 2, 3], fields)).toEqual([]);
  });
});

describe('table fields', () => {
  it('hold only ordinary, single-value, optional fields', () => {
    expect(tableFieldEligible(field(1))).toBe(true);
    expect(tableFieldEligible(field(1, { SystemField: 'readOnly' }))).toBe(false);
    expect(tableFieldEligible(field(1, { MultiValue: true }))).toBe(false);
    expect(tableFieldEligible(field(1, { Required: true }))).toBe(false);
    expect(tableFieldError({ Id: 0, Name: 'Lines', Fields: [2] }, [field(2, { Required: true })])).toBe(
      'ineligible',
    );
  });
  it('cannot have less than 1 row', () => {
    const one = { Id: 1, Name: 'Lines', Fields: [7] };
    expect(removeTableFieldColumn(one, 7)).toEqual({ table: one, error: TABLE_FIELD_MIN_ROWS });
    expect(TABLE_FIELD_MIN_ROWS).toBe('Can not have less than 1 Row.');
    expect(removeTableFieldColumn({ ...one, Fields: [7, 8] }, 7).table.Fields).toEqual([8]);
    expect(tableFieldError({ ...one, Fields: [] }, [])).toBe(TABLE_FIELD_MIN_ROWS);
  });
});

describe('lists', () => {
  it('drops empty values, knows its binding, and needs parameters for an assembly', () => {
    const list = {
      Id: 1,
      Name: 'Vendors',
      AssemblyPath: '',
      AssemblyParameters: '',
      Values: ['Acme', ' ', '', ' Globex '],
    };
    expect(cleanList(list).Values).toEqual(['Acme', 'Globex']);
    expect(listBinding(list)).toBe('values');
    expect(listBinding({ AssemblyPath: '[SQL]SELECT 1' })).toBe('sql');
    expect(listBinding({ AssemblyPath: '[MONGODB]{}' })).toBe('mongodb');
    expect(listBinding({ AssemblyPath: 'C:\\lists.dll' })).toBe('assembly');
    expect(listError({ ...list, AssemblyPath: 'C:\\lists.dll' })).toBe('assemblyIncomplete');
    expect(listError({ ...list, AssemblyPath: '[SQL]SELECT 1' })).toBeNull();
  });
});

describe('searches', () => {
  it('defaults to Contains and IsEmpty/IsNotEmpty clear the prompt', () => {
    const p = newParameter(3, 'Vendor');
    expect(p.Condition).toBe('contains');
    expect(setCondition(p, 'isempty').Prompt).toBe('');
    expect(setCondition(p, 'isnotempty').Prompt).toBe('');
    expect(setCondition(p, 'equals').Prompt).toBe('Vendor');
  });
  it('removes the Versions archive, warns on parent 0 without archives, drops deleted fields', () => {
    const archives = [
      { ...newArchive(), Id: 1, Name: 'Invoices' },
      { ...newArchive(), Id: 2, Name: 'Versions' },
    ];
    expect(searchForSave({ ...newSearch(), Archives: [1, 2] }, archives).Archives).toEqual([1]);
    expect(needsArchivesWarning(newSearch())).toBe(true);
    expect(needsArchivesWarning(newSearch(1))).toBe(false);
    const search = { ...newSearch(1), Parameters: [newParameter(1), newParameter(9)] };
    const { search: kept, dropped } = dropDeletedFields(search, new Set([1]));
    expect(kept.Parameters.map((x) => x.Field)).toEqual([1]);
    expect(dropped.map((x) => x.Field)).toEqual([9]);
  });
});

describe('search prompt fields', () => {
  const archives = [
    { ...newArchive(), Id: 1, Name: 'Invoices', Fields: [10, 11] },
    { ...newArchive(), Id: 2, Name: 'Contracts', Fields: [11, 12] },
  ];
  const fields = [field(10), field(11), field(12), field(13)];
  const ids = (search: ReturnType<typeof newSearch>) =>
    promptFields(search, archives, fields).map((f) => f.Id);
  it('offers only the fields of the archives searched, else of the archive it is filed under', () => {
    expect(ids({ ...newSearch(), Archives: [1] })).toEqual([10, 11]);
    expect(ids({ ...newSearch(), Archives: [1, 2] })).toEqual([10, 11, 12]);
    expect(ids({ ...newSearch(2), Archives: [] })).toEqual([11, 12]);
  });
  it('offers every field to a search tied to no archive, and keeps a field a prompt already uses', () => {
    expect(ids(newSearch())).toEqual([10, 11, 12, 13]);
    expect(ids({ ...newSearch(1), Parameters: [newParameter(13)] })).toEqual([10, 11, 13]);
  });
});
