// The documents of a batch under its row in /batches: pages and whether each is indexed; a pending
// one opens in the indexing view (#/view with portalId, batchId, docId, spec §2) after the server
// copied it into the user's upload cache (batchaction Open). The documents of an Errored or
// Rejected batch open with overrideBatchCriteria.
import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { translateServerError } from '../../lib/serverTexts';
import { BatchDocStatus, BatchStatus, type Batch } from '@gs/contract/capture';
import { getBatch, openBatchDocument } from '../../api/capture';
import { useApiQuery, withSignal } from '../../api/useApiQuery';
import { Alert } from '../../components/Alert';
import { captureHttpAtom } from '../../state/environment';
import { indexingPath } from '../indexing/indexingPath';
import { QueryBoundary } from '../../components/QueryBoundary';

export function BatchDocuments({ portalId, batch }: { portalId: number; batch: Batch }) {
  const { t } = useTranslation();
  const http = useAtomValue(captureHttpAtom);
  const navigate = useNavigate();
  const [detail] = useApiQuery(`batch:${portalId}:${batch.Id}:${batch.Modified}`, (_h, signal) =>
    getBatch(withSignal(http, signal), portalId, batch.Id),
  );
  const [failure, setFailure] = useState<string | null>(null);
  const override = batch.Status === BatchStatus.Errored || batch.Status === BatchStatus.Rejected;

  const open = async (docId: number) => {
    setFailure(null);
    try {
      const opened = await openBatchDocument(http, portalId, batch.Id, docId, override);
      void navigate(
        indexingPath({
          db: opened.DatabaseId,
          archive: opened.ArchiveId,
          importDocs: [opened.CacheName],
          batch: { portalId, batchId: batch.Id, docId },
          overrideBatchCriteria: override,
        }),
      );
    } catch (error) {
      setFailure(translateServerError(t, error, { detailFirst: true }) ?? t('batches.actions.failed'));
    }
  };

  if (detail.status !== 'success')
    return (
      <QueryBoundary
        state={detail}
        loading={t('batches.documents.loading')}
        error={t('batches.documents.error')}
      />
    );
  return (
    <div className="batch-docs" data-testid={`batch-docs-${batch.Id}`}>
      {failure && <Alert tone="error">{failure}</Alert>}
      <ol className="batch-docs__list">
        {detail.data.Docs.map((d, i) => (
          <li key={d.Id} className="batch-docs__item">
            <span>{t('batches.documents.name', { n: i + 1, count: d.Pages })}</span>
            {d.Status === BatchDocStatus.Indexed ? (
              <span className="muted">{t('batches.documents.indexed', { id: d.DocumentId })}</span>
            ) : (
              <button type="button" className="button button--small" onClick={() => void open(d.Id)}>
                {t('batches.documents.index', { n: i + 1 })}
              </button>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}
