// The check of one field value, shared by every write path (POST indexes, FieldData, /save and
// later bulk update): per type, length, RegEx, required, drop-down and dynamic lists, multi-value
// item by item, and no writes by a person to system or table fields. Codes as spec §5.
import { FieldCheckCode, type FieldCheckCodeValue } from '@gs/contract/fieldChecks';
import { FieldProp, FieldType, SYSTEM_FIELD_PROPS, hasFlag } from '@gs/contract/flags';
import type { StoredValue } from '../repos/documentFieldsRepo';
import type { FieldRule } from '../repos/fieldRulesRepo';
import { ListQueryError } from '../../lists/repos/sqlListQuery';
import { storedFieldRegex } from './fieldRegex';
import { parseDate, parseDecimal, parseInteger } from './fieldValues';

/** One field value as a client sends it (`{ID, VAL, MVAL}` in any casing). */
export interface FieldInput {
  id: number;
  val: string;
  mval: string[];
}

export interface CheckContext {
  /** the items a list field (Prop 64 or 128) offers now, its parents' values considered */
  offeredItems(rule: FieldRule): string[];
  /** a bulk path that may set system fields (import's OverwriteSystem); never a person's edit */
  overwriteSystem?: boolean;
}

export type FieldWrite = { multi: false; value: StoredValue } | { multi: true; values: string[] };

export type FieldCheck =
  | { valid: true; id: number; rule: FieldRule; write: FieldWrite }
  | { valid: false; id: number; rule: FieldRule | undefined; code: FieldCheckCodeValue; message: string };

type ValueCheck =
  { ok: true; value: StoredValue } | { ok: false; code: FieldCheckCodeValue; message: string };

const fail = (code: FieldCheckCodeValue, message: string): ValueCheck => ({ ok: false, code, message });

/** A value of a field whose [SQL] list could not be read: the query's failure, not "not an item". */
export const listUnreadable = (text: string, field: string, why: string): string =>
  `'${text}' could not be checked against the list of '${field}': ${why}`;

function typed(rule: FieldRule, text: string): ValueCheck {
  switch (rule.type) {
    case FieldType.Integer: {
      const n = parseInteger(text);
      return n === undefined
        ? fail(FieldCheckCode.InvalidNumber, `'${text}' is not a valid integer.`)
        : { ok: true, value: n };
    }
    case FieldType.Decimal: {
      const n = parseDecimal(text);
      return n === undefined
        ? fail(FieldCheckCode.InvalidNumber, `'${text}' is not a valid decimal.`)
        : { ok: true, value: n };
    }
    case FieldType.Date: {
      const d = parseDate(text);
      return d === undefined
        ? fail(FieldCheckCode.InvalidDate, `'${text}' is not a valid date.`)
        : { ok: true, value: d };
    }
    default:
      return characterValue(rule, text);
  }
}

function characterValue(rule: FieldRule, text: string): ValueCheck {
  if (rule.size > 0 && text.length > rule.size)
    return fail(
      FieldCheckCode.LengthOverflow,
      `The value is longer than the ${rule.size} characters of '${rule.name}'.`,
    );
  const re = storedFieldRegex(rule.regex);
  if (re && !re.test(text))
    return fail(
      FieldCheckCode.Custom,
      rule.regexMessage || `'${text}' does not match the format of '${rule.name}'.`,
    );
  return { ok: true, value: text };
}

const isListField = (rule: FieldRule): boolean =>
  hasFlag(rule.prop, FieldProp.DropdownList) || hasFlag(rule.prop, FieldProp.DynamicList);

/** A list's items by their trimmed lower-case spelling (first wins), kept while the list is. */
const listIndexes = new WeakMap<readonly string[], Map<string, string>>();
function listIndex(items: readonly string[]): Map<string, string> {
  let index = listIndexes.get(items);
  if (!index) {
    index = new Map();
    for (const i of items) {
      const key = i.trim().toLowerCase();
      if (!index.has(key)) index.set(key, i);
    }
    listIndexes.set(items, index);
  }
  return index;
}

/** One non-empty value: its type, then the list; a list item is stored in the list's spelling. */
function checkValue(rule: FieldRule, text: string, ctx: CheckContext): ValueCheck {
  const result = typed(rule, text);
  if (!result.ok || !isListField(rule)) return result;
  let offered: string[];
  try {
    offered = ctx.offeredItems(rule);
  } catch (error) {
    // a [SQL] list whose query failed (logged where it was read): the value is refused with why
    if (!(error instanceof ListQueryError)) throw error;
    return fail(FieldCheckCode.Custom, listUnreadable(text, rule.name, error.message));
  }
  const item = listIndex(offered).get(text.trim().toLowerCase());
  if (item === undefined)
    return fail(FieldCheckCode.Custom, `'${text}' is not an item of the list of '${rule.name}'.`);
  return rule.type === FieldType.Character ? { ok: true, value: item } : result;
}

/** Why a person may not write this field, if they may not. */
function refusal(rule: FieldRule, ctx: CheckContext): string | undefined {
  if (ctx.overwriteSystem) return undefined;
  if (hasFlag(rule.prop, FieldProp.TableField))
    return `'${rule.name}' is a table field and cannot be changed here.`;
  if ((rule.prop & SYSTEM_FIELD_PROPS) !== 0)
    return `'${rule.name}' is a system field and cannot be changed.`;
  return undefined;
}

const isBlank = (s: string): boolean => s.trim() === '';

/** The values a multi-value field receives: MVAL, or VAL alone when MVAL is empty. */
const multiValues = (input: FieldInput): string[] => {
  const items = input.mval.filter((v) => !isBlank(v));
  return items.length || isBlank(input.val) ? items : [input.val];
};

/** Check one field value of an archive; `rule` is undefined when the field is not in the archive. */
const invalid = (
  input: FieldInput,
  rule: FieldRule | undefined,
  code: FieldCheckCodeValue,
  message: string,
): FieldCheck => ({ valid: false, id: input.id, rule, code, message });

const requiredMessage = (rule: FieldRule): string => `'${rule.name}' is required.`;

export function checkField(rule: FieldRule | undefined, input: FieldInput, ctx: CheckContext): FieldCheck {
  if (!rule)
    return invalid(input, rule, FieldCheckCode.NotFound, `Field ${input.id} is not a field of this archive.`);
  const refused = refusal(rule, ctx);
  if (refused) return invalid(input, rule, FieldCheckCode.Custom, refused);
  const required = hasFlag(rule.prop, FieldProp.Required);
  if (hasFlag(rule.prop, FieldProp.MultiValue)) {
    const texts = multiValues(input);
    if (required && texts.length === 0)
      return invalid(input, rule, FieldCheckCode.Required, requiredMessage(rule));
    const values: string[] = [];
    for (const text of texts) {
      const r = checkValue(rule, text, ctx);
      if (!r.ok) return invalid(input, rule, r.code, r.message);
      values.push(String(r.value));
    }
    return { valid: true, id: input.id, rule, write: { multi: true, values } };
  }
  if (isBlank(input.val)) {
    if (required) return invalid(input, rule, FieldCheckCode.Required, requiredMessage(rule));
    return { valid: true, id: input.id, rule, write: { multi: false, value: null } };
  }
  const r = checkValue(rule, input.val, ctx);
  return r.ok
    ? { valid: true, id: input.id, rule, write: { multi: false, value: r.value } }
    : invalid(input, rule, r.code, r.message);
}
