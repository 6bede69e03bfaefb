// The rules a bulk update, an import and an export must pass before the client hands them to the
// helper (spec §5, §8): path and file name formats, delimiters, mappings, the chosen search, the
// basic mode's values, the import mapping's system and required fields. Pure functions that return
// the translation keys of every broken rule, so the modals list them all at once.
import { FieldCheckCode } from '@gs/contract/fieldChecks';
import { ArchiveFlags, FieldProp, FieldType, SYSTEM_FIELD_PROPS, hasFlag } from '@gs/contract/flags';
import {
  BULK_CSV_PATH_PATTERN,
  BULK_FOLDER_PATTERN,
  BulkErrorKey,
  type BulkUpdateType,
  type FieldMapping,
  type ReplaceInfo,
} from '@gs/contract/helperBulk';
import type { FieldSpec } from '../../lib/fieldSpec';
import { checkFieldValue, type ValueCheck } from '../../lib/fieldValidation';

export type { BulkUpdateType } from '@gs/contract/helperBulk';

/** Basic: `simple` (every document of the search) or `documentSelectUpdate` (the checked ones);
 * advanced: `csvupdate` (rows name archive and DocID) or `csvsearchupdate` (rows run a search). */
export const isBasicType = (t: BulkUpdateType): boolean => t === 'simple' || t === 'documentSelectUpdate';

/** CSV column (0-based; -1 none) feeding a field: `FieldID` -1 DocID, 0 archive ID (spec §3). */
export type ColumnMapping = ReplaceInfo;
/** One row of the import mapping table (spec §3 FieldMapping); RowID -1 when no column is chosen. */
export type FieldMappingRow = FieldMapping;

export interface CsvSettings {
  csvPath: string;
  errorPath: string;
  fieldDelimiter: string;
  stringDelimiter: string;
}

export interface AdvancedForm extends CsvSettings {
  type: 'csvupdate' | 'csvsearchupdate';
  /** data columns: CSV column to field */
  mapping: ColumnMapping[];
  /** csvsearchupdate: the search run per row, and its prompt columns (FieldID = prompt id) */
  searchId: number | null;
  searchPromptCount: number;
  searchMapping: ColumnMapping[];
}

export interface BasicValue {
  field: FieldSpec;
  value: string;
}

export interface BasicForm {
  type: 'simple' | 'documentSelectUpdate';
  searchId: number | null;
  values: BasicValue[];
  /** documentSelectUpdate: how many documents are checked */
  checkedCount: number;
}

/** A CSV or error log path: an optional drive letter, then backslash-separated segments of
 * letters, digits and `_ - . space { } &` (spec §5; the helper's own pattern). */
export const isValidCsvPath = (path: string): boolean => {
  const p = path.trim();
  if (!BULK_CSV_PATH_PATTERN.test(p)) return false;
  // a segment of spaces only names nothing
  return !p
    .replace(/^(?:[A-Za-z]:)?\\?/, '')
    .split('\\')
    .some((s) => s.trim() === '');
};

/** A folder like a drive or UNC path, none of / : * ? " < > | past the drive colon; the helper
 * reads one without a drive as a folder of its exports, and an empty one as the exports folder. */
export const isValidFolderPath = (path: string): boolean =>
  path.trim() === '' || BULK_FOLDER_PATTERN.test(path.trim());

/** A file name: none of \ / : * ? " < > |; brace tokens like `{Invoice Number}` are allowed. */
export const isValidFileName = (name: string): boolean => name.trim() !== '' && !/[\\/:*?"<>|]/.test(name);

/** The brace tokens of a file name (`{DocID}_{Vendor}` → ['DocID', 'Vendor']). */
export const fileNameTokens = (name: string): string[] =>
  [...name.matchAll(/\{([^{}]+)\}/g)].map((m) => (m[1] ?? '').trim());

/** Broken delimiter rules: both present, single characters, and different. */
export function delimiterErrors(fieldDelimiter: string, stringDelimiter: string): string[] {
  if (fieldDelimiter === '' || stringDelimiter === '') return [BulkErrorKey.DelimiterRequired];
  if (fieldDelimiter.length > 1 || stringDelimiter.length > 1) return ['bulk.errors.delimiterLength'];
  if (fieldDelimiter === stringDelimiter) return [BulkErrorKey.DelimitersMatch];
  return [];
}

function csvErrors(form: CsvSettings): string[] {
  const errors: string[] = [];
  if (!isValidCsvPath(form.csvPath)) errors.push(BulkErrorKey.InvalidCsvPath);
  errors.push(...delimiterErrors(form.fieldDelimiter, form.stringDelimiter));
  if (!isValidCsvPath(form.errorPath)) errors.push(BulkErrorKey.InvalidErrorPath);
  return errors;
}

const mapped = (mapping: readonly ColumnMapping[], fieldId: number): boolean =>
  mapping.some((m) => m.FieldID === fieldId && m.ColumnID >= 0);

/** Every broken rule of an advanced (CSV) bulk update. */
export function advancedErrors(form: AdvancedForm): string[] {
  const errors = csvErrors(form);
  const data = form.mapping.filter((m) => m.ColumnID >= 0);
  if (form.type === 'csvupdate') {
    if (!mapped(data, 0) || !mapped(data, -1)) errors.push(BulkErrorKey.IdsRequired);
    if (!data.some((m) => m.FieldID > 0)) errors.push(BulkErrorKey.MappingRequired);
    return errors;
  }
  if (form.searchId === null) errors.push(BulkErrorKey.DirectSearchRequired);
  else if (form.searchPromptCount > 0 && !form.searchMapping.some((m) => m.ColumnID >= 0))
    errors.push(BulkErrorKey.SearchMappingRequired);
  if (!data.some((m) => m.FieldID > 0)) errors.push(BulkErrorKey.MappingRequired);
  return errors;
}

/** The failed check of one basic value, or null when it may be sent (an empty value is not sent). */
export function basicValueError(v: BasicValue, locale: string): ValueCheck | null {
  if (v.value.trim() === '') return null;
  const check = checkFieldValue({ ...v.field, prop: v.field.prop & ~FieldProp.Required }, v.value, {
    locale,
  });
  return check.code === FieldCheckCode.Valid ? null : check;
}

/** Every broken rule of a basic bulk update: a search, at least one value, all values valid. */
export function basicErrors(form: BasicForm, locale: string): string[] {
  const errors: string[] = [];
  if (form.searchId === null) errors.push(BulkErrorKey.SearchRequired);
  if (form.type === 'documentSelectUpdate' && form.checkedCount === 0)
    errors.push(BulkErrorKey.NoDocumentsSelected);
  const filled = form.values.filter((v) => v.value.trim() !== '');
  if (filled.length === 0) errors.push(BulkErrorKey.ValuesRequired);
  else if (filled.some((v) => basicValueError(v, locale) !== null)) errors.push(BulkErrorKey.InvalidValue);
  return errors;
}

/** Bulk update refuses archives under revision control (spec §8 ERROR_UPDATE_REVISION_ARCHIVE). */
export const revisionArchiveError = (dbProperties: number): string | null =>
  hasFlag(dbProperties, ArchiveFlags.RevisionControl) ? BulkErrorKey.RevisionArchive : null;

/** Fields a person may set in bulk: no system field unless OverwriteSystem, no table fields. */
export const isBulkEditable = (f: FieldSpec, overwriteSystem: boolean): boolean =>
  (overwriteSystem || (f.prop & SYSTEM_FIELD_PROPS) === 0) && !hasFlag(f.prop, FieldProp.TableField);

// ---- import ----

/** Import mapping rows are disabled for system fields (Prop 4, 8, 16, 256, 1024, 2048, 4096,
 * 8192) unless OverwriteSystem is ticked. */
export const isImportFieldDisabled = (f: FieldSpec, overwriteSystem: boolean): boolean =>
  !overwriteSystem && (f.prop & SYSTEM_FIELD_PROPS) !== 0;

export interface ImportForm extends CsvSettings {
  /** the CSV column holding each document's file (path or name inside the zip); -1 none */
  fileColumn: number;
  mapping: FieldMappingRow[];
  overwriteSystem: boolean;
  /** the first data row, to check types before sending */
  firstRow: string[];
}

/** A value of the first row that cannot be the mapped field's type (-1, -2) is a mismatch. */
function typeMismatch(field: FieldSpec, value: string | undefined): boolean {
  if (!value?.trim() || field.type === FieldType.Character) return false;
  const check = checkFieldValue(field, value, { locale: 'en-US' });
  return check.code === FieldCheckCode.InvalidNumber || check.code === FieldCheckCode.InvalidDate;
}

/** Every broken rule of an import. */
export function importErrors(form: ImportForm, fields: readonly FieldSpec[]): string[] {
  const errors = csvErrors(form);
  if (form.fileColumn < 0) errors.push(BulkErrorKey.FilePathRequired);
  const byId = new Map(fields.map((f) => [f.id, f]));
  const used = form.mapping
    .filter((m) => m.Checked && m.RowID >= 0)
    .flatMap((m) => {
      const field = byId.get(m.FieldID);
      return field ? [{ field, column: m.RowID }] : [];
    });
  if (used.some((u) => isImportFieldDisabled(u.field, form.overwriteSystem)))
    errors.push(BulkErrorKey.SystemField);
  const missing = fields.filter(
    (f) =>
      hasFlag(f.prop, FieldProp.Required) &&
      (f.prop & SYSTEM_FIELD_PROPS) === 0 &&
      !used.some((u) => u.field.id === f.id),
  );
  if (missing.length) errors.push(BulkErrorKey.ImportMissingFields);
  if (used.some((u) => typeMismatch(u.field, form.firstRow[u.column])))
    errors.push(BulkErrorKey.ImportDatatypeMismatch);
  return errors;
}

// ---- export ----

export interface ExportSettingsForm {
  FilePath: string;
  Filename: string;
  fieldNames: readonly string[];
}

/** Tokens the export file name may use beside field names (the helper's list). */
export const FILENAME_BUILTIN_TOKENS = ['DocID', 'ArchiveID', 'ArchiveName', 'Date'] as const;

export function exportSettingsErrors(form: ExportSettingsForm): string[] {
  const errors: string[] = [];
  if (!isValidFolderPath(form.FilePath)) errors.push(BulkErrorKey.InvalidFolder);
  if (!isValidFileName(form.Filename)) errors.push(BulkErrorKey.InvalidFilename);
  else {
    const known = new Set([...FILENAME_BUILTIN_TOKENS, ...form.fieldNames].map((n) => n.toLowerCase()));
    if (fileNameTokens(form.Filename).some((tok) => !known.has(tok.toLowerCase())))
      errors.push('bulk.errors.fileNameToken');
  }
  return errors;
}

/** Why the documents cannot be exported now (spec §8), from the search result's status. */
export function exportBlocker(status: {
  count: number;
  pdfPending: boolean;
  inWorkflow: boolean;
}): string | null {
  if (status.count === 0) return BulkErrorKey.ExportNoResults;
  if (status.pdfPending && status.inWorkflow) return BulkErrorKey.ExportPdfWorkflowPending;
  if (status.pdfPending) return BulkErrorKey.ExportPdfPending;
  if (status.inWorkflow) return BulkErrorKey.ExportInWorkflow;
  return null;
}
