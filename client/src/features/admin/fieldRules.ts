// Field, table-field and list rules (admin-spec §3-5): new-field defaults, system fields, what
// asks for confirmation, table-field columns and rows, dynamic-list dependencies, list bindings.
import {
  LIST_BINDING_PREFIX,
  type AdminField,
  type AdminFieldType,
  type AdminList,
  type AdminTableField,
} from '@gs/contract/admin/catalog';

export const DEFAULT_FIELD_LENGTH = 50;

export const newField = (): AdminField => ({
  Id: 0,
  Name: '',
  Type: 'character',
  Format: '',
  Regex: '',
  RegexMessage: '',
  RegSample: { Name: '', Value: '' },
  Length: DEFAULT_FIELD_LENGTH,
  Required: false,
  MultiValue: false,
  SystemField: '',
  List: { Type: '', ListId: 0, Primary: 0, Secondary: 0, Mapping: [] },
  ExtendedConfig: '',
});

/** A system field toggles between readOnly and an ordinary field; a system field is never required. */
export function toggleSystemField(field: AdminField): AdminField {
  if (field.SystemField) return { ...field, SystemField: '' };
  return { ...field, SystemField: 'readOnly', Required: false };
}

/** Changing the type of a system field resets it to readOnly. */
export function changeFieldType(field: AdminField, type: AdminFieldType): AdminField {
  return { ...field, Type: type, SystemField: field.SystemField ? 'readOnly' : '' };
}

/** A system field cannot be multi-value (unless readOnly) nor required. */
export function systemFieldError(field: AdminField): 'systemMultiValue' | 'systemRequired' | null {
  if (!field.SystemField) return null;
  if (field.Required) return 'systemRequired';
  if (field.MultiValue && field.SystemField !== 'readOnly') return 'systemMultiValue';
  return null;
}

/** Changing a saved field's type or multi-value asks for confirmation. */
export const needsTypeConfirm = (saved: AdminField | undefined, edited: AdminField): boolean =>
  !!saved && saved.Id !== 0 && (saved.Type !== edited.Type || saved.MultiValue !== edited.MultiValue);

export type FieldError =
  'nameRequired' | 'lengthInvalid' | 'mappingRequired' | 'systemMultiValue' | 'systemRequired';

export function fieldError(field: AdminField): FieldError | null {
  if (!field.Name.trim()) return 'nameRequired';
  if (field.Type === 'character' && !(Number.isInteger(field.Length) && field.Length > 0))
    return 'lengthInvalid';
  if (field.List.Type === 'dynamic' && (!field.List.Primary || field.List.Mapping.length === 0))
    return 'mappingRequired';
  return systemFieldError(field);
}

/** Fields a table field may hold: not system, not multi-value, not required. */
export const tableFieldEligible = (field: AdminField): boolean =>
  !field.SystemField && !field.MultiValue && !field.Required;

export const TABLE_FIELD_MIN_ROWS = 'Can not have less than 1 Row.';

/** Removing a column of a table field: refused with the server's words when it is the last. */
export function removeTableFieldColumn(
  table: AdminTableField,
  fieldId: number,
): { table: AdminTableField; error: typeof TABLE_FIELD_MIN_ROWS | null } {
  if (table.Fields.length <= 1) return { table, error: TABLE_FIELD_MIN_ROWS };
  return { table: { ...table, Fields: table.Fields.filter((id) => id !== fieldId) }, error: null };
}

export function tableFieldError(
  table: AdminTableField,
  fields: readonly AdminField[],
): 'nameRequired' | typeof TABLE_FIELD_MIN_ROWS | 'ineligible' | null {
  if (!table.Name.trim()) return 'nameRequired';
  if (table.Fields.length < 1) return TABLE_FIELD_MIN_ROWS;
  const byId = new Map(fields.map((f) => [f.Id, f]));
  return table.Fields.every((id) => {
    const f = byId.get(id);
    return f !== undefined && tableFieldEligible(f);
  })
    ? null
    : 'ineligible';
}

/**
 * The dynamic-list dependencies an archive's field set breaks: for each dynamic field in
 * `fieldIds`, the primary or secondary field it depends on that is missing (the dependency alert).
 */
export function missingListDependencies(
  fieldIds: readonly number[],
  fields: readonly AdminField[],
): { field: AdminField; missing: AdminField[] }[] {
  const byId = new Map(fields.map((f) => [f.Id, f]));
  const present = new Set(fieldIds);
  const out: { field: AdminField; missing: AdminField[] }[] = [];
  for (const id of fieldIds) {
    const field = byId.get(id);
    if (field?.List.Type !== 'dynamic') continue;
    const missing = [field.List.Primary, field.List.Secondary]
      .filter((dep) => dep !== 0 && !present.has(dep))
      .map((dep) => byId.get(dep))
      .filter((f): f is AdminField => f !== undefined);
    if (missing.length) out.push({ field, missing });
  }
  return out;
}

export type ListBinding = 'values' | 'assembly' | 'sql' | 'mongodb';

export function listBinding(list: Pick<AdminList, 'AssemblyPath'>): ListBinding {
  const path = list.AssemblyPath.trim();
  if (!path) return 'values';
  if (path.toUpperCase().startsWith(LIST_BINDING_PREFIX.Sql)) return 'sql';
  if (path.toUpperCase().startsWith(LIST_BINDING_PREFIX.MongoDb)) return 'mongodb';
  return 'assembly';
}

/** The list as saved: empty values dropped. */
export const cleanList = (list: AdminList): AdminList => ({
  ...list,
  Values: list.Values.map((v) => v.trim()).filter((v) => v !== ''),
});

/** An assembly-bound list needs both the path and its parameters. */
export function listError(list: AdminList): 'nameRequired' | 'assemblyIncomplete' | null {
  if (!list.Name.trim()) return 'nameRequired';
  if (listBinding(list) === 'assembly' && !list.AssemblyParameters.trim()) return 'assemblyIncomplete';
  return null;
}

export const newList = (): AdminList => ({
  Id: 0,
  Name: '',
  AssemblyPath: '',
  AssemblyParameters: '',
  Values: [],
});
export const newTableField = (): AdminTableField => ({ Id: 0, Name: '', Fields: [] });
