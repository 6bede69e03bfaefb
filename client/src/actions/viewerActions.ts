// The viewer's document actions (ViewerScreen.tsx shows them): rotate a page left or right, place a
// stamp, print. `allowed` decides whether the control shows: a rotation needs a licence that may
// edit, Modify Pages (65536, the inbox's for an inbox file) and a PDF or TIFF; a stamp an archive
// document (an inbox file has no annotations), a licence that may edit and Modify Annotations
// (2048); print needs Print (16). None reads a selection: `enabled` is `allowed`.
import { ArchivePermission, hasFlag, LicenseType } from '@gs/contract/flags';
import { firstRefusal, register, type Action, type Verdict } from './registry';

export type ViewerActionId = 'rotateLeft' | 'rotateRight' | 'stamp' | 'print';

export interface ViewerActionState {
  licenseType: number | null;
  /** the document's permissions (the inbox's for an inbox file) */
  permissions: number;
  /** the file type with its dot, as the server gives it */
  fileType: string;
  /** an inbox file rather than an archive document */
  inboxFile: boolean;
}

export interface ViewerActionEffects {
  rotate: (degrees: number) => void;
  /** arms the stamp the menu chose, placed by the next click on the page */
  arm: () => void;
  print: () => void;
}

type ViewerAction = Action<ViewerActionId, ViewerActionState, ViewerActionEffects>;
type Rule = (state: ViewerActionState) => Verdict;

const edits: Rule = (s) => s.licenseType !== LicenseType.ReadOnly || 'documents.rules.readOnly';
const right =
  (bit: number): Rule =>
  (s) =>
    hasFlag(s.permissions, bit) || 'ERROR_FAILED_DUE_TO_PERMISSIONS';
const turnable: Rule = (s) => /^\.(pdf|tiff?)$/i.test(s.fileType) || 'viewer.rotateType';
const archiveDocument: Rule = (s) => !s.inboxFile || 'viewer.inboxNoStamps';
const all =
  (...rules: Rule[]): Rule =>
  (s) =>
    firstRefusal(...rules.map((rule) => () => rule(s)));

const viewerAction = (
  id: ViewerActionId,
  label: ViewerAction['label'],
  allowed: Rule,
  perform: ViewerAction['perform'],
): ViewerAction => ({
  id,
  label,
  waitsForJobs: id === 'rotateLeft' || id === 'rotateRight',
  readsSelection: false,
  allowed,
  enabled: allowed,
  perform,
});

const rotation = all(edits, right(ArchivePermission.ModifyPages), turnable);

export const viewerActions = register<ViewerActionId, ViewerActionState, ViewerActionEffects>([
  viewerAction('rotateLeft', 'viewer.rotateLeft', rotation, (ctx) => ctx.rotate(-90)),
  viewerAction('rotateRight', 'viewer.rotateRight', rotation, (ctx) => ctx.rotate(90)),
  viewerAction(
    'stamp',
    'viewer.stamps',
    all(archiveDocument, edits, right(ArchivePermission.ModifyAnnotations)),
    (ctx) => ctx.arm(),
  ),
  viewerAction('print', 'viewer.print', right(ArchivePermission.Print), (ctx) => ctx.print()),
]);
