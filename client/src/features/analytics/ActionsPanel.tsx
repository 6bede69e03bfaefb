// The history actions of the range: the user filter, a per-day chart and the table of the same
// figures (what screen readers and the e2e read), newest day first, with the totals.
import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import type { ActionCountsResponse, AnalyticsAction } from '@gs/contract/analytics';
import { getActionCounts, type AnalyticsQuery } from '../../api/analytics';
import { useApiQuery } from '../../api/useApiQuery';
import { analyticsFiltersAtom, setAnalyticsFiltersAtom } from './analyticsAtoms';
import { DayChart } from './DayChart';
import { QueryBoundary } from '../../components/QueryBoundary';
import { dayText, queryKey } from './analyticsFormat';
import { useDateFormat } from '../../app/useDateFormat';

/** One colour per action, in checkbox order. */
export const ACTION_COLORS: Record<AnalyticsAction, string> = {
  indexed: '#1f6feb',
  viewed: '#2da44e',
  updated: '#bf8700',
  annotation: '#8250df',
  deleted: '#cf222e',
  printed: '#57606a',
  email: '#bf3989',
  exported: '#e16f24',
  copied: '#1b7c83',
  moved: '#0a3069',
  version: '#6639ba',
};

export function ActionsPanel({ query, actions }: { query: AnalyticsQuery; actions: AnalyticsAction[] }) {
  const { t } = useTranslation();
  const key = actions.length === 0 ? null : `analytics-counts:${queryKey(query)}:${actions.join(',')}`;
  const [counts, reload] = useApiQuery(key, (http) => getActionCounts(http, query, actions));
  return (
    <section className="panel stack" aria-labelledby="analytics-actions-title">
      <h2 id="analytics-actions-title" className="panel__subtitle">
        {t('analytics.actionsTitle')}
      </h2>
      {actions.length === 0 ? (
        <p className="muted">{t('analytics.noActions')}</p>
      ) : (
        <QueryBoundary preset="analytics" state={counts} reload={reload} testId="analytics-actions-error">
          {(data) => (
            <div className="analytics-panel-body" data-testid="analytics-actions">
              <ActionFigures data={data} actions={actions} />
            </div>
          )}
        </QueryBoundary>
      )}
    </section>
  );
}

function UserFilter({ users }: { users: string[] }) {
  const { t } = useTranslation();
  const { user } = useAtomValue(analyticsFiltersAtom);
  const setFilters = useSetAtom(setAnalyticsFiltersAtom);
  const choices =
    user && !users.some((u) => u.toLowerCase() === user.toLowerCase()) ? [user, ...users] : users;
  return (
    <label className="field analytics-user">
      <span className="field__label">{t('analytics.filters.user')}</span>
      <select className="input" value={user} onChange={(e) => setFilters({ user: e.target.value })}>
        <option value="">{t('analytics.filters.allUsers')}</option>
        {choices.map((u) => (
          <option key={u} value={u}>
            {u}
          </option>
        ))}
      </select>
    </label>
  );
}

function ActionFigures({ data, actions }: { data: ActionCountsResponse; actions: AnalyticsAction[] }) {
  const { t } = useTranslation();
  const { locale } = useDateFormat();
  const days = data.Days.map((d) => d.Date);
  const series = actions.map((a) => ({
    label: t(`analytics.actions.${a}`),
    color: ACTION_COLORS[a],
    values: data.Days.map((d) => d.Counts[a] ?? 0),
  }));
  return (
    <>
      <UserFilter users={data.Users} />
      <p data-testid="analytics-total">{t('analytics.total', { count: data.Total })}</p>
      {data.Total === 0 ? (
        <p className="muted" data-testid="analytics-empty">
          {t('analytics.empty')}
        </p>
      ) : (
        <DayChart
          dayLabel={t('analytics.day')}
          days={days}
          series={series}
          title={t('analytics.chartTitle')}
        />
      )}
      {/* a scrolling region the keyboard can reach and scroll */}
      <div
        className="analytics-table-wrap"
        role="region"
        aria-label={t('analytics.tableCaption')}
        tabIndex={0}
      >
        <table className="analytics-table" data-testid="analytics-table">
          <caption className="visually-hidden">{t('analytics.tableCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('analytics.day')}</th>
              {actions.map((a) => (
                <th key={a} scope="col">
                  {t(`analytics.actions.${a}`)}
                </th>
              ))}
              <th scope="col">{t('analytics.dayTotal')}</th>
            </tr>
          </thead>
          <tbody>
            {[...data.Days].reverse().map((d) => (
              <tr key={d.Date} data-testid={`analytics-day-${d.Date}`}>
                <th scope="row">{dayText(d.Date, locale)}</th>
                {actions.map((a) => (
                  <td key={a} data-action={a}>
                    {(d.Counts[a] ?? 0).toLocaleString()}
                  </td>
                ))}
                <td>{actions.reduce((s, a) => s + (d.Counts[a] ?? 0), 0).toLocaleString()}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t('analytics.totals')}</th>
              {actions.map((a) => (
                <td key={a} data-action={a}>
                  {(data.Totals[a] ?? 0).toLocaleString()}
                </td>
              ))}
              <td>{data.Total.toLocaleString()}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </>
  );
}
