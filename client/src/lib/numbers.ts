// Number fields (spec §5): integers are an optional minus and at most 19 digits within signed
// 64 bits; decimals use the locale's separator on screen and '.' on the wire. Number inputs block
// e, + and (unless allowed) '.' and '-'.
import { numberFormat } from './locale';

const INT64_MAX = 9223372036854775807n;
const INT64_MIN = -9223372036854775808n;

export function isValidInteger(text: string): boolean {
  const v = text.trim();
  if (!/^-?\d{1,19}$/.test(v)) return false;
  const n = BigInt(v);
  return n <= INT64_MAX && n >= INT64_MIN;
}

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

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A decimal typed with the locale separator, as wire text ("1234,5" in fr -> "1234.5"); null if invalid. */
export function parseLocaleDecimal(text: string, locale: string): string | null {
  const sep = escape(decimalSeparator(locale));
  const v = text.trim();
  const re = new RegExp(`^(-?)(\\d*)(?:${sep}(\\d*))?$`);
  const m = re.exec(v);
  if (!m) return null;
  const [, sign = '', whole = '', fraction = ''] = m;
  if (!whole && !fraction) return null;
  const wire = `${sign}${whole || '0'}${fraction ? `.${fraction}` : ''}`;
  return Number.isFinite(Number(wire)) ? wire : null;
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
