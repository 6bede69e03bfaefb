// `/config.json` at the host root: the client's runtime configuration. A production build reads
// the same file from its own host, so pointing the client at a real server is a config change.
import { Router } from 'express';
import type { RouteDeps } from '../deps';
import { IIS_HEADERS, JSON_CONTENT_TYPE } from './headers';

export function createConfigRouter(deps: RouteDeps): Router {
  const router = Router();
  router.get('/config.json', (_req, res) => {
    res.set(IIS_HEADERS).set('Content-Type', JSON_CONTENT_TYPE);
    res.json(deps.config.client);
  });
  return router;
}
