// Licences: obtain (Basic), renew (Token, the web client's 3 s keep-alive), validate, release,
// and `authorize?token=`. See docs in licensing/services/licensing.ts for the seat policy.
// They are the authentication itself, so they run on route()'s anonymous policy and read the
// call's credentials; only `licenses?User=` (a user's licence type) is asked as a signed-in caller.
import { Router } from 'express';
import { z } from 'zod';
import {
  ALL_LICENSES_IN_USE,
  ALL_LICENSES_IN_USE_STATUS,
  TOKEN_COOKIE,
  TOKEN_RESPONSE_HEADER,
} from '@gs/contract/licenses';
import { LICENSE_EXPIRED_BODY, LICENSE_EXPIRED_STATUS } from '@gs/contract/licenses';
import type { RouteDeps } from '../../deps';
import type { LicenseRow } from '../repos/licensesRepo';
import { clearTokenCookie, setTokenCookie, setUserCookie } from '../../http/cookies';
import { denied, HttpError, notFound } from '../../http/errors';
import {
  anonymous,
  present,
  queryLookup,
  route,
  signedIn,
  withStatus,
  type AnonymousContext,
  type Presenter,
} from '../../http/route';
import { toLicense } from '../services/licensing';

export const licenseNotFound = (token: string): string => `License '${token}' was not found.`;

const tokenPath = z.object({ token: z.string() });

export function createLicensesRouter(deps: RouteDeps): Router {
  const { licensing, repos, clock } = deps;
  const router = Router();

  /** The licence with its token in the SS-Token header and both cookies. */
  const licenseAnswer = (row: LicenseRow): Presenter => {
    const now = clock.now();
    return present((req, res) => {
      res.set(TOKEN_RESPONSE_HEADER, row.token);
      setTokenCookie(req, res, row.token);
      setUserCookie(req, res, row.username, now);
      res.json(toLicense(row));
    });
  };
  const allInUse = (): Presenter => withStatus(ALL_LICENSES_IN_USE_STATUS, ALL_LICENSES_IN_USE);

  /**
   * Obtain or renew. A token given explicitly (or, without Basic, in the cookie) is renewed while
   * live. One deactivated by the licence manager (GS 6.1) is reactivated by its keep-alive: the
   * same token, when its user holds a seat or one is free. One expired by the idle
   * timeout is not: coming back takes the password (Basic), as an unknown token does (decision 013).
   */
  const obtain = (ctx: AnonymousContext): Presenter => {
    const basic = ctx.basicUser();
    // with Basic, a stale cookie of an earlier sign-in must not turn this into a renewal
    const token = ctx.token(!basic);
    if (token !== undefined) {
      const state = licensing.state(token);
      if (state.kind === 'live' && (!basic || basic.id === state.row.userId))
        return licenseAnswer(licensing.touch(state.row));
      if (state.kind === 'expired' && !basic) {
        if (state.idle) throw new HttpError(LICENSE_EXPIRED_STATUS, LICENSE_EXPIRED_BODY);
        const reactivated = licensing.reactivate(state.row, deps.auth.licenseUser(state.row));
        return reactivated ? licenseAnswer(reactivated) : allInUse();
      }
    }
    if (!basic) throw denied();
    // every sign-in is a token of its own; the user's seat is one however many they hold (056)
    const row = licensing.obtain(basic, ctx.ip);
    return row ? licenseAnswer(row) : allInUse();
  };

  // GET licenses answers four questions by its query, asked in this order: `validate=` (is this
  // token live), `checkRestricted` (never: the simulator issues no restricted tokens, spec §6),
  // `DatabaseName=&User=` (the named user's licence type, as a bare int, to a signed-in caller),
  // and with none of them, obtain or renew
  router.get(
    '/licenses',
    ...route(
      deps,
      { policy: anonymous, query: queryLookup, match: (q) => q('validate') !== undefined },
      (_ctx, { query }) => licensing.state((query('validate') ?? '').trim()).kind === 'live',
    ),
  );
  router.get(
    '/licenses',
    ...route(deps, { policy: anonymous, match: (q) => q('checkRestricted') !== undefined }, () => false),
  );
  router.get(
    '/licenses',
    ...route(
      deps,
      {
        policy: signedIn,
        query: queryLookup,
        match: (q) => q('DatabaseName') !== undefined || q('User') !== undefined,
      },
      (_ctx, { query }) => {
        const login = query('User') ?? '';
        const user = repos.users.findByName(login.slice(login.indexOf('\\') + 1));
        if (!user) throw notFound(`User '${login}' was not found.`);
        return user.licenseType;
      },
    ),
  );
  router.get('/licenses', ...route(deps, { policy: anonymous }, obtain));

  // Holding the token is the authority to release it: a client logging out after its licence
  // expired must still be able to return it. Only that token ends; the user's other sign-ins go on.
  // Releasing a token the server no longer holds (released before, or by the licence manager) is
  // the same empty 200: a release is done either way, and parallel clients release at the end (056).
  const release = route(deps, { policy: anonymous, params: tokenPath }, (ctx, { params }) => {
    const token = params.token.trim();
    licensing.release(token);
    const ownCookie = ctx.cookie(TOKEN_COOKIE) === token;
    return present((req, res) => {
      if (ownCookie) clearTokenCookie(req, res);
      res.removeHeader('Content-Type');
      res.status(200).set('Content-Length', '0').end();
    });
  });
  router.get('/licenses/:token', ...release);
  router.delete('/licenses/:token', ...release);

  router.get(
    '/authorize',
    ...route(deps, { policy: anonymous, query: queryLookup }, (ctx, { query }) => {
      const token = query('token')?.trim() || ctx.token();
      const state = token === undefined ? ({ kind: 'unknown' } as const) : licensing.state(token);
      if (state.kind === 'unknown') throw denied();
      if (state.kind === 'expired') throw new HttpError(LICENSE_EXPIRED_STATUS, LICENSE_EXPIRED_BODY);
      const row = licensing.touch(state.row);
      const now = clock.now();
      return present((req, res) => {
        setUserCookie(req, res, row.username, now);
        res.json(toLicense(row));
      });
    }),
  );

  return router;
}
