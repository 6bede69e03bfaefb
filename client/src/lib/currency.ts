// Currency masks of decimal fields (spec §5): "C" (the locale's currency, e.g. $2,999.99), "N{digits}"
// (grouped number with that many decimals), "{symbol}" (that symbol before the amount) and any other
// custom pattern like "#,##0.00 kr". A "C" amount is in the archives' currency (config.json's
// `currency`, carried by the formatting locale); the language only changes its separators and
// where the symbol goes (decision 049).
import { localeCurrency, localeRegion, numberFormat } from './locale';

export type CurrencyMask =
  | { kind: 'currency'; digits: number }
  | { kind: 'number'; digits: number }
  | { kind: 'symbol'; symbol: string; digits: number }
  | { kind: 'custom'; prefix: string; suffix: string; digits: number; grouping: boolean };

const EURO = [
  'AT',
  'BE',
  'CY',
  'DE',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PT',
  'SI',
  'SK',
];
const CURRENCIES: Record<string, string> = {
  US: 'USD',
  GB: 'GBP',
  CA: 'CAD',
  AU: 'AUD',
  NZ: 'NZD',
  IE: 'EUR',
  BR: 'BRL',
  MX: 'MXN',
  AR: 'ARS',
  CL: 'CLP',
  CO: 'COP',
  PE: 'PEN',
  CH: 'CHF',
  JP: 'JPY',
  CN: 'CNY',
  IN: 'INR',
  ZA: 'ZAR',
  SE: 'SEK',
  NO: 'NOK',
  DK: 'DKK',
  PL: 'PLN',
  AO: 'AOA',
  MZ: 'MZN',
  ...Object.fromEntries(EURO.map((c) => [c, 'EUR'])),
};

/**
 * ISO currency code of a "C" mask: the locale's own currency keyword (`-u-cu-usd`, which the
 * client's formatting locale carries: the archives' currency from config.json, decision 049),
 * else the locale's country's (USD when unknown).
 */
export function currencyForLocale(locale: string): string {
  const keyword = localeCurrency(locale);
  if (keyword) return keyword;
  return CURRENCIES[localeRegion(locale)] ?? 'USD';
}

/** A decimal field's Mask as a currency mask; null for masks that are not about money. */
export function parseCurrencyMask(mask: string | undefined): CurrencyMask | null {
  const m = (mask ?? '').trim();
  if (!m) return null;
  const currency = /^[Cc](\d{0,2})$/.exec(m);
  if (currency) return { kind: 'currency', digits: currency[1] ? Number(currency[1]) : 2 };
  const number = /^[Nn](\d{0,2})$/.exec(m);
  if (number) return { kind: 'number', digits: number[1] ? Number(number[1]) : 2 };
  const symbol = /^\{(.+)\}$/.exec(m);
  if (symbol) return { kind: 'symbol', symbol: symbol[1] ?? '', digits: 2 };
  const custom = /^([^#0]*)([#0,]*)(?:\.([#0]+))?(.*)$/.exec(m);
  if (custom && /[#0]/.test(custom[2] ?? '')) {
    return {
      kind: 'custom',
      prefix: custom[1] ?? '',
      suffix: custom[4] ?? '',
      digits: custom[3]?.length ?? 0,
      grouping: (custom[2] ?? '').includes(','),
    };
  }
  return null;
}

/** A wire decimal ("2999.99") shown with its mask ("$2,999.99"); text that is no number is unchanged. */
export function formatCurrency(wire: string, mask: CurrencyMask, locale: string): string {
  const v = wire.trim();
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(v)) return wire;
  const n = Number(v);
  const fixed = { minimumFractionDigits: mask.digits, maximumFractionDigits: mask.digits };
  try {
    switch (mask.kind) {
      case 'currency':
        return numberFormat(locale, {
          style: 'currency',
          currency: currencyForLocale(locale),
          ...fixed,
        }).format(n);
      case 'number':
        return numberFormat(locale, fixed).format(n);
      case 'symbol': {
        const body = numberFormat(locale, fixed).format(Math.abs(n));
        return `${n < 0 ? '-' : ''}${mask.symbol}${body}`;
      }
      case 'custom': {
        const body = numberFormat(locale, { ...fixed, useGrouping: mask.grouping }).format(Math.abs(n));
        return `${n < 0 ? '-' : ''}${mask.prefix}${body}${mask.suffix}`;
      }
    }
  } catch {
    return wire;
  }
}
