// Formatting for /analytics: days (lib/dateTime.ts), durations, and the cache key of a query.
import type { AnalyticsQuery } from '../../api/analytics';
import { formatDateAs, localDay } from '../../lib/dateTime';

/** A YYYY-MM-DD day on its own (e.g. "Tue, Nov 24, 2026"), in the interface's locale. */
export const dayText = (day: string, locale: string): string =>
  formatDateAs(localDay(day), locale, 'longDay');

/** Milliseconds as hours with one decimal (the unit the i18n text names). */
export const hoursOf = (ms: number): string =>
  (ms / 3_600_000).toLocaleString(undefined, { maximumFractionDigits: 1, minimumFractionDigits: 1 });

export const queryKey = (q: AnalyticsQuery): string =>
  [q.database, q.archive, q.start, q.end, q.user, q.tzOffset].join(':');
