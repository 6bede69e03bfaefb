// /results/Task?db&workflowId&queueKey&archive (spec §2): a queue's tasks in one archive, with the
// archive tree, inboxes and queues on the left (the sidebar's open state remembered), the task grid
// with the queue's actions in the middle, and history (with the workflow timeline) on the right.
import { useAtomValue } from 'jotai';
import { ResultsBadAddress, ResultsColumns } from '../results/ResultsFrame';
import { LazyInboxList, LazyWorkflowSidebar } from '../results/SidebarPanels';
import { TaskMain } from './TaskMain';
import { useQueues } from './useQueues';
import type { TaskParams } from './taskPaths';
import { useTaskParams, type TaskGoTo } from './useTaskPage';
import { queueChangesAtom } from './workflowAtoms';

export function TaskResultsPage() {
  const { params, go } = useTaskParams();
  if (!params) return <ResultsBadAddress />;
  return <TaskResults params={params} go={go} />;
}

function TaskResults({ params, go }: { params: TaskParams; go: TaskGoTo }) {
  const changes = useAtomValue(queueChangesAtom);
  const [queues] = useQueues(params.db);
  const queue =
    queues.status === 'success'
      ? queues.data.find((q) => q.Key === params.queueKey && q.WorkflowId === params.workflowId)
      : undefined;

  return (
    <ResultsColumns
      titleId="task-archives-title"
      db={params.db}
      archive={params.archive}
      historyVersion={changes}
      sidebar={
        <>
          <LazyInboxList db={params.db} />
          <LazyWorkflowSidebar db={params.db} archive={params.archive} selectedQueue={params.queueKey} />
        </>
      }
    >
      {(panels) => <TaskMain params={params} go={go} queueName={queue?.Name ?? ''} {...panels} />}
    </ResultsColumns>
  );
}
