// The documents toolbar of the results page (spec §2-§7): Copy, Move, Delete, Merge, Append, Email
// and the archive's user actions, on the documents checked in the grid (checkedDocumentsAtom, in
// check order). Merge asks first in MergeDialog (page order, base document, originals kept). Copy,
// move and delete run as a job group with a type 5 note and the wait modal; when every result is
// in the grid reloads and the selection clears. The buttons and their rules: actions/documentActions.ts.
import { lazy, Suspense, useState } from 'react';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useTranslation } from 'react-i18next';
import type { Archive } from '@gs/contract/archives';
import {
  AppendType,
  MergeTargetType,
  MergeType,
  type MergeDocument,
  type MergeRequest,
} from '@gs/contract/documents';
import {
  deleteDocument,
  mergeDocuments,
  transferDocument,
  type OpDocument,
  type TransferKind,
} from '../../api/documentOps';
import type { ResultsParams } from '../../app/resultsPaths';
import {
  documentActions,
  type DocumentActionId,
  type DocumentActionState,
} from '../../actions/documentActions';
import { attempt } from '../../actions/registry';
import { LazyConfirmDialog } from '../../components/LazyModal';
import { translateServerError } from '../../lib/serverTexts';
import { httpAtom } from '../../state/environment';
import { addNoteAtom, NoteType } from '../../state/notes';
import { sessionAtom } from '../../state/session';
import { requestResultsReloadAtom } from '../results/resultsReload';
import { checkedDocumentsAtom, type CheckedDocument } from '../results/selection';
import type { AppendChoice } from './AppendModal';
import type { MergeChoice } from './MergeDialog';
import { useJobRunner } from './useJobRunner';
import { UserActionsMenu } from './UserActionsMenu';
import './documents.css';

// the append and e-mail modals load when opened (issue 11's budget for the results screen)
// the dialogs load when opened (decision 074)
const ArchiveSelectModal = lazy(() =>
  import('./ArchiveSelectModal').then((m) => ({ default: m.ArchiveSelectModal })),
);
const MergeDialog = lazy(() => import('./MergeDialog').then((m) => ({ default: m.MergeDialog })));
const AppendModal = lazy(() => import('./AppendModal').then((m) => ({ default: m.AppendModal })));
const EmailModal = lazy(() => import('./EmailModal').then((m) => ({ default: m.EmailModal })));

type Dialog = DocumentActionId | null;

const refOf = (c: CheckedDocument): OpDocument => ({
  db: c.db,
  archive: c.archive,
  id: c.doc.Id,
  hash: c.doc.Hash,
});
const mergeDocOf = (c: CheckedDocument): MergeDocument & { Hash: string } => ({
  ArchiveID: c.archive,
  DocID: c.doc.Id,
  Hash: c.doc.Hash,
});

export function DocumentActions({ params }: { params: ResultsParams }) {
  const { t } = useTranslation();
  const checked = useAtomValue(checkedDocumentsAtom);
  const session = useAtomValue(sessionAtom);
  const http = useAtomValue(httpAtom);
  const store = useStore();
  const addNote = useSetAtom(addNoteAtom);
  const reload = useSetAtom(requestResultsReloadAtom);
  const jobs = useJobRunner();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const licenseType = session?.licenseType ?? null;
  // the documents the open dialog acts on: kept as they were when it opened
  const [targets, setTargets] = useState<CheckedDocument[]>([]);

  const failureText = (error: unknown): string =>
    translateServerError(t, error) ?? t('documents.errors.unknown');

  const state: DocumentActionState = { licenseType, checked };
  const effects = {
    open: (name: DocumentActionId) => {
      setTargets([...checked]);
      setDialog(name);
    },
  };

  const start = (id: DocumentActionId) => {
    const key = attempt(documentActions.get(id), { ...state, ...effects });
    setProblem(key ? t(key) : null);
  };

  const runTransfer = async (
    kind: TransferKind | 'delete',
    docs: CheckedDocument[],
    destination?: Archive,
    destinationDb?: number,
  ) => {
    setDialog(null);
    const text =
      kind === 'delete'
        ? t('documents.notes.delete', { count: docs.length })
        : t(`documents.notes.${kind}`, { count: docs.length, name: destination?.Name ?? '' });
    try {
      const progress = await jobs.runGroup({
        text,
        items: docs,
        idOf: (c) => c.doc.Id,
        run: (c, tag) =>
          kind === 'delete'
            ? deleteDocument(http, refOf(c), tag)
            : transferDocument(http, kind, refOf(c), destination?.Id ?? 0, tag, destinationDb),
        describe: failureText,
      });
      if (progress.danger > 0)
        setProblem(t('documents.errors.someFailed', { count: progress.danger, total: progress.total }));
    } finally {
      reload();
    }
  };

  const runMerge = async ({ order, base }: MergeChoice) => {
    setDialog(null);
    const body: MergeRequest = {
      Type: MergeType.Merge,
      Documents: order.map(mergeDocOf),
      BaseDocument: mergeDocOf(base),
      Target: { Type: MergeTargetType.Archive, Id: base.archive },
    };
    try {
      const id = await jobs.runTask(t('documents.wait.merge'), () => mergeDocuments(http, params.db, body));
      addNote({ type: NoteType.Success, text: t('documents.notes.mergeSuccessful', { id }) });
      reload();
    } catch (error) {
      const message = failureText(error);
      addNote({ type: NoteType.Error, text: t('documents.notes.mergeFailed', { message }) });
      setProblem(message);
    }
  };

  const runAppend = async (doc: CheckedDocument, choice: AppendChoice) => {
    setDialog(null);
    const archiveDoc = mergeDocOf(doc);
    const inboxItem = { InboxId: choice.inboxId, Path: choice.fileName };
    const body: MergeRequest =
      choice.into === 'document'
        ? {
            Type: MergeType.Append,
            Documents: [archiveDoc, inboxItem],
            BaseDocument: archiveDoc,
            Target: { Type: MergeTargetType.Archive, AppendType: AppendType.After, Id: doc.archive },
          }
        : {
            Type: MergeType.Append,
            Documents: [inboxItem, archiveDoc],
            BaseDocument: inboxItem,
            Target: { Type: MergeTargetType.Inbox, AppendType: AppendType.After, Id: choice.inboxId },
          };
    try {
      await jobs.runTask(t('documents.wait.append'), () => mergeDocuments(http, params.db, body));
      addNote({
        type: NoteType.Success,
        text: t('documents.notes.appendSuccessful', { name: choice.fileName, id: doc.doc.Id }),
      });
      reload();
    } catch (error) {
      const message = failureText(error);
      addNote({ type: NoteType.Error, text: t('documents.notes.appendFailed', { message }) });
      setProblem(message);
    }
  };

  const runEmail = async (docs: CheckedDocument[], withAnnotations: boolean) => {
    setDialog(null);
    // the helper's settings and its e-mail call load with the first e-mail (decision 079)
    const [settings, { emailDocuments, helperFailureText }, { helperTrustHint }] = await Promise.all([
      import('../capture/helperSettings'),
      import('./helperEmail'),
      import('../capture/useHelperTrustHint'),
    ]);
    const helper = store.get(settings.effectiveHelperSettingsAtom);
    const trustHint = helperTrustHint(t, helper, 'io');
    try {
      const result = await jobs.runTask(t('documents.wait.email'), () =>
        emailDocuments({
          baseUrl: settings.helperUrlFor(helper, 'io'),
          database: params.db,
          searchId: params.searchId,
          fieldId: 0,
          withAnnotations,
          token: session?.token ?? '',
          body: {
            Documents: docs.map((c) => ({ Archive: c.archive, Id: c.doc.Id, Hash: c.doc.Hash })),
            SearchCriteria: params.criteria,
          },
        }),
      );
      addNote({
        type: NoteType.Success,
        text: t('documents.notes.emailed', { count: result.Attachments, file: result.File }),
      });
    } catch (error) {
      const message = helperFailureText(t, error, {
        unreachable: [t('documents.email.unreachable'), trustHint].filter(Boolean).join(' '),
        unknown: t('documents.errors.unknown'),
      });
      addNote({ type: NoteType.Error, text: message });
      setProblem(message);
    }
  };

  return (
    <div className="document-actions" role="group" aria-label={t('documents.toolbar')}>
      {documentActions.list.map((action) => {
        const allowed = action.allowed(state);
        return (
          <button
            key={action.id}
            type="button"
            className="button button--small"
            disabled={allowed !== true || (action.waitsForJobs && jobs.busy)}
            title={allowed === true ? undefined : t(allowed)}
            onClick={() => start(action.id)}
            data-testid={action.testId}
          >
            {t(action.label)}
          </button>
        );
      })}
      <UserActionsMenu
        db={params.db}
        archive={params.archive}
        checked={checked}
        disabled={jobs.busy}
        onProblem={(text) => setProblem(text)}
      />
      {problem && (
        <p className="document-actions__problem" role="alert" data-testid="documents-problem">
          {problem}
          <button
            type="button"
            className="icon-button"
            aria-label={t('common.close')}
            onClick={() => setProblem(null)}
          >
            ×
          </button>
        </p>
      )}
      <Suspense fallback={null}>
        {(dialog === 'copy' || dialog === 'move') && (
          <ArchiveSelectModal
            db={params.db}
            title={t(
              dialog === 'copy' ? 'documents.archiveSelect.copyTitle' : 'documents.archiveSelect.moveTitle',
              {
                count: targets.length,
              },
            )}
            exclude={dialog === 'move' ? params.archive : undefined}
            confirmLabel={t(`documents.actions.${dialog}`)}
            onChoose={(archive, db) => void runTransfer(dialog, targets, archive, db)}
            onClose={() => setDialog(null)}
          />
        )}
        {dialog === 'delete' && (
          <LazyConfirmDialog
            title={t('documents.deleteConfirm.title')}
            message={t('documents.deleteConfirm.message', { count: targets.length })}
            confirmLabel={t('documents.actions.delete')}
            testId="delete-confirm"
            onConfirm={() => void runTransfer('delete', targets)}
            onCancel={() => setDialog(null)}
          />
        )}
        {dialog === 'merge' && (
          <MergeDialog
            db={params.db}
            docs={targets}
            onConfirm={(choice) => void runMerge(choice)}
            onClose={() => setDialog(null)}
          />
        )}
        {dialog === 'append' && targets[0] && (
          <AppendModal
            onChoose={(choice) => targets[0] && void runAppend(targets[0], choice)}
            onClose={() => setDialog(null)}
          />
        )}
        {dialog === 'email' && (
          <EmailModal
            count={targets.length}
            onSend={(withAnnotations) => void runEmail(targets, withAnnotations)}
            onClose={() => setDialog(null)}
          />
        )}
      </Suspense>
      {jobs.waitModal}
    </div>
  );
}
