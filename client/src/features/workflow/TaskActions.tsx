// The task page's queue actions (spec §3 queue actions, §7): the actions of the queue the page's
// tasks wait in (asked of the server for one of them), each a toolbar button taking that action on
// the checked tasks with progress. Tasks another user moved first are listed with the server's
// words; afterwards the page and every queue count load again.
import { useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import type { QueueAction } from '@gs/contract/workflow';
import { getQueueActions, takeTaskAction, type TaskRef } from '../../api/workflow';
import { useApiQuery } from '../../api/useApiQuery';
import { Alert } from '../../components/Alert';
import { httpAtom } from '../../state/environment';
import { addNoteAtom, NoteType } from '../../state/notes';
import { sessionAtom } from '../../state/session';
import { requestResultsReloadAtom } from '../results/resultsReload';
import { checkedDocumentsAtom } from '../results/selection';
import { runTaskAction, type TaskActionOutcome } from './taskActionRun';
import { translateServerDetail } from '../../lib/serverTexts';
import { queuesChangedAtom } from './workflowAtoms';

export interface TaskActionsProps {
  /** a task of the page: its queue's actions are the page's */
  sample: TaskRef | null;
  queueKey: string;
}

type Run = { action: string; done: number; total: number } | null;

export function TaskActions({ sample, queueKey }: TaskActionsProps) {
  const { t } = useTranslation();
  const http = useAtomValue(httpAtom);
  const token = useAtomValue(sessionAtom)?.token ?? '';
  const checked = useAtomValue(checkedDocumentsAtom);
  const addNote = useSetAtom(addNoteAtom);
  const reloadPage = useSetAtom(requestResultsReloadAtom);
  const queuesChanged = useSetAtom(queuesChangedAtom);
  const [run, setRun] = useState<Run>(null);
  const [outcome, setOutcome] = useState<{ action: string; result: TaskActionOutcome } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [actions] = useApiQuery(
    sample ? `queue-actions:${sample.db}:${sample.archive}:${queueKey}` : null,
    (h) => getQueueActions(h, sample as TaskRef),
  );
  // a document no longer waiting in this queue answers the archive's user actions instead: not ours
  const list =
    actions.status === 'success' && actions.data?.Key === queueKey ? (actions.data.Actions ?? []) : [];

  const take = async (action: QueueAction) => {
    setOutcome(null);
    if (checked.length === 0) {
      setProblem(t('ERROR_NO_DOCUMENTS_SELECTED'));
      return;
    }
    setProblem(null);
    const tasks = checked.map((c) => ({ id: c.doc.Id, hash: c.doc.Hash }));
    const { db, archive } = checked[0] ?? { db: 0, archive: 0 };
    const result = await runTaskAction(
      tasks,
      (group) => takeTaskAction(http, db, archive, action.Key, token, group),
      (done, total) => setRun({ action: action.Name, done, total }),
      (text) => translateServerDetail(t, text) ?? t('documents.errors.unknown'),
    );
    setRun(null);
    setOutcome({ action: action.Name, result });
    addNote({
      type: result.failed.length ? NoteType.ErrorWorkflow : NoteType.Success,
      text: t('workflow.tasks.done', {
        action: action.Name,
        moved: result.moved,
        failed: result.failed.length,
      }),
    });
    reloadPage();
    queuesChanged();
  };

  return (
    <>
      {list.length > 0 && (
        <div className="task-actions" role="group" aria-label={t('workflow.tasks.actions')}>
          {list.map((action) => (
            <button
              key={action.Key}
              type="button"
              className="button button--small button--primary"
              disabled={run !== null}
              onClick={() => void take(action)}
              data-testid={`task-action-${action.Key}`}
            >
              {action.Name}
            </button>
          ))}
        </div>
      )}
      {run && (
        <div className="task-actions__progress" data-testid="task-action-progress">
          <progress max={run.total} value={run.done} aria-label={t('workflow.tasks.progress', run)} />
          <span>{t('workflow.tasks.progress', run)}</span>
        </div>
      )}
      {problem && (
        <Alert tone="error" testId="task-action-problem">
          {problem}
        </Alert>
      )}
      {outcome && (
        <TaskOutcome action={outcome.action} result={outcome.result} onDismiss={() => setOutcome(null)} />
      )}
    </>
  );
}

function TaskOutcome({
  action,
  result,
  onDismiss,
}: {
  action: string;
  result: TaskActionOutcome;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Alert tone={result.failed.length ? 'error' : 'success'} testId="task-action-outcome">
      <p>{t('workflow.tasks.moved', { action, count: result.moved })}</p>
      {result.failed.length > 0 && (
        <>
          <p>{t('workflow.tasks.failed', { count: result.failed.length })}</p>
          <ul className="task-failures" data-testid="task-action-failures">
            {result.failed.map((f) => (
              <li key={f.id}>{t('workflow.tasks.failure', { id: f.id, message: f.message })}</li>
            ))}
          </ul>
        </>
      )}
      <button type="button" className="button button--small" onClick={onDismiss}>
        {t('common.close')}
      </button>
    </Alert>
  );
}
