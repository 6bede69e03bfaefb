// The date range of an analytics call (decision 039): startdate and enddate as MM/DD/YYYY (the
// public Square9Analytics page) or YYYY-MM-DD (an ISO date, a time after it is ignored), both days
// included, in the caller's time zone given as tzoffset (Date#getTimezoneOffset minutes; our
// design). At most ANALYTICS_MAX_DAYS days; anything else is a 400 with the reason.
import { ANALYTICS_MAX_DAYS } from '@gs/contract/analytics';
import { badRequest } from '../../domain/errors';
import type { Lookup } from '../../lib/keys';

export const DAY_MS = 86_400_000;
const MAX_TZ_MINUTES = 14 * 60;

export interface DayRange {
  /** epoch ms of the first day's local midnight */
  start: number;
  /** epoch ms of the local midnight after the last day (exclusive) */
  end: number;
  days: number;
  /** YYYY-MM-DD of each day, oldest first */
  labels: string[];
  /** minutes, as Date#getTimezoneOffset: UTC minus local */
  tzOffset: number;
}

const US = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/;

/** UTC midnight of a calendar day written MM/DD/YYYY or YYYY-MM-DD; undefined when not a real day. */
export function parseDay(text: string): number | undefined {
  const t = text.trim();
  const us = US.exec(t);
  const iso = us ? undefined : ISO.exec(t);
  const parts = us ? [us[3], us[1], us[2]] : iso ? [iso[1], iso[2], iso[3]] : undefined;
  if (!parts) return undefined;
  const [y, m, d] = parts.map(Number) as [number, number, number];
  const epoch = Date.UTC(y, m - 1, d);
  const back = new Date(epoch);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== m - 1 || back.getUTCDate() !== d)
    return undefined;
  return epoch;
}

const two = (n: number): string => String(n).padStart(2, '0');

/** YYYY-MM-DD of a UTC midnight. */
export function dayLabel(utcMidnight: number): string {
  const d = new Date(utcMidnight);
  return `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())}`;
}

/** MM/DD/YYYY HH:mm:ss of an instant in the caller's zone (GetData's Date). */
export function localStamp(epoch: number, tzOffset: number): string {
  const d = new Date(epoch - tzOffset * 60_000);
  const date = `${two(d.getUTCMonth() + 1)}/${two(d.getUTCDate())}/${d.getUTCFullYear()}`;
  return `${date} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`;
}

function requiredDay(q: Lookup, key: string): number {
  const value = q(key);
  if (value === undefined || value.trim() === '')
    throw badRequest(`The parameter '${key}' is required (MM/DD/YYYY or YYYY-MM-DD).`);
  const day = parseDay(value);
  if (day === undefined)
    throw badRequest(
      `The value '${value.slice(0, 40)}' of '${key}' is not a date (MM/DD/YYYY or YYYY-MM-DD).`,
    );
  return day;
}

export function tzOffsetOf(q: Lookup): number {
  const value = q('tzoffset');
  if (value === undefined || value.trim() === '') return 0;
  const n = /^[+-]?\d{1,4}$/.test(value.trim()) ? Number(value.trim()) : NaN;
  if (!Number.isInteger(n) || Math.abs(n) > MAX_TZ_MINUTES)
    throw badRequest(`The value '${value.slice(0, 40)}' of 'tzoffset' is not minutes between -840 and 840.`);
  return n;
}

/** The range a query asks for, or a 400. */
export function rangeOf(q: Lookup): DayRange {
  const first = requiredDay(q, 'startdate');
  const last = requiredDay(q, 'enddate');
  if (last < first) throw badRequest(`The enddate is before the startdate.`);
  const days = (last - first) / DAY_MS + 1;
  if (days > ANALYTICS_MAX_DAYS)
    throw badRequest(
      `The range covers ${days} days; at most ${ANALYTICS_MAX_DAYS} days may be asked at once.`,
    );
  const tzOffset = tzOffsetOf(q);
  const shift = tzOffset * 60_000;
  const labels = Array.from({ length: days }, (_, i) => dayLabel(first + i * DAY_MS));
  return { start: first + shift, end: last + DAY_MS + shift, days, labels, tzOffset };
}
