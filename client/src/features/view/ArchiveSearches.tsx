// The searches of the selected archive (`dbs/{db}/archives/{a}/searches`): those shown in the
// list (Settings & 4), the archive's default search (Settings & 8) marked with a star.
import { useTranslation } from 'react-i18next';
import { hasFlag, SearchSettings } from '@gs/contract/flags';
import type { Search } from '@gs/contract/searches';
import { getArchiveInfo, getArchiveSearches } from '../../api/archives';
import { useApiQuery } from '../../api/useApiQuery';
import { Alert } from '../../components/Alert';
import { Icon } from '../../components/Icon';
import { Spinner } from '../../components/Spinner';

export const listedSearches = (searches: Search[]): Search[] =>
  searches.filter((search) => hasFlag(search.Settings, SearchSettings.ShowInList));

export function ArchiveSearches({ db, archive, name }: { db: number; archive: number; name?: string }) {
  const { t } = useTranslation();
  const [searches, reload] = useApiQuery(`searches:${db}:${archive}`, (http) =>
    getArchiveSearches(http, db, archive),
  );
  // After a reload only the id is in the address; ask the server for the archive's name.
  const [info] = useApiQuery(name ? null : `info:${db}:${archive}`, (http) =>
    getArchiveInfo(http, db, archive),
  );
  const title = name ?? (info.status === 'success' ? info.data.Name : '');

  let content;
  if (searches.status === 'loading') content = <Spinner label={t('view.searches.loading')} />;
  else if (searches.status === 'error') {
    content = (
      <div className="stack">
        <Alert tone="error" testId="searches-error">
          {t('view.searches.error')}
        </Alert>
        <button type="button" className="button button--small" onClick={reload}>
          {t('common.retry')}
        </button>
      </div>
    );
  } else {
    const listed = listedSearches(searches.data);
    content =
      listed.length === 0 ? (
        <Alert tone="info" testId="searches-empty">
          {t('ERROR_NO_ARCHIVE_SEARCHES')}
        </Alert>
      ) : (
        <SearchList searches={listed} />
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
    </section>
  );
}

function SearchList({ searches }: { searches: Search[] }) {
  const { t } = useTranslation();
  return (
    <ul className="search-list" data-testid="search-list">
      {searches.map((search) => {
        const isDefault = hasFlag(search.Settings, SearchSettings.DefaultSearch);
        return (
          <li key={search.Id} className="search-list__item" data-testid={`search-${search.Id}`}>
            <Icon name="search" />
            <span className="search-list__name">{search.Name}</span>
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
