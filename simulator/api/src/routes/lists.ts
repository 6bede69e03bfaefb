// `dbs/{db}/lists/{id}`: a list's items in order; a bound list's come from its binding
// (services/listBindings.ts: a [SQL] list runs its query, a [MONGODB] list is refused).
import { Router } from 'express';
import { accessOf, type RouteDeps } from '../deps';
import { notFound } from '../http/errors';
import { intParam } from '../http/query';
import { messages } from '../services/access';
import { createListBindings } from '../services/listBindings';

export function createListsRouter(deps: RouteDeps): Router {
  const router = Router();
  const bindings = createListBindings(deps.listQueries);
  router.get('/dbs/:db/lists/:list', deps.auth.requireAuth, async (req, res) => {
    const db = accessOf(deps, res).database(intParam(req, 'db')).Id;
    const listId = intParam(req, 'list');
    const list = deps.repos.adminLists.byId(db, listId);
    if (!list) throw notFound(messages.list(db, listId));
    res.json({ ID: list.Id, Name: list.Name, Items: await bindings.items(db, list) });
  });
  return router;
}
