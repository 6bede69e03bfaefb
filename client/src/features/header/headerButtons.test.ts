import { describe, expect, it } from 'vitest';
import { NO_ADMIN_FLAGS, type AdminFlags } from '../../api/admin';
import { DEFAULT_CONFIG } from '../../api/config';
import { visibleHeaderButtons, type HeaderButtonId } from './headerButtons';

const everything: AdminFlags = {
  isAnyDbAdmin: true,
  isAdminAll: true,
  isUserAdmin: true,
  userAdminFeature: 5,
  globalActionFeature: 2,
  multiDatabaseFeature: 1,
};

const shown = (
  flags: Partial<AdminFlags>,
  hide: Partial<typeof DEFAULT_CONFIG.hide> = {},
  databaseCount = 1,
) =>
  [
    ...visibleHeaderButtons({
      flags: { ...NO_ADMIN_FLAGS, ...flags },
      // the admin buttons' cases leave the analytics button out unless they ask for it
      hide: { ...DEFAULT_CONFIG.hide, analytics: true, ...hide },
      databaseCount,
    }),
  ].sort();

const sorted = (...ids: HeaderButtonId[]) => [...ids].sort();

describe('visible header buttons', () => {
  it('shows no admin button to a plain user, and database select only with several databases', () => {
    expect(shown({})).toEqual([]);
    expect(shown({}, {}, 2)).toEqual(['databaseSelect']);
  });

  it('gives any-db admins the full admin button and admins of all the licence manager', () => {
    expect(shown({ isAnyDbAdmin: true })).toEqual(['fullAdmin']);
    expect(shown({ isAdminAll: true })).toEqual(['licenseManager']);
  });

  it('gives user admins user, batch, flow, capture admin and the wizard, gated by the feature counts', () => {
    expect(shown({ isUserAdmin: true, userAdminFeature: 1, globalActionFeature: 1 })).toEqual(
      sorted('userAdmin', 'batchAdmin', 'flowAdmin', 'captureAdmin', 'wizard'),
    );
    expect(shown({ isUserAdmin: true })).toEqual(sorted('batchAdmin', 'captureAdmin', 'wizard'));
    expect(shown({ userAdminFeature: 3, globalActionFeature: 3 })).toEqual([]);
  });

  it('applies each hide flag', () => {
    expect(shown(everything, { adminMenu: true }, 3)).toEqual(['databaseSelect']);
    expect(shown(everything, { globalCapture: true })).not.toContain('captureAdmin');
    expect(shown(everything, { globalAction: true })).not.toContain('flowAdmin');
    expect(shown(everything, { quickStart: true })).not.toContain('wizard');
    expect(shown(everything, { batchPortals: true })).not.toContain('batchAdmin');
    // capture administration opens the batch portal administration: hidden with it (issue 27, 7)
    expect(shown(everything, { batchPortals: true })).not.toContain('captureAdmin');
    expect(
      shown(everything, { globalCapture: true, globalAction: true, quickStart: true, batchPortals: true }),
    ).toEqual(sorted('fullAdmin', 'licenseManager', 'userAdmin'));
  });

  it('shows the analytics button to every user unless hide.analytics', () => {
    expect(shown({}, { analytics: false })).toEqual(['analytics']);
    expect(shown(everything, { adminMenu: true, analytics: false })).toEqual(['analytics']);
    expect(shown(everything, { analytics: true })).not.toContain('analytics');
  });
});
