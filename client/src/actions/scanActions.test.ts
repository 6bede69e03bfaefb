import { describe, expect, it, vi } from 'vitest';
import { LicenseType } from '@gs/contract/flags';
import { attempt } from './registry';
import { scanActions, type ScanActionId, type ScanActionState } from './scanActions';

const screen = (over: Partial<ScanActionState> = {}): ScanActionState => ({
  licenseType: LicenseType.Full,
  scannersRead: true,
  busy: false,
  asking: false,
  ...over,
});

describe('the scan actions registry', () => {
  it('lists the scan, its cancel and the two answers, with their labels and test ids', () => {
    expect(scanActions.list.map((a) => [a.id, a.label, a.testId])).toEqual([
      ['start', 'capture.scan.start', 'scan-start'],
      ['cancel', 'common.cancel', 'scan-cancel'],
      ['scanMore', 'capture.scan.scanMore', 'scan-more'],
      ['finish', 'capture.scan.finish', 'scan-finish'],
    ]);
  });

  // [action, the screen, allowed (the licence), enabled (the screen)]
  const rules: [ScanActionId, ScanActionState, true | string, true | string][] = [
    ['start', screen(), true, true],
    ['start', screen({ licenseType: LicenseType.WebEdit }), true, true],
    ['start', screen({ licenseType: null }), true, true],
    [
      'start',
      screen({ licenseType: LicenseType.ReadOnly }),
      'ERROR_FAILED_DUE_TO_PERMISSIONS',
      'ERROR_FAILED_DUE_TO_PERMISSIONS',
    ],
    ['start', screen({ scannersRead: false }), true, 'capture.scan.rules.noScanners'],
    ['start', screen({ busy: true }), true, 'capture.scan.rules.busy'],
    ['start', screen({ busy: true, asking: true }), true, 'capture.scan.rules.busy'],
    ['cancel', screen(), true, 'capture.scan.rules.idle'],
    ['cancel', screen({ busy: true }), true, true],
    ['scanMore', screen({ busy: true }), true, 'capture.scan.rules.notAsked'],
    ['scanMore', screen({ busy: true, asking: true }), true, true],
    ['finish', screen({ busy: true, asking: true }), true, true],
    ['finish', screen(), true, 'capture.scan.rules.notAsked'],
  ];
  it.each(rules)('%s on %j: allowed %s, enabled %s', (id, state, allowed, enabled) => {
    const action = scanActions.get(id);
    expect(action.allowed(state)).toBe(allowed);
    expect(action.enabled(state)).toBe(enabled);
  });

  it('starts, cancels and answers through the screen, and refuses a second start while one runs', () => {
    const effects = { start: vi.fn(), cancel: vi.fn(), answer: vi.fn() };
    for (const action of scanActions.list) action.perform({ ...screen(), ...effects });
    expect(effects.start).toHaveBeenCalledOnce();
    expect(effects.cancel).toHaveBeenCalledOnce();
    expect(effects.answer.mock.calls).toEqual([[true], [false]]);
    expect(attempt(scanActions.get('start'), { ...screen({ busy: true }), ...effects })).toBe(
      'capture.scan.rules.busy',
    );
    expect(effects.start).toHaveBeenCalledOnce();
  });
});
