// `admin/databases/{db}/fields[/{id}]` (wire §2.8): GET (an array, also for one id), POST, PUT,
// DELETE (`?Drop=true` for a field holding values). A new field is a column of the database's
// document table at once (decision 002) and usable as soon as an archive lists it.
import { Router } from 'express';
import { z } from 'zod';
import type { RouteDeps } from '../../deps';
import type { Db } from '../../db/connection';
import { notFound } from '../../domain/errors';
import { parseAdminField } from './adminCatalogBodies';
import { dbReader, dbWriter, inDatabase, inDatabaseWith } from '../../http/adminPolicies';
import { asSent, route } from '../../http/route';
import { boolValue } from '../../lib/zodInput';
import type { CatalogRules } from '../services/catalogRules';

const missing = (db: number, id: number) => notFound(`Field ${id} was not found in database ${db}.`);

export function createAdminFieldsRouter(deps: RouteDeps, rules: CatalogRules, db: Db): Router {
  const { repos } = deps;
  const fields = repos.adminFields;
  const router = Router();
  const base = '/admin/databases/:db/fields';

  const oneField = inDatabaseWith('id');
  // every change is one transaction with its checks (the repository's own nest in it)
  const write = { policy: dbWriter, transaction: db };
  router.get(
    base,
    ...route(deps, { params: inDatabase, policy: dbReader }, (_c, { granted }) => fields.all(granted)),
  );
  router.get(
    `${base}/:id`,
    ...route(deps, { params: oneField, policy: dbReader }, (_c, { params: { id }, granted: dbId }) => {
      const f = fields.byId(dbId, id);
      if (!f) throw missing(dbId, id);
      return [f];
    }),
  );
  router.post(
    base,
    ...route(deps, { params: inDatabase, body: asSent, ...write }, (_c, { body, granted: dbId }) => {
      const f = rules.field(dbId, parseAdminField(body));
      return fields.byId(dbId, fields.create(dbId, f));
    }),
  );
  router.put(
    `${base}/:id`,
    ...route(
      deps,
      { params: oneField, body: asSent, ...write },
      (_c, { params: { id }, body, granted: dbId }) => {
        const existing = fields.byId(dbId, id);
        if (!existing) throw missing(dbId, id);
        const f = rules.field(dbId, { ...parseAdminField(body), Id: id }, existing);
        fields.update(dbId, id, f, f.Type !== existing.Type);
        return fields.byId(dbId, id);
      },
    ),
  );
  router.delete(
    `${base}/:id`,
    ...route(
      deps,
      { params: oneField, query: z.object({ drop: boolValue('Drop', false) }), ...write },
      (_c, { params: { id }, query: { drop }, granted: dbId }) => {
        const existing = fields.byId(dbId, id);
        if (!existing) throw missing(dbId, id);
        rules.fieldDelete(dbId, existing, drop);
        fields.remove(dbId, id);
        return true;
      },
    ),
  );
  return router;
}
