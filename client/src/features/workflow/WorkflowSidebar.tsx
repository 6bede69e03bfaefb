// The GlobalAction task section of the search and results sidebars (spec §2, §3): the queue list
// (each queue the user is assigned to, with its count; a click runs the queue search) and the
// queue-search list (the queues with tasks in the selected archive, with their count there). Each
// list opens and closes with its remembered toggle (showQueues, showQueueSearches); the whole
// section follows showGlobalActionTasks. Queues hidden through the task options (taskSearches) are
// left out, with a way back. A server that does not know the queue route shows no section at all.
import { useAtom, useAtomValue } from 'jotai';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { WorkflowQueue } from '@gs/contract/workflow';
import { ApiError } from '../../api/http';
import { routes } from '../../app/paths';
import { Icon } from '../../components/Icon';
import { Spinner } from '../../components/Spinner';
import {
  showGlobalActionTasksAtom,
  showQueueSearchesAtom,
  showQueuesAtom,
  taskSearchesAtom,
} from '../../state/displayPreferences';
import { QueueRow } from './QueueRow';
import { QueueSearchList } from './QueueSearchList';
import { setQueueVisible } from './taskSearches';
import { settled } from '../../api/useApiQuery';
import { useQueues } from './useQueues';
import { useQueueSearch } from './useQueueSearch';
import './workflow.css';
import { QueryFailure } from '../../components/QueryBoundary';

export interface WorkflowSidebarProps {
  db: number;
  /** the archive selected on the screen (queue search prefers it) */
  archive: number | null;
  /** the queue whose tasks are shown */
  selectedQueue?: string | null;
}

export function WorkflowSidebar({ db, archive, selectedQueue = null }: WorkflowSidebarProps) {
  const { t } = useTranslation();
  const shown = useAtomValue(showGlobalActionTasksAtom);
  const [queues, reload] = useQueues(db);
  // a server without workflow routes (404) has no queues to show: the section stays away
  const missing = settled(
    queues,
    () => false,
    (error) => error instanceof ApiError && error.status === 404,
  );
  if (!shown || missing) return null;
  const list = queues.status === 'success' ? queues.data : null;
  return (
    <section className="workflow-panel" aria-label={t('workflow.title')} data-testid="workflow-panel">
      <QueryFailure state={queues} reload={reload} error={t('workflow.queues.error')} testId="queues-error">
        <QueuePanel db={db} archive={archive} queues={list} selectedQueue={selectedQueue} />
        <QueueSearchPanel db={db} archive={archive} queues={list} selectedQueue={selectedQueue} />
      </QueryFailure>
    </section>
  );
}

function PanelToggle({
  open,
  onToggle,
  label,
  id,
  testId,
}: {
  open: boolean;
  onToggle: () => void;
  label: string;
  id: string;
  testId: string;
}) {
  return (
    <h2 id={id} className="sidebar__title inbox-panel__title">
      <button
        type="button"
        className="inbox-panel__toggle"
        aria-expanded={open}
        onClick={onToggle}
        data-testid={testId}
      >
        <Icon name={open ? 'chevronDown' : 'chevronRight'} size={16} />
        {label}
      </button>
    </h2>
  );
}

interface PanelProps {
  db: number;
  archive: number | null;
  queues: WorkflowQueue[] | null;
  selectedQueue: string | null;
}

function QueuePanel({ db, archive, queues, selectedQueue }: PanelProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useAtom(showQueuesAtom);
  const [saved, setSaved] = useAtom(taskSearchesAtom);
  const search = useQueueSearch(db, archive);
  const visible = queues?.filter((q) => q.Visible) ?? [];
  const hidden = queues?.filter((q) => !q.Visible) ?? [];
  return (
    <div className="workflow-panel__list" data-testid="queue-panel">
      <PanelToggle
        open={open}
        onToggle={() => setOpen(!open)}
        label={t('workflow.queues.title')}
        id="queues-title"
        testId="queues-toggle"
      />
      {open && queues === null && <Spinner label={t('workflow.queues.loading')} />}
      {open && queues !== null && (
        <>
          {visible.length === 0 && <p className="muted inbox-panel__empty">{t('workflow.queues.empty')}</p>}
          <ul className="tree" aria-labelledby="queues-title">
            {visible.map((queue) => (
              <QueueRow
                key={queue.Key}
                queue={queue}
                count={queue.Count}
                selected={queue.Key === selectedQueue}
                busy={search.busy === queue.Key}
                onOpen={() => void search.open(queue)}
                onHide={() => setSaved(setQueueVisible(saved, queue, false))}
                testId={`queue-${queue.Key}`}
              />
            ))}
          </ul>
          {search.problem && (
            <p className="field-error workflow-panel__problem" role="alert">
              {t(
                search.problem.kind === 'empty' ? 'workflow.queues.noTasks' : 'workflow.queues.searchFailed',
                {
                  name: search.problem.queue,
                },
              )}
            </p>
          )}
          {hidden.length > 0 && (
            <button
              type="button"
              className="button button--small workflow-panel__link"
              onClick={() => setSaved(hidden.reduce((list, q) => setQueueVisible(list, q, true), saved))}
            >
              {t('workflow.queues.showHidden', { count: hidden.length })}
            </button>
          )}
          <Link to={`${routes.flows}?db=${db}`} className="workflow-panel__link" data-testid="flows-link">
            {t('workflow.flows.link')}
          </Link>
        </>
      )}
    </div>
  );
}

function QueueSearchPanel({ db, archive, queues, selectedQueue }: PanelProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useAtom(showQueueSearchesAtom);
  const [saved, setSaved] = useAtom(taskSearchesAtom);
  const visible = queues?.filter((q) => q.Visible) ?? null;
  return (
    <div className="workflow-panel__list" data-testid="queue-search-panel">
      <PanelToggle
        open={open}
        onToggle={() => setOpen(!open)}
        label={t('workflow.queueSearches.title')}
        id="queue-searches-title"
        testId="queue-searches-toggle"
      />
      {open && archive === null && (
        <p className="muted inbox-panel__empty">{t('workflow.queueSearches.selectArchive')}</p>
      )}
      {open && archive !== null && visible === null && <Spinner label={t('workflow.queues.loading')} />}
      {open && archive !== null && visible !== null && (
        <QueueSearchList
          db={db}
          archive={archive}
          queues={visible}
          selectedQueue={selectedQueue}
          onHide={(queue) => setSaved(setQueueVisible(saved, queue, false))}
        />
      )}
    </div>
  );
}
