// GET routes that change data (document copy/move/delete, inbox copy/move, bursting, fetching an
// address into the upload cache) refuse a licence token that came only from the `sstoken` cookie
// (decision 014): a browser attaches a cookie to a link followed from another site, but never an
// Auth-Token header, a Token query parameter or Basic credentials, which is what clients send.
// Writes by other methods on the cookie alone are refused in auth.ts unless they come from our
// own origin (decision 045); these GETs stay refused even from there.
import type { Request, RequestHandler } from 'express';
import { basicCredentials, requestToken } from './auth';
import { forbidden } from './errors';

export const COOKIE_ONLY_MESSAGE =
  'This request changes data: send the licence token as the Auth-Token header or the Token query parameter, not only as a cookie.';

/** Whether the call's only credentials are the sstoken cookie. */
export const cookieOnly = (req: Request): boolean =>
  basicCredentials(req) === undefined &&
  requestToken(req, false) === undefined &&
  requestToken(req) !== undefined;

/** 403 for a GET that changes data and carries its token only as a cookie; other calls pass. */
export const refuseCookieOnlyGet: RequestHandler = (req, _res, next) => {
  if (req.method === 'GET' && cookieOnly(req)) throw forbidden(COOKIE_ONLY_MESSAGE);
  next();
};
