import { describe, expect, it } from 'vitest';
import { ALL_ARCHIVE_PERMISSIONS, ArchivePermission as P, LicenseType } from '@gs/contract/flags';
import { resultDoc } from '../../test/searchFixtures';
import type { CheckedDocument } from '../results/selection';
import { actionProblem, DOCUMENT_ACTIONS, licenseAllows } from './documentRules';

const checked = (id: number, permissions = ALL_ARCHIVE_PERMISSIONS, fileType = '.pdf'): CheckedDocument => ({
  db: 1,
  archive: 2,
  doc: { ...resultDoc(id, {}, permissions), FileType: fileType },
});

describe('document toolbar rules', () => {
  it('asks for a checked document first (ERROR_NO_DOCUMENTS_SELECTED)', () => {
    for (const action of DOCUMENT_ACTIONS)
      expect(actionProblem(action, [], LicenseType.Full)).toBe('ERROR_NO_DOCUMENTS_SELECTED');
  });

  it('disables delete, move and copy (and merge, append) for the read-only licence, not email', () => {
    for (const action of ['copy', 'move', 'delete', 'merge', 'append'] as const) {
      expect(licenseAllows(action, LicenseType.ReadOnly)).toBe(false);
      expect(actionProblem(action, [checked(1)], LicenseType.ReadOnly)).toBe('documents.rules.readOnly');
    }
    expect(licenseAllows('email', LicenseType.ReadOnly)).toBe(true);
    expect(actionProblem('email', [checked(1)], LicenseType.ReadOnly)).toBeNull();
    expect(licenseAllows('delete', LicenseType.WebEdit)).toBe(true);
  });

  it('needs the permission bit on every checked document', () => {
    const cases = [
      ['delete', P.Delete],
      ['move', P.Move],
      ['email', P.Email],
      ['merge', P.Add],
      ['append', P.ModifyDocument],
    ] as const;
    for (const [action, bit] of cases) {
      const without = ALL_ARCHIVE_PERMISSIONS & ~bit;
      const docs = action === 'append' ? [checked(2, without)] : [checked(1), checked(2, without)];
      expect(actionProblem(action, docs, LicenseType.Full)).toBe('ERROR_FAILED_DUE_TO_PERMISSIONS');
    }
    // copy needs only to see the document (Add is the destination's)
    expect(actionProblem('copy', [checked(1, P.View)], LicenseType.Full)).toBeNull();
  });

  it('merges two or more whose first is a PDF or TIFF, in check order', () => {
    expect(actionProblem('merge', [checked(1)], LicenseType.Full)).toBe('documents.rules.mergeCount');
    expect(actionProblem('merge', [checked(1, undefined, '.docx'), checked(2)], LicenseType.Full)).toBe(
      'documents.rules.mergeFirst',
    );
    expect(actionProblem('merge', [checked(2), checked(1, undefined, '.docx')], LicenseType.Full)).toBeNull();
    expect(actionProblem('merge', [checked(1, undefined, '.TIF'), checked(2)], LicenseType.Full)).toBeNull();
  });

  it('appends to exactly one document', () => {
    expect(actionProblem('append', [checked(1)], LicenseType.Full)).toBeNull();
    expect(actionProblem('append', [checked(1), checked(2)], LicenseType.Full)).toBe(
      'documents.rules.appendCount',
    );
  });
});
