// /flows (spec §2): the database's workflows, each with its queues and how many tasks wait in them.
// Read-only: designing a workflow is out of scope. The database is the address's (?db=) or the
// remembered one. A queue's name opens its tasks (/results/Task) as the sidebar's queues do.
import { useAtomValue } from 'jotai';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { WorkflowSummary } from '@gs/contract/workflow';
import { listWorkflows } from '../../api/workflow';
import { useApiQuery } from '../../api/useApiQuery';
import { positiveId, routes, viewPath } from '../../app/paths';
import { Spinner } from '../../components/Spinner';
import { selectedDatabaseAtom } from '../../state/database';
import { useQueueSearch } from './useQueueSearch';
import './workflow.css';
import { QueryFailure } from '../../components/QueryBoundary';

export function FlowsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const remembered = useAtomValue(selectedDatabaseAtom);
  const db = positiveId(params.get('db')) ?? remembered;
  const [flows, reload] = useApiQuery(db === null ? null : `flows:${db}`, (http) =>
    listWorkflows(http, db ?? 0),
  );
  if (db === null) return <Navigate replace to={routes.select} />;
  return (
    <section className="flows-page" aria-labelledby="flows-title" data-testid="flows-page">
      <div>
        <p className="panel__eyebrow">
          <Link to={viewPath(db)}>{t('workflow.flows.back')}</Link>
        </p>
        <h1 id="flows-title" className="panel__title">
          {t('workflow.flows.title')}
        </h1>
      </div>
      {flows.status === 'loading' && <Spinner label={t('workflow.flows.loading')} />}
      <QueryFailure state={flows} reload={reload} error={t('workflow.flows.error')} testId="flows-error" />
      {flows.status === 'success' &&
        (flows.data.length === 0 ? (
          <p className="muted">{t('workflow.flows.empty')}</p>
        ) : (
          <ul className="flows-list">
            {flows.data.map((flow) => (
              <Flow key={flow.Id} db={db} flow={flow} />
            ))}
          </ul>
        ))}
    </section>
  );
}

function Flow({ db, flow }: { db: number; flow: WorkflowSummary }) {
  const { t } = useTranslation();
  const search = useQueueSearch(db, null);
  const total = flow.Queues.reduce((sum, q) => sum + q.Count, 0);
  return (
    <li className="panel stack" data-testid={`flow-${flow.Id}`}>
      <h2 className="panel__subtitle">{flow.Name}</h2>
      <p className="muted">
        {t('workflow.flows.summary', { queues: flow.Queues.length, count: total })}
        {flow.BoundArchives.length > 0 &&
          ` · ${t('workflow.flows.bound', { count: flow.BoundArchives.length })}`}
      </p>
      <table className="flows-list__queues">
        <caption className="visually-hidden">{t('workflow.flows.queuesOf', { name: flow.Name })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('workflow.flows.queue')}</th>
            <th scope="col">{t('workflow.flows.tasks')}</th>
          </tr>
        </thead>
        <tbody>
          {flow.Queues.map((queue) => (
            <tr key={queue.Key}>
              <td>
                <button
                  type="button"
                  className="flows-list__open"
                  aria-busy={search.busy === queue.Key}
                  onClick={() => void search.open({ ...queue, WorkflowId: flow.Id })}
                >
                  {queue.Name}
                </button>
              </td>
              <td>{queue.Count.toLocaleString()}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {search.problem && (
        <p className="field-error" role="alert">
          {t(search.problem.kind === 'empty' ? 'workflow.queues.noTasks' : 'workflow.queues.searchFailed', {
            name: search.problem.queue,
          })}
        </p>
      )}
    </li>
  );
}
