// The license manager of administrators of all databases: list live licences (a License per
// token), revoke a user's seat (every token of the user holding `userToken`) or every seat but the
// administrator's own (decision 056).
import { Router, type Request, type Response } from 'express';
import type { RouteDeps } from '../deps';
import type { Caller } from '../http/auth';
import { badRequest, forbidden, notFound } from '../http/errors';
import { query, queryBool } from '../http/query';
import { toLicense } from '../services/licensing';
import { licenseNotFound } from './licenses';

export const LICENSE_MANAGER_FORBIDDEN = 'Only administrators of all databases may use the license manager.';

export function createLicenseManagerRouter(deps: RouteDeps): Router {
  const { auth, licensing } = deps;
  const router = Router();

  const admin = (req: Request, res: Response): Caller => {
    const caller = auth.authenticate(req, res);
    if (!caller.user.isAdminAll) throw forbidden(LICENSE_MANAGER_FORBIDDEN);
    return caller;
  };

  router.get('/LicenseManager', (req, res) => {
    admin(req, res);
    res.json(licensing.allLive().map(toLicense));
  });

  router.delete('/LicenseManager', (req, res) => {
    const caller = admin(req, res);
    const forceLogout = queryBool(req, 'forceLogout') ?? false;
    const token = query(req, 'userToken')?.trim();
    if (token) {
      if (!licensing.revoke(token, forceLogout)) throw notFound(licenseNotFound(token));
    } else if (queryBool(req, 'All')) {
      // the administrator's own seat survives "release all", or the manager would sign itself out
      licensing.revokeAllBut(caller.license ? caller.user.id : null, forceLogout);
    } else {
      throw badRequest(`Either 'userToken' or 'All=true' is required.`);
    }
    res.removeHeader('Content-Type');
    res.status(200).set('Content-Length', '0').end();
  });

  return router;
}
