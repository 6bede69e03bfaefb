// `admin/databases/{db}/searches[/{id}]` (wire §2.8): GET (an array, also for one id), POST, PUT,
// DELETE. A saved search is what `dbs/{db}/searches` offers at once (GrantAll: to everyone who
// sees the database; otherwise to those granted it in user security).
import { callerOf } from '../http/auth';
import { Router } from 'express';
import type { RouteDeps } from '../deps';
import { parseAdminSearch } from '../http/adminCatalogBodies';
import { notFound } from '../http/errors';
import { intParam } from '../http/query';
import { dbAdminOf, dbAdminWriterOf } from '../services/adminRights';
import type { CatalogRules } from '../services/catalogRules';

const missing = (db: number, id: number) => notFound(`Search ${id} was not found in database ${db}.`);

export function createAdminSearchesRouter(deps: RouteDeps, rules: CatalogRules): Router {
  const { auth, repos } = deps;
  const searches = repos.adminSearches;
  const router = Router();
  const base = '/admin/databases/:db/searches';

  router.get(base, auth.requireAuth, (req, res) => {
    res.json(searches.all(dbAdminOf(deps, callerOf(res), intParam(req, 'db'))));
  });
  router.get(`${base}/:id`, auth.requireAuth, (req, res) => {
    const db = dbAdminOf(deps, callerOf(res), intParam(req, 'db'));
    const s = searches.byId(db, intParam(req, 'id'));
    if (!s) throw missing(db, intParam(req, 'id'));
    res.json([s]);
  });
  router.post(base, auth.requireAuth, (req, res) => {
    const db = dbAdminWriterOf(deps, callerOf(res), intParam(req, 'db'));
    const s = rules.search(db, parseAdminSearch(req.body));
    res.json(searches.byId(db, searches.create(db, s)));
  });
  router.put(`${base}/:id`, auth.requireAuth, (req, res) => {
    const db = dbAdminWriterOf(deps, callerOf(res), intParam(req, 'db'));
    const id = intParam(req, 'id');
    if (!searches.byId(db, id)) throw missing(db, id);
    searches.update(db, id, rules.search(db, { ...parseAdminSearch(req.body), Id: id }));
    res.json(searches.byId(db, id));
  });
  router.delete(`${base}/:id`, auth.requireAuth, (req, res) => {
    const db = dbAdminWriterOf(deps, callerOf(res), intParam(req, 'db'));
    const id = intParam(req, 'id');
    const existing = searches.byId(db, id);
    if (!existing) throw missing(db, id);
    searches.remove(db, id);
    res.json(true);
  });
  return router;
}
