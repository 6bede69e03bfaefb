// The catalogue part of the admin API (issue 12, adm2): fields, table fields, lists, searches
// under `admin/databases/{db}/...`, for administrators of the database (security/services/adminRights.ts).
import { Router } from 'express';
import type { RouteDeps } from '../../deps';
import type { Db } from '../../db/connection';
import { createCatalogRules } from '../services/catalogRules';
import { createListBindings } from '../../lists/services/listBindings';
import { createAdminFieldsRouter } from './adminFields';
import { createAdminListsRouter } from './adminLists';
import { createAdminSearchesRouter } from './adminSearches';
import { createAdminTableFieldsRouter } from './adminTableFields';

export function createAdminCatalogRouter(deps: RouteDeps, db: Db): Router {
  const rules = createCatalogRules(deps.repos);
  const router = Router();
  router.use(createAdminFieldsRouter(deps, rules, db));
  router.use(createAdminTableFieldsRouter(deps, rules, db));
  router.use(createAdminListsRouter(deps, createListBindings(deps.listQueries)));
  router.use(createAdminSearchesRouter(deps, rules, db));
  return router;
}
