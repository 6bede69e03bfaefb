// The results page's document actions (spec §2-§7): copy, move, delete, merge, append and e-mail
// on the documents checked in the grid, in check order. Each opens its dialog in DocumentActions.
// Rules: no copy, move, delete, merge or append (which add documents) with the read-only licence;
// then something checked (ERROR_NO_DOCUMENTS_SELECTED), the permission bit on every checked
// document (merge 2, append 4, delete 8, email 32, move 131072; copy needs only to see it), merge
// with 2 or more whose first is a PDF or TIFF, append with exactly one.
import { ArchivePermission, LicenseType, hasFlag } from '@gs/contract/flags';
import type { CheckedDocument } from '../features/results/selection';
import { firstRefusal, register, type Action, type Verdict } from './registry';
import { appendSelection, mergeSelection, someChecked } from './selectionRules';

export type DocumentActionId = 'copy' | 'move' | 'delete' | 'merge' | 'append' | 'email';

export interface DocumentActionState {
  licenseType: number | null;
  /** the checked documents, in check order */
  checked: readonly CheckedDocument[];
}

export interface DocumentActionEffects {
  /** opens the action's dialog on the checked documents */
  open: (dialog: DocumentActionId) => void;
}

type DocumentAction = Action<DocumentActionId, DocumentActionState, DocumentActionEffects>;

/** The permission bit each checked document needs; copy needs only to be seen (Add is the destination's). */
export const ACTION_PERMISSION: Record<DocumentActionId, number> = {
  copy: ArchivePermission.View,
  move: ArchivePermission.Move,
  delete: ArchivePermission.Delete,
  merge: ArchivePermission.Add,
  append: ArchivePermission.ModifyDocument,
  email: ArchivePermission.Email,
};

const writesLicence = (state: DocumentActionState): Verdict =>
  state.licenseType !== LicenseType.ReadOnly || 'documents.rules.readOnly';

const anyLicence = (): Verdict => true;

const everyHasRight =
  (id: DocumentActionId) =>
  (state: DocumentActionState): Verdict =>
    state.checked.every((c) => hasFlag(c.doc.Permissions, ACTION_PERMISSION[id])) ||
    'ERROR_FAILED_DUE_TO_PERMISSIONS';

function documentAction(
  id: DocumentActionId,
  allowed: (state: DocumentActionState) => Verdict,
  selection: (state: DocumentActionState) => Verdict = () => true,
): DocumentAction {
  return {
    id,
    label: `documents.actions.${id}`,
    testId: `documents-${id}`,
    waitsForJobs: true,
    readsSelection: true,
    allowed,
    enabled: (state) =>
      firstRefusal(
        () => allowed(state),
        () => someChecked(state.checked.length),
        () => everyHasRight(id)(state),
        () => selection(state),
      ),
    perform: (ctx) => ctx.open(id),
  };
}

export const documentActions = register<DocumentActionId, DocumentActionState, DocumentActionEffects>([
  documentAction('copy', writesLicence),
  documentAction('move', writesLicence),
  documentAction('delete', writesLicence),
  documentAction('merge', writesLicence, (s) => mergeSelection(s.checked.map((c) => c.doc.FileType))),
  documentAction('append', writesLicence, (s) => appendSelection(s.checked.length)),
  documentAction('email', anyLicence),
]);
