// `admin/registration` GET/POST/PUT and `?features=true`, `admin/instances/default|list`
// (square9api-wire.md §2.8). Registration belongs to the admin group, which here is the
// administrators of all databases (our design); so do the SQL instances, used to make databases.
// POST is web registration, PUT manual registration (licensing/services/registration.ts says how a number
// is checked); both answer the registration as GET does. A wrong body is 400 with a Message.
import { Router } from 'express';
import { z } from 'zod';
import type { AdminRegistration, AdminRegistrationFeatures } from '@gs/contract/admin/server';
import type { RouteDeps } from '../../deps';
import { badRequest } from '../../domain/errors';
import { allReader, allWriter } from '../../http/adminPolicies';
import { route } from '../../http/route';
import { bodyOf, boolValue, trimmed } from '../../lib/zodInput';
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

  router.get(
    '/admin/registration',
    ...route(
      deps,
      { query: z.object({ features: boolValue('features', false) }), policy: allReader },
      (_c, { query: q }) => {
        if (!q.features) return current();
        const features: AdminRegistrationFeatures = Object.fromEntries(
          repo.features().map((f) => [f.code, f.value]),
        );
        return features;
      },
    ),
  );

  router.post(
    '/admin/registration',
    ...route(deps, { body: bodyOf(webBody, EXPECTED), policy: allWriter }, (_c, { body }) => {
      checkUid(body.uniqueid);
      const number = registrationNumber(uid, body.serial);
      repo.transaction(() => repo.setRegistration({ serial: body.serial, number, type: 'Web' }));
      return current();
    }),
  );

  router.put(
    '/admin/registration',
    ...route(deps, { body: bodyOf(manualBody, EXPECTED), policy: allWriter }, (_c, { body }) => {
      checkUid(body.uniqueid);
      const number = registrationNumber(uid, body.serial);
      if (!sameNumber(body.registration, number))
        throw badRequest(
          `Registration '${body.registration}' is not the number of serial '${body.serial}' on this server.`,
        );
      repo.transaction(() => repo.setRegistration({ serial: body.serial, number, type: 'Manual' }));
      return current();
    }),
  );

  router.get('/admin/instances/default', ...route(deps, { policy: allReader }, () => DEFAULT_INSTANCE));

  router.get(
    '/admin/instances/list',
    ...route(deps, { policy: allReader }, () => {
      const servers = repo.servers().filter((s) => s.toLowerCase() !== DEFAULT_INSTANCE.toLowerCase());
      return [DEFAULT_INSTANCE, ...servers];
    }),
  );

  return router;
}
