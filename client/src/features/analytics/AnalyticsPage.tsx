// /analytics (spec §2 "flow and analytics areas"; decision 039): history actions per day over a
// range, with capture and workflow figures. ?portal= opens it for an analytics portal of
// /batchselect: the portal's database and archive then filter. Filters are remembered.
import { useMemo } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PortalType, type BatchPortal } from '@gs/contract/capture';
import type { AnalyticsQuery } from '../../api/analytics';
import { getPortals } from '../../api/capture';
import { useApiQuery, withSignal } from '../../api/useApiQuery';
import { positiveId } from '../../app/paths';
import { Alert } from '../../components/Alert';
import { selectedDatabaseAtom } from '../../state/database';
import { useKnownDatabases } from '../../api/useDatabases';
import { captureHttpAtom, configAtom } from '../../state/environment';
import { ActionsPanel } from './ActionsPanel';
import { AnalyticsFiltersForm } from './AnalyticsFiltersForm';
import { analyticsFiltersAtom, setAnalyticsFiltersAtom } from './analyticsAtoms';
import { localDay, rangeOf } from './analyticsFilters';
import { CapturePanel } from './CapturePanel';
import { WorkflowPanel } from './WorkflowPanel';
import './analytics.css';

/** The portal ?portal= names, once the portals are loaded (undefined while loading or when hidden). */
function usePortal(portalId: number | null): BatchPortal | undefined {
  const http = useAtomValue(captureHttpAtom);
  const hidden = useAtomValue(configAtom).hide.batchPortals;
  const [portals] = useApiQuery(portalId === null || hidden ? null : 'analytics-portals', (_h, signal) =>
    getPortals(withSignal(http, signal)),
  );
  return portals.status === 'success' ? portals.data.find((p) => p.Id === portalId) : undefined;
}

export function AnalyticsPage() {
  const { t } = useTranslation();
  const analyticsHidden = useAtomValue(configAtom).hide.analytics;
  const [params, setParams] = useSearchParams();
  const portalId = positiveId(params.get('portal'));
  const portal = usePortal(portalId);
  const filters = useAtomValue(analyticsFiltersAtom);
  const setFilters = useSetAtom(setAnalyticsFiltersAtom);
  const databases = useKnownDatabases();
  const remembered = useAtomValue(selectedDatabaseAtom);
  const today = localDay(new Date());
  const range = useMemo(() => rangeOf(filters, new Date(`${today}T12:00:00`)), [filters, today]);

  const database = portal?.DatabaseId ?? filters.database ?? remembered ?? databases[0]?.Id ?? null;
  const archive = portal ? portal.ArchiveId : filters.archive;
  const query: AnalyticsQuery | null =
    database === null || range === null
      ? null
      : {
          database,
          archive,
          start: range.start,
          end: range.end,
          user: filters.user,
          tzOffset: new Date().getTimezoneOffset(),
        };
  /** a filter of the portal's changed by hand: the page no longer stands for the portal */
  const leavePortal = () => {
    if (portalId === null) return;
    const next = new URLSearchParams(params);
    next.delete('portal');
    setParams(next, { replace: true });
  };

  if (analyticsHidden)
    return (
      <section className="analytics-page" aria-labelledby="analytics-title" data-testid="analytics-page">
        <div className="panel stack">
          <h1 id="analytics-title" className="panel__title">
            {t('analytics.title')}
          </h1>
          <Alert tone="warning" testId="analytics-hidden">
            {t('analytics.hidden')}
          </Alert>
        </div>
      </section>
    );
  return (
    <section className="analytics-page" aria-labelledby="analytics-title" data-testid="analytics-page">
      <div className="panel stack">
        <h1 id="analytics-title" className="panel__title">
          {t('analytics.title')}
        </h1>
        {portal && portal.Type === PortalType.Analytics && (
          <p className="muted" data-testid="analytics-portal">
            {t('analytics.portal', { name: portal.Name })}
          </p>
        )}
        <AnalyticsFiltersForm
          filters={filters}
          database={database}
          archive={archive}
          onChange={(change) => {
            if ('database' in change || 'archive' in change) leavePortal();
            setFilters(
              'database' in change && portal
                ? { ...change, archive: change.archive ?? 0 }
                : 'archive' in change && portal
                  ? { ...change, database: portal.DatabaseId }
                  : change,
            );
          }}
        />
        {range === null && (
          <Alert tone="warning" testId="analytics-bad-range">
            {t('analytics.badRange')}
          </Alert>
        )}
        {database === null && <p className="muted">{t('analytics.noDatabase')}</p>}
      </div>
      {query && <ActionsPanel query={query} actions={filters.actions} />}
      {query && <CapturePanel query={query} portal={portal?.Id ?? null} />}
      {query && <WorkflowPanel query={query} />}
    </section>
  );
}
