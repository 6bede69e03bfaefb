// What /path lists (decision 051): the screens of the spec's route table (§2) this user may open,
// each with its address. The work screens come first; the administration ones follow the header's
// rules (headerButtons.ts) so the page never offers what the header would not. Pure, so every
// combination of rights and hide flags is easy to test.
import type { ClientConfig } from '@gs/contract/config';
import type { AdminFlags } from '../../api/admin';
import { routes, viewPath, wizardPath } from '../../app/paths';
import { visibleHeaderButtons, type HeaderButtonId } from '../header/headerButtons';

export type PathEntryId =
  | 'search'
  | 'select'
  | 'batches'
  | 'flows'
  | 'analytics'
  | 'settings'
  | 'extensions'
  | 'fullAdmin'
  | 'licenseManager'
  | 'userAdmin'
  | 'batchAdmin'
  | 'wizard';

export interface PathEntry {
  id: PathEntryId;
  section: 'work' | 'admin';
  to: string;
}

export interface PathEntriesInput {
  flags: AdminFlags;
  hide: ClientConfig['hide'];
  /** the database the user works in, when known */
  database: number | null;
}

export function pathEntries({ flags, hide, database }: PathEntriesInput): PathEntry[] {
  const work: [PathEntryId, string, boolean][] = [
    ['search', database === null ? '' : viewPath(database), database !== null],
    ['select', routes.select, true],
    ['batches', routes.batchSelect, !hide.batchPortals],
    ['flows', routes.flows, !hide.globalAction],
    ['analytics', routes.analytics, !hide.analytics],
    ['settings', routes.settings, true],
    ['extensions', routes.extensions, !hide.extensions],
  ];
  // the header's own rule for the administration buttons (a database count never hides these)
  const admin = visibleHeaderButtons({ flags, hide, databaseCount: 0 });
  const adminEntries: [PathEntryId & HeaderButtonId, string][] = [
    ['fullAdmin', routes.fullAdmin],
    ['licenseManager', routes.licenseManager],
    ['userAdmin', routes.userAdmin],
    ['batchAdmin', routes.batchAdmin],
    ['wizard', wizardPath],
  ];
  return [
    ...work.filter(([, , shown]) => shown).map(([id, to]) => ({ id, to, section: 'work' as const })),
    ...adminEntries
      .filter(([id]) => admin.has(id))
      .map(([id, to]) => ({ id, to, section: 'admin' as const })),
  ];
}
