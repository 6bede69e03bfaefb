// .NET DateTime strings as the real server writes them: local time, 7 fractional digits and the
// UTC offset (Go clients parse them as RFC 3339 and reject a value without an offset).
const pad = (n: number, width = 2): string => String(Math.trunc(Math.abs(n))).padStart(width, '0');

/** `subMs`: the 100-ns ticks below the millisecond (0-9999) a .NET clock has and ours does not. */
export function toDotNetDate(epochMs: number, subMs = 0): string {
  const d = new Date(epochMs);
  const offset = -d.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const date = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  const fraction = `${pad(d.getMilliseconds(), 3)}${pad(subMs % 10_000, 4)}`;
  return `${date}T${time}.${fraction}${sign}${pad(offset / 60)}:${pad(offset % 60)}`;
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** ASP.NET's cookie expiry format: `Tue, 22-Nov-2028 14:57:06 GMT`. */
export function toCookieDate(epochMs: number): string {
  const d = new Date(epochMs);
  const day = `${DAYS[d.getUTCDay()]}, ${pad(d.getUTCDate())}-${MONTHS[d.getUTCMonth()]}-${d.getUTCFullYear()}`;
  return `${day} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} GMT`;
}
