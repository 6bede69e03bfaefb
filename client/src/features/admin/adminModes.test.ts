import { describe, expect, it } from 'vitest';
import { NO_ADMIN_FLAGS } from '../../api/admin';
import { addButtonTarget, resolveMode, resolveTab, visibleModes } from './adminModes';

const flags = (patch: Partial<typeof NO_ADMIN_FLAGS>) => ({ ...NO_ADMIN_FLAGS, ...patch });

describe('admin modes by rights (admin-spec §6)', () => {
  it('gives nothing to a user who administers no database', () => {
    expect(visibleModes(flags({ isAdminAll: true, isUserAdmin: true }))).toEqual([]);
  });
  it('hides Databases without user-admin, and inboxes, stamps, registration, licence rules and the import without admin of all', () => {
    expect(visibleModes(flags({ isAnyDbAdmin: true }))).toEqual([
      'ARCHIVES',
      'FIELD_CATALOG',
      'SEARCHES',
      'EMAIL_SETTINGS',
    ]);
    expect(visibleModes(flags({ isAnyDbAdmin: true, isUserAdmin: true }))[0]).toBe('DATABASES');
    expect(visibleModes(flags({ isAnyDbAdmin: true, isAdminAll: true }))).toEqual([
      'ARCHIVES',
      'INBOXES',
      'FIELD_CATALOG',
      'SEARCHES',
      'EMAIL_SETTINGS',
      'STAMPS',
      'REGISTRATION',
      'LICENSE_RULES',
      'DATABASE_IMPORT',
    ]);
  });
  it('reads the mode and tab from the address, any casing, with defaults', () => {
    const all = visibleModes(flags({ isAnyDbAdmin: true, isAdminAll: true, isUserAdmin: true }));
    expect(resolveMode(null, all)).toBe('DATABASES');
    expect(resolveMode('stamps', all)).toBe('STAMPS');
    expect(resolveMode('database_import', all)).toBe('DATABASE_IMPORT');
    expect(resolveMode('BOGUS', all)).toBe('DATABASES');
    expect(resolveMode('STAMPS', ['ARCHIVES'])).toBe('ARCHIVES');
    expect(resolveMode(null, [])).toBeNull();
    expect(resolveTab('lists')).toBe('LISTS');
    expect(resolveTab(null)).toBe('FIELDS');
  });
  it('the add button makes a database in DATABASES and an archive in ARCHIVES', () => {
    expect(addButtonTarget('DATABASES')).toBe('database');
    expect(addButtonTarget('ARCHIVES')).toBe('archive');
    expect(addButtonTarget('STAMPS')).toBeNull();
  });
});
