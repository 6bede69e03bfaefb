import { describe, expect, it, vi } from 'vitest';
import { ALL_ARCHIVE_PERMISSIONS, ArchivePermission as P, LicenseType } from '@gs/contract/flags';
import { resultDoc } from '../test/searchFixtures';
import type { CheckedDocument } from '../features/results/selection';
import { documentActions, type DocumentActionId } from './documentActions';
import { attempt } from './registry';

const checked = (id: number, permissions = ALL_ARCHIVE_PERMISSIONS, fileType = '.pdf'): CheckedDocument => ({
  db: 1,
  archive: 2,
  doc: { ...resultDoc(id, {}, permissions), FileType: fileType },
});
const all = (bit: number) => ALL_ARCHIVE_PERMISSIONS & ~bit;
const { Full, WebEdit, ReadOnly } = LicenseType;

describe('the document actions registry', () => {
  it('lists the toolbar in order, each with its label and test id', () => {
    expect(documentActions.list.map((a) => [a.id, a.label, a.testId])).toEqual(
      ['copy', 'move', 'delete', 'merge', 'append', 'email'].map((id) => [
        id,
        `documents.actions.${id}`,
        `documents-${id}`,
      ]),
    );
  });

  // [action, licence, why not (true: allowed)]
  const licences: [DocumentActionId, number | null, true | string][] = [
    ['copy', ReadOnly, 'documents.rules.readOnly'],
    ['move', ReadOnly, 'documents.rules.readOnly'],
    ['delete', ReadOnly, 'documents.rules.readOnly'],
    ['merge', ReadOnly, 'documents.rules.readOnly'],
    ['append', ReadOnly, 'documents.rules.readOnly'],
    ['email', ReadOnly, true],
    ['delete', WebEdit, true],
    ['copy', Full, true],
    ['move', null, true],
  ];
  it.each(licences)('%s with licence %s: allowed answers %s', (id, licenseType, verdict) => {
    expect(documentActions.get(id).allowed({ licenseType, checked: [] })).toBe(verdict);
  });

  // [action, licence, checked, why not (true: it starts)]
  const rules: [DocumentActionId, number, CheckedDocument[], true | string][] = [
    // the licence comes first, even with nothing checked
    ['delete', ReadOnly, [], 'documents.rules.readOnly'],
    ['copy', ReadOnly, [checked(1)], 'documents.rules.readOnly'],
    ['email', ReadOnly, [checked(1)], true],
    // then something checked
    ...(['copy', 'move', 'delete', 'merge', 'append', 'email'] as const).map(
      (id): [DocumentActionId, number, CheckedDocument[], string] => [
        id,
        Full,
        [],
        'ERROR_NO_DOCUMENTS_SELECTED',
      ],
    ),
    // then the permission bit on every checked document
    ['delete', Full, [checked(1), checked(2, all(P.Delete))], 'ERROR_FAILED_DUE_TO_PERMISSIONS'],
    ['move', Full, [checked(1), checked(2, all(P.Move))], 'ERROR_FAILED_DUE_TO_PERMISSIONS'],
    ['email', Full, [checked(1), checked(2, all(P.Email))], 'ERROR_FAILED_DUE_TO_PERMISSIONS'],
    ['merge', Full, [checked(1), checked(2, all(P.Add))], 'ERROR_FAILED_DUE_TO_PERMISSIONS'],
    ['append', Full, [checked(2, all(P.ModifyDocument))], 'ERROR_FAILED_DUE_TO_PERMISSIONS'],
    ['copy', Full, [checked(1, all(P.View))], 'ERROR_FAILED_DUE_TO_PERMISSIONS'],
    // copy needs only to see the document (Add is the destination's)
    ['copy', Full, [checked(1, P.View)], true],
    ['delete', Full, [checked(1, P.View | P.Delete)], true],
    // merge: two or more, the first (in check order) a PDF or TIFF
    ['merge', Full, [checked(1)], 'documents.rules.mergeCount'],
    ['merge', Full, [checked(1, undefined, '.docx'), checked(2)], 'documents.rules.mergeFirst'],
    ['merge', Full, [checked(2), checked(1, undefined, '.docx')], true],
    ['merge', Full, [checked(1, undefined, '.TIF'), checked(2)], true],
    ['merge', Full, [checked(1, undefined, '.tiff'), checked(2), checked(3)], true],
    // append: exactly one
    ['append', Full, [checked(1)], true],
    ['append', Full, [checked(1), checked(2)], 'documents.rules.appendCount'],
    // the others take any number
    ['copy', Full, [checked(1), checked(2), checked(3)], true],
    ['email', WebEdit, [checked(1), checked(2)], true],
  ];
  it.each(rules)('%s with licence %s on %j: enabled answers %s', (id, licenseType, docs, verdict) => {
    expect(documentActions.get(id).enabled({ licenseType, checked: docs })).toBe(verdict);
  });

  it('opens the action dialog only when the rules agree, and answers the reason otherwise', () => {
    const open = vi.fn();
    const merge = documentActions.get('merge');
    expect(attempt(merge, { licenseType: Full, checked: [checked(1)], open })).toBe(
      'documents.rules.mergeCount',
    );
    expect(open).not.toHaveBeenCalled();
    expect(attempt(merge, { licenseType: Full, checked: [checked(1), checked(2)], open })).toBeNull();
    expect(open).toHaveBeenCalledWith('merge');
  });
});
