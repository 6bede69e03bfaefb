// Inline editing state (spec §4 "Grid: loading, loaded, dirty, edit mode"): edit mode, the changed
// cells of each row with their client check, the server's refusals after a save attempt, and the
// values saved this session (they replace the loaded ones). A cell's change (setCell.ts) comes with
// the editors, loaded when edit mode starts (decision 079).
import { atom } from 'jotai';
import type { FieldValue } from '@gs/contract/fields';
import { FieldCheckCode } from '@gs/contract/fieldChecks';
import type { ValueCheck } from '../../../lib/fieldValidation';

export interface CellDraft {
  text: string;
  check: ValueCheck;
}

export interface RowDraft {
  /** changed cells by field id */
  cells: Record<number, CellDraft>;
  /** the server's refusals by field id, from the last save attempt */
  server: Record<number, ValueCheck>;
  /** a failed save not tied to one field */
  error: string | null;
}

export type EditNotice = {
  tone: 'info' | 'success' | 'error';
  key: 'SAVE_CANCELLED' | 'results.edit.saved' | 'results.edit.saveFailed';
};

export const editModeAtom = atom(false);
export const draftsAtom = atom<Record<string, RowDraft>>({});
export const savedValuesAtom = atom<Record<string, FieldValue[]>>({});
export const editNoticeAtom = atom<EditNotice | null>(null);
/** Bumped after each save that wrote something, so history is read again. */
export const saveCountAtom = atom(0);

const isInvalid = (check: ValueCheck): boolean => check.code !== FieldCheckCode.Valid;

export const rowIsInvalid = (draft: RowDraft): boolean =>
  Object.values(draft.cells).some((c) => isInvalid(c.check)) ||
  Object.values(draft.server).some(isInvalid) ||
  draft.error !== null;

/** Rows with unsaved changes. */
export const dirtyRowIdsAtom = atom((get) => Object.keys(get(draftsAtom)));
/** Rows the client or the server refused. */
export const invalidRowIdsAtom = atom((get) =>
  Object.entries(get(draftsAtom))
    .filter(([, draft]) => rowIsInvalid(draft))
    .map(([id]) => id),
);

/** Cancel: every row clean again, SAVE_CANCELLED shown. */
export const cancelEditsAtom = atom(null, (_get, set) => {
  set(draftsAtom, {});
  set(editNoticeAtom, { tone: 'info', key: 'SAVE_CANCELLED' });
});

export const discardInvalidRowsAtom = atom(null, (get, set) => {
  const kept = Object.fromEntries(
    Object.entries(get(draftsAtom)).filter(([, draft]) => !rowIsInvalid(draft)),
  );
  set(draftsAtom, kept);
});

/** A new result set: nothing being edited. */
export const resetEditingAtom = atom(null, (_get, set) => {
  set(editModeAtom, false);
  set(draftsAtom, {});
  set(savedValuesAtom, {});
  set(editNoticeAtom, null);
});
