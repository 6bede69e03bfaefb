// The middle of the queue results page: the queue and archive names, the toolbar (sidebar, the
// queue's actions, history), the archives holding the queue's tasks, and the grid of tasks.
import { useTranslation } from 'react-i18next';
import { ArchivePermission, hasFlag } from '@gs/contract/flags';
import { Alert } from '../../components/Alert';
import type { ResultsPanelProps } from '../results/ResultsFrame';
import { ResultsGrid } from '../results/ResultsGrid';
import { HistoryToggle, SidebarToggle } from '../results/ResultsToggles';
import { useGridContext } from '../results/useGridContext';
import { TaskActions } from './TaskActions';
import { TaskArchives } from './TaskArchives';
import type { TaskParams } from './taskPaths';
import { useTaskPage, type TaskGoTo } from './useTaskPage';

export interface TaskMainProps extends ResultsPanelProps {
  params: TaskParams;
  go: TaskGoTo;
  queueName: string;
}

export function TaskMain({ params, go, queueName, activeDoc, onActivate, ...layout }: TaskMainProps) {
  const { t } = useTranslation();
  const page = useTaskPage(params);
  const { result, rows } = page;
  const context = useGridContext(params.db, params.archive, page.fields, false);
  const first = rows[0];
  const sample = first
    ? { db: params.db, archive: params.archive, id: first.doc.Id, hash: first.doc.Hash }
    : null;
  const canViewHistory = hasFlag(result?.Permissions ?? 0, ArchivePermission.ViewHistory);
  const queue = { db: params.db, workflowId: params.workflowId, queueKey: params.queueKey };

  return (
    <section className="results-main" aria-labelledby="results-title" data-testid="task-results">
      <header className="results-header">
        <div className="results-header__titles">
          <p className="panel__eyebrow">{t('workflow.tasks.eyebrow')}</p>
          <h1 id="results-title" className="panel__title">
            {queueName || '\u00a0'}
          </h1>
        </div>
        <div className="results-header__tools" role="toolbar" aria-label={t('results.toolbar')}>
          <SidebarToggle open={layout.sidebarOpen} onToggle={layout.onToggleSidebar} />
          <TaskActions sample={sample} queueKey={params.queueKey} />
          {canViewHistory && <HistoryToggle open={layout.historyOpen} onToggle={layout.onToggleHistory} />}
        </div>
      </header>
      <TaskArchives
        queue={queue}
        archive={params.archive}
        onArchive={(archive, options) => go({ archive, page: 1 }, options)}
      />
      {page.error !== null && (
        <Alert tone="error" testId="task-results-error">
          {t('workflow.tasks.error')}
        </Alert>
      )}
      <ResultsGrid
        key={`${params.queueKey}:${params.archive}`}
        result={result}
        rows={rows}
        context={context}
        sort={params.sort}
        page={params.page}
        pageSize={page.size}
        total={page.total}
        gridKey={`gridState.${params.db}.task.${params.workflowId}.${params.queueKey}.${params.archive}`}
        loading={page.loading}
        activeDoc={activeDoc?.id ?? null}
        onSort={(sort) => go({ sort, page: 1 })}
        onPage={(p) => go({ page: p })}
        onPageSize={(s) => go({ size: s, page: 1 })}
        onActivate={(row) =>
          onActivate({ db: params.db, archive: params.archive, id: row.doc.Id, hash: row.doc.Hash })
        }
      />
    </section>
  );
}
