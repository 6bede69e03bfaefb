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
import {
  AppendType,
  MergeTargetType,
  MergeType,
  type MergeInboxItem,
  type MergeRequest,
} from '@gs/contract/documents';
import type { Inbox, InboxFile } from '@gs/contract/inboxes';
import { mergeDocuments } from '../../api/documentOps';
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
import { effectiveHelperSettingsAtom, helperUrlFor } from '../capture/helperSettings';
import { useHelperTrustHint } from '../capture/useHelperTrustHint';
import { AppendModal, type AppendChoice } from '../documents/AppendModal';
import { MERGE_BASE_TYPES } from '../documents/documentRules';
import { emailInboxFiles, helperFailureText } from '../documents/helperEmail';
import { useJobRunner } from '../documents/useJobRunner';
import { indexingPath } from '../indexing/indexingPath';
import { inboxChangedAtom } from './inboxAtoms';
import { inboxErrorText } from './inboxErrors';
import { IndexArchiveSelectModal } from './IndexArchiveSelectModal';
import { InboxMergeModal, type InboxMergeTarget } from './InboxMergeModal';
import { InboxSelectModal } from './InboxSelectModal';
import { RenameDialog } from './RenameDialog';

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
  const addNote = useSetAtom(addNoteAtom);
  const helper = useAtomValue(effectiveHelperSettingsAtom);
  const trustHint = useHelperTrustHint('io');
  const navigate = useNavigate();
  const jobs = useJobRunner();
  const picker = useRef<HTMLInputElement>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [notice, setNotice] = useState<{ tone: AlertTone; text: string } | null>(null);
  const [exporting, setExporting] = useState(false);
  const busy = exporting || jobs.busy;

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

  /**
   * Runs `op` on every checked file as one job group (a type 5 note counting the results, the wait
   * modal until every result is in), then reloads the grid and reports how it went.
   */
  const runGroup = async (
    text: string,
    op: (file: InboxFile) => Promise<unknown>,
    done: (count: number) => string,
  ) => {
    const files = [...checked];
    setDialog(null);
    try {
      const progress = await jobs.runGroup({
        text,
        items: files,
        idOf: fullName,
        run: op,
        describe: (error) => inboxErrorText(t, error),
      });
      setNotice(
        progress.danger > 0
          ? {
              tone: 'error',
              text: [
                t('documents.errors.someFailed', { count: progress.danger, total: progress.total }),
                ...progress.errors,
              ].join('\n'),
            }
          : { tone: 'success', text: done(progress.success) },
      );
    } finally {
      changed();
    }
  };

  const item = (inboxId: number, name: string): MergeInboxItem => ({ InboxId: inboxId, Path: name });

  /**
   * Sends a merge or append behind the wait modal; the success text (from the new id) or the
   * failure goes to the notes and the notice, and the inbox reloads after a success.
   */
  const runMergeRequest = async (
    body: MergeRequest,
    kind: 'merge' | 'append',
    done: (id: number) => string,
  ) => {
    try {
      const id = await jobs.runTask(t(`documents.wait.${kind}`), () => mergeDocuments(http, db, body));
      const text = done(id);
      addNote({ type: NoteType.Success, text });
      setNotice({ tone: 'success', text });
      changed();
    } catch (error) {
      const message = inboxErrorText(t, error);
      addNote({ type: NoteType.Error, text: t(`documents.notes.${kind}Failed`, { message }) });
      setNotice({ tone: 'error', text: message });
    }
  };

  /** Merges the checked files, in check order, into a new archive document or inbox file. */
  const runMerge = async (target: InboxMergeTarget) => {
    setDialog(null);
    const items = checked.map((f) => item(inbox.Id, fullName(f)));
    const [base] = items;
    if (!base) return;
    const body = {
      Type: MergeType.Merge,
      Documents: items,
      BaseDocument: base,
      Target:
        target.kind === 'archive'
          ? { Type: MergeTargetType.Archive, Id: target.archive.Id }
          : { Type: MergeTargetType.Inbox, Id: inbox.Id },
    };
    await runMergeRequest(body, 'merge', (id) =>
      target.kind === 'archive'
        ? t('inboxOps.notes.mergedToArchive', { id, name: target.archive.Name })
        : t('inboxOps.notes.mergedToInbox', { name: inbox.Name }),
    );
  };

  /** Appends: the chosen file's pages after the checked file's, or the checked file's after the chosen's. */
  const runAppend = async (file: InboxFile, choice: AppendChoice) => {
    setDialog(null);
    const mine = item(inbox.Id, fullName(file));
    const other = item(choice.inboxId, choice.fileName);
    const [base, added] = choice.into === 'document' ? [mine, other] : [other, mine];
    const body = {
      Type: MergeType.Append,
      Documents: [base, added],
      BaseDocument: base,
      Target: { Type: MergeTargetType.Inbox, AppendType: AppendType.After, Id: base.InboxId },
    };
    await runMergeRequest(body, 'append', () =>
      t('inboxOps.notes.appendSuccessful', { from: added.Path, to: base.Path }),
    );
  };

  /** Emails the checked files through the Extensions helper. */
  const runEmail = async () => {
    const files = checked.map((f) => ({ InboxID: inbox.Id, Filename: fullName(f) }));
    try {
      const result = await jobs.runTask(t('documents.wait.email'), () =>
        emailInboxFiles({
          baseUrl: helperUrlFor(helper, 'io'),
          database: db,
          token: session?.token ?? '',
          body: { Documents: files },
        }),
      );
      const text = t('documents.notes.emailed', { count: result.Attachments, file: result.File });
      addNote({ type: NoteType.Success, text });
      setNotice({ tone: 'success', text });
    } catch (error) {
      const message = helperFailureText(error, {
        unreachable: [t('documents.email.unreachable'), trustHint].filter(Boolean).join(' '),
        unknown: t('documents.errors.unknown'),
      });
      addNote({ type: NoteType.Error, text: message });
      setNotice({ tone: 'error', text: message });
    }
  };

  /** Zips the checked files on the server, downloads the zip and keeps its link as a note. */
  const runExport = async () => {
    const token = session?.token ?? '';
    const count = checked.length;
    const file = `Inbox-${inbox.Name}.zip`;
    setExporting(true);
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
      setExporting(false);
    }
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
