// Admin flags the client reads to decide which header buttons to show (spec §6, §7).
import { Router, type Request } from 'express';
import { AdminFeature, AdminFunction, SERVER_VERSION } from '@gs/contract/admin';
import { accessOf, type RouteDeps } from '../deps';
import type { UserAccess } from '../services/access';
import { badRequest } from '../http/errors';
import { parseId, query, queryAny } from '../http/query';

const FEATURES: readonly string[] = Object.values(AdminFeature);

export function createAdminRouter(deps: RouteDeps): Router {
  const { auth, repos } = deps;
  const router = Router();

  const isDbAdmin = (req: Request, access: UserAccess): boolean => {
    const db = queryAny(req, ['database', 'db', 'DatabaseId']);
    return db ? access.isDbAdmin(parseId(db.value, db.key)) : access.isAnyDbAdmin();
  };

  const answer = (fn: string, req: Request, access: UserAccess): string | boolean => {
    const { user } = access;
    switch (fn.toLowerCase()) {
      case AdminFunction.Version.toLowerCase():
        return SERVER_VERSION;
      case AdminFunction.IsAnyDbAdmin.toLowerCase():
        return access.isAnyDbAdmin();
      case AdminFunction.IsAdminAll.toLowerCase():
        return user.isAdminAll;
      case AdminFunction.IsDbAdmin.toLowerCase():
        return isDbAdmin(req, access);
      case AdminFunction.IsS9User.toLowerCase():
        return !user.isExternal && user.domain === '';
      case AdminFunction.IsExternalS9User.toLowerCase():
        return user.isExternal;
      case AdminFunction.User.toLowerCase():
        return user.name;
      default:
        throw badRequest(`Unknown function '${fn}'.`);
    }
  };

  /** Licensed count of a feature (settings `feature.<code>`); unknown or unset features have 0. */
  const featureCount = (code: string): number => {
    const key = code.toLowerCase();
    if (!FEATURES.includes(key)) return 0;
    const n = Number(repos.settings.get(`feature.${key}`));
    return Number.isSafeInteger(n) ? n : 0;
  };

  router.get('/admin', auth.requireAuth, (req, res) => {
    const access = accessOf(deps, res);
    const fn = query(req, 'function');
    if (fn !== undefined) return void res.json(answer(fn, req, access));
    const feature = query(req, 'feature');
    if (feature !== undefined) return void res.json(featureCount(feature));
    res.json(access.user.name);
  });

  router.get('/userAdmin/isAdmin', auth.requireAuth, (_req, res) => {
    const { user } = accessOf(deps, res);
    res.json(user.isUserAdmin || user.isAdminAll);
  });

  return router;
}
