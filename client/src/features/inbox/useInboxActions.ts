// What the inbox toolbar's actions do once they are confirmed (InboxToolbar.tsx): copy, move and
// delete as job groups, merge and append through the merge call, e-mail through the Extensions
// helper, export as a server zip job polled until it is ready. Each reports through `setNotice`
// (and the notes); the grid reloads through inboxChangedAtom.
import { useState } from 'react';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useTranslation } from 'react-i18next';
import {
  AppendType,
  MergeTargetType,
  MergeType,
  type MergeInboxItem,
  type MergeRequest,
} from '@gs/contract/documents';
import type { Inbox, InboxFile } from '@gs/contract/inboxes';
import { mergeDocuments } from '../../api/documentOps';
import { fullName, inboxExportUrl, pollInboxExport, startInboxExport } from '../../api/inboxes';
import type { AlertTone } from '../../components/Alert';
import { httpAtom } from '../../state/environment';
import { addNoteAtom, NoteType } from '../../state/notes';
import { sessionAtom } from '../../state/session';
import type { AppendChoice } from '../documents/AppendModal';
import { useJobRunner } from '../documents/useJobRunner';
import { inboxChangedAtom } from './inboxAtoms';
import { inboxErrorText } from './inboxErrors';
import type { InboxMergeTarget } from './InboxMergeModal';

export interface InboxNotice {
  tone: AlertTone;
  text: string;
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

export interface InboxActionsOptions {
  db: number;
  inbox: Inbox;
  /** the checked files, in grid order */
  checked: InboxFile[];
  exportPollMs: number;
  setNotice: (notice: InboxNotice | null) => void;
  /** closes the toolbar's open dialog */
  setDialog: (dialog: null) => void;
}

export function useInboxActions({
  db,
  inbox,
  checked,
  exportPollMs,
  setNotice,
  setDialog,
}: InboxActionsOptions) {
  const { t } = useTranslation();
  const http = useAtomValue(httpAtom);
  const session = useAtomValue(sessionAtom);
  const changed = useSetAtom(inboxChangedAtom);
  const addNote = useSetAtom(addNoteAtom);
  const store = useStore();
  const jobs = useJobRunner();
  const [exporting, setExporting] = useState(false);

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
    // the helper's settings and its e-mail call load with the first e-mail (decision 079)
    const [settings, { emailInboxFiles, helperFailureText }, { helperTrustHint }] = await Promise.all([
      import('../capture/helperSettings'),
      import('../documents/helperEmail'),
      import('../capture/useHelperTrustHint'),
    ]);
    const helper = store.get(settings.effectiveHelperSettingsAtom);
    const trustHint = helperTrustHint(t, helper, 'io');
    try {
      const result = await jobs.runTask(t('documents.wait.email'), () =>
        emailInboxFiles({
          baseUrl: settings.helperUrlFor(helper, 'io'),
          database: db,
          token: session?.token ?? '',
          body: { Documents: files },
        }),
      );
      const text = t('documents.notes.emailed', { count: result.Attachments, file: result.File });
      addNote({ type: NoteType.Success, text });
      setNotice({ tone: 'success', text });
    } catch (error) {
      const message = helperFailureText(t, error, {
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
      const blob = await pollInboxExport(http, jobId, exportPollMs);
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

  return { runGroup, runMerge, runAppend, runEmail, runExport, jobs, busy: exporting || jobs.busy };
}
