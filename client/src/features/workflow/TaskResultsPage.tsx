// /results/Task?db&workflowId&queueKey&archive (spec §2): a queue's tasks in one archive, with the
// archive tree, inboxes and queues on the left (the sidebar's open state remembered), the task grid
// with the queue's actions in the middle, and history (with the workflow timeline) on the right.
import { useState } from 'react';
import { useAtom, useAtomValue } from 'jotai';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DocumentRef } from '../../api/documents';
import { viewPath } from '../../app/paths';
import { Alert } from '../../components/Alert';
import { showArchiveListAtom } from '../../state/displayPreferences';
import { sidebarOpenAtom } from '../../state/preferences';
import { HistoryPanel } from '../results/history/HistoryPanel';
import { ArchiveTree } from '../view/ArchiveTree';
import { InboxList } from '../inbox/InboxList';
import { TaskMain } from './TaskMain';
import { useQueues } from './useQueues';
import type { TaskParams } from './taskPaths';
import { useTaskParams, type TaskGoTo } from './useTaskPage';
import { WorkflowSidebar } from './WorkflowSidebar';
import { queueChangesAtom } from './workflowAtoms';

export function TaskResultsPage() {
  const { t } = useTranslation();
  const { params, go } = useTaskParams();
  if (!params)
    return (
      <div className="view-main">
        <Alert tone="error" testId="results-bad-address">
          {t('ERROR_INCORRECT_PARAMETERS')}
        </Alert>
      </div>
    );
  return <TaskResults params={params} go={go} />;
}

function TaskResults({ params, go }: { params: TaskParams; go: TaskGoTo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [sidebarOpen, setSidebarOpen] = useAtom(sidebarOpenAtom);
  const showArchiveList = useAtomValue(showArchiveListAtom);
  const changes = useAtomValue(queueChangesAtom);
  const [queues] = useQueues(params.db);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [activeDoc, setActiveDoc] = useState<DocumentRef | null>(null);
  const queue =
    queues.status === 'success'
      ? queues.data.find((q) => q.Key === params.queueKey && q.WorkflowId === params.workflowId)
      : undefined;

  const layout = [
    'results-page',
    sidebarOpen ? '' : 'results-page--no-sidebar',
    historyOpen ? 'results-page--history' : '',
  ];
  return (
    <div className={layout.join(' ')}>
      {sidebarOpen && (
        <nav className="sidebar" aria-labelledby="task-archives-title">
          <h2 id="task-archives-title" className="sidebar__title">
            {t('view.archives.title')}
          </h2>
          {showArchiveList && (
            <ArchiveTree
              db={params.db}
              selected={params.archive}
              onSelect={(archive) => navigate(viewPath(params.db, archive.Id), { state: { autoRun: true } })}
            />
          )}
          <InboxList db={params.db} />
          <WorkflowSidebar db={params.db} archive={params.archive} selectedQueue={params.queueKey} />
        </nav>
      )}
      <TaskMain
        params={params}
        go={go}
        queueName={queue?.Name ?? ''}
        activeDoc={activeDoc}
        onActivate={setActiveDoc}
        sidebarOpen={sidebarOpen}
        onToggleSidebar={() => setSidebarOpen(!sidebarOpen)}
        historyOpen={historyOpen}
        onToggleHistory={() => setHistoryOpen(!historyOpen)}
      />
      {historyOpen && (
        <HistoryPanel
          db={params.db}
          archive={params.archive}
          doc={activeDoc?.archive === params.archive ? activeDoc : null}
          version={changes}
          onClose={() => setHistoryOpen(false)}
        />
      )}
    </div>
  );
}
