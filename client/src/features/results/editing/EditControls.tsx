// Edit mode's switch and buttons (spec §4): Save writes the dirty rows; Cancel marks every row
// clean (SAVE_CANCELLED); turning edit mode off asks before discarding invalid rows
// (DISCARD_INVALID_ROW_ENTRIES_MSG) and saves the others first, staying on if a save fails.
import { useState } from 'react';
import { useAtom, useAtomValue, useSetAtom, useStore } from 'jotai';
import { useTranslation } from 'react-i18next';
import { LazyConfirmDialog } from '../../../components/LazyModal';
import {
  cancelEditsAtom,
  dirtyRowIdsAtom,
  discardInvalidRowsAtom,
  editModeAtom,
  invalidRowIdsAtom,
} from './editAtoms';
import type { SaveContext } from './saveEdits';

export function EditControls({ saveContext }: { saveContext: () => SaveContext }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useAtom(editModeAtom);
  const dirty = useAtomValue(dirtyRowIdsAtom);
  const invalid = useAtomValue(invalidRowIdsAtom);
  const store = useStore();
  // the save's code (with the field checks) loads with the first save (decision 079)
  const save = async (context: SaveContext) =>
    store.set((await import('./saveEdits')).saveDirtyRowsAtom, context);
  const cancel = useSetAtom(cancelEditsAtom);
  const discardInvalid = useSetAtom(discardInvalidRowsAtom);
  const [confirming, setConfirming] = useState(false);
  const [saving, setSaving] = useState(false);

  const flushAndLeave = async () => {
    setSaving(true);
    const clean = await save(saveContext());
    setSaving(false);
    if (clean) setEditing(false);
  };

  const toggle = () => {
    if (!editing) return setEditing(true);
    if (invalid.length) return setConfirming(true);
    void flushAndLeave();
  };

  return (
    <>
      <button
        type="button"
        className={`button button--small${editing ? ' button--active' : ''}`}
        aria-pressed={editing}
        onClick={toggle}
        disabled={saving}
        data-testid="edit-mode"
      >
        {t('results.edit.mode')}
      </button>
      {editing && (
        <>
          <button
            type="button"
            className="button button--small button--primary"
            disabled={dirty.length === 0 || saving}
            onClick={() => {
              setSaving(true);
              void save(saveContext()).finally(() => setSaving(false));
            }}
          >
            {t('results.edit.save')}
          </button>
          <button
            type="button"
            className="button button--small"
            disabled={dirty.length === 0 || saving}
            onClick={cancel}
          >
            {t('results.edit.cancel')}
          </button>
        </>
      )}
      {confirming && (
        <LazyConfirmDialog
          title={t('results.edit.discardTitle')}
          message={t('DISCARD_INVALID_ROW_ENTRIES_MSG')}
          confirmLabel={t('results.edit.discard')}
          testId="discard-invalid"
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            discardInvalid();
            void flushAndLeave();
          }}
        />
      )}
    </>
  );
}
