// The archives holding the queue's tasks, above the grid, each with its count (`count=true`); a
// click shows that archive's tasks. Loaded again when tasks move.
import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { getArchiveInfo } from '../../api/archives';
import { queueArchiveCounts, type QueueRef } from '../../api/workflow';
import { useApiQuery } from '../../api/useApiQuery';
import { queueChangesAtom } from './workflowAtoms';

export function TaskArchives({
  queue,
  archive,
  onArchive,
}: {
  queue: QueueRef;
  archive: number;
  onArchive: (id: number) => void;
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
  const list = counts.status === 'success' ? counts.data : [];
  if (list.length === 0) return null;
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
