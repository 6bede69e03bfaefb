// The one reading of a number typed into an integer or decimal field (spec §5, INVALID_INT_OR_DEC;
// decision 049), for every screen that takes one: the grid's inline edit, the viewer's index
// panel, the indexing view, bulk update, KeyFree and search prompts. The whole entry must be one
// valid number or it is refused: nothing is cut off ("12abc"), dropped ("1.2.3") or rounded
// (more than the server keeps). Same limits as the server (simulator fieldValues.ts).
// - integer: an optional minus and 1 to 19 digits within signed 64 bits;
// - decimal: an optional minus, digits with the locale's decimal separator, and grouping only
//   where the locale puts it ("1,234.50" in en-US is 1234.50; "1,23.5" is refused), at most
//   DECIMAL_MAX_DIGITS significant digits;
// - a currency-masked decimal also takes the currency's symbol (or ISO code) before or after.
import { DECIMAL_MAX_DIGITS } from '@gs/contract/fieldChecks';
import { currencyForLocale, type CurrencyMask } from './currency';
import { numberFormat } from './locale';
import { decimalSeparator } from './numbers';

export type NumberKind = 'integer' | 'decimal';

export interface NumberEntryOptions {
  kind: NumberKind;
  locale: string;
  /** the field's currency mask: its symbol may stand before or after the amount */
  currency?: CurrencyMask | null;
}

const INT64_MAX = 9223372036854775807n;
const INT64_MIN = -9223372036854775808n;
const SPACES = /[\u00a0\u202f]/g;

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The locale's grouping separator; a space for the locales that group with (no-break) spaces. */
export function groupSeparator(locale: string): string {
  try {
    const group = numberFormat(locale)
      .formatToParts(1234567)
      .find((p) => p.type === 'group')?.value;
    return (group ?? ',').replace(SPACES, ' ');
  } catch {
    return ',';
  }
}

function currencySymbols(mask: CurrencyMask, locale: string): string[] {
  switch (mask.kind) {
    case 'currency': {
      const code = currencyForLocale(locale);
      const symbol = (display: 'symbol' | 'narrowSymbol'): string => {
        try {
          return (
            numberFormat(locale, { style: 'currency', currency: code, currencyDisplay: display })
              .formatToParts(1)
              .find((p) => p.type === 'currency')?.value ?? ''
          );
        } catch {
          return '';
        }
      };
      return [symbol('symbol'), symbol('narrowSymbol'), code];
    }
    case 'symbol':
      return [mask.symbol];
    case 'custom':
      return [mask.prefix.trim(), mask.suffix.trim()];
    case 'number':
      return [];
  }
}

/** Strips one currency symbol before or after the amount (and the minus on either side of it). */
function withoutSymbol(text: string, symbols: readonly string[]): { sign: boolean; body: string } | null {
  let v = text;
  let sign = false;
  const takeSign = (): boolean => {
    if (!v.startsWith('-')) return true;
    if (sign) return false;
    sign = true;
    v = v.slice(1).trimStart();
    return true;
  };
  if (!takeSign()) return null;
  const sorted = symbols
    .map((s) => s.replace(SPACES, ' ').trim())
    .filter(Boolean)
    .sort((a, b) => b.length - a.length);
  const before = sorted.find((s) => v.startsWith(s));
  if (before !== undefined) {
    v = v.slice(before.length).trimStart();
    if (!takeSign()) return null;
  } else {
    const after = sorted.find((s) => v.endsWith(s));
    if (after !== undefined) v = v.slice(0, v.length - after.length).trimEnd();
  }
  return { sign, body: v };
}

function integerWire(sign: boolean, body: string): string | null {
  if (!/^\d{1,19}$/.test(body)) return null;
  const n = BigInt(sign ? `-${body}` : body);
  if (n > INT64_MAX || n < INT64_MIN) return null;
  return sign ? `-${body}` : body;
}

function decimalWire(sign: boolean, body: string, locale: string): string | null {
  const d = escape(decimalSeparator(locale));
  const g = escape(groupSeparator(locale));
  const m = new RegExp(`^(\\d{1,3}(?:${g}\\d{3})+|\\d*)(?:${d}(\\d*))?$`).exec(body);
  if (!m) return null;
  const whole = (m[1] ?? '').replace(new RegExp(g, 'g'), '');
  const fraction = m[2] ?? '';
  if (!whole && !fraction) return null;
  const significant = whole.replace(/^0+/, '') + fraction.replace(/0+$/, '');
  if (significant.length > DECIMAL_MAX_DIGITS) return null;
  return `${sign ? '-' : ''}${whole || '0'}${fraction ? `.${fraction}` : ''}`;
}

/**
 * A typed number as the wire text the server reads ("1.234,5" in de -> "1234.5"), or null when
 * the entry is not one whole valid number of its kind. Blank is null too (the caller decides
 * whether blank is allowed).
 */
export function readNumberEntry(text: string, options: NumberEntryOptions): string | null {
  const v = text.replace(SPACES, ' ').trim();
  if (v === '') return null;
  if (options.kind === 'integer') {
    const sign = v.startsWith('-');
    return integerWire(sign, sign ? v.slice(1) : v);
  }
  const parts = withoutSymbol(v, options.currency ? currencySymbols(options.currency, options.locale) : []);
  return parts ? decimalWire(parts.sign, parts.body, options.locale) : null;
}
