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
// read-only licence (type 4) only looks, downloads and emails. The buttons, which of them show and
// when each may start: the action registry (actions/inboxActions.ts).
import { useRef, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Inbox, InboxFile } from '@gs/contract/inboxes';
import {
  deleteInboxFile,
  fullName,
  inboxFileUrl,
  renameInboxFile,
  transferInboxFile,
} from '../../api/inboxes';
import {
  inboxActions,
  type InboxActionEffects,
  type InboxActionId,
  type InboxActionState,
  type InboxDialog,
} from '../../actions/inboxActions';
import { Alert } from '../../components/Alert';
import { LazyConfirmDialog, lazyDialog } from '../../components/LazyModal';
import { httpAtom } from '../../state/environment';
import { sessionAtom } from '../../state/session';
import { indexingPath } from '../indexing/indexingPath';
import { inboxChangedAtom } from './inboxAtoms';
import { downloadLink, useInboxActions, type InboxNotice } from './useInboxActions';

// the dialogs load when opened (decision 079)
const AppendModal = lazyDialog(() => import('../documents/AppendModal').then((m) => m.AppendModal));
const IndexArchiveSelectModal = lazyDialog(() =>
  import('./IndexArchiveSelectModal').then((m) => m.IndexArchiveSelectModal),
);
const InboxMergeModal = lazyDialog(() => import('./InboxMergeModal').then((m) => m.InboxMergeModal));
const InboxSelectModal = lazyDialog(() => import('./InboxSelectModal').then((m) => m.InboxSelectModal));
const RenameDialog = lazyDialog(() => import('./RenameDialog').then((m) => m.RenameDialog));

export interface InboxToolbarProps {
  db: number;
  inbox: Inbox;
  /** the checked files of the page, in grid order */
  checked: InboxFile[];
  onUpload: (files: File[]) => void;
  /** how often an export job is asked whether its zip is ready (1 s; tests pass less) */
  exportPollMs?: number;
}

export function InboxToolbar({ db, inbox, checked, onUpload, exportPollMs = 1000 }: InboxToolbarProps) {
  const { t } = useTranslation();
  const http = useAtomValue(httpAtom);
  const session = useAtomValue(sessionAtom);
  const changed = useSetAtom(inboxChangedAtom);
  const navigate = useNavigate();
  const picker = useRef<HTMLInputElement>(null);
  const [dialog, setDialog] = useState<InboxDialog | null>(null);
  const [notice, setNotice] = useState<InboxNotice | null>(null);
  const { runGroup, runMerge, runAppend, runEmail, runExport, jobs, busy } = useInboxActions({
    db,
    inbox,
    checked,
    exportPollMs,
    setNotice,
    setDialog,
  });

  const first = checked[0];
  const state: InboxActionState = {
    licenseType: session?.licenseType ?? null,
    permissions: inbox.Permissions,
    checked,
  };
  const effects: InboxActionEffects = {
    open: setDialog,
    pickFiles: () => picker.current?.click(),
    download: (file) =>
      downloadLink(inboxFileUrl(http, inbox.Id, fullName(file), session?.token ?? ''), fullName(file)),
    runExport: () => void runExport(),
    runEmail: () => void runEmail(),
  };

  /** Starts the action, or shows why it cannot start on the checked files. */
  const start = (id: InboxActionId) => {
    const action = inboxActions.get(id);
    const verdict = action.enabled(state);
    if (verdict !== true) {
      setNotice({ tone: 'error', text: t(verdict) });
      return;
    }
    // an action that needs no selection (upload) leaves the notice as it is
    if (action.readsSelection) setNotice(null);
    action.perform({ ...state, ...effects });
  };

  return (
    <div className="inbox-toolbar-wrap">
      <div className="results-header__tools" role="toolbar" aria-label={t('inbox.toolbar.label')}>
        {inboxActions.list
          .filter((action) => action.allowed(state) === true)
          .map((action) => (
            <button
              key={action.id}
              type="button"
              className="button button--small"
              disabled={action.waitsForJobs && busy}
              onClick={() => start(action.id)}
              data-testid={action.testId}
            >
              {t(action.label)}
            </button>
          ))}
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
        <LazyConfirmDialog
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
