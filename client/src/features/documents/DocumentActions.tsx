// The documents toolbar of the results page (spec §2-§7): Copy, Move, Delete, Merge, Append, Email
// and the archive's user actions, on the documents checked in the grid (checkedDocumentsAtom, in
// check order). Merge asks first in MergeDialog (page order, base document, originals kept). Copy,
// move and delete run as a job group with a type 5 note and the wait modal; when every result is
// in the grid reloads and the selection clears. What each runs: documentJobs.ts, loaded with the first. The buttons and their rules: actions/documentActions.ts.
import { lazy, Suspense, useState } from 'react';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useTranslation } from 'react-i18next';
import type { ResultsParams } from '../../app/resultsPaths';
import {
  documentActions,
  type DocumentActionId,
  type DocumentActionState,
} from '../../actions/documentActions';
import { attempt } from '../../actions/registry';
import { LazyConfirmDialog } from '../../components/LazyModal';
import { httpAtom } from '../../state/environment';
import { addNoteAtom } from '../../state/notes';
import { sessionAtom } from '../../state/session';
import { requestResultsReloadAtom } from '../results/resultsReload';
import { checkedDocumentsAtom, type CheckedDocument } from '../results/selection';
import type * as DocumentJobs from './documentJobs';
import type { DocumentJobContext } from './documentJobs';
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

  // what a confirmed dialog runs loads with the first run (documentJobs.ts, decision 079)
  const ctx: DocumentJobContext = {
    t,
    http,
    jobs,
    params,
    token: session?.token ?? '',
    store,
    addNote,
    reload,
    setProblem,
  };
  const run = (go: (jobs: typeof DocumentJobs, ctx: DocumentJobContext) => Promise<void>) => {
    setDialog(null);
    void import('./documentJobs').then((m) => go(m, ctx));
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
            onChoose={(archive, db) => run((m, c) => m.runTransfer(c, dialog, targets, archive, db))}
            onClose={() => setDialog(null)}
          />
        )}
        {dialog === 'delete' && (
          <LazyConfirmDialog
            title={t('documents.deleteConfirm.title')}
            message={t('documents.deleteConfirm.message', { count: targets.length })}
            confirmLabel={t('documents.actions.delete')}
            testId="delete-confirm"
            onConfirm={() => run((m, c) => m.runTransfer(c, 'delete', targets))}
            onCancel={() => setDialog(null)}
          />
        )}
        {dialog === 'merge' && (
          <MergeDialog
            db={params.db}
            docs={targets}
            onConfirm={(choice) => run((m, c) => m.runMerge(c, choice))}
            onClose={() => setDialog(null)}
          />
        )}
        {dialog === 'append' && targets[0] && (
          <AppendModal
            onChoose={(choice) =>
              run(async (m, c) => {
                if (targets[0]) await m.runAppend(c, targets[0], choice);
              })
            }
            onClose={() => setDialog(null)}
          />
        )}
        {dialog === 'email' && (
          <EmailModal
            count={targets.length}
            onSend={(withAnnotations) => run((m, c) => m.runEmail(c, targets, withAnnotations))}
            onClose={() => setDialog(null)}
          />
        )}
      </Suspense>
      {jobs.waitModal}
    </div>
  );
}
