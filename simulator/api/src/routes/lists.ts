// `dbs/{db}/lists/{id}`: a static list's items in order.
import { Router } from 'express';
import { accessOf, type RouteDeps } from '../deps';
import { notFound } from '../http/errors';
import { intParam } from '../http/query';
import { messages } from '../services/access';

export function createListsRouter(deps: RouteDeps): Router {
  const router = Router();
  router.get('/dbs/:db/lists/:list', deps.auth.requireAuth, (req, res) => {
    const db = accessOf(deps, res).database(intParam(req, 'db')).Id;
    const listId = intParam(req, 'list');
    const list = deps.repos.lists.get(db, listId);
    if (!list) throw notFound(messages.list(db, listId));
    res.json(list);
  });
  return router;
}
