// The search prompt's rules (spec §2 search modal, §5): which prompts are asked (static `{value}`
// conditions and is-empty/is-not-empty never are), what each entry must look like, and the
// SearchCriteria the entries make (empty ones omitted, dates MM/DD/YYYY, currencies stripped).
import { FieldCheckCode } from '@gs/contract/fieldChecks';
import { FieldType, Operator } from '@gs/contract/flags';
import type { Search, SearchPrompt } from '@gs/contract/searches';
import type { CriteriaValues } from '../../api/searches';
import { matchesRegex } from '../../lib/characterMask';
import { parseCurrencyMask } from '../../lib/currency';
import { dateMaskOf, displayWireDate, isTodayExpression, parseMaskedDate, toWireDate } from '../../lib/dates';
import { isMultiValue, type FieldSpec } from '../../lib/fieldSpec';
import { VALID, type ValueCheck } from '../../lib/fieldValidation';
import { readNumberEntry } from '../../lib/numberInput';
import { toLocaleDecimalText } from '../../lib/numbers';

/** Prompt id -> the values typed (one item unless the field is multi-value). */
export type PromptEntries = Record<string, string[]>;

export const isStaticPrompt = (p: SearchPrompt): boolean => /^\{.*\}$/s.test((p.VAL ?? '').trim());
const needsNoValue = (p: SearchPrompt): boolean =>
  p.Operator === Operator.IsEmpty || p.Operator === Operator.IsNotEmpty;

/** The prompts a person fills in. */
export const visiblePrompts = (search: Search): SearchPrompt[] =>
  (search.Detail ?? []).filter((p) => !isStaticPrompt(p) && !needsNoValue(p));

const hasWildcard = (text: string): boolean => text.includes('*');

function wireToEntry(spec: FieldSpec, wire: string, locale: string): string {
  if (isTodayExpression(wire)) return wire;
  if (spec.type === FieldType.Date) return displayWireDate(wire, dateMaskOf(spec.mask, locale));
  if (spec.type === FieldType.Decimal) return toLocaleDecimalText(wire, locale);
  return wire;
}

/** Starting entries: the criteria of the address (re-running a search), else the prompts' defaults. */
export function initialEntries(
  prompts: SearchPrompt[],
  specs: Map<number, FieldSpec>,
  criteria: CriteriaValues,
  locale: string,
): PromptEntries {
  const entries: PromptEntries = {};
  for (const p of prompts) {
    const spec = specs.get(p.ID);
    const given = criteria[String(p.ID)];
    const wire = given === undefined ? (p.MVAL?.length ? p.MVAL : [p.VAL ?? '']) : [given].flat();
    entries[String(p.ID)] = spec ? wire.map((w) => wireToEntry(spec, w, locale)) : wire;
  }
  return entries;
}

/** A number criterion as the wire reads it (a currency amount stripped to digits, spec §3); null if invalid. */
const numberCriterion = (spec: FieldSpec, text: string, locale: string): string | null =>
  readNumberEntry(text, {
    kind: spec.type === FieldType.Integer ? 'integer' : 'decimal',
    locale,
    currency: parseCurrencyMask(spec.mask),
  });

/** One typed value of a prompt; empty is always fine (it is left out). */
export function checkPromptValue(p: SearchPrompt, spec: FieldSpec, text: string, locale: string): ValueCheck {
  const v = text.trim();
  if (v === '') return VALID;
  switch (spec.type) {
    case FieldType.Integer:
      if (hasWildcard(v)) return /^-?[\d*]+$/.test(v) ? VALID : { code: FieldCheckCode.InvalidNumber };
      return numberCriterion(spec, v, locale) !== null ? VALID : { code: FieldCheckCode.InvalidNumber };
    case FieldType.Decimal:
      if (hasWildcard(v)) return /\d/.test(v) ? VALID : { code: FieldCheckCode.InvalidNumber };
      return numberCriterion(spec, v, locale) !== null ? VALID : { code: FieldCheckCode.InvalidNumber };
    case FieldType.Date:
      return isTodayExpression(v) || parseMaskedDate(v, dateMaskOf(spec.mask, locale))
        ? VALID
        : { code: FieldCheckCode.InvalidDate };
    default:
      if (p.Operator === Operator.Equals && !hasWildcard(v) && spec.regex && !matchesRegex(v, spec.regex))
        return { code: FieldCheckCode.Custom, reason: 'format' };
      return VALID;
  }
}

/** A valid entry as the server reads it. */
export function promptWireValue(spec: FieldSpec, text: string, locale: string): string {
  const v = text.trim();
  if (v === '' || hasWildcard(v) || isTodayExpression(v)) return v;
  if (spec.type === FieldType.Date) {
    const parts = parseMaskedDate(v, dateMaskOf(spec.mask, locale));
    return parts ? toWireDate(parts) : v;
  }
  if (spec.type === FieldType.Integer || spec.type === FieldType.Decimal)
    return numberCriterion(spec, v, locale) ?? v;
  return v;
}

/** The SearchCriteria of the entries: one value, or a list for a multi-value prompt; empties left out. */
export function buildCriteria(
  prompts: SearchPrompt[],
  specs: Map<number, FieldSpec>,
  entries: PromptEntries,
  locale: string,
): CriteriaValues {
  const criteria: CriteriaValues = {};
  for (const p of prompts) {
    const spec = specs.get(p.ID);
    if (!spec) continue;
    const values = (entries[String(p.ID)] ?? [])
      .map((text) => promptWireValue(spec, text, locale))
      .filter((v) => v !== '');
    if (values.length === 0) continue;
    criteria[String(p.ID)] = isMultiValue(spec) && values.length > 1 ? values : (values[0] ?? '');
  }
  return criteria;
}
