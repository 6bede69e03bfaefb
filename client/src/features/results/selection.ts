// The documents checked in the results or task grid, in the order they were checked (merge uses
// check order as page order, spec §5): the one source of truth of the selection. The grid's check
// boxes show and write it (useResultsGrid.ts); the page's operations (copy, move, delete, merge,
// email, bulk update of the selection, export, queue actions) and the action registry read it.
import { atom } from 'jotai';
import type { ResultDoc } from '@gs/contract/searches';

export interface CheckedDocument {
  db: number;
  archive: number;
  doc: ResultDoc;
}

export const checkedDocumentsAtom = atom<CheckedDocument[]>([]);
