// The repos of the server-wide administration (issue 12, adm3), made once per app.
import type { Db } from './connection';
import { createAdminInboxesRepo } from './adminInboxesRepo';
import { createDxcRepo } from './dxcRepo';
import { createLicenseRulesRepo } from './licenseRulesRepo';
import { createServerInfoRepo } from './serverInfoRepo';
import { createStampsRepo } from './stampsRepo';

export function createAdminServerRepos(db: Db) {
  return {
    inboxes: createAdminInboxesRepo(db),
    stamps: createStampsRepo(db),
    licenseRules: createLicenseRulesRepo(db),
    dxc: createDxcRepo(db),
    serverInfo: createServerInfoRepo(db),
  };
}
export type AdminServerRepos = ReturnType<typeof createAdminServerRepos>;
