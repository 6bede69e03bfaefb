// `admin/databases/{db}/tablefields[/{id}]` (wire §2.8): GET (one object for an id), POST, PUT,
// DELETE. Members must be plain fields and there must be at least one ('Can not have less than 1 Row.').
import { callerOf } from '../http/auth';
import { Router } from 'express';
import type { RouteDeps } from '../deps';
import { parseAdminTableField } from '../http/adminCatalogBodies';
import { notFound } from '../http/errors';
import { intParam } from '../http/query';
import { dbAdminOf, dbAdminWriterOf } from '../services/adminRights';
import type { CatalogRules } from '../services/catalogRules';

const missing = (db: number, id: number) => notFound(`Table field ${id} was not found in database ${db}.`);

export function createAdminTableFieldsRouter(deps: RouteDeps, rules: CatalogRules): Router {
  const { auth, repos } = deps;
  const tables = repos.adminTableFields;
  const router = Router();
  const base = '/admin/databases/:db/tablefields';

  router.get(base, auth.requireAuth, (req, res) => {
    res.json(tables.all(dbAdminOf(deps, callerOf(res), intParam(req, 'db'))));
  });
  router.get(`${base}/:id`, auth.requireAuth, (req, res) => {
    const db = dbAdminOf(deps, callerOf(res), intParam(req, 'db'));
    const t = tables.byId(db, intParam(req, 'id'));
    if (!t) throw missing(db, intParam(req, 'id'));
    res.json(t);
  });
  router.post(base, auth.requireAuth, (req, res) => {
    const db = dbAdminWriterOf(deps, callerOf(res), intParam(req, 'db'));
    const t = rules.tableField(db, parseAdminTableField(req.body));
    res.json(tables.byId(db, tables.create(db, t)));
  });
  router.put(`${base}/:id`, auth.requireAuth, (req, res) => {
    const db = dbAdminWriterOf(deps, callerOf(res), intParam(req, 'db'));
    const id = intParam(req, 'id');
    if (!tables.byId(db, id)) throw missing(db, id);
    tables.update(db, id, rules.tableField(db, { ...parseAdminTableField(req.body), Id: id }, id));
    res.json(tables.byId(db, id));
  });
  router.delete(`${base}/:id`, auth.requireAuth, (req, res) => {
    const db = dbAdminWriterOf(deps, callerOf(res), intParam(req, 'db'));
    const id = intParam(req, 'id');
    const existing = tables.byId(db, id);
    if (!existing) throw missing(db, id);
    tables.remove(db, id);
    res.json(true);
  });
  return router;
}
