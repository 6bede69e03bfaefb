// Cookies of the real server: `authenticatedUser` on every authenticated call (kept two years)
// and `sstoken` with the licence. Written by hand to match ASP.NET's format (lower-case
// attributes, `expires=Tue, 22-Nov-2028 ...`), which express's res.cookie does not.
// Nothing from the request flows into an attribute unchecked: `domain=` is the Host only when it
// is a plain host name (issue 20). `sstoken` is HttpOnly and SameSite=Strict, and Secure when the
// call came over https (issue 21, decision 014): the client keeps its token in localStorage and
// sends it as Auth-Token, so it never needs to read the server's cookie or send it cross-site.
// Strict does not stop another port of the same site: writes on the cookie alone must come from
// our own origin (http/sameOrigin.ts, decision 045).
import type { Request, Response } from 'express';
import { TOKEN_COOKIE, USER_COOKIE } from '@gs/contract/licenses';
import { toCookieDate } from '../lib/dates';

/** ASP.NET sets DateTime.Now.AddYears(2): calendar years, not 730 days. */
function twoYearsLater(now: number): number {
  const d = new Date(now);
  d.setUTCFullYear(d.getUTCFullYear() + 2);
  return d.getTime();
}

export function parseCookies(req: Request): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (req.get('cookie') ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    const raw = part.slice(eq + 1).trim();
    if (!name || name in out) continue;
    try {
      out[name] = decodeURIComponent(raw);
      // a malformed %-escape: the value as sent
    } catch {
      out[name] = raw;
    }
  }
  return out;
}

/** A DNS host name: dot-separated labels of letters, digits and inner hyphens, 253 at most. */
const HOST_NAME =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

/**
 * `; domain=<host>` as the real server sets it, only for a plain host name: never for anything
 * else a Host header may carry (`evil.example; secure; domain=attacker`), nor for IP addresses
 * and localhost, which browsers refuse as a domain.
 */
function domainAttr(req: Request): string {
  const host = req.hostname;
  if (typeof host !== 'string' || !HOST_NAME.test(host)) return '';
  const isIp = /^[\d.]+$/.test(host);
  return isIp || host.toLowerCase() === 'localhost' ? '' : `; domain=${host}`;
}

/** The token cookie's attributes after its domain: script cannot read it, no cross-site request carries it. */
const tokenAttrs = (req: Request): string =>
  `; path=/; HttpOnly; SameSite=Strict${req.secure ? '; secure' : ''}`;

export function setUserCookie(req: Request, res: Response, username: string, now: number): void {
  res.append(
    'Set-Cookie',
    `${USER_COOKIE}=${encodeURIComponent(username)}${domainAttr(req)}; expires=${toCookieDate(twoYearsLater(now))}; path=/`,
  );
}

export function setTokenCookie(req: Request, res: Response, token: string): void {
  res.append('Set-Cookie', `${TOKEN_COOKIE}=${token}${domainAttr(req)}${tokenAttrs(req)}`);
}

/** Drop the token cookie once its licence is released, so a browser stops sending it. */
export function clearTokenCookie(req: Request, res: Response): void {
  res.append(
    'Set-Cookie',
    `${TOKEN_COOKIE}=${domainAttr(req)}; expires=${toCookieDate(0)}${tokenAttrs(req)}`,
  );
}
