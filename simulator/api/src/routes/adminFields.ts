// `admin/databases/{db}/fields[/{id}]` (wire §2.8): GET (an array, also for one id), POST, PUT,
// DELETE (`?Drop=true` for a field holding values). A new field is a column of the database's
// document table at once (decision 002) and usable as soon as an archive lists it.
import { callerOf } from '../http/auth';
import { Router } from 'express';
import type { RouteDeps } from '../deps';
import { parseAdminField } from '../http/adminCatalogBodies';
import { notFound } from '../http/errors';
import { intParam, queryBool } from '../http/query';
import { dbAdminOf, dbAdminWriterOf } from '../services/adminRights';
import type { CatalogRules } from '../services/catalogRules';

const missing = (db: number, id: number) => notFound(`Field ${id} was not found in database ${db}.`);

export function createAdminFieldsRouter(deps: RouteDeps, rules: CatalogRules): Router {
  const { auth, repos } = deps;
  const fields = repos.adminFields;
  const router = Router();
  const base = '/admin/databases/:db/fields';

  router.get(base, auth.requireAuth, (req, res) => {
    res.json(fields.all(dbAdminOf(deps, callerOf(res), intParam(req, 'db'))));
  });
  router.get(`${base}/:id`, auth.requireAuth, (req, res) => {
    const db = dbAdminOf(deps, callerOf(res), intParam(req, 'db'));
    const f = fields.byId(db, intParam(req, 'id'));
    if (!f) throw missing(db, intParam(req, 'id'));
    res.json([f]);
  });
  router.post(base, auth.requireAuth, (req, res) => {
    const db = dbAdminWriterOf(deps, callerOf(res), intParam(req, 'db'));
    const f = rules.field(db, parseAdminField(req.body));
    res.json(fields.byId(db, fields.create(db, f)));
  });
  router.put(`${base}/:id`, auth.requireAuth, (req, res) => {
    const db = dbAdminWriterOf(deps, callerOf(res), intParam(req, 'db'));
    const id = intParam(req, 'id');
    const existing = fields.byId(db, id);
    if (!existing) throw missing(db, id);
    const f = rules.field(db, { ...parseAdminField(req.body), Id: id }, existing);
    fields.update(db, id, f, f.Type !== existing.Type);
    res.json(fields.byId(db, id));
  });
  router.delete(`${base}/:id`, auth.requireAuth, (req, res) => {
    const db = dbAdminWriterOf(deps, callerOf(res), intParam(req, 'db'));
    const id = intParam(req, 'id');
    const existing = fields.byId(db, id);
    if (!existing) throw missing(db, id);
    rules.fieldDelete(db, existing, queryBool(req, 'Drop') ?? false);
    fields.remove(db, id);
    res.json(true);
  });
  return router;
}
