// Which operation the documents toolbar may start on the checked documents (spec §5, §6): at least
// one checked (ERROR_NO_DOCUMENTS_SELECTED), the permission bit on every checked document (merge 2,
// append 4, delete 8, email 32, move 131072), no delete, move or copy (nor merge and append, which
// add documents) with the read-only licence, merge with 2 or more whose first is a PDF or TIFF,
// append with exactly one.
import { ArchivePermission, LicenseType, hasFlag } from '@gs/contract/flags';
import type { CheckedDocument } from '../results/selection';

export type DocumentAction = 'copy' | 'move' | 'delete' | 'merge' | 'append' | 'email';

export const DOCUMENT_ACTIONS: readonly DocumentAction[] = [
  'copy',
  'move',
  'delete',
  'merge',
  'append',
  'email',
];

/** The permission bit each checked document needs; copy needs only to be seen (Add is the destination's). */
export const ACTION_PERMISSION: Record<DocumentAction, number> = {
  copy: ArchivePermission.View,
  move: ArchivePermission.Move,
  delete: ArchivePermission.Delete,
  merge: ArchivePermission.Add,
  append: ArchivePermission.ModifyDocument,
  email: ArchivePermission.Email,
};

const READ_ONLY_BLOCKED: ReadonlySet<DocumentAction> = new Set(['copy', 'move', 'delete', 'merge', 'append']);

/** File types the first document of a merge may have. */
export const MERGE_BASE_TYPES: ReadonlySet<string> = new Set(['.pdf', '.tif', '.tiff']);

/** Whether the licence lets the action appear enabled at all (read-only: no copy, move, delete, ...). */
export const licenseAllows = (action: DocumentAction, licenseType: number | null): boolean =>
  !(licenseType === LicenseType.ReadOnly && READ_ONLY_BLOCKED.has(action));

/** The translation key of why the action cannot start on these documents, or null when it can. */
export function actionProblem(
  action: DocumentAction,
  checked: readonly CheckedDocument[],
  licenseType: number | null,
): string | null {
  if (!licenseAllows(action, licenseType)) return 'documents.rules.readOnly';
  if (checked.length === 0) return 'ERROR_NO_DOCUMENTS_SELECTED';
  const bit = ACTION_PERMISSION[action];
  if (checked.some((c) => !hasFlag(c.doc.Permissions, bit))) return 'ERROR_FAILED_DUE_TO_PERMISSIONS';
  if (action === 'merge') {
    if (checked.length < 2) return 'documents.rules.mergeCount';
    const first = checked[0]?.doc.FileType.toLowerCase() ?? '';
    if (!MERGE_BASE_TYPES.has(first)) return 'documents.rules.mergeFirst';
  }
  if (action === 'append' && checked.length !== 1) return 'documents.rules.appendCount';
  return null;
}
