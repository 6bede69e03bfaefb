// The client-side check of one entered value (spec §5): required (Prop 2, or in an inbox), maximum
// length (Size), 64-bit integers, locale decimals and currencies (numberInput.ts), dates in the field's mask, the
// character Mask and RegEx, and list membership. Codes -1..-6 as the server's (contract fieldChecks);
// the wire conversion turns a valid entry into what the server reads.
import { FieldCheckCode, type FieldCheckCodeValue, type FieldCheckResult } from '@gs/contract/fieldChecks';
import { FieldType } from '@gs/contract/flags';
import { matchesCharacterMask, matchesRegex } from './characterMask';
import { parseCurrencyMask } from './currency';
import { dateMaskOf, displayWireDate, parseMaskedDate, toWireDate } from './dates';
import { fieldKind, isRequired, type FieldSpec } from './fieldSpec';
import { readNumberEntry } from './numberInput';
import { toLocaleDecimalText } from './numbers';

/** Why a value with the custom code (-6) is refused, when the client decided it. */
export type CustomReason = 'format' | 'mask' | 'notInList';

export interface ValueCheck {
  code: FieldCheckCodeValue;
  reason?: CustomReason;
  /** the server's own text for a -6 it decided (shown through lib/serverTexts: fieldCheckMessage) */
  text?: string;
}

/** The server's verdict on a field, its words carried as written. */
export const serverCheck = (r: FieldCheckResult): ValueCheck => ({
  code: r.Code,
  // eslint-disable-next-line no-restricted-syntax -- carried; fieldCheckMessage shows it through serverTexts
  text: r.Message || undefined,
});

export interface CheckOptions {
  locale: string;
  /** inbox entries are always required */
  inInbox?: boolean;
  /** items the field's list offers now; undefined when not loaded (no list check) */
  items?: readonly string[];
}

export const VALID: ValueCheck = { code: FieldCheckCode.Valid };
const invalid = (code: FieldCheckCodeValue, reason?: CustomReason): ValueCheck => ({ code, reason });

const inList = (items: readonly string[], text: string): boolean => {
  const wanted = text.trim().toLowerCase();
  return items.some((item) => item.trim().toLowerCase() === wanted);
};

function checkOne(field: FieldSpec, text: string, options: CheckOptions): ValueCheck {
  switch (field.type) {
    case FieldType.Integer:
    case FieldType.Decimal:
      return numberWire(field, text, options.locale) === null ? invalid(FieldCheckCode.InvalidNumber) : VALID;
    case FieldType.Date:
      return parseMaskedDate(text, dateMaskOf(field.mask, options.locale))
        ? VALID
        : invalid(FieldCheckCode.InvalidDate);
    default:
      if (field.size > 0 && text.length > field.size) return invalid(FieldCheckCode.LengthOverflow);
      if (field.regex && !matchesRegex(text, field.regex)) return invalid(FieldCheckCode.Custom, 'format');
      if (field.mask && !matchesCharacterMask(text, field.mask))
        return invalid(FieldCheckCode.Custom, 'mask');
  }
  const kind = fieldKind(field);
  if (options.items && kind !== 'text' && !inList(options.items, text))
    return invalid(FieldCheckCode.Custom, 'notInList');
  return VALID;
}

/** An integer or decimal entry as the server reads it; null when it is not one whole valid number. */
const numberWire = (field: FieldSpec, text: string, locale: string): string | null =>
  readNumberEntry(text, {
    kind: field.type === FieldType.Integer ? 'integer' : 'decimal',
    locale,
    currency: parseCurrencyMask(field.mask),
  });

/** Checks an entry; `values` holds every value of a multi-value field (one item otherwise). */
export function checkFieldValues(
  field: FieldSpec,
  values: readonly string[],
  options: CheckOptions,
): ValueCheck {
  const filled = values.filter((v) => v.trim() !== '');
  if (filled.length === 0)
    return isRequired(field) || options.inInbox ? invalid(FieldCheckCode.Required) : VALID;
  for (const value of filled) {
    const result = checkOne(field, value.trim(), options);
    if (result.code !== FieldCheckCode.Valid) return result;
  }
  return VALID;
}

export const checkFieldValue = (field: FieldSpec, text: string, options: CheckOptions): ValueCheck =>
  checkFieldValues(field, [text], options);

/** A valid entry as the server reads it: numbers with '.' and no grouping or symbol, dates MM/DD/YYYY. */
export function toWireValue(field: FieldSpec, text: string, locale: string): string {
  const v = text.trim();
  if (v === '') return '';
  switch (field.type) {
    case FieldType.Integer:
    case FieldType.Decimal:
      // an invalid entry never gets this far (checkFieldValues); sent as typed, the server refuses it
      return numberWire(field, v, locale) ?? v;
    case FieldType.Date: {
      const parts = parseMaskedDate(v, dateMaskOf(field.mask, locale));
      return parts ? toWireDate(parts) : v;
    }
    default:
      return v;
  }
}

/** A value the server sent, as the user edits it: locale decimals, dates in the field's mask. */
export function toEditText(field: FieldSpec, wire: string, locale: string): string {
  switch (field.type) {
    case FieldType.Decimal:
      return toLocaleDecimalText(wire, locale);
    case FieldType.Date:
      return displayWireDate(wire, dateMaskOf(field.mask, locale)).split(' ')[0] ?? '';
    default:
      return wire;
  }
}
