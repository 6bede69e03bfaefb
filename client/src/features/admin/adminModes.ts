// The console's modes (admin-spec §1, §2, §6) and who sees which: pure, so every combination of
// rights is easy to test. The mode and the database live in the address (?mode=&db=&tab=).
import type { AdminFlags } from '../../api/admin';

export const ADMIN_MODES = [
  'DATABASES',
  'ARCHIVES',
  'INBOXES',
  'FIELD_CATALOG',
  'SEARCHES',
  'EMAIL_SETTINGS',
  'STAMPS',
  'REGISTRATION',
  'LICENSE_RULES',
  'DATABASE_IMPORT',
] as const;
export type AdminMode = (typeof ADMIN_MODES)[number];

export const CATALOG_TABS = ['FIELDS', 'TABLE_FIELDS', 'LISTS'] as const;
export type CatalogTab = (typeof CATALOG_TABS)[number];

/** Modes that work inside one database (the database picker shows for them). */
export const DATABASE_MODES: ReadonlySet<AdminMode> = new Set([
  'ARCHIVES',
  'FIELD_CATALOG',
  'SEARCHES',
  'EMAIL_SETTINGS',
]);

/**
 * Databases needs a user-admin security level; inboxes and stamps an administrator of all
 * databases; registration the admin group, and licence rules the licence manager's right (our
 * design: both mean an administrator of all databases, as the header's licence-manager button);
 * the import wizard too, as it creates databases, users and groups (decision 032).
 */
export function visibleModes(flags: AdminFlags): AdminMode[] {
  if (!flags.isAnyDbAdmin) return [];
  return ADMIN_MODES.filter((mode) => {
    switch (mode) {
      case 'DATABASES':
        return flags.isUserAdmin;
      case 'INBOXES':
      case 'STAMPS':
      case 'REGISTRATION':
      case 'LICENSE_RULES':
      case 'DATABASE_IMPORT':
        return flags.isAdminAll;
      default:
        return true;
    }
  });
}

/** The mode of the address when the user may see it, else the first they may (DATABASES first). */
export function resolveMode(requested: string | null, visible: readonly AdminMode[]): AdminMode | null {
  const wanted = (requested ?? '').toUpperCase();
  const found = visible.find((mode) => mode === wanted);
  return found ?? visible[0] ?? null;
}

export function resolveTab(requested: string | null): CatalogTab {
  const wanted = (requested ?? '').toUpperCase();
  return CATALOG_TABS.find((tab) => tab === wanted) ?? 'FIELDS';
}

/** What the floating add button creates in a mode (admin-spec §2): a database or an archive. */
export const addButtonTarget = (mode: AdminMode): 'database' | 'archive' | null =>
  mode === 'DATABASES' ? 'database' : mode === 'ARCHIVES' ? 'archive' : null;
