import { describe, expect, it } from 'vitest';
import { QUICK_PERMISSIONS } from '@gs/contract/admin/security';
import { principalRows, quickOf, toggleBit } from './securityRules';

describe('security rules', () => {
  it('reads a mask as its quick permission, or custom', () => {
    expect(quickOf(1048575)).toBe('FULL');
    expect(quickOf(QUICK_PERMISSIONS.EDIT)).toBe('EDIT');
    expect(quickOf(1 | 16 | 512)).toBe('READ');
    expect(quickOf(0)).toBe('NONE');
    expect(quickOf(1 | 8)).toBe('CUSTOM');
  });

  it('switches View on with any bit, and clears everything when View goes off', () => {
    expect(toggleBit(0, 1024, true)).toBe(1025);
    expect(toggleBit(1025, 1024, false)).toBe(1);
    expect(toggleBit(1 | 16 | 512, 1, false)).toBe(0);
    expect(toggleBit(1, 1, false)).toBe(0);
  });

  it('lists users then groups by name, with each user’s groups and each group’s members', () => {
    const rows = principalRows({
      secured: [
        {
          Name: 'zed',
          Email: '',
          License: 2,
          Type: 2,
          SecuredDBs: [{ Id: 1, Name: 'A', SecurityLevel: 0, Manager: false }],
        },
      ],
      unsecured: [{ Name: 'amy', Email: '', License: 2, Type: 2, SecuredDBs: [] }],
      groups: [{ Name: 'Clerks', Users: ['amy'] }],
    });
    expect(rows.map((r) => [r.name, r.type, r.secured, r.related])).toEqual([
      ['amy', 2, false, ['Clerks']],
      ['zed', 2, true, []],
      ['Clerks', 4, false, ['amy']],
    ]);
  });
});
