// Who is calling. A call is authenticated by a live licence token (query Token, header
// Auth-Token or SS-Token, cookie sstoken) or by HTTP Basic on its own, which consumes no
// licence (HL relies on that); `authorize=<base64 user:pass>` counts as Basic, for <img> URLs.
import { createHash } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import {
  LICENSE_EXPIRED_BODY,
  LICENSE_EXPIRED_STATUS,
  NULL_TOKEN,
  TOKEN_COOKIE,
  TOKEN_REQUEST_HEADER,
  TOKEN_RESPONSE_HEADER,
} from '@gs/contract/licenses';
import type { Clock } from '../clock';
import type { LicenseRow } from '../db/licensesRepo';
import type { UsersRepo, UserRow } from '../db/usersRepo';
import { verifyPassword } from '../db/passwords';
import type { Licensing } from '../services/licensing';
import { parseCookies, setUserCookie } from './cookies';
import { denied, HttpError } from './errors';
import { query } from './query';

export interface Caller {
  user: UserRow;
  /** the licence the call used; undefined for Basic-only calls */
  license: LicenseRow | undefined;
}

export interface BasicCredentials {
  login: string;
  password: string;
}

/** Basic credentials of the call; null when they are present but unreadable. */
export function basicCredentials(req: Request): BasicCredentials | null | undefined {
  const header = req.get('authorization');
  const isBasic = !!header && /^\s*basic\b/i.test(header);
  // other schemes (Bearer, Negotiate) are not ours: the token or `authorize` decides
  const encoded = isBasic
    ? header.match(/^\s*basic\s+(\S+)\s*$/i)?.[1]
    : query(req, 'authorize')?.replace(/^basic\s+/i, '');
  if (encoded === undefined) return isBasic ? null : undefined;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon > 0 ? { login: decoded.slice(0, colon), password: decoded.slice(colon + 1) } : null;
}

/** The licence token of the call; the all-zeros token of GlobalAction nodes is no token. */
export function requestToken(req: Request, withCookie = true): string | undefined {
  const candidates = [
    query(req, 'Token'),
    req.get(TOKEN_REQUEST_HEADER),
    req.get(TOKEN_RESPONSE_HEADER),
    withCookie ? parseCookies(req)[TOKEN_COOKIE] : undefined,
  ];
  return candidates.map((t) => t?.trim()).find((t) => !!t && t !== NULL_TOKEN);
}

export function clientIp(req: Request): string {
  return (req.ip ?? '').replace(/^::ffff:/, '');
}

export function callerOf(res: Response): Caller {
  const caller = res.locals.caller as Caller | undefined;
  if (!caller) throw new Error('route used callerOf without requireAuth');
  return caller;
}

export function createAuth(users: UsersRepo, licensing: Licensing, clock: Clock) {
  // scrypt costs tens of milliseconds and Basic clients send it on every call
  const verified = new Map<string, string>();
  const cacheKey = (c: BasicCredentials): string =>
    createHash('sha256').update(`${c.login.toLowerCase()}\0${c.password}`).digest('hex');

  /** The user of valid Basic credentials; `DOMAIN\user` must match a user's domain when they have one. */
  function verifyBasic(c: BasicCredentials): UserRow | undefined {
    const slash = c.login.indexOf('\\');
    const domain = slash >= 0 ? c.login.slice(0, slash) : '';
    const user = users.findByName(slash >= 0 ? c.login.slice(slash + 1) : c.login);
    if (!user) return undefined;
    if (domain && user.domain && domain.toLowerCase() !== user.domain.toLowerCase()) return undefined;
    const key = cacheKey(c);
    if (verified.get(key) === user.passwordHash) return user;
    if (!verifyPassword(c.password, user.passwordHash)) return undefined;
    if (verified.size > 1000) verified.clear();
    verified.set(key, user.passwordHash);
    return user;
  }

  /** Basic credentials, if any: the user, or a 401 for unreadable or wrong ones. */
  function basicUser(req: Request): UserRow | undefined {
    const creds = basicCredentials(req);
    if (creds === undefined) return undefined;
    const user = creds && verifyBasic(creds);
    if (!user) throw denied();
    return user;
  }

  function licenseUser(row: LicenseRow): UserRow {
    const user = users.findById(row.userId);
    if (!user) throw denied();
    return user;
  }

  function resolve(req: Request): Caller {
    const basic = basicUser(req);
    const token = requestToken(req);
    if (token !== undefined) {
      const state = licensing.state(token);
      if (state.kind === 'unknown') throw denied();
      if (state.kind === 'expired') throw new HttpError(LICENSE_EXPIRED_STATUS, LICENSE_EXPIRED_BODY);
      const license = licensing.touch(state.row);
      return { user: licenseUser(license), license };
    }
    if (basic) return { user: basic, license: undefined };
    throw denied();
  }

  /** Authenticate the call or throw its 401; sets the authenticatedUser cookie. */
  function authenticate(req: Request, res: Response): Caller {
    const caller = resolve(req);
    res.locals.caller = caller;
    setUserCookie(req, res, caller.user.name, clock.now());
    return caller;
  }

  const requireAuth: RequestHandler = (req, res, next) => {
    authenticate(req, res);
    next();
  };

  return { requireAuth, authenticate, basicUser, licenseUser };
}
export type Auth = ReturnType<typeof createAuth>;
