import { describe, expect, it, vi } from 'vitest';
import { ALL_ARCHIVE_PERMISSIONS, ArchivePermission as P, LicenseType } from '@gs/contract/flags';
import { viewerActions, type ViewerActionId, type ViewerActionState } from './viewerActions';

const doc = (over: Partial<ViewerActionState> = {}): ViewerActionState => ({
  licenseType: LicenseType.Full,
  permissions: ALL_ARCHIVE_PERMISSIONS,
  fileType: '.pdf',
  inboxFile: false,
  ...over,
});
const without = (bit: number) => ALL_ARCHIVE_PERMISSIONS & ~bit;

describe('the viewer actions registry', () => {
  // [action, the document, why the control does not show (true: it shows)]
  const rules: [ViewerActionId, ViewerActionState, true | string][] = [
    ['rotateLeft', doc(), true],
    ['rotateRight', doc({ fileType: '.TIF' }), true],
    ['rotateRight', doc({ fileType: '.tiff', inboxFile: true }), true],
    ['rotateLeft', doc({ fileType: '.png' }), 'viewer.rotateType'],
    ['rotateLeft', doc({ fileType: '.docx' }), 'viewer.rotateType'],
    ['rotateLeft', doc({ licenseType: LicenseType.ReadOnly }), 'documents.rules.readOnly'],
    ['rotateRight', doc({ permissions: without(P.ModifyPages) }), 'ERROR_FAILED_DUE_TO_PERMISSIONS'],
    ['stamp', doc(), true],
    ['stamp', doc({ fileType: '.png', licenseType: LicenseType.WebEdit }), true],
    ['stamp', doc({ inboxFile: true }), 'viewer.inboxNoStamps'],
    ['stamp', doc({ licenseType: LicenseType.ReadOnly }), 'documents.rules.readOnly'],
    ['stamp', doc({ permissions: without(P.ModifyAnnotations) }), 'ERROR_FAILED_DUE_TO_PERMISSIONS'],
    ['print', doc({ licenseType: LicenseType.ReadOnly, inboxFile: true, fileType: '.docx' }), true],
    ['print', doc({ permissions: without(P.Print) }), 'ERROR_FAILED_DUE_TO_PERMISSIONS'],
  ];
  it.each(rules)('%s on %j: %s', (id, state, verdict) => {
    const action = viewerActions.get(id);
    expect(action.allowed(state)).toBe(verdict);
    // nothing to select in the viewer: enabled is allowed
    expect(action.enabled(state)).toBe(verdict);
  });

  it('turns left and right by a quarter, arms the chosen stamp, prints', () => {
    const effects = { rotate: vi.fn(), arm: vi.fn(), print: vi.fn() };
    for (const action of viewerActions.list) action.perform({ ...doc(), ...effects });
    expect(effects.rotate.mock.calls).toEqual([[-90], [90]]);
    expect(effects.arm).toHaveBeenCalledOnce();
    expect(effects.print).toHaveBeenCalledOnce();
  });
});
