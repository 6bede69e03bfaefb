// The documents checked in the results grid, in the order they were checked (merge uses check
// order as page order, spec §5). The grid owns the check boxes; this atom is what the page's
// operations (copy, move, delete, merge, email, bulk update of the selection, export) read.
import { atom } from 'jotai';
import type { RowSelectionState } from '@tanstack/react-table';
import type { ResultDoc } from '@gs/contract/searches';

export interface CheckedDocument {
  db: number;
  archive: number;
  doc: ResultDoc;
}

export const checkedDocumentsAtom = atom<CheckedDocument[]>([]);

/**
 * The checked list after a selection change: documents still checked keep their place, newly
 * checked ones follow in row order; `lookup` finds a row's document by row id.
 */
export function nextChecked(
  previous: readonly CheckedDocument[],
  selection: RowSelectionState,
  lookup: (rowId: string) => CheckedDocument | undefined,
): CheckedDocument[] {
  const kept = previous.filter((c) => selection[String(c.doc.Id)]);
  const known = new Set(kept.map((c) => String(c.doc.Id)));
  const added: CheckedDocument[] = [];
  for (const [rowId, on] of Object.entries(selection)) {
    if (!on || known.has(rowId)) continue;
    const found = lookup(rowId);
    if (found) added.push(found);
  }
  return [...kept, ...added];
}
