// Downloads a user-given address for `GET upload?url=` without letting it reach the server's own
// network (decision 009): the host is resolved first and every address it has must be allowed
// (addressPolicy.ts); the connection is then pinned to the checked address (a `lookup` that
// answers it), so a second DNS answer cannot swap in another one (rebinding); redirects are
// followed by hand, each hop checked the same way. The body is read up to a limit.
import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { normalizeIp, type AddressPolicy } from './addressPolicy';

export const MAX_REDIRECTS = 5;

export type FetchFailure =
  | { kind: 'scheme' }
  | { kind: 'blocked'; host: string }
  | { kind: 'failed'; why: string }
  | { kind: 'tooLarge' };

export class UrlFetchError extends Error {
  constructor(readonly failure: FetchFailure) {
    super(failure.kind === 'failed' ? failure.why : failure.kind);
  }
}

export interface FetchedFile {
  bytes: Buffer;
  contentType: string | null;
  /** the address that answered, after redirects */
  url: URL;
}

export interface UrlFetchOptions {
  policy: AddressPolicy;
  maxBytes: number;
  signal: AbortSignal;
}

const fail = (failure: FetchFailure): UrlFetchError => new UrlFetchError(failure);

/** The one address the connection to `url` will use, once every address of its host is allowed. */
async function checkedAddress(url: URL, policy: AddressPolicy): Promise<{ address: string; family: 4 | 6 }> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const literal = normalizeIp(host);
  if (literal) {
    if (!policy.allows(host, host)) throw fail({ kind: 'blocked', host });
    return { address: host, family: literal.family };
  }
  let found: { address: string; family: number }[];
  try {
    found = await dnsLookup(host, { all: true, verbatim: true });
  } catch (err) {
    throw fail({ kind: 'failed', why: `the host '${host}' was not found (${(err as Error).message})` });
  }
  const first = found[0];
  if (!first) throw fail({ kind: 'failed', why: `the host '${host}' has no address` });
  // one private answer among public ones is refused too: that is how rebinding hides
  if (found.some((a) => !policy.allows(host, a.address))) throw fail({ kind: 'blocked', host });
  const chosen = found.find((a) => a.family === 4) ?? first;
  return { address: chosen.address, family: chosen.family === 6 ? 6 : 4 };
}

/** A lookup that answers the checked address whatever it is asked (both callback forms). */
const pinned =
  (address: string, family: 4 | 6): LookupFunction =>
  (_host, options, callback) => {
    if (options.all)
      (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };

function get(url: URL, lookup: LookupFunction, signal: AbortSignal): Promise<IncomingMessage> {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((done, reject) => {
    const req = send(
      url,
      {
        method: 'GET',
        lookup,
        signal,
        agent: false,
        headers: { Accept: '*/*', 'Accept-Encoding': 'identity' },
      },
      done,
    );
    req.on('error', (err) => reject(fail({ kind: 'failed', why: err.message })));
    req.end();
  });
}

async function readLimited(res: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(res.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    res.destroy();
    throw fail({ kind: 'tooLarge' });
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of res) {
      const buf = chunk as Buffer;
      size += buf.length;
      if (size > maxBytes) {
        res.destroy();
        throw fail({ kind: 'tooLarge' });
      }
      chunks.push(buf);
    }
  } catch (err) {
    if (err instanceof UrlFetchError) throw err;
    throw fail({ kind: 'failed', why: (err as Error).message });
  }
  return Buffer.concat(chunks);
}

/** GET `start`, following up to MAX_REDIRECTS redirects, every hop checked and pinned. */
export async function fetchAllowedUrl(start: URL, options: UrlFetchOptions): Promise<FetchedFile> {
  let url = start;
  for (let hop = 0; ; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw fail({ kind: 'scheme' });
    if (url.username || url.password) throw fail({ kind: 'scheme' });
    const { address, family } = await checkedAddress(url, options.policy);
    const res = await get(url, pinned(address, family), options.signal);
    const status = res.statusCode ?? 0;
    const location = res.headers.location;
    if (status >= 300 && status < 400 && location) {
      res.destroy();
      if (hop >= MAX_REDIRECTS) throw fail({ kind: 'failed', why: `more than ${MAX_REDIRECTS} redirects` });
      try {
        url = new URL(location, url);
      } catch {
        throw fail({ kind: 'failed', why: `a redirect to an invalid address '${location}'` });
      }
      continue;
    }
    if (status < 200 || status >= 300) {
      res.destroy();
      throw fail({ kind: 'failed', why: `HTTP ${status}` });
    }
    const bytes = await readLimited(res, options.maxBytes);
    return { bytes, contentType: res.headers['content-type'] ?? null, url };
  }
}
