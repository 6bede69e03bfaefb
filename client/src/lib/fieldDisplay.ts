// How a value the server sent is shown in the grid: dates in the field's mask, currency masks
// formatted for the locale, multi-value fields joined.
import { FieldType } from '@gs/contract/flags';
import { formatCurrency, parseCurrencyMask } from './currency';
import { dateMaskOf, displayWireDate } from './dates';
import type { FieldSpec } from './fieldSpec';

export function displayFieldValue(field: FieldSpec, wire: string, locale: string): string {
  if (wire === '') return '';
  if (field.type === FieldType.Date) return displayWireDate(wire, dateMaskOf(field.mask, locale));
  if (field.type === FieldType.Decimal) {
    const currency = parseCurrencyMask(field.mask);
    return currency ? formatCurrency(wire, currency, locale) : wire;
  }
  return wire;
}

export const joinMultiValues = (values: readonly string[]): string => values.join('; ');
