// Workflow figures of the range: tasks that entered queues and tasks a queue action ended, per
// day (chart) and per queue with the mean wait (table).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WorkflowDay, WorkflowFiguresResponse } from '@gs/contract/analytics';
import { getWorkflowFigures, type AnalyticsQuery } from '../../api/analytics';
import { useApiQuery } from '../../api/useApiQuery';
import { DayChart } from './DayChart';
import { QueryBoundary } from '../../components/QueryBoundary';
import { hoursOf, queryKey } from './analyticsFormat';

export function WorkflowPanel({ query }: { query: AnalyticsQuery }) {
  const { t } = useTranslation();
  const [figures, reload] = useApiQuery(`analytics-workflow:${queryKey(query)}`, (http) =>
    getWorkflowFigures(http, query),
  );
  return (
    <section className="panel stack" aria-labelledby="analytics-workflow-title">
      <h2 id="analytics-workflow-title" className="panel__subtitle">
        {t('analytics.workflow.title')}
      </h2>
      <QueryBoundary preset="analytics" state={figures} reload={reload} testId="analytics-workflow-error">
        {(data) => (
          <div className="analytics-panel-body" data-testid="analytics-workflow">
            <WorkflowFigures data={data} />
          </div>
        )}
      </QueryBoundary>
    </section>
  );
}

function WorkflowFigures({ data }: { data: WorkflowFiguresResponse }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState('');
  if (data.Queues.length === 0) return <p className="muted">{t('analytics.workflow.empty')}</p>;
  const queue = data.Queues.some((q) => q.Queue === chosen) ? chosen : '';
  const of = (d: WorkflowDay) => (queue ? (d.Queues[queue] ?? { Entered: 0, Ended: 0 }) : d);
  const series = [
    { label: t('analytics.workflow.entered'), color: '#1f6feb', values: data.Days.map((d) => of(d).Entered) },
    { label: t('analytics.workflow.ended'), color: '#2da44e', values: data.Days.map((d) => of(d).Ended) },
  ];
  return (
    <>
      <label className="field analytics-user">
        <span className="field__label">{t('analytics.workflow.chartQueue')}</span>
        <select className="input" value={queue} onChange={(e) => setChosen(e.target.value)}>
          <option value="">{t('analytics.workflow.allQueues')}</option>
          {data.Queues.map((q) => (
            <option key={q.Queue} value={q.Queue}>
              {q.Queue}
            </option>
          ))}
        </select>
      </label>
      <DayChart
        dayLabel={t('analytics.day')}
        days={data.Days.map((d) => d.Date)}
        series={series}
        title={t('analytics.workflow.chart')}
      />
      {/* a scrolling region the keyboard can reach and scroll */}
      <div
        className="analytics-table-wrap"
        role="region"
        aria-label={t('analytics.workflow.caption')}
        tabIndex={0}
      >
        <table className="analytics-table">
          <caption className="visually-hidden">{t('analytics.workflow.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('analytics.workflow.queue')}</th>
              <th scope="col">{t('analytics.workflow.entered')}</th>
              <th scope="col">{t('analytics.workflow.ended')}</th>
              <th scope="col">{t('analytics.workflow.meanWait')}</th>
            </tr>
          </thead>
          <tbody>
            {data.Queues.map((q) => (
              <tr key={q.Queue}>
                <th scope="row">{q.Queue}</th>
                <td>{q.Entered.toLocaleString()}</td>
                <td>{q.Ended.toLocaleString()}</td>
                <td>
                  {q.MeanWaitMs === null
                    ? '–'
                    : t('analytics.workflow.hours', { hours: hoursOf(q.MeanWaitMs) })}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
