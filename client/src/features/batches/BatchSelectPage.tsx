// /batchselect: pick a batch portal (spec §2, §3). ERROR_GET_BATCHPORTALS when they cannot load;
// 'Batch portals are hidden.' when config.json hides them. A batch portal opens /batches; an
// analytics portal (Type 1) holds no batches: it opens /analytics for its database and archive.
import { useAtomValue } from 'jotai';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PortalType, type BatchPortal } from '@gs/contract/capture';
import { getPortals } from '../../api/capture';
import { useApiQuery, withSignal } from '../../api/useApiQuery';
import { Alert } from '../../components/Alert';
import { analyticsPath } from '../../app/paths';
import { captureHttpAtom, configAtom } from '../../state/environment';
import { batchesPath } from './batchStatus';
import './batches.css';
import { QueryBoundary } from '../../components/QueryBoundary';

export function BatchSelectPage() {
  const { t } = useTranslation();
  const hidden = useAtomValue(configAtom).hide.batchPortals;
  return (
    <section className="batches-page" aria-labelledby="batchselect-title">
      <div className="panel">
        <h1 id="batchselect-title" className="panel__title">
          {t('batches.select.title')}
        </h1>
        {hidden ? (
          <Alert tone="warning" testId="batch-portals-hidden">
            {t('batches.hidden')}
          </Alert>
        ) : (
          <PortalList />
        )}
      </div>
    </section>
  );
}

function PortalList() {
  const { t } = useTranslation();
  const http = useAtomValue(captureHttpAtom);
  const [portals, reload] = useApiQuery('batch-portals', (_h, signal) =>
    getPortals(withSignal(http, signal)),
  );
  if (portals.status !== 'success')
    return (
      <QueryBoundary
        loading={t('batches.select.loading')}
        state={portals}
        reload={reload}
        error={t('ERROR_GET_BATCHPORTALS')}
        testId="batch-portals-error"
        small={false}
      />
    );
  if (portals.data.length === 0)
    return (
      <Alert tone="info" testId="batch-portals-empty">
        {t('batches.select.empty')}
      </Alert>
    );
  return (
    <ul className="portal-list" aria-label={t('batches.select.listLabel')}>
      {portals.data.map((p) => (
        <PortalItem key={p.Id} portal={p} />
      ))}
    </ul>
  );
}

function PortalItem({ portal }: { portal: BatchPortal }) {
  const { t } = useTranslation();
  const analyticsHidden = useAtomValue(configAtom).hide.analytics;
  if (portal.Type === PortalType.Analytics)
    return (
      <li className="portal-list__item portal-list__item--analytics">
        {analyticsHidden ? (
          <span>{portal.Name}</span>
        ) : (
          <Link to={analyticsPath(portal.Id)} className="portal-list__link">
            {portal.Name}
          </Link>
        )}
        <span className="muted">{t('batches.portalType.1')}</span>
      </li>
    );
  return (
    <li className="portal-list__item">
      <Link to={batchesPath(portal.Id)} className="portal-list__link">
        {portal.Name}
      </Link>
      <span className="muted">{t('batches.portalType.0')}</span>
    </li>
  );
}
