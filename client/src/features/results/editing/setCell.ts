// A changed cell of inline editing, checked on the client (spec §4), into the row's draft
// (editAtoms.ts). With the cell editors, loaded when edit mode starts (decision 079).
import { atom } from 'jotai';
import type { FieldSpec } from '../../../lib/fieldSpec';
import { checkFieldValue } from '../../../lib/fieldValidation';
import { draftsAtom, editNoticeAtom } from './editAtoms';

export interface CellChange {
  rowId: string;
  spec: FieldSpec;
  text: string;
  /** the cell's value as loaded, in edit form; typing it back makes the cell clean */
  original: string;
  locale: string;
  /** the list's items, when loaded (drop-downs and type-aheads must match one) */
  items?: readonly string[];
}

export const setCellAtom = atom(null, (get, set, change: CellChange) => {
  const drafts = get(draftsAtom);
  const row = drafts[change.rowId] ?? { cells: {}, server: {}, error: null };
  const cells = { ...row.cells };
  if (change.text === change.original) delete cells[change.spec.id];
  else
    cells[change.spec.id] = {
      text: change.text,
      check: checkFieldValue(change.spec, change.text, { locale: change.locale, items: change.items }),
    };
  const server = { ...row.server };
  delete server[change.spec.id];
  const next = { ...drafts };
  if (Object.keys(cells).length === 0) delete next[change.rowId];
  else next[change.rowId] = { cells, server, error: null };
  set(draftsAtom, next);
  set(editNoticeAtom, null);
});
