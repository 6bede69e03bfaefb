// The operations on an inbox's checked files (spec §2, §5, §6; wire doc §2.7): upload into the
// inbox, rename (Modify 4, through NewName), download one file, copy or move to another inbox
// (the inbox-select modal), delete (the delete-confirm modal) and send to an archive (the
// index-archive-select modal, then the indexing view), export as a zip (a server job polled every
// second, then downloaded and kept as an export-link notification), merge (2 or more, the first a
// PDF or TIFF, pages in check order, into a new archive document or inbox file; the originals stay),
// append (exactly 1, with the inbox document select for append) and email (Email 32, through the
// Extensions helper's launch inboxemail). Copy, move and delete run as job groups with a type 5
// note, as on the results grid (documents/useJobRunner.tsx); when every result is in the grid
// reloads, which clears the selection. Nothing checked gives ERROR_NO_DOCUMENTS_SELECTED. A
// read-only licence (type 4) only looks, downloads and emails.
import { useRef, useState, type ReactNode } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { hasFlag, InboxPermission, LicenseType } from '@gs/contract/flags';
import type { Inbox, InboxFile } from '@gs/contract/inboxes';
import {
  deleteInboxFile,
  fullName,
  inboxFileUrl,
  renameInboxFile,
  transferInboxFile,
} from '../../api/inboxes';
import { Alert } from '../../components/Alert';
import { ConfirmDialog } from '../../components/Modal';
import { httpAtom } from '../../state/environment';
import { sessionAtom } from '../../state/session';
import { AppendModal } from '../documents/AppendModal';
import { MERGE_BASE_TYPES } from '../documents/documentRules';
import { indexingPath } from '../indexing/indexingPath';
import { inboxChangedAtom } from './inboxAtoms';
import { IndexArchiveSelectModal } from './IndexArchiveSelectModal';
import { InboxMergeModal } from './InboxMergeModal';
import { InboxSelectModal } from './InboxSelectModal';
import { RenameDialog } from './RenameDialog';
import { downloadLink, useInboxActions, type InboxNotice } from './useInboxActions';

type Dialog = 'rename' | 'transfer' | 'delete' | 'send' | 'merge' | 'append';

/** Why a merge cannot start on the checked files (a translation key), or null. */
export function mergeProblem(
  checked: readonly InboxFile[],
): 'documents.rules.mergeCount' | 'documents.rules.mergeFirst' | null {
  if (checked.length < 2) return 'documents.rules.mergeCount';
  if (!MERGE_BASE_TYPES.has(checked[0]?.FileType.toLowerCase() ?? '')) return 'documents.rules.mergeFirst';
  return null;
}

export interface InboxToolbarProps {
  db: number;
  inbox: Inbox;
  /** the checked files of the page, in grid order */
  checked: InboxFile[];
  onUpload: (files: File[]) => void;
  /** how often an export job is asked whether its zip is ready (1 s; tests pass less) */
  exportPollMs?: number;
}

/** One of the toolbar's small buttons. */
function ToolButton({
  onClick,
  disabled,
  testId,
  children,
}: {
  onClick: () => void;
  disabled?: boolean;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="button button--small"
      disabled={disabled}
      onClick={onClick}
      data-testid={testId}
    >
      {children}
    </button>
  );
}

export function InboxToolbar({ db, inbox, checked, onUpload, exportPollMs = 1000 }: InboxToolbarProps) {
  const { t } = useTranslation();
  const http = useAtomValue(httpAtom);
  const session = useAtomValue(sessionAtom);
  const changed = useSetAtom(inboxChangedAtom);
  const navigate = useNavigate();
  const picker = useRef<HTMLInputElement>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [notice, setNotice] = useState<InboxNotice | null>(null);
  const { runGroup, runMerge, runAppend, runEmail, runExport, jobs, busy } = useInboxActions({
    db,
    inbox,
    checked,
    exportPollMs,
    setNotice,
    setDialog,
  });

  const writable = session?.licenseType !== LicenseType.ReadOnly;
  const may = (bit: number) => writable && hasFlag(inbox.Permissions, bit);
  const first = checked[0];

  /** Opens the action's dialog when enough files are checked (`one`: exactly one). */
  const start =
    (action: Dialog | (() => void), one = false) =>
    () => {
      if (checked.length === 0) {
        setNotice({ tone: 'error', text: t('ERROR_NO_DOCUMENTS_SELECTED') });
        return;
      }
      if (one && checked.length > 1) {
        setNotice({ tone: 'error', text: t('inbox.error.oneOnly') });
        return;
      }
      setNotice(null);
      if (typeof action === 'function') action();
      else setDialog(action);
    };

  /** Checks the rule of an action before it starts: its translation key, shown as the notice. */
  const refuse = (key: ReturnType<typeof mergeProblem> | 'documents.rules.appendCount'): boolean => {
    if (key) setNotice({ tone: 'error', text: t(key) });
    return key !== null;
  };

  return (
    <div className="inbox-toolbar-wrap">
      <div className="results-header__tools" role="toolbar" aria-label={t('inbox.toolbar.label')}>
        {may(InboxPermission.Add) && (
          <ToolButton testId="inbox-upload-button" onClick={() => picker.current?.click()}>
            {t('inbox.toolbar.upload')}
          </ToolButton>
        )}
        {may(InboxPermission.ModifyDocument) && (
          <ToolButton disabled={busy} onClick={start('rename', true)}>
            {t('inbox.toolbar.rename')}
          </ToolButton>
        )}
        <ToolButton
          onClick={start(
            () =>
              first &&
              downloadLink(
                inboxFileUrl(http, inbox.Id, fullName(first), session?.token ?? ''),
                fullName(first),
              ),
            true,
          )}
        >
          {t('inbox.toolbar.download')}
        </ToolButton>
        <ToolButton disabled={busy} onClick={start(() => void runExport())} testId="inbox-export-button">
          {t('inbox.toolbar.export')}
        </ToolButton>
        {writable && (
          <ToolButton disabled={busy} onClick={start('transfer')}>
            {t('inbox.toolbar.copyMove')}
          </ToolButton>
        )}
        {may(InboxPermission.Delete) && (
          <ToolButton disabled={busy} onClick={start('delete')}>
            {t('inbox.toolbar.delete')}
          </ToolButton>
        )}
        {writable && (
          <ToolButton disabled={busy} onClick={start('send', true)}>
            {t('inbox.toolbar.sendToArchive')}
          </ToolButton>
        )}
        {writable && (
          <ToolButton
            disabled={busy}
            onClick={start(() => !refuse(mergeProblem(checked)) && setDialog('merge'))}
            testId="inbox-merge-button"
          >
            {t('documents.actions.merge')}
          </ToolButton>
        )}
        {writable && (
          <ToolButton
            disabled={busy}
            onClick={start(
              () =>
                !refuse(checked.length === 1 ? null : 'documents.rules.appendCount') && setDialog('append'),
            )}
            testId="inbox-append-button"
          >
            {t('documents.actions.append')}
          </ToolButton>
        )}
        {hasFlag(inbox.Permissions, InboxPermission.Email) && (
          <ToolButton disabled={busy} onClick={start(() => void runEmail())} testId="inbox-email-button">
            {t('documents.actions.email')}
          </ToolButton>
        )}
      </div>
      <input
        ref={picker}
        type="file"
        multiple
        hidden
        data-testid="inbox-grid-file-input"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          if (files.length) onUpload(files);
        }}
      />
      {notice && (
        <div className="notice-row inbox-notice" data-testid="inbox-notice">
          <Alert tone={notice.tone}>{notice.text}</Alert>
          <button
            type="button"
            className="icon-button"
            aria-label={t('common.close')}
            onClick={() => setNotice(null)}
          >
            ×
          </button>
        </div>
      )}
      {dialog === 'rename' && first && (
        <RenameDialog
          file={first}
          onCancel={() => setDialog(null)}
          onRename={async (newName) => {
            const name = await renameInboxFile(http, inbox.Id, first, newName);
            setDialog(null);
            changed();
            setNotice({ tone: 'success', text: t('inbox.done.renamed', { name }) });
          }}
        />
      )}
      {dialog === 'transfer' && (
        <InboxSelectModal
          current={inbox.Id}
          count={checked.length}
          onCancel={() => setDialog(null)}
          onChoose={(target, move) =>
            void runGroup(
              t(move ? 'documents.notes.move' : 'documents.notes.copy', {
                count: checked.length,
                name: target.Name,
              }),
              (file) => transferInboxFile(http, inbox.Id, fullName(file), target.Id, move),
              (count) => t(move ? 'inbox.done.moved' : 'inbox.done.copied', { count, name: target.Name }),
            )
          }
        />
      )}
      {dialog === 'delete' && (
        <ConfirmDialog
          title={t('inbox.delete.title')}
          message={t('inbox.delete.message', { count: checked.length })}
          confirmLabel={t('inbox.delete.confirm')}
          testId="delete-confirm"
          onCancel={() => setDialog(null)}
          onConfirm={() =>
            void runGroup(
              t('documents.notes.delete', { count: checked.length }),
              (file) => deleteInboxFile(http, inbox.Id, fullName(file)),
              (count) => t('inbox.done.deleted', { count }),
            )
          }
        />
      )}
      {dialog === 'merge' && (
        <InboxMergeModal
          db={db}
          inbox={inbox}
          files={checked.map(fullName)}
          onCancel={() => setDialog(null)}
          onChoose={(target) => void runMerge(target)}
        />
      )}
      {dialog === 'append' && first && (
        <AppendModal
          exclude={{ inboxId: inbox.Id, fileName: fullName(first) }}
          directions={{
            intoDocument: t('inboxOps.append.intoChecked', { name: fullName(first) }),
            intoInbox: t('inboxOps.append.intoChosen', { name: fullName(first) }),
          }}
          onClose={() => setDialog(null)}
          onChoose={(choice) => void runAppend(first, choice)}
        />
      )}
      {jobs.waitModal}
      {dialog === 'send' && first && (
        <IndexArchiveSelectModal
          db={db}
          onCancel={() => setDialog(null)}
          onChoose={(archive) =>
            void navigate(
              indexingPath({
                db,
                archive,
                importDocs: [],
                inbox: { id: inbox.Id, fileName: fullName(first) },
              }),
            )
          }
        />
      )}
    </div>
  );
}
