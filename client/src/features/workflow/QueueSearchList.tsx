// The queue searches of one archive: every visible queue with tasks in it and how many (the
// per-archive counts of `count=true`); a click opens those tasks.
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { WorkflowQueue } from '@gs/contract/workflow';
import { queueArchiveCounts } from '../../api/workflow';
import { useApiQuery } from '../../api/useApiQuery';
import { Spinner } from '../../components/Spinner';
import { QueueRow } from './QueueRow';
import { taskResultsPath } from './taskPaths';

export interface QueueSearchListProps {
  db: number;
  archive: number;
  queues: WorkflowQueue[];
  selectedQueue: string | null;
  onHide: (queue: WorkflowQueue) => void;
}

export function QueueSearchList({ db, archive, queues, selectedQueue, onHide }: QueueSearchListProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const keys = queues.map((q) => `${q.WorkflowId}:${q.Key}`).join(',');
  const [counts] = useApiQuery(`queue-searches:${db}:${archive}:${keys}`, (http) =>
    Promise.all(
      queues.map((q) =>
        queueArchiveCounts(http, { db, workflowId: q.WorkflowId, queueKey: q.Key }).then(
          (list) => list.find((c) => c.ArchiveId === archive)?.Count ?? 0,
          () => 0,
        ),
      ),
    ),
  );
  if (counts.status === 'loading') return <Spinner label={t('workflow.queues.loading')} />;
  const known = counts.status === 'success' ? counts.data : [];
  const withTasks = queues
    .map((queue, i) => ({ queue, count: known[i] ?? 0 }))
    .filter((entry) => entry.count > 0);
  if (withTasks.length === 0)
    return <p className="muted inbox-panel__empty">{t('workflow.queueSearches.empty')}</p>;
  return (
    <ul className="tree" aria-labelledby="queue-searches-title">
      {withTasks.map(({ queue, count }) => (
        <QueueRow
          key={queue.Key}
          queue={queue}
          count={count}
          selected={queue.Key === selectedQueue}
          busy={false}
          onOpen={() =>
            navigate(taskResultsPath({ db, workflowId: queue.WorkflowId, queueKey: queue.Key, archive }))
          }
          onHide={() => onHide(queue)}
          testId={`queue-search-${queue.Key}`}
        />
      ))}
    </ul>
  );
}
