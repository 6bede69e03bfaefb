// `admin/registration` GET/POST/PUT and `?features=true`, `admin/instances/default|list`
// (square9api-wire.md §2.8). Registration belongs to the admin group, which here is the
// administrators of all databases (our design); so do the SQL instances, used to make databases.
// POST is web registration, PUT manual registration (services/registration.ts says how a number
// is checked); both answer the registration as GET does. A wrong body is 400 with a Message.
import { callerOf } from '../http/auth';
import { Router, type Request } from 'express';
import { z } from 'zod';
import type { AdminRegistration, AdminRegistrationFeatures } from '@gs/contract/admin/server';
import type { RouteDeps } from '../deps';
import { badRequest } from '../http/errors';
import { queryBool } from '../http/query';
import { parseBody, trimmed } from '../lib/zodInput';
import { requireAdminAll } from '../services/adminRights';
import { PRODUCT, registrationNumber, sameNumber, serverUid, UNREGISTERED } from '../services/registration';

/** The default SQL instance: where databases go unless one names another (databases.server). */
export const DEFAULT_INSTANCE = '(local)';

const serial = trimmed.pipe(
  z.string().regex(/^[A-Za-z0-9][A-Za-z0-9-]{3,63}$/, 'Serial must be 4 to 64 letters, digits or dashes.'),
);
const webBody = z.object({ uniqueid: trimmed.optional(), serial, registration: trimmed.optional() });
const manualBody = z.object({
  uniqueid: trimmed.pipe(z.string().min(1, 'UniqueId is required.')),
  serial,
  registration: trimmed.pipe(z.string().min(1, 'Registration is required.')),
});
const EXPECTED = '{UniqueId, Serial, Registration}';

export function createAdminRegistrationRouter(deps: RouteDeps): Router {
  const repo = deps.repos.adminServer.serverInfo;
  const uid = serverUid(deps.secret);
  const router = Router();

  const current = (): AdminRegistration => {
    const r = repo.registration();
    return {
      Product: PRODUCT,
      RegNumber: r.number,
      RegType: r.type || UNREGISTERED,
      Serial: r.serial,
      UID: uid,
    };
  };
  const checkUid = (given: string | undefined): void => {
    if (given && given.toUpperCase() !== uid)
      throw badRequest(`UniqueId '${given}' is not this server's unique id.`);
  };

  router.get('/admin/registration', deps.auth.requireAuth, (req: Request, res) => {
    requireAdminAll(deps, callerOf(res), false);
    if (queryBool(req, 'features')) {
      const features: AdminRegistrationFeatures = Object.fromEntries(
        repo.features().map((f) => [f.code, f.value]),
      );
      return void res.json(features);
    }
    res.json(current());
  });

  router.post('/admin/registration', deps.auth.requireAuth, (req, res) => {
    requireAdminAll(deps, callerOf(res), true);
    const body = parseBody(webBody, req.body, EXPECTED);
    checkUid(body.uniqueid);
    const number = registrationNumber(uid, body.serial);
    repo.transaction(() => repo.setRegistration({ serial: body.serial, number, type: 'Web' }));
    res.json(current());
  });

  router.put('/admin/registration', deps.auth.requireAuth, (req, res) => {
    requireAdminAll(deps, callerOf(res), true);
    const body = parseBody(manualBody, req.body, EXPECTED);
    checkUid(body.uniqueid);
    const number = registrationNumber(uid, body.serial);
    if (!sameNumber(body.registration, number))
      throw badRequest(
        `Registration '${body.registration}' is not the number of serial '${body.serial}' on this server.`,
      );
    repo.transaction(() => repo.setRegistration({ serial: body.serial, number, type: 'Manual' }));
    res.json(current());
  });

  router.get('/admin/instances/default', deps.auth.requireAuth, (_req, res) => {
    requireAdminAll(deps, callerOf(res), false);
    res.json(DEFAULT_INSTANCE);
  });

  router.get('/admin/instances/list', deps.auth.requireAuth, (_req, res) => {
    requireAdminAll(deps, callerOf(res), false);
    const servers = repo.servers().filter((s) => s.toLowerCase() !== DEFAULT_INSTANCE.toLowerCase());
    res.json([DEFAULT_INSTANCE, ...servers]);
  });

  return router;
}
