// Licences: obtain (Basic), renew (Token, the web client's 3 s keep-alive), validate, release,
// and `authorize?token=`. See docs in licensing/services/licensing.ts for the seat policy.
import { Router, type Request, type Response } from 'express';
import {
  ALL_LICENSES_IN_USE,
  ALL_LICENSES_IN_USE_STATUS,
  TOKEN_COOKIE,
  TOKEN_RESPONSE_HEADER,
} from '@gs/contract/licenses';
import { LICENSE_EXPIRED_BODY, LICENSE_EXPIRED_STATUS } from '@gs/contract/licenses';
import type { RouteDeps } from '../../deps';
import type { LicenseRow } from '../repos/licensesRepo';
import { clientIp, requestToken } from '../../http/auth';
import { clearTokenCookie, parseCookies, setTokenCookie, setUserCookie } from '../../http/cookies';
import { denied, HttpError, notFound } from '../../http/errors';
import { query } from '../../http/query';
import { toLicense } from '../services/licensing';

export const licenseNotFound = (token: string): string => `License '${token}' was not found.`;

export function createLicensesRouter(deps: RouteDeps): Router {
  const { auth, licensing, repos, clock } = deps;
  const router = Router();

  const sendLicense = (req: Request, res: Response, row: LicenseRow): void => {
    res.set(TOKEN_RESPONSE_HEADER, row.token);
    setTokenCookie(req, res, row.token);
    setUserCookie(req, res, row.username, clock.now());
    res.json(toLicense(row));
  };

  /** `DatabaseName=&User=`: the named user's licence type, as a bare int. */
  const licenseType = (req: Request, res: Response): void => {
    auth.authenticate(req, res);
    const login = query(req, 'User') ?? '';
    const user = repos.users.findByName(login.slice(login.indexOf('\\') + 1));
    if (!user) throw notFound(`User '${login}' was not found.`);
    res.json(user.licenseType);
  };

  /**
   * Obtain or renew. A token given explicitly (or, without Basic, in the cookie) is renewed while
   * live. One deactivated by the licence manager (GS 6.1) is reactivated by its keep-alive: the
   * same token, when its user holds a seat or one is free. One expired by the idle
   * timeout is not: coming back takes the password (Basic), as an unknown token does (decision 013).
   */
  const obtain = (req: Request, res: Response): void => {
    const basic = auth.basicUser(req);
    // with Basic, a stale cookie of an earlier sign-in must not turn this into a renewal
    const token = requestToken(req, !basic);
    if (token !== undefined) {
      const state = licensing.state(token);
      if (state.kind === 'live' && (!basic || basic.id === state.row.userId))
        return sendLicense(req, res, licensing.touch(state.row));
      if (state.kind === 'expired' && !basic) {
        if (state.idle) throw new HttpError(LICENSE_EXPIRED_STATUS, LICENSE_EXPIRED_BODY);
        const reactivated = licensing.reactivate(state.row, auth.licenseUser(state.row));
        if (!reactivated) {
          res.status(ALL_LICENSES_IN_USE_STATUS).json(ALL_LICENSES_IN_USE);
          return;
        }
        return sendLicense(req, res, reactivated);
      }
    }
    if (!basic) throw denied();
    // every sign-in is a token of its own; the user's seat is one however many they hold (056)
    const row = licensing.obtain(basic, clientIp(req));
    if (!row) {
      res.status(ALL_LICENSES_IN_USE_STATUS).json(ALL_LICENSES_IN_USE);
      return;
    }
    sendLicense(req, res, row);
  };

  router.get('/licenses', (req, res) => {
    const validate = query(req, 'validate');
    if (validate !== undefined) {
      res.json(licensing.state(validate.trim()).kind === 'live');
      return;
    }
    // the simulator issues no restricted tokens (spec §6: those would be sent to /select)
    if (query(req, 'checkRestricted') !== undefined) {
      res.json(false);
      return;
    }
    if (query(req, 'DatabaseName') !== undefined || query(req, 'User') !== undefined)
      return licenseType(req, res);
    obtain(req, res);
  });

  // Holding the token is the authority to release it: a client logging out after its licence
  // expired must still be able to return it. Only that token ends; the user's other sign-ins go on.
  // Releasing a token the server no longer holds (released before, or by the licence manager) is
  // the same empty 200: a release is done either way, and parallel clients release at the end (056).
  const release = (req: Request, res: Response): void => {
    const token = String(req.params.token).trim();
    licensing.release(token);
    if (parseCookies(req)[TOKEN_COOKIE] === token) clearTokenCookie(req, res);
    res.removeHeader('Content-Type');
    res.status(200).set('Content-Length', '0').end();
  };
  router.get('/licenses/:token', release);
  router.delete('/licenses/:token', release);

  router.get('/authorize', (req, res) => {
    const token = query(req, 'token')?.trim() || requestToken(req);
    const state = token === undefined ? ({ kind: 'unknown' } as const) : licensing.state(token);
    if (state.kind === 'unknown') throw denied();
    if (state.kind === 'expired') throw new HttpError(LICENSE_EXPIRED_STATUS, LICENSE_EXPIRED_BODY);
    const row = licensing.touch(state.row);
    setUserCookie(req, res, row.username, clock.now());
    res.json(toLicense(row));
  });

  return router;
}
