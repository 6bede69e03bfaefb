// Messages above the grid: the search could not be loaded, the page could not be loaded (404: the
// grid data query error; a server Message; else the unknown error), a discarded sort, and the
// outcome of saving or cancelling edits.
import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { translateServerMessage } from '../../lib/serverTexts';
import type { Search } from '@gs/contract/searches';
import type { QueryState } from '../../api/useApiQuery';
import { Alert } from '../../components/Alert';
import { QueryFailure } from '../../components/QueryBoundary';
import { Spinner } from '../../components/Spinner';
import { editNoticeAtom } from './editing/editAtoms';
import type { GridLoadError } from './resultsErrors';

export interface ResultsNoticesProps {
  search: QueryState<Search | null>;
  error: GridLoadError | null;
  loading: boolean;
  sortDiscarded: boolean;
  onDismissSort: () => void;
}

export function ResultsNotices({
  search,
  error,
  loading,
  sortDiscarded,
  onDismissSort,
}: ResultsNoticesProps) {
  const { t } = useTranslation();
  const [notice, setNotice] = useAtom(editNoticeAtom);
  return (
    <div className="results-notices">
      <QueryFailure state={search} error={t('results.error.search')} testId="results-search-error">
        {search.status === 'success' && search.data === null && (
          <Alert tone="error" testId="results-search-error">
            {t('results.error.search')}
          </Alert>
        )}
      </QueryFailure>
      {error?.kind === 'notFound' && (
        <Alert tone="error" testId="results-error">
          {t('results.error.notFound')}
        </Alert>
      )}
      {error?.kind === 'message' && (
        <Alert tone="error" testId="results-error">
          {translateServerMessage(t, error.text)}
        </Alert>
      )}
      {error?.kind === 'unknown' && (
        <Alert tone="error" testId="results-error">
          {t('results.error.unknown')}
        </Alert>
      )}
      {sortDiscarded && (
        <div className="notice-row">
          <Alert tone="warning" testId="sort-discarded">
            {t('results.sortDiscarded')}
          </Alert>
          <button type="button" className="button button--small" onClick={onDismissSort}>
            {t('common.ok')}
          </button>
        </div>
      )}
      {notice && (
        <div className="notice-row">
          <Alert tone={notice.tone} testId="edit-notice">
            {t(notice.key)}
          </Alert>
          <button
            type="button"
            className="icon-button"
            aria-label={t('common.close')}
            onClick={() => setNotice(null)}
          >
            ×
          </button>
        </div>
      )}
      {loading && <Spinner label={t('results.loading')} />}
    </div>
  );
}
