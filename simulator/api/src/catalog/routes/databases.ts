// `dbs` and `dbs/{db}`: the databases the caller may use.
import { Router } from 'express';
import { z } from 'zod';
import type { DatabasesResponse } from '@gs/contract/databases';
import type { RouteDeps } from '../../deps';
import { route, signedIn } from '../../http/route';
import { int32Value } from '../../lib/zodInput';

const params = z.object({ db: int32Value('db') });

export function createDatabasesRouter(deps: RouteDeps): Router {
  const router = Router();
  router.get(
    '/dbs',
    ...route(deps, { policy: signedIn }, ({ access }): DatabasesResponse => ({
      Databases: access.visibleDatabases(),
    })),
  );
  router.get(
    '/dbs/:db',
    ...route(deps, { params, policy: signedIn }, ({ access }, { params: p }): DatabasesResponse => ({
      Databases: [access.database(p.db)],
    })),
  );
  return router;
}
