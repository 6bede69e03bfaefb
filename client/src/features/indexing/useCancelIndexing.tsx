// Cancel in the indexing view (decision 050): with unsaved scanned or uploaded pages it asks first
// (CancelIndexingDialog) and keeps them in an inbox or their batch; otherwise it simply leaves.
import { useState, type ReactNode } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { translateServerError } from '../../lib/serverTexts';
import { httpAtom } from '../../state/environment';
import { addNoteAtom, NoteType } from '../../state/notes';
import { CancelIndexingDialog } from './CancelIndexingDialog';
import type { IndexingTarget } from './indexingPath';
import { hasUnsavedFiles, keepInInbox, keepPlan, type KeepPlace } from './keepUnsaved';

type Plan = { place: KeepPlace; pages: number };

export function useCancelIndexing(
  target: IndexingTarget,
  leave: (message: string | null) => void,
): { cancel: () => void; dialog: ReactNode } {
  const { t } = useTranslation();
  const http = useAtomValue(httpAtom);
  const addNote = useSetAtom(addNoteAtom);
  const [open, setOpen] = useState(false);
  const [plan, setPlan] = useState<Plan | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const failed = (e: unknown): string => translateServerError(t, e) || t('indexing.cancel.failed');

  const cancel = () => {
    if (!hasUnsavedFiles(target)) {
      leave(null);
      return;
    }
    setOpen(true);
    setPlan(null);
    setError(null);
    keepPlan(http, target).then(setPlan, (e: unknown) => {
      setPlan({ place: { kind: 'none' }, pages: 0 });
      setError(failed(e));
    });
  };

  const keep = async () => {
    if (!plan || busy) return;
    if (plan.place.kind === 'batch') {
      leave(null);
      return;
    }
    if (plan.place.kind !== 'inbox') return;
    const inbox = plan.place.inbox;
    setBusy(true);
    setError(null);
    try {
      await keepInInbox(http, target, inbox.Id);
      const text = t('indexing.cancel.kept', { count: plan.pages, inbox: inbox.Name });
      addNote({ type: NoteType.Success, text });
      leave(text);
    } catch (e) {
      setError(failed(e));
      setBusy(false);
    }
  };

  const dialog = open ? (
    <CancelIndexingDialog
      plan={plan}
      busy={busy}
      error={error}
      onKeep={() => void keep()}
      onStay={() => setOpen(false)}
    />
  ) : null;
  return { cancel, dialog };
}
