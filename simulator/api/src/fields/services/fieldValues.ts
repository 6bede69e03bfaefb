// Index values between their wire text and their stored form: 64-bit integers (INTEGER),
// decimals (REAL, '.' as the separator; a currency mask means the client sends plain digits),
// dates (ISO 'YYYY-MM-DD' text, read from MM/DD/YYYY, M/D/YYYY or ISO).
import { DECIMAL_MAX_DIGITS } from '@gs/contract/fieldChecks';
import { FieldType, type FieldTypeCode } from '@gs/contract/flags';
import type { StoredValue } from '../repos/documentFieldsRepo';

const INT64_MAX = 9223372036854775807n;
const INT64_MIN = -9223372036854775808n;

/** Optional minus and at most 19 digits, within signed 64 bits. */
export function parseInteger(text: string): bigint | undefined {
  const v = text.trim();
  if (!/^-?\d{1,19}$/.test(v)) return undefined;
  const n = BigInt(v);
  return n > INT64_MAX || n < INT64_MIN ? undefined : n;
}

/**
 * Optional minus, digits and '.', with at most DECIMAL_MAX_DIGITS significant digits (what a REAL
 * keeps exactly; the client's numberInput.ts has the same limit): more is refused, never rounded.
 */
export function parseDecimal(text: string): number | undefined {
  const v = text.trim();
  const m = /^-?(\d*)(?:\.(\d*))?$/.exec(v);
  if (!m || !/\d/.test(v)) return undefined;
  const significant = (m[1] ?? '').replace(/^0+/, '') + (m[2] ?? '').replace(/0+$/, '');
  if (significant.length > DECIMAL_MAX_DIGITS) return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
}

const two = (n: number): string => String(n).padStart(2, '0');

function isoDay(y: number, m: number, d: number): string | undefined {
  if (y < 1 || m < 1 || m > 12 || d < 1) return undefined;
  const date = new Date(Date.UTC(2000, m - 1, d));
  date.setUTCFullYear(y);
  if (date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return undefined;
  return `${String(y).padStart(4, '0')}-${two(m)}-${two(d)}`;
}

const US = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
// a time of day (and zone) after an ISO date is accepted; the field keeps the day
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,7})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** The ISO day of MM/DD/YYYY, M/D/YYYY or an ISO date (time ignored); undefined otherwise. */
export function parseDate(text: string): string | undefined {
  const v = text.trim();
  const us = US.exec(v);
  if (us) return isoDay(Number(us[3]), Number(us[1]), Number(us[2]));
  const iso = ISO.exec(v);
  if (iso) return isoDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  return undefined;
}

const STORED_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}:\d{2}(?::\d{2})?))?/;

/** The wire text of a stored value: '' for NULL, dates as MM/DD/YYYY (with the time if any). */
export function toWireText(type: FieldTypeCode, value: StoredValue): string {
  if (value === null) return '';
  if (type === FieldType.Date && typeof value === 'string') {
    const m = STORED_DATE.exec(value);
    if (!m) return value;
    const day = `${m[2] ?? ''}/${m[3] ?? ''}/${m[1] ?? ''}`;
    return m[4] ? `${day} ${m[4]}` : day;
  }
  return String(value);
}

const isNumeric = (v: StoredValue): v is number | bigint => typeof v === 'number' || typeof v === 'bigint';

/** Two stored values hold the same data (an INTEGER reads back as bigint, may be written as a number). */
export function sameStored(a: StoredValue, b: StoredValue): boolean {
  if (a === b) return true;
  return isNumeric(a) && isNumeric(b) && String(a) === String(b);
}
