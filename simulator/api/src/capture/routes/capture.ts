// The batch capture API under config.json's captureBase (default /square9capture/; decision 028):
// the same front as the Square9API (headers, credentials before bodies, JSON bodies), the same
// token, then the portal and batch routers. While config.json hides batch portals every call is
// refused with 'Batch portals are hidden.' (spec §8).
import { Router } from 'express';
import { BATCH_PORTALS_HIDDEN } from '@gs/contract/capture';
import type { RouteDeps } from '../../deps';
import { createApiFront } from '../../http/apiFront';
import { apiNotFound, errorHandler, forbidden } from '../../http/errors';
import { createBatchProcessor } from '../services/batchProcessing';
import { createCaptureBatchesRouter } from './captureBatches';
import { createCapturePortalsRouter } from './capturePortals';

/** The path the capture API is mounted at: captureBase's path, without its trailing slash. */
export function captureMount(captureBase: string): string {
  const path = new URL(captureBase, 'http://host/').pathname.replace(/\/+$/, '');
  return path || '/square9capture';
}

export function createCaptureRouter(deps: RouteDeps): Router {
  const router = Router();
  const processor = createBatchProcessor({
    repo: deps.repos.batches,
    clock: deps.clock,
    dataDir: deps.files.dataDir,
    stepMs: deps.config.batchStepMs,
  });
  router.use(createApiFront(deps.auth, deps.config.corsOrigins));
  router.use((_req, _res, next) => {
    if (deps.config.client.hide.batchPortals) throw forbidden(BATCH_PORTALS_HIDDEN);
    next();
  });
  router.use(createCapturePortalsRouter(deps));
  router.use(createCaptureBatchesRouter(deps, processor));
  router.use(apiNotFound);
  router.use(errorHandler);
  return router;
}
