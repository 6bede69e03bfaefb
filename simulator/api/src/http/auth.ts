// Who is calling. A call is authenticated by a live licence token (query Token, header
// Auth-Token or SS-Token, cookie sstoken) or by HTTP Basic on its own, which consumes no
// licence (HL relies on that); `authorize=<base64 user:pass>` counts as Basic, for <img> URLs.
// Passwords are checked by verifyCredentials, an async middleware at the front of the API
// (apiFront.ts), so scrypt runs off the event loop; the synchronous code below reads its verdict.
// A live token given explicitly (query or header) wins over Basic credentials that ride along:
// those are not checked at all, so a browser's cached Basic (the trainer page's) neither refuses
// the call nor counts against the back-off. A write whose only credential is the sstoken cookie
// must come from a page of our own origin (decision 045, http/sameOrigin.ts).
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
import { CURRENT_PASSWORD_WRONG_MESSAGE, CURRENT_PASSWORD_WRONG_STATUS } from '@gs/contract/account';
import type { Clock } from '../clock';
import type { Caller } from '../domain/caller';
import type { LicenseRow } from '../licensing/repos/licensesRepo';
import type { UsersRepo, UserRow } from '../security/repos/usersRepo';
import { DEFAULT_SCRYPT_COST, dummyPasswordHash, verifyPassword } from '../security/services/passwords';
import type { Licensing } from '../licensing/services/licensing';
import { parseCookies, setUserCookie } from './cookies';
import { denied, forbidden, HttpError } from './errors';
import { createLoginBackoff, DEFAULT_BACKOFF, type BackoffLimits } from './loginBackoff';
import { query } from './query';
import { COOKIE_ONLY_WRITE_MESSAGE, fromOwnOrigin, isWrite } from './sameOrigin';

export type { Caller };

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

/** Status of a password check refused during back-off (decision 009). */
export const TOO_MANY_SIGN_INS_STATUS = 429;
export const tooManySignInsMessage = (seconds: number): string =>
  `Too many failed sign-in attempts. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;

function tooManySignIns(waitMs: number): HttpError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const err = new HttpError(TOO_MANY_SIGN_INS_STATUS, { Message: tooManySignInsMessage(seconds) });
  err.headers = { 'Retry-After': String(seconds) };
  return err;
}

/**
 * What verifyCredentials found for a call's Basic credentials; `ignored`: not checked, because
 * the call gives a live token explicitly and the token decides.
 */
type BasicVerdict = { user: UserRow } | { refused: HttpError } | { ignored: true };

export function createAuth(
  users: UsersRepo,
  licensing: Licensing,
  clock: Clock,
  backoffLimits: BackoffLimits = DEFAULT_BACKOFF,
  unknownUserCheckCost = DEFAULT_SCRYPT_COST,
) {
  // what an unknown user's password is checked against: the same work as a user's check
  const unknownUserHash = dummyPasswordHash(unknownUserCheckCost);
  // scrypt costs tens of milliseconds and Basic clients send it on every call
  const verified = new Map<string, string>();
  const cacheKey = (c: BasicCredentials): string =>
    createHash('sha256').update(`${c.login.toLowerCase()}\0${c.password}`).digest('hex');
  const backoff = createLoginBackoff(() => clock.now(), backoffLimits);
  const verdicts = new WeakMap<Request, BasicVerdict>();

  /** The user a login names; `DOMAIN\user` must match a user's domain when they have one. */
  function userOf(login: string): UserRow | undefined {
    const slash = login.indexOf('\\');
    const domain = slash >= 0 ? login.slice(0, slash) : '';
    const found = users.findByName(slash >= 0 ? login.slice(slash + 1) : login);
    return found && !(domain && found.domain && domain.toLowerCase() !== found.domain.toLowerCase())
      ? found
      : undefined;
  }

  /** The user of credentials that were right before (no password check), else undefined. */
  function knownUser(c: BasicCredentials): UserRow | undefined {
    const user = userOf(c.login);
    return user && verified.get(cacheKey(c)) === user.passwordHash ? user : undefined;
  }

  /**
   * The user of valid Basic credentials. An unknown user's password is checked against a dummy
   * hash: the same work, the same time.
   */
  async function verifyBasic(c: BasicCredentials, address: string): Promise<BasicVerdict> {
    const user = userOf(c.login);
    const wait = backoff.waitMs(c.login, address);
    if (wait > 0) return { refused: tooManySignIns(wait) };
    const done = backoff.begin(c.login, address);
    let ok = false;
    try {
      ok = await verifyPassword(c.password, user?.passwordHash ?? unknownUserHash);
    } finally {
      done(ok && !!user);
    }
    if (!ok || !user) return { refused: denied() };
    if (verified.size > 1000) verified.clear();
    verified.set(cacheKey(c), user.passwordHash);
    return { user };
  }

  /**
   * A signed-in user's password checked again (the self password change, decision 046) under the
   * sign-in back-off of their login and the caller's address: a wrong one counts as a failed
   * sign-in, so it cannot be guessed faster than a sign-in. The refusal (403, or 429 while the
   * back-off lasts), or undefined when it is right.
   */
  async function recheckPassword(
    user: UserRow,
    password: string,
    address: string,
  ): Promise<HttpError | undefined> {
    const wait = backoff.waitMs(user.name, address);
    if (wait > 0) return tooManySignIns(wait);
    const done = backoff.begin(user.name, address);
    let ok = false;
    try {
      ok = await verifyPassword(password, user.passwordHash);
    } finally {
      done(ok);
    }
    return ok
      ? undefined
      : new HttpError(CURRENT_PASSWORD_WRONG_STATUS, { Message: CURRENT_PASSWORD_WRONG_MESSAGE });
  }

  /** Whether the call names a live licence in its query or headers (the cookie does not count). */
  function explicitLiveToken(req: Request): boolean {
    const token = requestToken(req, false);
    return token !== undefined && licensing.state(token).kind === 'live';
  }

  /**
   * Middleware: checks the call's Basic credentials, if any, before any route reads them. Beside
   * a live token in the query or a header they are not checked (credentials right before still
   * count, so `GET licenses?Token=` with another user's Basic still signs that user in).
   */
  const verifyCredentials: RequestHandler = async (req, _res, next) => {
    const creds = basicCredentials(req);
    if (creds !== undefined) {
      // credentials that were right before pass without a check, even during a back-off
      const known = creds ? knownUser(creds) : undefined;
      let verdict: BasicVerdict;
      if (known) verdict = { user: known };
      else if (explicitLiveToken(req)) verdict = { ignored: true };
      else verdict = creds ? await verifyBasic(creds, clientIp(req)) : { refused: denied() };
      verdicts.set(req, verdict);
    }
    next();
  };

  /** Basic credentials, if any: the user, or the 401 (429 in back-off) of unreadable or wrong ones. */
  function basicUser(req: Request): UserRow | undefined {
    if (basicCredentials(req) === undefined) return undefined;
    const verdict = verdicts.get(req);
    if (!verdict) throw new Error('Basic credentials read before verifyCredentials checked them');
    if ('refused' in verdict) throw verdict.refused;
    return 'user' in verdict ? verdict.user : undefined;
  }

  function licenseUser(row: LicenseRow): UserRow {
    const user = users.findById(row.userId);
    if (!user) throw denied();
    return user;
  }

  /** The caller, or the error that refuses the call; `touch` keeps the licence alive. */
  function resolve(req: Request, touch = true): Caller {
    const basic = basicUser(req);
    const token = requestToken(req);
    if (token !== undefined) {
      // a page of another origin (another port of this host too) makes the browser send the cookie
      if (!basic && requestToken(req, false) === undefined && isWrite(req) && !fromOwnOrigin(req))
        throw forbidden(COOKIE_ONLY_WRITE_MESSAGE);
      const state = licensing.state(token);
      if (state.kind === 'unknown') throw denied();
      if (state.kind === 'expired') throw new HttpError(LICENSE_EXPIRED_STATUS, LICENSE_EXPIRED_BODY);
      const license = touch ? licensing.touch(state.row) : state.row;
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

  /** Throws the refusal of a call without valid credentials; touches nothing, sets no cookie. */
  function check(req: Request): void {
    resolve(req, false);
  }

  return { verifyCredentials, requireAuth, authenticate, check, basicUser, licenseUser, recheckPassword };
}
export type Auth = ReturnType<typeof createAuth>;
