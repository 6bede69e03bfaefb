// The license manager of administrators of all databases: list live licences (a License per
// token), revoke a user's seat (every token of the user holding `userToken`) or every seat but the
// administrator's own (decision 056).
import { Router } from 'express';
import type { RouteDeps } from '../../deps';
import { badRequest, forbidden, notFound } from '../../domain/errors';
import { present, queryLookup, route, type Policy } from '../../http/route';
import { parseBool } from '../../lib/keys';
import { toLicense } from '../services/licensing';
import { licenseNotFound } from './licenses';

export const LICENSE_MANAGER_FORBIDDEN = 'Only administrators of all databases may use the license manager.';

/** An administrator of every database. */
const managerAdmin: Policy<unknown> = ({ caller }) => {
  if (!caller.user.isAdminAll) throw forbidden(LICENSE_MANAGER_FORBIDDEN);
};

export function createLicenseManagerRouter(deps: RouteDeps): Router {
  const { licensing } = deps;
  const router = Router();

  router.get(
    '/LicenseManager',
    ...route(deps, { policy: managerAdmin }, () => licensing.allLive().map(toLicense)),
  );

  router.delete(
    '/LicenseManager',
    ...route(deps, { query: queryLookup, policy: managerAdmin }, ({ caller }, { query: q }) => {
      const flag = (key: string): boolean | undefined => {
        const raw = q(key);
        return raw === undefined ? undefined : parseBool(raw, key);
      };
      const forceLogout = flag('forceLogout') ?? false;
      const token = q('userToken')?.trim();
      if (token) {
        if (!licensing.revoke(token, forceLogout)) throw notFound(licenseNotFound(token));
      } else if (flag('All')) {
        // the administrator's own seat survives "release all", or the manager would sign itself out
        licensing.revokeAllBut(caller.license ? caller.user.id : null, forceLogout);
      } else {
        throw badRequest(`Either 'userToken' or 'All=true' is required.`);
      }
      // an empty 200, as the real server's
      return present((_req, res) => {
        res.removeHeader('Content-Type');
        res.status(200).set('Content-Length', '0').end();
      });
    }),
  );

  return router;
}
