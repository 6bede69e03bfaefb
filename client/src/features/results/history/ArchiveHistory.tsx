// An archive's history (`.../archives/{id}/audit`, newest first), 25 entries a page with a page
// carousel, and the category toggles over the page shown. A failed load resets to page 1 without
// filters and shows the error.
import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { getArchiveHistory } from '../../../api/audit';
import { useApiQuery } from '../../../api/useApiQuery';
import { Pagination } from '../../../components/Pagination';
import { Spinner } from '../../../components/Spinner';
import { searchSettingAtom } from '../../../state/preferences';
import { HistoryFilters } from './HistoryFilters';
import { HistoryList } from './HistoryList';
import { HistoryFailure } from './HistoryFailure';
import { filterHistory, type HistoryFilter } from './historyFilter';

const NONE: HistoryFilter = new Set();

export function ArchiveHistory({ db, archive, version }: { db: number; archive: number; version: number }) {
  const { t } = useTranslation();
  const { archHistoryPageSize: size } = useAtomValue(searchSettingAtom);
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState<HistoryFilter>(NONE);
  const [failure, setFailure] = useState<unknown>(null);
  const [history, reload] = useApiQuery(
    `archive-history:${db}:${archive}:${page}:${size}:${version}`,
    (http) =>
      getArchiveHistory(http, db, archive, page, size).then(
        (data) => {
          setFailure(null);
          return data;
        },
        (error: unknown) => {
          setFilter(NONE);
          setPage(1);
          setFailure(error);
          throw error;
        },
      ),
  );

  return (
    <div className="stack history-section" data-testid="archive-history">
      <HistoryFilters filter={filter} onChange={setFilter} />
      {history.status === 'loading' && <Spinner label={t('history.loading')} />}
      {failure !== null && <HistoryFailure failure={failure} onRetry={reload} />}
      {history.status === 'success' && (
        <>
          <HistoryList entries={filterHistory(history.data.Items, filter)} showDocument />
          <Pagination
            label={t('history.pages')}
            page={page}
            pageCount={Math.max(1, Math.ceil(history.data.Total / size))}
            onPage={setPage}
          />
        </>
      )}
    </div>
  );
}
