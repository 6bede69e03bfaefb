// Capture figures of the range: batches created, completed and errored, documents and pages, and
// the mean time from Queued to Completed; a table of the days that had any.
import { useTranslation } from 'react-i18next';
import type { CaptureFiguresResponse } from '@gs/contract/analytics';
import { getCaptureFigures, type AnalyticsQuery } from '../../api/analytics';
import { useApiQuery } from '../../api/useApiQuery';
import { DayChart } from './DayChart';
import { QueryBoundary } from '../../components/QueryBoundary';
import { dayText, hoursOf, queryKey } from './analyticsFormat';
import { useDateFormat } from '../../app/useDateFormat';

const COLUMNS = ['Created', 'Completed', 'Errored', 'Documents', 'Pages'] as const;
const COLORS = { Created: '#1f6feb', Completed: '#2da44e', Errored: '#cf222e' };

export function CapturePanel({ query, portal }: { query: AnalyticsQuery; portal: number | null }) {
  const { t } = useTranslation();
  const [figures, reload] = useApiQuery(`analytics-capture:${queryKey(query)}:${portal ?? 0}`, (http) =>
    getCaptureFigures(http, query, portal),
  );
  return (
    <section className="panel stack" aria-labelledby="analytics-capture-title">
      <h2 id="analytics-capture-title" className="panel__subtitle">
        {t('analytics.capture.title')}
      </h2>
      <QueryBoundary preset="analytics" state={figures} reload={reload} testId="analytics-capture-error">
        {(data) => (
          <div className="analytics-panel-body" data-testid="analytics-capture">
            <CaptureFigures data={data} />
          </div>
        )}
      </QueryBoundary>
    </section>
  );
}

function CaptureFigures({ data }: { data: CaptureFiguresResponse }) {
  const { t } = useTranslation();
  const { locale } = useDateFormat();
  const active = data.Days.filter((d) => COLUMNS.some((c) => d[c] > 0));
  if (active.length === 0) return <p className="muted">{t('analytics.capture.empty')}</p>;
  const series = (['Created', 'Completed', 'Errored'] as const).map((c) => ({
    label: t(`analytics.capture.${c}`),
    color: COLORS[c],
    values: data.Days.map((d) => d[c]),
  }));
  return (
    <>
      <p data-testid="analytics-capture-mean">
        {data.MeanQueuedToCompletedMs === null
          ? t('analytics.capture.noMean')
          : t('analytics.capture.mean', { hours: hoursOf(data.MeanQueuedToCompletedMs) })}
      </p>
      <DayChart
        dayLabel={t('analytics.day')}
        days={data.Days.map((d) => d.Date)}
        series={series}
        title={t('analytics.capture.chart')}
      />
      {/* a scrolling region the keyboard can reach and scroll */}
      <div
        className="analytics-table-wrap"
        role="region"
        aria-label={t('analytics.capture.caption')}
        tabIndex={0}
      >
        <table className="analytics-table">
          <caption className="visually-hidden">{t('analytics.capture.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('analytics.day')}</th>
              {COLUMNS.map((c) => (
                <th key={c} scope="col">
                  {t(`analytics.capture.${c}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {[...active].reverse().map((d) => (
              <tr key={d.Date}>
                <th scope="row">{dayText(d.Date, locale)}</th>
                {COLUMNS.map((c) => (
                  <td key={c}>{d[c].toLocaleString()}</td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t('analytics.totals')}</th>
              {COLUMNS.map((c) => (
                <td key={c}>{data.Totals[c].toLocaleString()}</td>
              ))}
            </tr>
          </tfoot>
        </table>
      </div>
    </>
  );
}
