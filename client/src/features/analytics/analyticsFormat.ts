// Formatting for /analytics: days in the browser's locale, durations, and the cache key of a query.
import type { AnalyticsQuery } from '../../api/analytics';

/** A YYYY-MM-DD day as the browser writes dates (e.g. "Tue, Nov 24, 2026"). */
export function dayText(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d).toLocaleDateString(undefined, {
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  });
}

/** Milliseconds as hours with one decimal (the unit the i18n text names). */
export const hoursOf = (ms: number): string =>
  (ms / 3_600_000).toLocaleString(undefined, { maximumFractionDigits: 1, minimumFractionDigits: 1 });

export const queryKey = (q: AnalyticsQuery): string =>
  [q.database, q.archive, q.start, q.end, q.user, q.tzOffset].join(':');
