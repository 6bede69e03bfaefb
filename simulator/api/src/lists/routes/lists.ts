// `dbs/{db}/lists/{id}`: a list's items in order; a bound list's come from its binding
// (lists/services/listBindings.ts: a [SQL] list runs its query, a [MONGODB] list is refused).
import { Router } from 'express';
import { z } from 'zod';
import type { RouteDeps } from '../../deps';
import { notFound } from '../../domain/errors';
import { route, signedIn } from '../../http/route';
import { int32Value } from '../../lib/zodInput';
import { messages } from '../../security/services/access';
import { createListBindings } from '../services/listBindings';

const params = z.object({ db: int32Value('db'), list: int32Value('list') });

export function createListsRouter(deps: RouteDeps): Router {
  const router = Router();
  const bindings = createListBindings(deps.listQueries);
  router.get(
    '/dbs/:db/lists/:list',
    ...route(deps, { params, policy: signedIn }, async ({ access }, { params: p }) => {
      const db = access.database(p.db).Id;
      const list = deps.repos.adminLists.byId(db, p.list);
      if (!list) throw notFound(messages.list(db, p.list));
      return { ID: list.Id, Name: list.Name, Items: await bindings.items(db, list) };
    }),
  );
  return router;
}
