// Which header buttons a user sees (spec §2, §6; admin spec §6): admin flags decide, the
// config's hide flags take away. Pure, so every combination is easy to test.
import type { ClientConfig } from '@gs/contract/config';
import type { AdminFlags } from '../../api/admin';
import { routes, wizardPath } from '../../app/paths';
import type { IconName } from '../../components/Icon';

export type HeaderButtonId =
  | 'fullAdmin'
  | 'licenseManager'
  | 'userAdmin'
  | 'batchAdmin'
  | 'flowAdmin'
  | 'captureAdmin'
  | 'wizard'
  | 'databaseSelect'
  | 'analytics';

export interface HeaderButtonDef {
  id: HeaderButtonId;
  testId: string;
  icon: IconName;
  /** an app route */
  target: string;
}

/** In display order. */
export const HEADER_BUTTONS: readonly HeaderButtonDef[] = [
  { id: 'fullAdmin', testId: 'header-full-admin', icon: 'admin', target: routes.fullAdmin },
  { id: 'licenseManager', testId: 'header-license-manager', icon: 'key', target: routes.licenseManager },
  { id: 'userAdmin', testId: 'header-user-admin', icon: 'users', target: routes.userAdmin },
  { id: 'batchAdmin', testId: 'header-batch-admin', icon: 'batch', target: routes.batchAdmin },
  { id: 'flowAdmin', testId: 'header-flow-admin', icon: 'flow', target: routes.flows },
  // capture administration is the batch portal administration here: the capture base answers no
  // page of its own (issue 27, 7)
  { id: 'captureAdmin', testId: 'header-capture-admin', icon: 'capture', target: routes.batchAdmin },
  { id: 'wizard', testId: 'header-wizard', icon: 'wizard', target: wizardPath },
  { id: 'databaseSelect', testId: 'header-database-select', icon: 'database', target: routes.select },
  // our /analytics (decision 039), for every user unless config.json hides it
  { id: 'analytics', testId: 'header-analytics', icon: 'chart', target: routes.analytics },
];

export interface HeaderButtonsInput {
  flags: AdminFlags;
  hide: ClientConfig['hide'];
  databaseCount: number;
}

export function visibleHeaderButtons({
  flags,
  hide,
  databaseCount,
}: HeaderButtonsInput): Set<HeaderButtonId> {
  const shown = new Set<HeaderButtonId>();
  if (!hide.adminMenu) {
    if (flags.isAnyDbAdmin) shown.add('fullAdmin');
    if (flags.isAdminAll) shown.add('licenseManager');
    if (flags.isUserAdmin) {
      if (flags.userAdminFeature > 0) shown.add('userAdmin');
      if (!hide.batchPortals) shown.add('batchAdmin');
      if (flags.globalActionFeature > 0 && !hide.globalAction) shown.add('flowAdmin');
      if (!hide.globalCapture && !hide.batchPortals) shown.add('captureAdmin');
      if (!hide.quickStart) shown.add('wizard');
    }
  }
  if (databaseCount > 1) shown.add('databaseSelect');
  if (!hide.analytics) shown.add('analytics');
  return shown;
}
