// The server-wide administration (issue 12, adm3): inboxes, stamps, registration and SQL
// instances, licence rules and archives' data-exchange sources, under one `api.use`.
import { Router } from 'express';
import type { RouteDeps } from '../../deps';
import { createAdminDxcRouter } from '../../adminCatalog/routes/adminDxc';
import { createAdminInboxesRouter } from '../../inboxes/routes/adminInboxes';
import { createAdminLicenseRulesRouter } from '../../licensing/routes/adminLicenseRules';
import { createAdminRegistrationRouter } from '../../licensing/routes/adminRegistration';
import { createAdminStampsRouter } from '../../viewer/routes/adminStamps';

export function createAdminServerRouter(deps: RouteDeps): Router {
  const router = Router();
  router.use(createAdminInboxesRouter(deps));
  router.use(createAdminStampsRouter(deps));
  router.use(createAdminRegistrationRouter(deps));
  router.use(createAdminLicenseRulesRouter(deps));
  router.use(createAdminDxcRouter(deps));
  return router;
}
