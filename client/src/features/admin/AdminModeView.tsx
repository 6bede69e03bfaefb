// The view of the current mode. Database modes wait for a database to be chosen. The import
// wizard is its own chunk, loaded when DATABASE_IMPORT is opened.
import { lazy, Suspense } from 'react';
import type { AdminFlags } from '../../api/admin';
import { DATABASE_MODES, type AdminMode } from './adminModes';
import { ArchivesMode } from './archives/ArchivesMode';
import { DatabasesMode } from './databases/DatabasesMode';
import { FieldCatalogMode } from './fields/FieldCatalogMode';
import { SearchesMode } from './searches/SearchesMode';
import { InboxesMode } from './server/InboxesMode';
import { StampsMode } from './server/StampsMode';
import { LicenseRulesMode } from './server/LicenseRulesMode';
import { RegistrationMode } from './server/RegistrationMode';
import { EmailSettingsMode } from './server/EmailSettingsMode';

const ImportWizard = lazy(() => import('./import/ImportWizard'));

export interface AdminModeViewProps {
  mode: AdminMode;
  db: number | null;
  flags: AdminFlags;
  tab: string | null;
  onTab: (tab: string) => void;
  /** failing to load licence rules goes back to DATABASES (admin-spec §4) */
  onFallback: () => void;
}

export function AdminModeView({ mode, db, flags, tab, onTab, onFallback }: AdminModeViewProps) {
  if (DATABASE_MODES.has(mode) && db === null) return null;
  const database = db ?? 0;
  switch (mode) {
    case 'DATABASES':
      return <DatabasesMode canCreate={flags.isAdminAll} multiDatabase={flags.multiDatabaseFeature > 0} />;
    case 'ARCHIVES':
      return <ArchivesMode key={database} db={database} />;
    case 'FIELD_CATALOG':
      return <FieldCatalogMode key={database} db={database} tab={tab} onTab={onTab} />;
    case 'SEARCHES':
      return <SearchesMode key={database} db={database} />;
    case 'EMAIL_SETTINGS':
      return <EmailSettingsMode key={database} db={database} />;
    case 'INBOXES':
      return <InboxesMode />;
    case 'STAMPS':
      return <StampsMode />;
    case 'REGISTRATION':
      return <RegistrationMode />;
    case 'LICENSE_RULES':
      return <LicenseRulesMode onLoadFailed={onFallback} />;
    case 'DATABASE_IMPORT':
      return (
        <Suspense fallback={null}>
          <ImportWizard />
        </Suspense>
      );
  }
}
