// Launch API: the web client checks that the launch service answers before offering Launch and Email.
import { Router } from 'express';

export function launchRouter(): Router {
  const router = Router();
  router.get('/test', (_req, res) => {
    res.json(true);
  });
  return router;
}
