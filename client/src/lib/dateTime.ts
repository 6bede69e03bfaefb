// Dates and times as people read them, the same on every screen (grid, inbox, batches, history,
// dialogs): in the formatting locale (lib/locale.ts formatLocale: the i18next language, with the
// browser's region when it speaks it). A date is numeric with a 4-digit year, in the locale's
// order, as the grid writes date fields (lib/dates.ts localeDateMask); a time has hours and minutes.
// Every screen formats through here, never with toLocaleString or its own Intl.DateTimeFormat.

export type DateInput = Date | string | number;

/**
 * The locale dates are written in for an interface language: the browser's own tag when it speaks
 * that language (en-GB keeps day-first dates), else the language. The rule of lib/locale.ts
 * formatLocale, not imported: screens loaded lazily would split that module into a chunk of its own.
 */
export function dateLocale(
  language: string,
  browser: string | undefined = globalThis.navigator?.language,
): string {
  const base = language.toLowerCase().split(/[-_]/)[0] || 'en';
  return browser && browser.toLowerCase().split(/[-_]/)[0] === base ? browser : base;
}

const DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };

export const DATE_STYLES = {
  /** 11/27/2026, 27.11.2026 */
  date: DATE,
  /** 11/27/2026, 08:45 PM */
  dateTime: { ...DATE, ...TIME },
  /** 08:45 PM */
  time: TIME,
  /** Nov 27 (chart axes) */
  dayMonth: { month: 'short', day: 'numeric' },
  /** Fri, Nov 27, 2026 (a day on its own) */
  longDay: { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateStyle = keyof typeof DATE_STYLES;

const formats = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string, style: DateStyle): Intl.DateTimeFormat {
  const key = `${locale}\u0000${style}`;
  let format = formats.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(locale, DATE_STYLES[style]);
    } catch {
      format = new Intl.DateTimeFormat('en', DATE_STYLES[style]);
    }
    formats.set(key, format);
  }
  return format;
}

const asDate = (value: DateInput): Date => (value instanceof Date ? value : new Date(value));

/** `value` written in `style`; text that is no date comes back as it was ('' for a bad number). */
export function formatDateAs(value: DateInput, locale: string, style: DateStyle): string {
  const date = asDate(value);
  if (Number.isNaN(date.getTime())) return typeof value === 'string' ? value : '';
  return formatter(locale, style).format(date);
}

export const formatDate = (value: DateInput, locale: string): string => formatDateAs(value, locale, 'date');
export const formatDateTime = (value: DateInput, locale: string): string =>
  formatDateAs(value, locale, 'dateTime');
export const formatTime = (value: DateInput, locale: string): string => formatDateAs(value, locale, 'time');

/** A YYYY-MM-DD day (a local calendar day, not UTC midnight) as a Date. */
export function localDay(day: string): Date {
  const [y = NaN, m = NaN, d = NaN] = day.split('-').map(Number);
  return new Date(y, m - 1, d);
}
