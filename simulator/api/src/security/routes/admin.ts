// Admin flags the client reads to decide which header buttons to show (spec §6, §7).
import { Router } from 'express';
import { AdminFeature, AdminFunction, SERVER_VERSION } from '@gs/contract/admin';
import type { RouteDeps } from '../../deps';
import type { UserAccess } from '../services/access';
import { badRequest } from '../../domain/errors';
import { queryLookup, route, signedIn } from '../../http/route';
import { lookupAny, parseId, type Lookup } from '../../lib/keys';

const FEATURES: readonly string[] = Object.values(AdminFeature);

export function createAdminRouter(deps: RouteDeps): Router {
  const { repos } = deps;
  const router = Router();

  const isDbAdmin = (q: Lookup, access: UserAccess): boolean => {
    const db = lookupAny(q, ['database', 'db', 'DatabaseId']);
    return db ? access.isDbAdmin(parseId(db.value, db.key)) : access.isAnyDbAdmin();
  };

  const answer = (fn: string, q: Lookup, access: UserAccess): string | boolean => {
    const { user } = access;
    switch (fn.toLowerCase()) {
      case AdminFunction.Version.toLowerCase():
        return SERVER_VERSION;
      case AdminFunction.IsAnyDbAdmin.toLowerCase():
        return access.isAnyDbAdmin();
      case AdminFunction.IsAdminAll.toLowerCase():
        return user.isAdminAll;
      case AdminFunction.IsDbAdmin.toLowerCase():
        return isDbAdmin(q, access);
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

  router.get(
    '/admin',
    ...route(deps, { query: queryLookup, policy: signedIn }, ({ access }, { query: q }) => {
      const fn = q('function');
      if (fn !== undefined) return answer(fn, q, access);
      const feature = q('feature');
      if (feature !== undefined) return featureCount(feature);
      return access.user.name;
    }),
  );

  router.get(
    '/userAdmin/isAdmin',
    ...route(deps, { policy: signedIn }, ({ access: { user } }) => user.isUserAdmin || user.isAdminAll),
  );

  return router;
}
