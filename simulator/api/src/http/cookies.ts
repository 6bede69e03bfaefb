// Cookies of the real server: `authenticatedUser` on every authenticated call (kept two years)
// and `sstoken` with the licence. Written by hand to match ASP.NET's format (lower-case
// attributes, `expires=Tue, 22-Nov-2028 ...`), which express's res.cookie does not.
import type { Request, Response } from 'express';
import { TOKEN_COOKIE, USER_COOKIE } from '@gs/contract/licenses';
import { toCookieDate } from './dates';

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
    } catch {
      out[name] = raw;
    }
  }
  return out;
}

/** Browsers refuse `domain=` for IP addresses and localhost, so it is only set for real names. */
function domainAttr(req: Request): string {
  const host = req.hostname;
  const isIp = /^[\d.]+$/.test(host) || host.includes(':');
  return !host || isIp || host === 'localhost' ? '' : `; domain=${host}`;
}

export function setUserCookie(req: Request, res: Response, username: string, now: number): void {
  res.append(
    'Set-Cookie',
    `${USER_COOKIE}=${encodeURIComponent(username)}${domainAttr(req)}; expires=${toCookieDate(twoYearsLater(now))}; path=/`,
  );
}

export function setTokenCookie(req: Request, res: Response, token: string): void {
  res.append('Set-Cookie', `${TOKEN_COOKIE}=${token}${domainAttr(req)}; path=/`);
}

/** Drop the token cookie once its licence is released, so a browser stops sending it. */
export function clearTokenCookie(req: Request, res: Response): void {
  res.append('Set-Cookie', `${TOKEN_COOKIE}=${domainAttr(req)}; expires=${toCookieDate(0)}; path=/`);
}
