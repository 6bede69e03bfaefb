// Who a helper request works for. Every call that does a user's work (bulk jobs and their files,
// e-mail, the launch table, UpdateApi) must bring the user's licence token; the helper checks it
// against the API it is pointed at NOW (`GET {apiPath}api/authorize?token=`, which answers the
// live licence and 401 or the licence-expired status otherwise) on every request, so a released
// token stops working at once, and then acts with that token only: the API's permissions and
// licence type apply. The helper's own credentials (server.ts, tray sign-in) never serve a request.
// Work on the scanner needs the client's page (an allowed Origin) or a token; the machine's
// launch table an administrator of all databases, as the API says (decision 047).
import { createHash } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import type { License } from '@gs/contract/licenses';
import { LicenseType } from '@gs/contract/flags';
import { HelperError } from '../errors';

export interface HelperUser {
  /** the licence's user name, as the API spells it */
  name: string;
  /** licence type (1 full, 2 web edit, 4 read only, …) */
  type: number;
  /** the token the request came with, valid when checked */
  token: string;
}

/** A user for a live token, `undefined` for an unknown or expired one; throws when the API cannot answer. */
export type Authorizer = (token: string) => Promise<HelperUser | undefined>;

export class ApiUnreachable extends Error {}

const LICENSE_READ_ONLY: number = LicenseType.ReadOnly;

export function httpAuthorizer(apiPath: () => string): Authorizer {
  return async (token) => {
    const base = apiPath().replace(/\/?$/, '/');
    let res: globalThis.Response;
    try {
      res = await fetch(`${base}api/authorize?token=${encodeURIComponent(token)}`, {
        signal: AbortSignal.timeout(10_000),
      });
    } catch {
      throw new ApiUnreachable('The GlobalSearch server could not be reached.');
    }
    if (res.status >= 500) throw new ApiUnreachable(`The GlobalSearch server answered ${res.status}.`);
    if (!res.ok) return undefined;
    // a body that is not JSON is no licence: not signed in
    const licence = (await res.json().catch(() => undefined)) as Partial<License> | undefined;
    if (!licence || typeof licence.Username !== 'string' || licence.Username === '') return undefined;
    return { name: licence.Username, type: Number(licence.Type ?? 0), token };
  };
}

/** Whether a token's user administers every database; throws when the API cannot answer. */
export type AdminCheck = (user: HelperUser) => Promise<boolean>;

/** `GET {apiPath}api/admin?function=isAdminAll` with the user's token (in the header, never the URL). */
export function httpAdminCheck(apiPath: () => string): AdminCheck {
  return async (user) => {
    const base = apiPath().replace(/\/?$/, '/');
    let res: globalThis.Response;
    try {
      res = await fetch(`${base}api/admin?function=isAdminAll`, {
        headers: { 'Auth-Token': user.token, Accept: 'application/json' },
        signal: AbortSignal.timeout(10_000),
      });
    } catch {
      throw new ApiUnreachable('The GlobalSearch server could not be reached.');
    }
    if (res.status >= 500) throw new ApiUnreachable(`The GlobalSearch server answered ${res.status}.`);
    if (!res.ok) return false;
    // a body that is not JSON is not the API's true
    return (await res.json().catch(() => false)) === true;
  };
}

const text = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;

/** The token of a request: the `Auth-Token` header, a `token` query parameter (any casing) or a
 *  JSON body's `Token` (any casing), in that order. */
export function tokenOf(req: Request): string | undefined {
  const header = text(req.headers['auth-token']);
  if (header) return header;
  for (const [k, v] of Object.entries(req.query)) if (k.toLowerCase() === 'token' && text(v)) return text(v);
  const body: unknown = req.body;
  if (body && typeof body === 'object' && !Array.isArray(body))
    for (const [k, v] of Object.entries(body)) if (k.toLowerCase() === 'token' && text(v)) return text(v);
  return undefined;
}

export interface UserErrors {
  /** no token, or one the API does not know (401) */
  unauthorized(): HelperError;
  /** the API did not answer (502); never carries the token */
  unavailable(): HelperError;
}

export const plainUserErrors: UserErrors = {
  unauthorized: () =>
    new HelperError(401, 'Authorization has been denied for this request: a valid Auth-Token is required.'),
  unavailable: () => new HelperError(502, 'The GlobalSearch server could not be reached.'),
};

/** Middleware: 401 without a live token, else `userOf(res)` is the token's user. */
export function requireUser(authorize: Authorizer, errors: UserErrors = plainUserErrors): RequestHandler {
  return async (req, res, next) => {
    const token = tokenOf(req);
    if (!token) throw errors.unauthorized();
    let user: HelperUser | undefined;
    try {
      user = await authorize(token);
    } catch {
      throw errors.unavailable();
    }
    if (!user) throw errors.unauthorized();
    res.locals.helperUser = user;
    next();
  };
}

export const clientMessages = {
  foreignPage:
    'This page may not use GlobalSearch Extensions: its origin is not allowed (CORS_ORIGINS) and the request carries no valid Auth-Token.',
};

/**
 * Middleware for routes that start work without doing a user's (the scanner): the page must be
 * one the deployment serves the client on (an allowed `Origin`, which a browser sets and a page
 * cannot change), or the request must carry a live token. A foreign `Origin` without a token is
 * 403; no `Origin` and no token (not a browser page) 401; an unknown token 401.
 */
export function requireUserOrClient(
  authorize: Authorizer,
  isAllowedOrigin: (origin: string | undefined) => boolean,
): RequestHandler {
  const user = requireUser(authorize);
  return async (req, res, next) => {
    if (isAllowedOrigin(req.headers.origin)) return next();
    if (!tokenOf(req) && req.headers.origin !== undefined)
      throw new HelperError(403, clientMessages.foreignPage);
    await user(req, res, next);
  };
}

export const adminMessages = {
  notAdmin: 'Only administrators of all databases may change the launch table.',
  readOnly: 'A read-only license cannot change the administration.',
};

/**
 * Middleware: a live token (401) of an administrator of all databases whose licence is not
 * read-only (403 otherwise, as the API refuses administration); 502 when the API cannot say.
 */
export function requireAdmin(authorize: Authorizer, isAdmin: AdminCheck): RequestHandler {
  const user = requireUser(authorize);
  return async (req, res, next) => {
    // throws (401, 502) unless the token is live
    await user(req, res, () => undefined);
    const who = userOf(res);
    if (who.type === LICENSE_READ_ONLY) throw new HelperError(403, adminMessages.readOnly);
    let admin: boolean;
    try {
      admin = await isAdmin(who);
    } catch {
      throw plainUserErrors.unavailable();
    }
    if (!admin) throw new HelperError(403, adminMessages.notAdmin);
    next();
  };
}

export function userOf(res: Response): HelperUser {
  const user = res.locals.helperUser as HelperUser | undefined;
  if (!user) throw new Error('requireUser must run before userOf');
  return user;
}

/** A user's folder name: the name in lower case with only [a-z0-9._-]; a name that had to change
 *  gets a short hash of the original so that two names never share a folder. */
export function userFolder(name: string): string {
  const lowered = name.toLowerCase();
  const cleaned =
    lowered
      .replace(/[^a-z0-9._-]/g, '_')
      .replace(/^\.+/, '_')
      .slice(0, 64) || '_';
  if (cleaned === lowered) return cleaned;
  return `${cleaned}-${createHash('sha256').update(lowered).digest('hex').slice(0, 8)}`;
}
