// The index values of an import (`{fields:[{name:<field id>, value}]}`), checked with the shared
// field validation. Required fields the body leaves out count as empty; values sent for system
// or table fields are ignored (the server fills the system ones). Any refusal becomes the
// import's error body with its server upload code (contract/upload.ts).
import { FieldCheckCode } from '@gs/contract/fieldChecks';
import { FieldProp, FieldType, SYSTEM_FIELD_PROPS, hasFlag } from '@gs/contract/flags';
import { ImportErrorCode, type ImportErrorBody, type ImportErrorCodeValue } from '@gs/contract/upload';
import type { StoredValue } from '../../fields/repos/documentFieldsRepo';
import type { FieldRule } from '../../fields/repos/fieldRulesRepo';
import { DomainError } from '../../domain/errors';
import type { FieldLists } from '../../lists/services/fieldLists';
import { checkField, type FieldInput, type FieldWrite } from '../../fields/services/fieldValidation';

export interface CheckedWrite {
  rule: FieldRule;
  write: FieldWrite;
}

export const importError = (
  kind: 'invalid' | 'forbidden',
  code: ImportErrorCodeValue,
  detail: string,
): DomainError => {
  const body: ImportErrorBody = { Message: `${code}: ${detail}`, Code: code };
  return new DomainError(kind, body.Message, { Code: body.Code });
};

const isSystem = (rule: FieldRule): boolean =>
  (rule.prop & (SYSTEM_FIELD_PROPS | FieldProp.TableField)) !== 0;

/** Every value checked; the writes, or the first refusal as a 400. */
export function checkImportValues(
  rules: FieldRule[],
  inputs: FieldInput[],
  lists: FieldLists,
): CheckedWrite[] {
  const byId = new Map(rules.map((r) => [r.id, r]));
  const sent = inputs.filter((i) => {
    const rule = byId.get(i.id);
    return !rule || !isSystem(rule);
  });
  const sentIds = new Set(sent.map((i) => i.id));
  const missing = rules
    .filter((r) => hasFlag(r.prop, FieldProp.Required) && !isSystem(r) && !sentIds.has(r.id))
    .map((r): FieldInput => ({ id: r.id, val: '', mval: [] }));
  const all = [...sent, ...missing];
  const values = new Map(all.map((i) => [i.id, i.val]));
  const ctx = { offeredItems: (rule: FieldRule) => lists.offered(rule, (id) => values.get(id) ?? '') };
  const writes: CheckedWrite[] = [];
  for (const input of all) {
    const c = checkField(byId.get(input.id), input, ctx);
    if (!c.valid) {
      const code =
        c.code === FieldCheckCode.Required ? ImportErrorCode.RequiredField : ImportErrorCode.DataTypeMismatch;
      const name = c.rule ? `'${c.rule.name}' (ID ${c.id})` : `${c.id}`;
      throw importError('invalid', code, `Field ${name}: ${c.message}`);
    }
    writes.push({ rule: c.rule, write: c.write });
  }
  return writes;
}

export interface SystemValues {
  userName: string;
  now: number;
  pageCount: number;
  /** extension with its dot */
  fileType: string;
}

/** The value a system field of a new document gets; undefined for fields it leaves alone. */
export function systemValue(rule: FieldRule, v: SystemValues): StoredValue | undefined {
  const typed = (n: number): StoredValue => (rule.type === FieldType.Character ? String(n) : n);
  if (hasFlag(rule.prop, FieldProp.DateEntered)) return new Date(v.now).toISOString().slice(0, 19);
  if (hasFlag(rule.prop, FieldProp.IndexedBy) || hasFlag(rule.prop, FieldProp.LastModifiedBy))
    return v.userName;
  if (hasFlag(rule.prop, FieldProp.PageCount)) return typed(v.pageCount);
  if (hasFlag(rule.prop, FieldProp.FileType)) return v.fileType.toLowerCase();
  return undefined;
}
