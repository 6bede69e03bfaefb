// The repos of the server-wide administration (issue 12, adm3), made once per app.
import type { Db } from '../../db/connection';
import { createAdminInboxesRepo } from '../../inboxes/repos/adminInboxesRepo';
import { createDxcRepo } from '../../adminCatalog/repos/dxcRepo';
import { createLicenseRulesRepo } from '../../licensing/repos/licenseRulesRepo';
import { createServerInfoRepo } from '../../licensing/repos/serverInfoRepo';
import { createStampsRepo } from '../../viewer/repos/stampsRepo';

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
