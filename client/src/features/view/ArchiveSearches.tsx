// The searches of the selected archive (`dbs/{db}/archives/{a}/searches`): those shown in the
// list (Settings & 4), the archive's default search (Settings & 8) marked with a star. Choosing a
// search asks its prompts, or runs it at once when it asks nothing. Arriving by a click on the
// archive (autoRun) runs the default search, or says there is none (ERROR_NO_DEFAULT_SEARCH).
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { hasFlag, SearchSettings } from '@gs/contract/flags';
import type { Search } from '@gs/contract/searches';
import { getArchiveInfo, getArchiveSearches } from '../../api/archives';
import { queryKeys } from '../../api/queryClient';
import { useApiQuery, useCachedQuery } from '../../api/useApiQuery';
import { resultsPath } from '../../app/resultsPaths';
import { Alert } from '../../components/Alert';
import { Icon } from '../../components/Icon';
import { Spinner } from '../../components/Spinner';
import { modeOf, runArchive } from '../search/searchModes';
import { QueryFailure } from '../../components/QueryBoundary';

// the prompts' modal loads when a search asks for prompts (the search screen's 200 KB budget)
const SearchModal = lazy(() => import('../search/SearchModal').then((m) => ({ default: m.SearchModal })));

export const listedSearches = (searches: Search[]): Search[] =>
  searches.filter((search) => hasFlag(search.Settings, SearchSettings.ShowInList));

export const defaultSearchOf = (searches: Search[]): Search | undefined =>
  searches.find((search) => hasFlag(search.Settings, SearchSettings.DefaultSearch));

interface ArchiveSearchesProps {
  db: number;
  archive: number;
  name?: string;
  /** run the default search once the searches are known */
  autoRun?: boolean;
}

export function ArchiveSearches({ db, archive, name, autoRun = false }: ArchiveSearchesProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [prompting, setPrompting] = useState<Search | null>(null);
  const [searches, reload] = useApiQuery(`searches:${db}:${archive}`, (http) =>
    getArchiveSearches(http, db, archive),
  );
  // After a reload only the id is in the address; ask the server for the archive's name.
  const [info] = useCachedQuery(name ? null : queryKeys.archiveInfo(db, archive), (http) =>
    getArchiveInfo(http, db, archive),
  );
  const title = name ?? (info.status === 'success' ? info.data.Name : '');
  const loaded = searches.status === 'success' ? searches.data : null;
  const defaultSearch = loaded ? defaultSearchOf(loaded) : undefined;

  const open = (search: Search) => {
    if (modeOf(search) === 'prompts') setPrompting(search);
    else
      navigate(
        resultsPath({ hash: search.Hash, db, archive: runArchive(search, archive), searchId: search.Id }),
        {
          replace: autoRun,
        },
      );
  };

  useEffect(() => {
    if (autoRun && defaultSearch)
      navigate(
        resultsPath({
          hash: defaultSearch.Hash,
          db,
          archive: runArchive(defaultSearch, archive),
          searchId: defaultSearch.Id,
        }),
        {
          replace: true,
        },
      );
  }, [autoRun, defaultSearch, db, archive, navigate]);

  let content;
  if (searches.status === 'loading' || (autoRun && defaultSearch))
    content = <Spinner label={t('view.searches.loading')} />;
  else if (searches.status !== 'success') {
    content = (
      <QueryFailure
        state={searches}
        reload={reload}
        error={t('view.searches.error')}
        testId="searches-error"
      />
    );
  } else {
    const listed = listedSearches(searches.data);
    content = (
      <>
        {autoRun && !defaultSearch && listed.length > 0 && (
          <Alert tone="info" testId="no-default-search">
            {t('ERROR_NO_DEFAULT_SEARCH')}
          </Alert>
        )}
        {listed.length === 0 ? (
          <Alert tone="info" testId="searches-empty">
            {t('ERROR_NO_ARCHIVE_SEARCHES')}
          </Alert>
        ) : (
          <SearchList searches={listed} onOpen={open} />
        )}
      </>
    );
  }

  return (
    <section className="panel" aria-labelledby="searches-title">
      <p className="panel__eyebrow">{t('view.searches.archiveLabel')}</p>
      <h1 id="searches-title" className="panel__title">
        {title || '\u00a0'}
      </h1>
      <h2 className="panel__subtitle">{t('view.searches.title')}</h2>
      {content}
      {prompting && (
        <Suspense fallback={<Spinner label={t('view.searches.loading')} />}>
          <SearchModal db={db} archive={archive} search={prompting} onClose={() => setPrompting(null)} />
        </Suspense>
      )}
    </section>
  );
}

function SearchList({ searches, onOpen }: { searches: Search[]; onOpen: (search: Search) => void }) {
  const { t } = useTranslation();
  return (
    <ul className="search-list" data-testid="search-list">
      {searches.map((search) => {
        const isDefault = hasFlag(search.Settings, SearchSettings.DefaultSearch);
        return (
          <li key={search.Id} className="search-list__item" data-testid={`search-${search.Id}`}>
            <button type="button" className="search-list__button" onClick={() => onOpen(search)}>
              <Icon name="search" />
              <span className="search-list__name">{search.Name}</span>
            </button>
            {isDefault && (
              <span
                className="search-list__default"
                title={t('view.searches.default')}
                data-testid="default-search"
              >
                <Icon name="star" filled size={16} />
                <span className="visually-hidden">{t('view.searches.default')}</span>
              </span>
            )}
            <span className="search-list__meta">
              {t('view.searches.prompts', { count: search.Detail?.length ?? 0 })}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
