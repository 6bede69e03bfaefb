// Number fields (spec §5): decimals use the locale's separator on screen and '.' on the wire
// (an entry is read by numberInput.ts, the one strict reading). Number inputs block e, + and
// (unless allowed) '.' and '-'.
import { numberFormat } from './locale';

/** The locale's decimal separator ("." in en, "," in fr, de, nl...). */
export function decimalSeparator(locale: string): string {
  try {
    const part = numberFormat(locale)
      .formatToParts(1.5)
      .find((p) => p.type === 'decimal');
    return part?.value ?? '.';
  } catch {
    return '.';
  }
}

/** Wire text of a decimal ("1234.5") as typed in the locale ("1234,5"). Other text is unchanged. */
export function toLocaleDecimalText(wire: string, locale: string): string {
  if (!/^-?\d*\.?\d*$/.test(wire.trim())) return wire;
  return wire.trim().replace('.', decimalSeparator(locale));
}

export interface NumberKeyRules {
  allowDecimal?: boolean;
  allowMinus?: boolean;
  /** the locale's decimal separator, allowed with allowDecimal */
  separator?: string;
}

/** Keys a number input refuses: e, E and + always; '.', ',' and '-' unless allowed. */
export function isBlockedNumberKey(key: string, rules: NumberKeyRules = {}): boolean {
  if (key === 'e' || key === 'E' || key === '+') return true;
  if (key === '-') return rules.allowMinus === false;
  if (key === '.' || key === ',') return !(rules.allowDecimal && key === (rules.separator ?? '.'));
  return false;
}

/** Clamps to the bounds a numeric input declares. */
export function clamp(value: number, min?: number, max?: number): number {
  let v = value;
  if (min !== undefined && v < min) v = min;
  if (max !== undefined && v > max) v = max;
  return v;
}
