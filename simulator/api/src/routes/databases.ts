// `dbs` and `dbs/{db}`: the databases the caller may use.
import { Router } from 'express';
import type { DatabasesResponse } from '@gs/contract/databases';
import { accessOf, type RouteDeps } from '../deps';
import { intParam } from '../http/query';

export function createDatabasesRouter(deps: RouteDeps): Router {
  const router = Router();
  router.get('/dbs', deps.auth.requireAuth, (_req, res) => {
    const body: DatabasesResponse = { Databases: accessOf(deps, res).visibleDatabases() };
    res.json(body);
  });
  router.get('/dbs/:db', deps.auth.requireAuth, (req, res) => {
    const body: DatabasesResponse = { Databases: [accessOf(deps, res).database(intParam(req, 'db'))] };
    res.json(body);
  });
  return router;
}
