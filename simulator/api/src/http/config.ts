// `/config.json` at the host root: the client's runtime configuration. A production build reads
// the same file from its own host, so pointing the client at a real server is a config change.
// Anonymous (route()'s `anonymous` policy), with the IIS headers of a static file.
import { Router } from 'express';
import type { RouteDeps } from '../deps';
import { IIS_HEADERS, JSON_CONTENT_TYPE } from './headers';
import { anonymous, present, route } from './route';

export function createConfigRouter(deps: RouteDeps): Router {
  const router = Router();
  router.get(
    '/config.json',
    ...route(deps, { policy: anonymous }, () =>
      present((_req, res) => {
        res.set(IIS_HEADERS).set('Content-Type', JSON_CONTENT_TYPE);
        res.json(deps.config.client);
      }),
    ),
  );
  return router;
}
