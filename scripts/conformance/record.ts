// What the kit keeps of each exchange for --record: status, the headers that matter (secrets masked,
// values that follow the data normalised) and the body's shape. No URL, user, token or data value
// is kept, so a recording of a real server can be shared.
import { shapeOf, type Shape } from './shape';

export const MASKED = '«masked»';
/** a header whose value follows the data (a file's type, a range's total) */
export const DATA = '«data»';

export interface RecordedExchange {
  /** `<check id> <label>` */
  key: string;
  method: string;
  /** the path template relative to the API base, e.g. dbs/{db}/archives/{archive} */
  path: string;
  status: number;
  headers: Record<string, string>;
  body: 'empty' | 'json' | 'text' | 'bytes';
  shape?: Shape;
}

export interface Recording {
  kit: 'square9api-conformance';
  version: 1;
  recordedAt: string;
  exchanges: RecordedExchange[];
}

/** Headers compared by name and value (lower-case names). */
const KEPT = [
  'content-type',
  'cache-control',
  'pragma',
  'expires',
  'server',
  'x-powered-by',
  'x-aspnet-version',
  'access-control-allow-origin',
  'access-control-allow-methods',
  'access-control-allow-headers',
  'accept-ranges',
  'content-range',
  'content-length',
];
/** Headers compared by name only: their values are secrets or tokens. */
const SECRET = ['ss-token', 'doc-hashes', 'www-authenticate'];

/** The cookie names a Set-Cookie list sets, values masked. */
function cookies(headers: Headers): string | undefined {
  const all = headers.getSetCookie();
  if (all.length === 0) return undefined;
  return all
    .map((c) => `${(c.split('=')[0] ?? '').trim()}=${MASKED}`)
    .sort()
    .join('; ');
}

export function recordHeaders(headers: Headers, dataHeaders: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of KEPT) {
    const value = headers.get(name);
    if (value === null) continue;
    if (dataHeaders.includes(name)) out[name] = DATA;
    else if (name === 'content-length') out[name] = value === '0' ? '0' : DATA;
    else if (name === 'content-range') out[name] = value.replace(/\/\d+$/, '/«size»');
    else out[name] = value;
  }
  for (const name of SECRET) if (headers.has(name)) out[name] = MASKED;
  const set = cookies(headers);
  if (set) out['set-cookie'] = set;
  return out;
}

export function recordBody(
  contentType: string,
  bytes: Uint8Array,
  json: unknown,
): Pick<RecordedExchange, 'body' | 'shape'> {
  if (bytes.length === 0) return { body: 'empty' };
  if (json !== undefined) return { body: 'json', shape: shapeOf(json) };
  return { body: /^text\//.test(contentType) ? 'text' : 'bytes' };
}
