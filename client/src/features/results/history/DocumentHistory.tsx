// A document's history (`.../documents/{id}/audit`, oldest first on the wire, shown newest first)
// with the category toggles and, when the document went through a workflow, its timeline. A failed
// load resets the filters and shows the error.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getDocumentHistory } from '../../../api/audit';
import type { DocumentRef } from '../../../api/documents';
import { useApiQuery } from '../../../api/useApiQuery';
import { Spinner } from '../../../components/Spinner';
import { HistoryFilters } from './HistoryFilters';
import { HistoryList } from './HistoryList';
import { filterHistory, type HistoryFilter } from './historyFilter';
import { HistoryFailure } from './HistoryFailure';
import { WorkflowTimeline } from '../../workflow/WorkflowTimeline';

const NONE: HistoryFilter = new Set();

export function DocumentHistory({ doc, version }: { doc: DocumentRef | null; version: number }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<HistoryFilter>(NONE);
  const [failure, setFailure] = useState<unknown>(null);
  const [history, reload] = useApiQuery(
    doc ? `history:${doc.db}:${doc.archive}:${doc.id}:${version}` : null,
    (http) =>
      getDocumentHistory(http, doc as DocumentRef).then(
        (data) => {
          setFailure(null);
          return data;
        },
        (error: unknown) => {
          setFilter(NONE);
          setFailure(error);
          throw error;
        },
      ),
  );

  if (!doc) return <p className="muted">{t('history.selectDocument')}</p>;
  return (
    <div className="stack history-section" data-testid="document-history">
      <p className="history-section__title">{t('history.document', { id: doc.id })}</p>
      {history.status === 'success' && <WorkflowTimeline newestFirst={history.data} />}
      <HistoryFilters filter={filter} onChange={setFilter} />
      {history.status === 'loading' && <Spinner label={t('history.loading')} />}
      {failure !== null && <HistoryFailure failure={failure} onRetry={reload} />}
      {history.status === 'success' && <HistoryList entries={filterHistory(history.data, filter)} />}
    </div>
  );
}
