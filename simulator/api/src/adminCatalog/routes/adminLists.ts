// `admin/databases/{db}/lists[/{id}]` (wire §2.8): GET (one object for an id), POST, PUT, DELETE;
// `PUT admin/databases/{db}/lists` with a list body answers it with the values its binding loads
// (lists/services/listBindings.ts), saving nothing. Empty values are dropped; a list in use stays.
import { Router } from 'express';
import type { AdminList } from '@gs/contract/admin/catalog';
import type { RouteDeps } from '../../deps';
import { parseAdminList } from './adminCatalogBodies';
import { badRequest, notFound } from '../../domain/errors';
import { dbReader, dbWriter, inDatabase, inDatabaseWith } from '../../http/adminPolicies';
import { asSent, route } from '../../http/route';
import { conflict } from '../services/catalogRules';
import type { ListBindings } from '../../lists/services/listBindings';

const missing = (db: number, id: number) => notFound(`List ${id} was not found in database ${db}.`);

export function createAdminListsRouter(deps: RouteDeps, bindings: ListBindings): Router {
  const { repos } = deps;
  const lists = repos.adminLists;
  const router = Router();
  const base = '/admin/databases/:db/lists';

  const named = (db: number, l: AdminList, selfId: number): void => {
    if (l.Name === '') throw badRequest('A list needs a name.');
    if (lists.nameTaken(db, l.Name, selfId)) throw badRequest(`A list named '${l.Name}' already exists.`);
  };
  /** the list, once its name and binding are good; the name again after the query (it takes time) */
  const checked = async (db: number, l: AdminList, selfId = 0): Promise<AdminList> => {
    named(db, l, selfId);
    await bindings.check(db, l);
    named(db, l, selfId);
    return l;
  };

  const oneList = inDatabaseWith('id');
  router.get(
    base,
    ...route(deps, { params: inDatabase, policy: dbReader }, (_c, { granted: db }) => lists.all(db)),
  );
  router.get(
    `${base}/:id`,
    ...route(deps, { params: oneList, policy: dbReader }, (_c, { params: p, granted: db }) => {
      const l = lists.byId(db, p.id);
      if (!l) throw missing(db, p.id);
      return l;
    }),
  );
  router.post(
    base,
    ...route(
      deps,
      { params: inDatabase, body: asSent, policy: dbWriter },
      async (_c, { body, granted: db }) => {
        const l = await checked(db, parseAdminList(body));
        return lists.byId(db, lists.create(db, l));
      },
    ),
  );
  // our design: loading reads, but it is the admin's test of a binding, so it needs the writer's rights
  router.put(
    base,
    ...route(
      deps,
      { params: inDatabase, body: asSent, policy: dbWriter },
      async (_c, { body, granted: db }) => {
        const l = parseAdminList(body);
        return { ...l, Values: await bindings.items(db, l) };
      },
    ),
  );
  router.put(
    `${base}/:id`,
    ...route(
      deps,
      { params: oneList, body: asSent, policy: dbWriter },
      async (_c, { params: { id }, body, granted: db }) => {
        if (!lists.byId(db, id)) throw missing(db, id);
        const l = await checked(db, { ...parseAdminList(body), Id: id }, id);
        // the list may have gone while its query ran
        if (!lists.byId(db, id)) throw missing(db, id);
        lists.update(db, id, l);
        return lists.byId(db, id);
      },
    ),
  );
  router.delete(
    `${base}/:id`,
    ...route(deps, { params: oneList, policy: dbWriter }, (_c, { params: { id }, granted: db }) => {
      const existing = lists.byId(db, id);
      if (!existing) throw missing(db, id);
      const users = lists.usedBy(id);
      if (users.length > 0) throw conflict(`List '${existing.Name}' is used by '${users.join("', '")}'.`);
      lists.remove(db, id);
      return true;
    }),
  );
  return router;
}
