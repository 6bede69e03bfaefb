// The selection rules the document and inbox actions share (spec §5, §6): something checked, at
// most one, merge with 2 or more whose first is a PDF or TIFF, append with exactly one.
import type { Verdict } from './registry';

/** File types the first document of a merge may have. */
export const MERGE_BASE_TYPES: ReadonlySet<string> = new Set(['.pdf', '.tif', '.tiff']);

/** At least one checked. */
export const someChecked = (count: number): Verdict => count > 0 || 'ERROR_NO_DOCUMENTS_SELECTED';

/** Merge: 2 or more, the first (in check order) a PDF or TIFF. */
export function mergeSelection(fileTypes: readonly string[]): Verdict {
  if (fileTypes.length < 2) return 'documents.rules.mergeCount';
  if (!MERGE_BASE_TYPES.has(fileTypes[0]?.toLowerCase() ?? '')) return 'documents.rules.mergeFirst';
  return true;
}

/** Append: exactly one. */
export const appendSelection = (count: number): Verdict => count === 1 || 'documents.rules.appendCount';
