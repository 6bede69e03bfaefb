// The bulk and export endpoints as one router mounted under the API root ahead of the main API
// router (app.ts): they need the database handle for their one-transaction batches, which the
// other routers do not get. Only their own paths get the API headers and error envelope; their
// bodies are read by the API's front (http/apiFront.ts), after the credentials, with its limits.
import { Router } from 'express';
import type { RouteDeps } from '../../deps';
import type { Db } from '../../db/connection';
import { errorHandler } from '../../http/errors';
import { apiHeaders } from '../../http/headers';
import { createBulkRouter } from './bulk';
import { createExportRouter } from '../../documents/routes/export';

export function createBulkApi(deps: RouteDeps, db: Db): Router {
  const api = Router();
  const own = ['/dbs/:db/bulk', '/dbs/:db/export'];
  api.use(own, apiHeaders(deps.config.corsOrigins));
  api.use(createBulkRouter(deps, db));
  api.use(createExportRouter(deps));
  api.use(own, errorHandler);
  return api;
}
