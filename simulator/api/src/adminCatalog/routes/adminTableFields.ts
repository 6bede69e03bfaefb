// `admin/databases/{db}/tablefields[/{id}]` (wire §2.8): GET (one object for an id), POST, PUT,
// DELETE. Members must be plain fields and there must be at least one ('Can not have less than 1 Row.').
import { Router } from 'express';
import type { RouteDeps } from '../../deps';
import type { Db } from '../../db/connection';
import { notFound } from '../../domain/errors';
import { parseAdminTableField } from './adminCatalogBodies';
import { dbReader, dbWriter, inDatabase, inDatabaseWith } from '../../http/adminPolicies';
import { asSent, route } from '../../http/route';
import type { CatalogRules } from '../services/catalogRules';

const missing = (db: number, id: number) => notFound(`Table field ${id} was not found in database ${db}.`);

export function createAdminTableFieldsRouter(deps: RouteDeps, rules: CatalogRules, db: Db): Router {
  const { repos } = deps;
  const tables = repos.adminTableFields;
  const router = Router();
  const base = '/admin/databases/:db/tablefields';

  const oneTable = inDatabaseWith('id');
  // every change is one transaction with its checks (the repository's own nest in it)
  const write = { policy: dbWriter, transaction: db };
  router.get(
    base,
    ...route(deps, { params: inDatabase, policy: dbReader }, (_c, { granted }) => tables.all(granted)),
  );
  router.get(
    `${base}/:id`,
    ...route(deps, { params: oneTable, policy: dbReader }, (_c, { params: { id }, granted: dbId }) => {
      const t = tables.byId(dbId, id);
      if (!t) throw missing(dbId, id);
      return t;
    }),
  );
  router.post(
    base,
    ...route(deps, { params: inDatabase, body: asSent, ...write }, (_c, { body, granted: dbId }) => {
      const t = rules.tableField(dbId, parseAdminTableField(body));
      return tables.byId(dbId, tables.create(dbId, t));
    }),
  );
  router.put(
    `${base}/:id`,
    ...route(
      deps,
      { params: oneTable, body: asSent, ...write },
      (_c, { params: { id }, body, granted: dbId }) => {
        if (!tables.byId(dbId, id)) throw missing(dbId, id);
        tables.update(dbId, id, rules.tableField(dbId, { ...parseAdminTableField(body), Id: id }, id));
        return tables.byId(dbId, id);
      },
    ),
  );
  router.delete(
    `${base}/:id`,
    ...route(deps, { params: oneTable, ...write }, (_c, { params: { id }, granted: dbId }) => {
      const existing = tables.byId(dbId, id);
      if (!existing) throw missing(dbId, id);
      tables.remove(dbId, id);
      return true;
    }),
  );
  return router;
}
