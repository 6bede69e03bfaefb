// The operations on an inbox's checked files (spec §2, §5, §6; wire doc §2.7): upload into the
// inbox, rename (Modify 4, through NewName), download one file, copy or move to another inbox
// (the inbox-select modal), delete (the delete-confirm modal) and send to an archive (the
// index-archive-select modal, then the indexing view), export as a zip (a server job polled every
// second, then downloaded and kept as an export-link notification). Nothing checked gives
// ERROR_NO_DOCUMENTS_SELECTED. A read-only licence (type 4) only looks and downloads.
import { useRef, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { hasFlag, InboxPermission, LicenseType } from '@gs/contract/flags';
import type { Inbox, InboxFile } from '@gs/contract/inboxes';
import {
  deleteInboxFile,
  fullName,
  inboxExportUrl,
  inboxFileUrl,
  pollInboxExport,
  renameInboxFile,
  startInboxExport,
  transferInboxFile,
} from '../../api/inboxes';
import { Alert, type AlertTone } from '../../components/Alert';
import { ConfirmDialog } from '../../components/Modal';
import { httpAtom } from '../../state/environment';
import { addNoteAtom, NoteType } from '../../state/notes';
import { sessionAtom } from '../../state/session';
import { indexingPath } from '../indexing/indexingPath';
import { inboxChangedAtom } from './inboxAtoms';
import { inboxErrorText } from './inboxErrors';
import { IndexArchiveSelectModal } from './IndexArchiveSelectModal';
import { InboxSelectModal } from './InboxSelectModal';
import { RenameDialog } from './RenameDialog';

type Dialog = 'rename' | 'transfer' | 'delete' | 'send';

export interface InboxToolbarProps {
  db: number;
  inbox: Inbox;
  /** the checked files of the page, in grid order */
  checked: InboxFile[];
  onUpload: (files: File[]) => void;
  /** how often an export job is asked whether its zip is ready (1 s; tests pass less) */
  exportPollMs?: number;
}

/** Starts a download of the link (the server answers the file's bytes). */
export function downloadLink(href: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

export function InboxToolbar({ db, inbox, checked, onUpload, exportPollMs = 1000 }: InboxToolbarProps) {
  const { t } = useTranslation();
  const http = useAtomValue(httpAtom);
  const session = useAtomValue(sessionAtom);
  const changed = useSetAtom(inboxChangedAtom);
  const addNote = useSetAtom(addNoteAtom);
  const navigate = useNavigate();
  const picker = useRef<HTMLInputElement>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [notice, setNotice] = useState<{ tone: AlertTone; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

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

  /** Runs `op` on every checked file, one after another, and reports how it went. */
  const runEach = async (op: (file: InboxFile) => Promise<unknown>, done: (count: number) => string) => {
    setDialog(null);
    setBusy(true);
    const errors: string[] = [];
    let good = 0;
    for (const file of checked) {
      try {
        await op(file);
        good += 1;
      } catch (error) {
        errors.push(`${fullName(file)}: ${inboxErrorText(t, error)}`);
      }
    }
    setBusy(false);
    changed();
    setNotice(
      errors.length
        ? { tone: 'error', text: [t('inbox.error.some', { count: errors.length }), ...errors].join('\n') }
        : { tone: 'success', text: done(good) },
    );
  };

  /** Zips the checked files on the server, downloads the zip and keeps its link as a note. */
  const runExport = async () => {
    const token = session?.token ?? '';
    const count = checked.length;
    const file = `Inbox-${inbox.Name}.zip`;
    setBusy(true);
    setNotice({ tone: 'info', text: t('inbox.export.working', { count }) });
    try {
      const jobId = await startInboxExport(http, inbox.Id, checked.map(fullName));
      const blob = await pollInboxExport(http, jobId, token, exportPollMs);
      downloadLink(URL.createObjectURL(blob), file);
      addNote({
        type: NoteType.ExportLink,
        text: t('inbox.export.note', { count, name: inbox.Name }),
        href: inboxExportUrl(http, jobId, token),
      });
      setNotice({ tone: 'success', text: t('inbox.export.done', { count, file }) });
    } catch (error) {
      setNotice({ tone: 'error', text: inboxErrorText(t, error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="inbox-toolbar-wrap">
      <div className="results-header__tools" role="toolbar" aria-label={t('inbox.toolbar.label')}>
        {may(InboxPermission.Add) && (
          <button
            type="button"
            className="button button--small"
            onClick={() => picker.current?.click()}
            data-testid="inbox-upload-button"
          >
            {t('inbox.toolbar.upload')}
          </button>
        )}
        {may(InboxPermission.ModifyDocument) && (
          <button
            type="button"
            className="button button--small"
            disabled={busy}
            onClick={start('rename', true)}
          >
            {t('inbox.toolbar.rename')}
          </button>
        )}
        <button
          type="button"
          className="button button--small"
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
        </button>
        <button
          type="button"
          className="button button--small"
          disabled={busy}
          onClick={start(() => void runExport())}
          data-testid="inbox-export-button"
        >
          {t('inbox.toolbar.export')}
        </button>
        {writable && (
          <button type="button" className="button button--small" disabled={busy} onClick={start('transfer')}>
            {t('inbox.toolbar.copyMove')}
          </button>
        )}
        {may(InboxPermission.Delete) && (
          <button type="button" className="button button--small" disabled={busy} onClick={start('delete')}>
            {t('inbox.toolbar.delete')}
          </button>
        )}
        {writable && (
          <button
            type="button"
            className="button button--small"
            disabled={busy}
            onClick={start('send', true)}
          >
            {t('inbox.toolbar.sendToArchive')}
          </button>
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
            void runEach(
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
            void runEach(
              (file) => deleteInboxFile(http, inbox.Id, fullName(file)),
              (count) => t('inbox.done.deleted', { count }),
            )
          }
        />
      )}
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
