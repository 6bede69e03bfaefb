// Whether a browser sent the call from a page of the API's own origin (decision 045). The token
// cookie is SameSite=Strict, which stops other sites but not another port or a sibling host of the
// same site (`http://localhost:5174` is same-site with `http://localhost:8080`), so a write that
// carries its token only as that cookie must show it came from our own origin: the browser's
// `Sec-Fetch-Site: same-origin`, or, from a browser too old to send it, an `Origin` equal to the
// origin the request was addressed to (its scheme and Host). An origin CORS_ORIGINS allows does
// not count: it may read answers, it does not make the cookie a credential (the client sends
// Auth-Token on every call, from any origin).
import type { Request } from 'express';

/** A write is any method but these, which change nothing on this server. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const isWrite = (req: Request): boolean => !SAFE_METHODS.has(req.method.toUpperCase());

export const COOKIE_ONLY_WRITE_MESSAGE =
  'This request changes data and carries its licence token only as a cookie, from a page of another origin: send the token as the Auth-Token header.';

const originOf = (url: string): string | undefined => {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined;
    // not an address: no origin, so not the same one
  } catch {
    return undefined;
  }
};

/** The origin the request was addressed to: its scheme (trust proxy stays off) and its Host. */
export function ownOrigin(req: Request): string | undefined {
  const host = req.get('host');
  if (!host || /[\s/\\@?#]/.test(host)) return undefined;
  return originOf(`${req.protocol}://${host}`);
}

/**
 * Sec-Fetch-Site decides when the browser sent it (only `same-origin` passes); otherwise the
 * Origin header must name our own origin. Neither (a non-browser client): not from our pages.
 */
export function fromOwnOrigin(req: Request): boolean {
  const site = req.get('sec-fetch-site');
  if (site !== undefined) return site.trim().toLowerCase() === 'same-origin';
  const origin = req.get('origin');
  if (origin === undefined) return false;
  const own = ownOrigin(req);
  return own !== undefined && originOf(origin) === own;
}
