import { describe, expect, it } from 'vitest';
import { STAMP_EXISTS } from '@gs/contract/admin/server';
import {
  canDeleteRule,
  canSaveDatabaseName,
  complete,
  confirmDeletePhrase,
  isBuiltInRule,
  isDeleteConfirmed,
  newLicenseRule,
  previewStamp,
  sortStamps,
  stampError,
  stripDatabaseName,
  stripWizardDatabaseName,
} from './adminRules';

describe('database names (admin-spec §5)', () => {
  it('strips what is not a letter, digit, _ - or one of ` ! ^ ( ) + = { } [ ; $ , .', () => {
    expect(stripDatabaseName('My Db/2024*?:<>"|\\@#%&')).toBe('MyDb2024');
    expect(stripDatabaseName('a_b-c`!^()+={}[;$,.')).toBe('a_b-c`!^()+={}[;$,.');
    expect(stripDatabaseName('Répertoire')).toBe('Répertoire');
    expect(canSaveDatabaseName('  ')).toBe(false);
    expect(canSaveDatabaseName('@@')).toBe(false);
    expect(canSaveDatabaseName('x')).toBe(true);
  });
  it('the wizard keeps letters, digits, underscore and hyphen only', () => {
    expect(stripWizardDatabaseName('New (Db), v2.0_x-y')).toBe('NewDbv20_x-y');
  });
});

describe('stamps', () => {
  const stamps = [
    { Id: 1, Text: 'received' },
    { Id: 2, Text: 'APPROVED' },
    { Id: 3, Text: 'Paid @Today' },
  ];
  it('sorts alphabetically', () => {
    expect(sortStamps(stamps).map((s) => s.Text)).toEqual(['APPROVED', 'Paid @Today', 'received']);
  });
  it("refuses a duplicate with 'Stamp already exists.' and an empty text", () => {
    expect(stampError(' approved ', stamps)).toBe(STAMP_EXISTS);
    expect(stampError('', stamps)).toBe('empty');
    expect(stampError('Void', stamps)).toBeNull();
  });
  it('fills @Today and @User', () => {
    expect(previewStamp('Paid @Today by @User', 'jo', '11/24/2026')).toBe('Paid 11/24/2026 by jo');
  });
});

describe('confirm delete', () => {
  it('needs DELETE plus the upper-case name; a search needs only its name', () => {
    expect(confirmDeletePhrase('archive', 'Invoices')).toBe('DELETE INVOICES');
    expect(isDeleteConfirmed('archive', 'Invoices', 'DELETE Invoices')).toBe(false);
    expect(isDeleteConfirmed('archive', 'Invoices', 'DELETE INVOICES')).toBe(true);
    expect(isDeleteConfirmed('search', 'By Vendor', 'By Vendor')).toBe(true);
    expect(isDeleteConfirmed('search', 'By Vendor', 'DELETE BY VENDOR')).toBe(false);
  });
});

describe('licence rules', () => {
  it('IID 1 is never deletable and the four built-ins are read-only', () => {
    expect(canDeleteRule({ IID: 1, Name: 'Anything' })).toBe(false);
    expect(canDeleteRule({ IID: 5, Name: 'Web-Only Full License' })).toBe(false);
    expect(canDeleteRule({ IID: 9, Name: 'Night shift' })).toBe(true);
    expect(
      ['Default', 'Full License', 'Web-Only Full License', 'Web-Only Read Only License'].every((Name) =>
        isBuiltInRule({ Name }),
      ),
    ).toBe(true);
    expect(isBuiltInRule({ Name: 'Night shift' })).toBe(false);
  });
  it('a new rule gives 8 hours and 15 minutes idle', () => {
    expect(newLicenseRule()).toMatchObject({
      MaxTime: 8,
      MaxTimeType: 'hours',
      MaxTimeLastAccessed: 15,
      MaxTimeLastAccessedType: 'minutes',
    });
  });
});

describe('text completion', () => {
  it('offers at most 100 matches', () => {
    const items = Array.from({ length: 250 }, (_, i) => `Vendor ${i}`);
    expect(complete(items, 'vendor')).toHaveLength(100);
    expect(complete(items, 'Vendor 24')).toEqual([
      'Vendor 24',
      'Vendor 240',
      'Vendor 241',
      'Vendor 242',
      'Vendor 243',
      'Vendor 244',
      'Vendor 245',
      'Vendor 246',
      'Vendor 247',
      'Vendor 248',
      'Vendor 249',
    ]);
  });
});
