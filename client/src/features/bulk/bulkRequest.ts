// Turns the bulk update modal's state into the helper's BulkUpdateRequest (contract helperBulk.ts)
// and lists what is wrong with it first (bulkValidation). Basic values go in the wire form the
// server reads (decimals with '.', dates MM/DD/YYYY).
import type { BulkUpdateRequest, FieldMapping } from '@gs/contract/helperBulk';
import type { Search, SearchCriteria } from '@gs/contract/searches';
import { criteriaParam, type CriteriaValues } from '../../api/searches';
import type { FieldSpec } from '../../lib/fieldSpec';
import { toWireValue } from '../../lib/fieldValidation';
import type { CheckedDocument } from '../results/selection';
import type { AdvancedState } from './AdvancedUpdateForm';
import type { BasicState } from './BasicUpdateForm';
import { advancedErrors, basicErrors } from './bulkValidation';

export interface BulkContext {
  db: number;
  archive: number;
  searchId: number;
  criteria: CriteriaValues;
  fields: FieldSpec[];
  checked: readonly CheckedDocument[];
  locale: string;
}

export interface BulkOptions {
  overwriteSystem: boolean;
  useString: boolean;
}

export type BulkForm = { mode: 'basic'; basic: BasicState } | { mode: 'advanced'; advanced: AdvancedState };

const entries = (record: Record<number, number>) =>
  Object.entries(record)
    .map(([id, column]) => ({ id: Number(id), column }))
    .filter((e) => e.column >= 0);

export function bulkFormErrors(form: BulkForm, ctx: BulkContext, searches: Search[]): string[] {
  if (form.mode === 'basic') {
    const b = form.basic;
    return basicErrors(
      {
        type: b.type,
        searchId: ctx.searchId,
        checkedCount: ctx.checked.length,
        values: ctx.fields.map((field) => ({ field, value: b.values[field.id] ?? '' })),
      },
      ctx.locale,
    );
  }
  const a = form.advanced;
  const search = searches.find((s) => s.Id === a.searchId);
  const errors = advancedErrors({
    ...a.csv,
    type: a.type,
    mapping: entries(a.mapping).map((e) => ({ FieldID: e.id, ColumnID: e.column })),
    searchId: a.searchId,
    searchPromptCount: (search?.Detail ?? []).filter((p) => !/^\{.*\}$/.test(p.VAL)).length,
    searchMapping: entries(a.searchMapping).map((e) => ({ FieldID: e.id, ColumnID: e.column })),
  });
  if (!a.preview && !errors.length) errors.push('bulk.mapping.loadFirst');
  return errors;
}

export function buildBulkRequest(form: BulkForm, ctx: BulkContext, options: BulkOptions): BulkUpdateRequest {
  const common = { Database: ctx.db, OverwriteSystem: options.overwriteSystem, UseString: options.useString };
  if (form.mode === 'basic') {
    const b = form.basic;
    const Values = ctx.fields
      .filter((f) => (b.values[f.id] ?? '').trim() !== '')
      .map((f) => ({ FieldID: f.id, Value: toWireValue(f, b.values[f.id] ?? '', ctx.locale) }));
    if (b.type === 'documentSelectUpdate')
      return {
        ...common,
        Type: 'documentSelectUpdate',
        Values,
        Docs: ctx.checked.map((c) => ({ ArchiveID: c.archive, DocID: c.doc.Id })),
      };
    return {
      ...common,
      Type: 'simple',
      SearchID: ctx.searchId,
      SearchCriteria: JSON.parse(criteriaParam(ctx.criteria) ?? '{}') as SearchCriteria,
      Values,
    };
  }
  const a = form.advanced;
  const csv = {
    csvPath: a.csv.csvPath.trim(),
    errorPath: a.csv.errorPath.trim(),
    fieldDelimiter: a.csv.fieldDelimiter,
    stringDelimiter: a.csv.stringDelimiter,
    HeadersIncluded: a.csv.headersIncluded,
  };
  const data = entries(a.mapping);
  if (a.type === 'csvupdate')
    return {
      ...common,
      ...csv,
      Type: 'csvupdate',
      FieldMapping: data.map((e): FieldMapping => ({ FieldID: e.id, RowID: e.column, Checked: true })),
    };
  return {
    ...common,
    ...csv,
    Type: 'csvsearchupdate',
    SearchInfo: {
      SearchID: a.searchId ?? 0,
      Prompts: entries(a.searchMapping).map((e) => ({ PromptID: e.id, ColumnID: e.column })),
    },
    ReplaceInfo: data.filter((e) => e.id > 0).map((e) => ({ FieldID: e.id, ColumnID: e.column })),
  };
}
