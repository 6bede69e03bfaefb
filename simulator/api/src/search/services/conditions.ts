// Search prompts plus entered criteria -> typed conditions (wire §4 operators per field type).
// Static prompts (`{value}`) always apply, as do "is empty" and "is not empty"; other prompts
// apply when the criteria carry a value for them.
import { FieldProp, FieldType, Operator, type FieldTypeCode, type OperatorCode } from '@gs/contract/flags';
import type { SearchPrompt } from '@gs/contract/searches';
import type { Condition, FieldRef, Predicate } from '../repos/docQueryModel';
import { type DomainError, invalid as invalidInput } from '../../domain/errors';
import { nextDay, numberText, parseDateValue, parseDecimalValue, parseIntegerValue } from './values';

const STATIC = /^\{(.*)\}$/s;

export const searchError = (message: string): DomainError => invalidInput(message);

export const fieldRef = (id: number, type: number, prop: number): FieldRef => ({
  id,
  type: type as FieldTypeCode,
  multi: (prop & FieldProp.MultiValue) !== 0,
});

/** `*` is the user's wildcard; %, _ and \ are literal. */
export const likePattern = (value: string): string =>
  value.replace(/[\\%_]/g, (c) => `\\${c}`).replace(/\*/g, '%');

interface Entry {
  label: string;
  field: FieldRef;
  operator: OperatorCode;
}

const invalid = (e: Entry, value: string, what: string): DomainError =>
  searchError(`The value '${value}' of search prompt '${e.label}' is not a valid ${what}.`);

function characterPredicate(e: Entry, values: string[]): Predicate {
  const [value = ''] = values;
  const wild = value.includes('*');
  if (values.length > 1) {
    if (e.operator !== Operator.Equals || values.some((v) => v.includes('*')))
      throw searchError(`Search prompt '${e.label}' takes one value.`);
    return { op: 'in', values };
  }
  switch (e.operator) {
    case Operator.Equals:
      return wild ? { op: 'like', pattern: likePattern(value) } : { op: 'eq', value };
    case Operator.NotEqual:
      return wild ? { op: 'notLike', pattern: likePattern(value) } : { op: 'ne', value };
    case Operator.GreaterOrEqual:
      return { op: 'ge', value };
    case Operator.LessOrEqual:
      return { op: 'le', value };
    default:
      return { op: 'like', pattern: `%${likePattern(value)}%` };
  }
}

function numberPredicate(e: Entry, value: string): Predicate {
  const integer = e.field.type === FieldType.Integer;
  const parse = (v: string) => (integer ? parseIntegerValue(v) : parseDecimalValue(v));
  const kind = integer ? 'whole number' : 'number';
  if (e.operator === Operator.Contains || value.includes('*')) {
    const text = numberText(value);
    if (text === undefined) throw invalid(e, value, kind);
    if (e.operator === Operator.Contains) return { op: 'like', pattern: `%${likePattern(text)}%` };
    if (e.operator === Operator.Equals) return { op: 'like', pattern: likePattern(text) };
    if (e.operator === Operator.NotEqual) return { op: 'notLike', pattern: likePattern(text) };
    throw invalid(e, value, kind);
  }
  const n = parse(value);
  if (n === undefined) throw invalid(e, value, kind);
  const op =
    e.operator === Operator.GreaterOrEqual ? 'ge' : e.operator === Operator.LessOrEqual ? 'le' : undefined;
  return op ? { op, value: n } : { op: e.operator === Operator.NotEqual ? 'ne' : 'eq', value: n };
}

function datePredicate(e: Entry, value: string, now: number): Predicate {
  const day = parseDateValue(value, now);
  if (day === undefined) throw invalid(e, value, 'date');
  switch (e.operator) {
    case Operator.GreaterOrEqual:
      return { op: 'ge', value: day };
    case Operator.LessOrEqual:
      return { op: 'lt', value: nextDay(day) };
    case Operator.NotEqual:
      return { op: 'notBetween', from: day, to: nextDay(day) };
    default:
      // equals, and contains on a date, mean that day
      return { op: 'between', from: day, to: nextDay(day) };
  }
}

function predicate(e: Entry, values: string[], now: number): Predicate {
  if (e.operator === Operator.IsEmpty) return { op: 'empty' };
  if (e.operator === Operator.IsNotEmpty) return { op: 'notEmpty' };
  if (e.field.type === FieldType.Character) return characterPredicate(e, values);
  const [value = ''] = values;
  if (values.length > 1) throw searchError(`Search prompt '${e.label}' takes one value.`);
  return e.field.type === FieldType.Date ? datePredicate(e, value, now) : numberPredicate(e, value);
}

/** One condition for a field and an operator (view tabs use it too). */
export function conditionFor(
  label: string,
  field: FieldRef,
  operator: OperatorCode,
  values: string[],
  now: number,
): Condition {
  return { field, pred: predicate({ label, field, operator }, values, now) };
}

export interface PromptConditions {
  conditions: Condition[];
  /** criteria keys that named no prompt of the search */
  unknownKeys: string[];
}

/** Conditions of the search's prompts; `criteria` maps prompt ids (as strings) to values. */
export function promptConditions(
  prompts: SearchPrompt[],
  criteria: Map<string, string[]>,
  now: number,
): PromptConditions {
  const conditions: Condition[] = [];
  const used = new Set<string>();
  for (const p of prompts) {
    const key = String(p.ID);
    used.add(key);
    const fixed = STATIC.exec(p.VAL.trim());
    const values = fixed ? [fixed[1] ?? ''].filter((v) => v.trim() !== '') : criteria.get(key);
    const always = p.Operator === Operator.IsEmpty || p.Operator === Operator.IsNotEmpty;
    if (!always && (!values || values.length === 0)) continue;
    const field = fieldRef(p.FID, p.FieldType, p.Prop);
    conditions.push(conditionFor(p.Prompt || p.Name, field, p.Operator, values ?? [], now));
  }
  return { conditions, unknownKeys: [...criteria.keys()].filter((k) => !used.has(k)) };
}
