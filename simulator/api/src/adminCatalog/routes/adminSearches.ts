// `admin/databases/{db}/searches[/{id}]` (wire §2.8): GET (an array, also for one id), POST, PUT,
// DELETE. A saved search is what `dbs/{db}/searches` offers at once (GrantAll: to everyone who
// sees the database; otherwise to those granted it in user security). Written on route()
// (decision 063): the policy is the database's administration, each change one transaction.
import { Router } from 'express';
import { z } from 'zod';
import type { RouteDeps } from '../../deps';
import type { Db } from '../../db/connection';
import { notFound } from '../../domain/errors';
import { parseAdminSearch } from './adminCatalogBodies';
import { route, type Policy } from '../../http/route';
import { int32Value } from '../../lib/zodInput';
import { dbAdminOf, dbAdminWriterOf } from '../../security/services/adminRights';
import type { CatalogRules } from '../services/catalogRules';

const missing = (db: number, id: number) => notFound(`Search ${id} was not found in database ${db}.`);

const inDb = z.object({ db: int32Value('db') });
const oneSearch = z.object({ db: int32Value('db'), id: int32Value('id') });
type InDb = z.output<typeof inDb>;

/** An administrator of the database (403), which exists (404); a change needs a licence that writes. */
const reader: Policy<InDb> = ({ deps, caller }, p) => void dbAdminOf(deps, caller, p.db);
const writer: Policy<InDb> = ({ deps, caller }, p) => void dbAdminWriterOf(deps, caller, p.db);

export function createAdminSearchesRouter(deps: RouteDeps, rules: CatalogRules, db: Db): Router {
  const searches = deps.repos.adminSearches;
  const router = Router();
  const base = '/admin/databases/:db/searches';

  router.get(
    base,
    ...route(deps, { params: inDb, policy: reader }, (_c, { params: p }) => searches.all(p.db)),
  );
  router.get(
    `${base}/:id`,
    ...route(deps, { params: oneSearch, policy: reader }, (_c, { params: p }) => {
      const s = searches.byId(p.db, p.id);
      if (!s) throw missing(p.db, p.id);
      return [s];
    }),
  );
  router.post(
    base,
    ...route(
      deps,
      { params: inDb, body: parseAdminSearch, policy: writer, transaction: db },
      (_c, { params: p, body }) => searches.byId(p.db, searches.create(p.db, rules.search(p.db, body))),
    ),
  );
  // the body is read once the search is found, as the route always did
  const asSent = (raw: unknown): unknown => raw;
  router.put(
    `${base}/:id`,
    ...route(
      deps,
      { params: oneSearch, body: asSent, policy: writer, transaction: db },
      (_c, { params: p, body }) => {
        if (!searches.byId(p.db, p.id)) throw missing(p.db, p.id);
        searches.update(p.db, p.id, rules.search(p.db, { ...parseAdminSearch(body), Id: p.id }));
        return searches.byId(p.db, p.id);
      },
    ),
  );
  router.delete(
    `${base}/:id`,
    ...route(deps, { params: oneSearch, policy: writer, transaction: db }, (_c, { params: p }) => {
      if (!searches.byId(p.db, p.id)) throw missing(p.db, p.id);
      searches.remove(p.db, p.id);
      return true;
    }),
  );
  return router;
}
