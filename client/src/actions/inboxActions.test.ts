import { describe, expect, it, vi } from 'vitest';
import { ALL_INBOX_PERMISSIONS, InboxPermission as P, LicenseType } from '@gs/contract/flags';
import type { InboxFile } from '@gs/contract/inboxes';
import { inboxActions, type InboxActionId } from './inboxActions';

const file = (name: string, fileType = '.pdf'): InboxFile => ({
  FileName: name,
  FileType: fileType,
  DateCreated: '',
  DateModified: '',
  Fields: [],
  NewName: false,
  Permissions: ALL_INBOX_PERMISSIONS,
});
const without = (bit: number) => ALL_INBOX_PERMISSIONS & ~bit;
const { Full, ReadOnly } = LicenseType;
const ids = inboxActions.list.map((a) => a.id);

describe('the inbox actions registry', () => {
  it('lists the toolbar in order', () => {
    expect(ids).toEqual([
      'upload',
      'rename',
      'download',
      'export',
      'transfer',
      'delete',
      'send',
      'merge',
      'append',
      'email',
    ]);
  });

  it('shows everything with a full licence and every right', () => {
    for (const action of inboxActions.list)
      expect(action.allowed({ licenseType: Full, permissions: ALL_INBOX_PERMISSIONS, checked: [] })).toBe(
        true,
      );
  });

  it('leaves a read-only licence download, export and e-mail', () => {
    const shown = inboxActions.list.filter(
      (a) => a.allowed({ licenseType: ReadOnly, permissions: ALL_INBOX_PERMISSIONS, checked: [] }) === true,
    );
    expect(shown.map((a) => a.id)).toEqual(['download', 'export', 'email']);
  });

  // [action, the right taken away, why the action does not show]
  const rights: [InboxActionId, number, string][] = [
    ['upload', P.Add, 'ERROR_FAILED_DUE_TO_PERMISSIONS'],
    ['rename', P.ModifyDocument, 'ERROR_FAILED_DUE_TO_PERMISSIONS'],
    ['delete', P.Delete, 'ERROR_FAILED_DUE_TO_PERMISSIONS'],
    ['email', P.Email, 'ERROR_FAILED_DUE_TO_PERMISSIONS'],
  ];
  it.each(rights)('%s without the right %i: allowed answers %s', (id, bit, verdict) => {
    expect(inboxActions.get(id).allowed({ licenseType: Full, permissions: without(bit), checked: [] })).toBe(
      verdict,
    );
    // the other actions do not read that right
    for (const other of inboxActions.list.filter((a) => a.id !== id && !rights.some((r) => r[0] === a.id)))
      expect(other.allowed({ licenseType: Full, permissions: without(bit), checked: [] })).toBe(true);
  });

  // [action, checked files, why not (true: it starts)]
  const one = [file('a')];
  const two = [file('a'), file('b')];
  const rules: [InboxActionId, InboxFile[], true | string][] = [
    // upload needs no selection
    ['upload', [], true],
    ['upload', two, true],
    // every other wants something checked
    ...ids
      .filter((id) => id !== 'upload')
      .map((id): [InboxActionId, InboxFile[], string] => [id, [], 'ERROR_NO_DOCUMENTS_SELECTED']),
    // rename, download and send take exactly one
    ['rename', one, true],
    ['rename', two, 'inbox.error.oneOnly'],
    ['download', one, true],
    ['download', two, 'inbox.error.oneOnly'],
    ['send', one, true],
    ['send', two, 'inbox.error.oneOnly'],
    // the others take any number
    ['export', two, true],
    ['transfer', two, true],
    ['delete', two, true],
    ['email', two, true],
    // merge: two or more, the first a PDF or TIFF
    ['merge', one, 'documents.rules.mergeCount'],
    ['merge', [file('a', '.docx'), file('b')], 'documents.rules.mergeFirst'],
    ['merge', [file('a', '.TIFF'), file('b', '.docx')], true],
    ['merge', two, true],
    // append: exactly one
    ['append', one, true],
    ['append', two, 'documents.rules.appendCount'],
  ];
  it.each(rules)('%s on %j: enabled answers %s', (id, checked, verdict) => {
    expect(
      inboxActions.get(id).enabled({ licenseType: Full, permissions: ALL_INBOX_PERMISSIONS, checked }),
    ).toBe(verdict);
  });

  it('does not start what the licence or the rights hide, whatever is checked', () => {
    expect(
      inboxActions
        .get('delete')
        .enabled({ licenseType: ReadOnly, permissions: ALL_INBOX_PERMISSIONS, checked: one }),
    ).toBe('documents.rules.readOnly');
    expect(
      inboxActions.get('email').enabled({ licenseType: Full, permissions: without(P.Email), checked: one }),
    ).toBe('ERROR_FAILED_DUE_TO_PERMISSIONS');
  });

  it('performs through the screen: a dialog, the file picker, a download, a job', () => {
    const effects = {
      open: vi.fn(),
      pickFiles: vi.fn(),
      download: vi.fn(),
      runExport: vi.fn(),
      runEmail: vi.fn(),
    };
    const ctx = { licenseType: Full, permissions: ALL_INBOX_PERMISSIONS, checked: one, ...effects };
    for (const action of inboxActions.list) action.perform(ctx);
    expect(effects.open.mock.calls.map(([d]) => d)).toEqual([
      'rename',
      'transfer',
      'delete',
      'send',
      'merge',
      'append',
    ]);
    expect(effects.pickFiles).toHaveBeenCalledOnce();
    expect(effects.download).toHaveBeenCalledWith(one[0]);
    expect(effects.runExport).toHaveBeenCalledOnce();
    expect(effects.runEmail).toHaveBeenCalledOnce();
  });

  it('marks the actions that wait for a running job and those that read the selection', () => {
    const waiting = inboxActions.list.filter((a) => a.waitsForJobs).map((a) => a.id);
    expect(waiting).toEqual(['rename', 'export', 'transfer', 'delete', 'send', 'merge', 'append', 'email']);
    expect(inboxActions.list.filter((a) => !a.readsSelection).map((a) => a.id)).toEqual(['upload']);
  });
});
