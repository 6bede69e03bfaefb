// The formatting locale of numbers, dates and currencies: the browser's own tag when it speaks the
// interface language (en-GB keeps day-first dates), else the interface language itself.

export function formatLocale(
  language: string,
  browser: string | undefined = globalThis.navigator?.language,
): string {
  const base = language.toLowerCase().split(/[-_]/)[0] ?? 'en';
  if (browser && browser.toLowerCase().split(/[-_]/)[0] === base) return browser;
  return base || 'en';
}

const CURRENCY_KEYWORD = /-u(?:-[a-z0-9]{2,8})*?-cu-([a-z]{3})(?=-|$)/i;

/** The currency a locale tag names with the Unicode `cu` keyword (`de-u-cu-usd` -> "USD"). */
export function localeCurrency(locale: string): string | undefined {
  return CURRENCY_KEYWORD.exec(locale)?.[1]?.toUpperCase();
}

/**
 * The locale with the currency keyword: `de` and USD -> `de-u-cu-usd`. Intl reads the rest of the
 * tag as before (separators, dates); currencyForLocale reads the keyword. A tag with other
 * extensions keeps its language, script and region only.
 */
export function withCurrency(locale: string, currency: string): string {
  if (!/^[A-Za-z]{3}$/.test(currency)) return locale;
  let base: string;
  try {
    base = new Intl.Locale(locale).baseName;
  } catch {
    base = locale.split(/-u-|-x-/i)[0] ?? locale;
  }
  return `${base}-u-cu-${currency.toLowerCase()}`;
}

const regions = new Map<string, string>();

/** The country of a locale ("fr" -> "FR", "en" -> "US", "pt" -> "BR"). */
export function localeRegion(locale: string): string {
  let region = regions.get(locale);
  if (region === undefined) {
    try {
      region = new Intl.Locale(locale).maximize().region ?? 'US';
    } catch {
      region = 'US';
    }
    regions.set(locale, region);
  }
  return region;
}

const formats = new Map<string, Intl.NumberFormat>();

/** Intl.NumberFormat is costly to build and a grid formats thousands of cells: one per locale and options. */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale}\u0000${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}
