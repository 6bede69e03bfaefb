// Typed search values: 64-bit integers, decimals (currency formatting stripped), and dates in US
// or ISO form or as @today[+-N], read against the injected clock (UTC calendar, as the seed's).
const DAY_MS = 86_400_000;
const two = (n: number): string => String(n).padStart(2, '0');

export const isoDay = (epochMs: number): string => {
  const d = new Date(epochMs);
  return `${String(d.getUTCFullYear()).padStart(4, '0')}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())}`;
};

/** The ISO day after `day` (YYYY-MM-DD). */
export const nextDay = (day: string): string => isoDay(Date.parse(`${day}T00:00:00Z`) + DAY_MS);

function validDay(y: number, m: number, d: number): string | undefined {
  if (y < 1 || m < 1 || m > 12 || d < 1 || d > 31) return undefined;
  const t = Date.UTC(y, m - 1, d);
  const date = new Date(t);
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d)
    return undefined;
  return isoDay(t);
}

// a time of day after a date is accepted and ignored: date criteria compare whole days
const TIME = String.raw`(?:[ T]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:\s*[AaPp][Mm])?Z?)?`;
const US = new RegExp(String.raw`^(\d{1,2})/(\d{1,2})/(\d{4})${TIME}$`);
const ISO = new RegExp(String.raw`^(\d{4})-(\d{2})-(\d{2})${TIME}$`);
const TODAY = /^@today\s*(?:([+-])\s*(\d{1,6}))?$/i;

/** An ISO day (YYYY-MM-DD) or undefined when `value` is no date. */
export function parseDateValue(value: string, now: number): string | undefined {
  const v = value.trim();
  const today = TODAY.exec(v);
  if (today) {
    const offset = today[2] === undefined ? 0 : Number(today[2]) * (today[1] === '-' ? -1 : 1);
    return isoDay(now + offset * DAY_MS);
  }
  const us = US.exec(v);
  if (us) return validDay(Number(us[3]), Number(us[1]), Number(us[2]));
  const iso = ISO.exec(v);
  if (iso) return validDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  return undefined;
}

const INT64_MAX = 9223372036854775807n;
const INT64_MIN = -9223372036854775808n;

/** Digits as typed, without grouping commas and spaces. */
const stripGrouping = (value: string): string => value.trim().replace(/[,\s]/g, '');

/** A 64-bit integer (a bigint beyond 2^53), or undefined. */
export function parseIntegerValue(value: string): number | bigint | undefined {
  const v = stripGrouping(value);
  if (!/^[+-]?\d{1,19}$/.test(v)) return undefined;
  const big = BigInt(v);
  if (big > INT64_MAX || big < INT64_MIN) return undefined;
  return Number.isSafeInteger(Number(big)) ? Number(big) : big;
}

/** A decimal; `$1,234.56`, `1,234.56` and `1234.56` all read 1234.56. */
export function parseDecimalValue(value: string): number | undefined {
  let v = stripGrouping(value).replace(/^([+-]?)[$€£¥]/, '$1');
  v = v.replace(/^[$€£¥]([+-]?)/, '$1');
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(v)) return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
}

/** The text of a number criterion used for Contains and `*` patterns (digits, sign, point). */
export function numberText(value: string): string | undefined {
  const v = stripGrouping(value).replace(/[$€£¥]/g, '');
  return /^[-+]?[\d.*]*$/.test(v) && /\d/.test(v) ? v : undefined;
}
