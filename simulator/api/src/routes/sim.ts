// Test-only endpoints (SIM_TEST_ENDPOINTS=1): take seats away, drop every licence, move the
// clock. Mounted at /__sim only when enabled; otherwise those paths are plain 404s.
import { Router } from 'express';
import { z } from 'zod';
import type { SimClearLicensesResponse, SimClockResponse, SimSeatsRequest } from '@gs/contract/sim';
import { LicenseType } from '@gs/contract/flags';
import type { RouteDeps } from '../deps';
import { badRequest } from '../http/errors';
import { lowerKeys } from '../http/query';
import { isAdjustable } from '../testClock';

const seatsBody = z.object({
  type: z.union([
    z.literal(LicenseType.Full),
    z.literal(LicenseType.WebEdit),
    z.literal(LicenseType.ReadOnly),
  ]),
  seats: z.number().int().min(0),
});
const clockBody = z.object({ advancems: z.number().int().min(0) });

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(lowerKeys(body ?? {}));
  if (!result.success) throw badRequest(z.prettifyError(result.error));
  return result.data;
}

export function createSimRouter(deps: RouteDeps): Router {
  const { repos, licensing, clock } = deps;
  const router = Router();

  router.post('/seats', (req, res) => {
    const { type, seats } = parse(seatsBody, req.body);
    repos.licenses.transaction(() => repos.licenses.setSeats(type, seats));
    const body: SimSeatsRequest = { Type: type, Seats: seats };
    res.json(body);
  });

  router.post('/licenses/clear', (_req, res) => {
    const body: SimClearLicensesResponse = { Released: licensing.revokeAllBut('', true) };
    res.json(body);
  });

  router.post('/clock', (req, res) => {
    const { advancems } = parse(clockBody, req.body);
    if (!isAdjustable(clock)) throw badRequest('This server runs on a fixed clock.');
    clock.advance(advancems);
    const body: SimClockResponse = { now: clock.now() };
    res.json(body);
  });

  return router;
}
