// /batches?portalId[&status=1,5][&page=2]: a portal's batches (spec §4): the filter buttons
// Queued, Processing, Processed, Completed, Errored, Rejected with their counts, the batches in
// their status colours 1-7 with paging, and the actions of each batch (BatchTable). The list
// refreshes itself while batches are being processed, so a scan is seen going from Queued to
// Processed; 'Scan into this portal' starts a scan whose pages become a new batch, 'Upload into
// this portal' makes one of the chosen files.
import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BATCH_FILTERS, BATCHES_PAGE_SIZE, type BatchStatusCode } from '@gs/contract/capture';
import { positiveId, routes } from '../../app/paths';
import type { BatchesPage as BatchList } from '@gs/contract/capture';
import { getBatches, getPortals } from '../../api/capture';
import { useApiQuery, withSignal } from '../../api/useApiQuery';
import { Alert } from '../../components/Alert';
import { Pagination } from '../../components/Pagination';
import { Spinner } from '../../components/Spinner';
import { captureHttpAtom, configAtom } from '../../state/environment';
import { scanPath } from '../capture/captureTarget';
import { BatchTable } from './BatchTable';
import { BatchUpload } from './BatchUpload';
import { STATUS_COLOURS, STATUS_KEYS, batchesPath, isBatchStatus } from './batchStatus';
import './batches.css';
import { QueryFailure } from '../../components/QueryBoundary';

/** How often the list looks again while a batch is Queued or Processing. */
export const BATCHES_REFRESH_MS = 2000;

/** Batches still being processed (statuses 1 and 2). */
const busyCount = (list: BatchList): number => (list.Counts['1'] ?? 0) + (list.Counts['2'] ?? 0);

function readStatuses(value: string | null): BatchStatusCode[] {
  return (value ?? '')
    .split(',')
    .map(Number)
    .filter(isBatchStatus)
    .sort((a, b) => a - b);
}

export function BatchesPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const portalId = positiveId(params.get('portalId'));
  const hidden = useAtomValue(configAtom).hide.batchPortals;
  let body;
  if (hidden)
    body = (
      <Alert tone="warning" testId="batch-portals-hidden">
        {t('batches.hidden')}
      </Alert>
    );
  else if (portalId === null) body = <Alert tone="error">{t('ERROR_INCORRECT_PARAMETERS')}</Alert>;
  else
    body = (
      <PortalBatches
        portalId={portalId}
        statuses={readStatuses(params.get('status'))}
        page={positiveId(params.get('page')) ?? 1}
      />
    );
  return (
    <section className="batches-page" aria-labelledby="batches-title">
      <div className="panel">{body}</div>
    </section>
  );
}

interface PortalBatchesProps {
  portalId: number;
  statuses: BatchStatusCode[];
  page: number;
}

function PortalBatches({ portalId, statuses, page }: PortalBatchesProps) {
  const { t } = useTranslation();
  const http = useAtomValue(captureHttpAtom);
  const [, setParams] = useSearchParams();
  const [portals] = useApiQuery('batch-portals', (_h, signal) => getPortals(withSignal(http, signal)));
  const [uploadFailure, setUploadFailure] = useState<string | null>(null);
  const key = `batches:${portalId}:${statuses.join(',')}:${page}`;
  // while a batch is still being processed the list loads again every BATCHES_REFRESH_MS
  const [batches, reload] = useApiQuery(
    key,
    (_h, signal) =>
      getBatches(withSignal(http, signal), { portalId, page, pageSize: BATCHES_PAGE_SIZE, statuses }),
    { refetchInterval: (list) => (list && busyCount(list) > 0 ? BATCHES_REFRESH_MS : false) },
  );
  const data = batches.status === 'success' ? batches.data : null;

  const go = (next: readonly number[], nextPage = 1) => {
    const target = new URL(batchesPath(portalId, next, nextPage), window.location.origin);
    setParams(target.searchParams);
  };
  const toggle = (s: BatchStatusCode) =>
    go(statuses.includes(s) ? statuses.filter((x) => x !== s) : [...statuses, s].sort((a, b) => a - b));

  const portal = portals.status === 'success' ? portals.data.find((p) => p.Id === portalId) : undefined;
  const pageCount = data ? Math.max(1, Math.ceil(data.Total / data.PageSize)) : 1;

  return (
    <QueryFailure state={portals} error={t('ERROR_GET_BATCHPORTALS')} testId="batch-portals-error">
      <div className="batches-page__header">
        <h1 id="batches-title" className="panel__title">
          {portal ? t('batches.list.title', { portal: portal.Name }) : t('batches.list.titleLoading')}
        </h1>
        <div className="batches-page__tools">
          <Link className="button button--small" to={routes.batchSelect}>
            {t('batches.list.otherPortal')}
          </Link>
          <button type="button" className="button button--small" onClick={reload}>
            {t('batches.list.refresh')}
          </button>
          <BatchUpload
            portalId={portalId}
            onDone={(failure) => {
              setUploadFailure(failure);
              reload();
            }}
          />
          <Link className="button button--small button--primary" to={scanPath({ kind: 'batch', portalId })}>
            {t('batches.list.scan')}
          </Link>
        </div>
      </div>
      {uploadFailure && (
        <Alert tone="error" testId="batch-upload-error">
          {uploadFailure}
        </Alert>
      )}
      <div className="batch-filters" role="group" aria-label={t('batches.filters.label')}>
        <button
          type="button"
          className="batch-filter"
          aria-pressed={statuses.length === 0}
          onClick={() => go([])}
        >
          {t('batches.filters.all')}
        </button>
        {BATCH_FILTERS.map((s) => (
          <button
            key={s}
            type="button"
            className="batch-filter"
            aria-pressed={statuses.includes(s)}
            style={{ borderColor: STATUS_COLOURS[s] }}
            onClick={() => toggle(s)}
          >
            {t(STATUS_KEYS[s])}
            {data && <span className="batch-filter__count">{data.Counts[String(s)] ?? 0}</span>}
          </button>
        ))}
      </div>
      {batches.status === 'loading' && <Spinner label={t('batches.list.loading')} />}
      <QueryFailure state={batches} error={t('batches.list.error')} testId="batches-error" />
      {data && (
        <>
          <p className="muted" data-testid="batches-total">
            {t('batches.list.total', { count: data.Total })}
          </p>
          <BatchTable portalId={portalId} batches={data.Batches} onChanged={reload} />
          <Pagination
            page={data.Page}
            pageCount={pageCount}
            onPage={(p) => go(statuses, p)}
            total={data.Total}
            label={t('batches.list.paging')}
          />
        </>
      )}
    </QueryFailure>
  );
}
