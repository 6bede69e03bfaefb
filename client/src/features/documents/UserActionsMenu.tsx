// The archive's user actions (spec §7): `GET useraction?Database&Archive` lists them; choosing one
// starts it on the checked documents with `PUT useraction?...&ActionID&Token` and a body mapping
// each document id to its hash. Nothing shows when the archive has none (or the server has no
// such route). A started action may put the documents into a workflow: the queue counts load again.
import { useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import type { UserActionItem } from '@gs/contract/userActions';
import { getUserActions, runUserAction } from '../../api/documentOps';
import { useApiQuery } from '../../api/useApiQuery';
import { Popover } from '../../components/Popover';
import { httpAtom } from '../../state/environment';
import { addNoteAtom, NoteType } from '../../state/notes';
import { sessionAtom } from '../../state/session';
import type { CheckedDocument } from '../results/selection';
import { queuesChangedAtom } from '../workflow/workflowAtoms';
import { translateServerError } from '../../lib/serverTexts';

export interface UserActionsMenuProps {
  db: number;
  archive: number;
  checked: readonly CheckedDocument[];
  disabled: boolean;
  onProblem: (text: string) => void;
}

export function UserActionsMenu({ db, archive, checked, disabled, onProblem }: UserActionsMenuProps) {
  const { t } = useTranslation();
  const session = useAtomValue(sessionAtom);
  const addNote = useSetAtom(addNoteAtom);
  const queuesChanged = useSetAtom(queuesChangedAtom);
  const [actions] = useApiQuery(`useraction:${db}:${archive}`, (http) => getUserActions(http, db, archive));
  const http = useAtomValue(httpAtom);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const list = actions.status === 'success' ? (actions.data?.Actions ?? []) : [];
  if (list.length === 0) return null;

  const run = async (action: UserActionItem) => {
    setAnchor(null);
    if (checked.length === 0) {
      onProblem(t('ERROR_NO_DOCUMENTS_SELECTED'));
      return;
    }
    const documents = Object.fromEntries(checked.map((c) => [String(c.doc.Id), c.doc.Hash]));
    try {
      const started = await runUserAction(http, db, archive, action.Key, session?.token ?? '', documents);
      addNote({
        type: NoteType.Success,
        text: t('documents.userActions.started', { name: action.Name, count: started }),
      });
      queuesChanged();
    } catch (error) {
      const message = translateServerError(t, error) ?? t('documents.errors.unknown');
      addNote({
        type: NoteType.Error,
        text: t('documents.userActions.failed', { name: action.Name, message }),
      });
      onProblem(message);
    }
  };

  return (
    <>
      <button
        type="button"
        className="button button--small"
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        disabled={disabled}
        onClick={(event) => setAnchor(anchor ? null : event.currentTarget)}
        data-testid="documents-user-actions"
      >
        {t('documents.actions.userActions')}
      </button>
      {anchor && (
        <Popover
          anchor={anchor}
          onClose={() => setAnchor(null)}
          label={t('documents.actions.userActions')}
          role="menu"
          className="column-menu"
        >
          {list.map((action) => (
            <button
              key={action.Key}
              type="button"
              role="menuitem"
              onClick={() => void run(action)}
              data-testid={`user-action-${action.Key}`}
            >
              {action.Name}
            </button>
          ))}
        </Popover>
      )}
    </>
  );
}
