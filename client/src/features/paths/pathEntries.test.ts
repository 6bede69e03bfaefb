import { describe, expect, it } from 'vitest';
import { DEFAULT_CLIENT_CONFIG } from '@gs/contract/config';
import { NO_ADMIN_FLAGS, type AdminFlags } from '../../api/admin';
import { pathEntries } from './pathEntries';

const hide = DEFAULT_CLIENT_CONFIG.hide;
const entries = (
  flags: Partial<AdminFlags> = {},
  hidden: Partial<typeof hide> = {},
  database: number | null = 3,
) =>
  pathEntries({ flags: { ...NO_ADMIN_FLAGS, ...flags }, hide: { ...hide, ...hidden }, database }).map(
    (e) => `${e.section} ${e.id} ${e.to}`,
  );

describe('/path entries (decision 051)', () => {
  it('lists the work screens of a user who administers nothing, the search of their database first', () => {
    expect(entries()).toEqual([
      'work search /view?db=3',
      'work select /select',
      'work batches /batchselect',
      'work flows /flows',
      'work analytics /analytics',
      'work settings /settings',
      'work extensions /gseconnect',
    ]);
  });

  it('leaves out the search without a database and what config.json hides', () => {
    expect(
      entries({}, { batchPortals: true, globalAction: true, analytics: true, extensions: true }, null),
    ).toEqual(['work select /select', 'work settings /settings']);
  });

  it("adds the administration screens by the header's rules", () => {
    const admin = (flags: Partial<AdminFlags>, hidden: Partial<typeof hide> = {}) =>
      entries(flags, hidden).filter((e) => e.startsWith('admin '));
    expect(admin({ isAnyDbAdmin: true })).toEqual(['admin fullAdmin /admin/full']);
    expect(admin({ isAdminAll: true, isUserAdmin: true, userAdminFeature: 1 })).toEqual([
      'admin licenseManager /admin/licenses',
      'admin userAdmin /admin/security',
      'admin batchAdmin /admin/batches',
      'admin wizard /admin/full?mode=DATABASE_IMPORT',
    ]);
    expect(admin({ isAnyDbAdmin: true, isAdminAll: true, isUserAdmin: true }, { adminMenu: true })).toEqual(
      [],
    );
  });
});
