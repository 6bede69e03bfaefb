// The scan screen's actions (ScanPage.tsx shows them; decision 081): start a scan, cancel it, and
// answer the helper's 'continue scanning' question (scan more pages, or finish). `allowed` is the
// licence: a read-only licence may not scan (the screen says so instead of offering the scanner);
// the others may always be offered. `enabled` then reads the screen: a scan starts once the
// helper's scanners are read and none is running, Cancel only while one runs, and the two answers
// only while the helper asks.
import { LicenseType } from '@gs/contract/flags';
import { firstRefusal, register, type Action, type Verdict } from './registry';

export type ScanActionId = 'start' | 'cancel' | 'scanMore' | 'finish';

export interface ScanActionState {
  licenseType: number | null;
  /** the helper's scanner profiles have been read */
  scannersRead: boolean;
  /** a scan, its upload or its delivery is running */
  busy: boolean;
  /** the helper asks whether to scan more pages into the document */
  asking: boolean;
}

export interface ScanActionEffects {
  start: () => void;
  cancel: () => void;
  /** answers the 'continue scanning' question */
  answer: (more: boolean) => void;
}

type ScanAction = Action<ScanActionId, ScanActionState, ScanActionEffects>;
type Rule = (state: ScanActionState) => Verdict;

const scans: Rule = (s) => s.licenseType !== LicenseType.ReadOnly || 'ERROR_FAILED_DUE_TO_PERMISSIONS';
const anyone: Rule = () => true;
const idle: Rule = (s) => !s.busy || 'capture.scan.rules.busy';
const read: Rule = (s) => s.scannersRead || 'capture.scan.rules.noScanners';
const running: Rule = (s) => s.busy || 'capture.scan.rules.idle';
const asked: Rule = (s) => s.asking || 'capture.scan.rules.notAsked';
const all =
  (...rules: Rule[]): Rule =>
  (s) =>
    firstRefusal(...rules.map((rule) => () => rule(s)));

const scanAction = (
  id: ScanActionId,
  label: ScanAction['label'],
  testId: string,
  allowed: Rule,
  when: Rule,
  perform: ScanAction['perform'],
): ScanAction => ({
  id,
  label,
  testId,
  waitsForJobs: false,
  readsSelection: false,
  allowed,
  enabled: all(allowed, when),
  perform,
});

export const scanActions = register<ScanActionId, ScanActionState, ScanActionEffects>([
  scanAction('start', 'capture.scan.start', 'scan-start', scans, all(read, idle), (ctx) => ctx.start()),
  scanAction('cancel', 'common.cancel', 'scan-cancel', anyone, running, (ctx) => ctx.cancel()),
  scanAction('scanMore', 'capture.scan.scanMore', 'scan-more', anyone, asked, (ctx) => ctx.answer(true)),
  scanAction('finish', 'capture.scan.finish', 'scan-finish', anyone, asked, (ctx) => ctx.answer(false)),
]);
