// The archives holding the queue's tasks, above the grid, each with its count (`count=true`); a
// click shows that archive's tasks. Loaded again when tasks move. When the shown archive has no
// task left (its last one was worked), the page moves on to the archive holding most of them, as a
// queue search does (spec §4), or says the queue is empty (issue 27, 11).
import { useEffect, useEffectEvent, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { getArchiveInfo } from '../../api/archives';
import { queueArchiveCounts, type QueueRef } from '../../api/workflow';
import { useApiQuery } from '../../api/useApiQuery';
import { Alert } from '../../components/Alert';
import { pickQueueArchive } from './queueSearch';
import { queueChangesAtom } from './workflowAtoms';

export function TaskArchives({
  queue,
  archive,
  onArchive,
}: {
  queue: QueueRef;
  archive: number;
  /** `replace` when the page moves on by itself (the shown archive has no task left) */
  onArchive: (id: number, options?: { replace: boolean }) => void;
}) {
  const { t } = useTranslation();
  const changes = useAtomValue(queueChangesAtom);
  const [counts, reload] = useApiQuery(
    `task-archives:${queue.db}:${queue.workflowId}:${queue.queueKey}`,
    (http) =>
      queueArchiveCounts(http, queue).then((list) =>
        Promise.all(
          list
            .filter((c) => c.Count > 0)
            .map(async (c) => ({
              id: c.ArchiveId,
              count: c.Count,
              name: await getArchiveInfo(http, queue.db, c.ArchiveId).then(
                (info) => info.Name,
                () => String(c.ArchiveId),
              ),
            })),
        ),
      ),
  );
  const [seen, setSeen] = useState(changes);
  if (seen !== changes) {
    setSeen(changes);
    reload();
  }
  const list = counts.status === 'success' ? counts.data : null;
  const next = list
    ? pickQueueArchive(
        list.map((a) => ({ ArchiveId: a.id, Count: a.count })),
        archive,
      )
    : archive;
  const moveTo = useEffectEvent((id: number) => onArchive(id, { replace: true }));
  useEffect(() => {
    if (next !== null && next !== archive) moveTo(next);
  }, [next, archive]);
  if (list && next === null)
    return (
      <Alert tone="info" testId="task-queue-empty">
        {t('workflow.tasks.queueEmpty')}
      </Alert>
    );
  if (!list || list.length === 0) return null;
  return (
    <div className="archive-switcher" role="tablist" aria-label={t('workflow.tasks.archives')}>
      {list.map((a) => (
        <button
          key={a.id}
          type="button"
          role="tab"
          aria-selected={a.id === archive}
          className="archive-switcher__tab"
          data-testid={`task-archive-${a.id}`}
          onClick={() => onArchive(a.id)}
        >
          <span>{a.name}</span>
          <span className="badge">{a.count.toLocaleString()}</span>
        </button>
      ))}
    </div>
  );
}
