// View tabs of a search with Settings & 32 (the archive's `?type=tabs`): "All" and one tab per status
// value, each with its count when the server gives one (a failure is only logged; a cancelled count
// is no failure).
import { useTranslation } from 'react-i18next';
import type { Search } from '@gs/contract/searches';
import { getArchiveTabs } from '../../api/archives';
import { useCachedQuery } from '../../api/useApiQuery';
import { countSearch } from '../../api/searches';
import { useApiQuery } from '../../api/useApiQuery';
import type { ResultsParams } from '../../app/resultsPaths';

export function ViewTabs({
  search,
  params,
  onTab,
}: {
  search: Search;
  params: ResultsParams;
  onTab: (tabId: number) => void;
}) {
  const { t } = useTranslation();
  const [tabs] = useCachedQuery(`tabs:${params.db}:${params.archive}`, (http) =>
    getArchiveTabs(http, params.db, params.archive),
  );
  const list = tabs.status === 'success' && tabs.data.Enabled ? (tabs.data.Tabs ?? []) : [];
  const request = {
    db: params.db,
    searchId: search.Id,
    archive: params.archive,
    hash: search.Hash,
    criteria: params.criteria,
  };
  const [counts] = useApiQuery(
    list.length ? `tab-counts:${JSON.stringify(request)}:${list.length}` : null,
    (http) =>
      Promise.all(
        list.map((tab) =>
          countSearch(http, { ...request, tabId: tab.tabId }).catch((error: unknown) => {
            // cancelled (the page or the search changed): the query layer drops it, nothing failed
            if (error instanceof DOMException && error.name === 'AbortError') throw error;
            console.warn('Get view tab count failed', error);
            return null;
          }),
        ),
      ),
  );
  if (list.length === 0) return null;
  const known = counts.status === 'success' ? counts.data : [];
  return (
    <div className="view-tabs" role="tablist" aria-label={t('results.viewTabs')}>
      <button
        type="button"
        role="tab"
        aria-selected={params.tab === 0}
        className="view-tabs__tab"
        onClick={() => onTab(0)}
      >
        {t('results.allTab')}
      </button>
      {list.map((tab, i) => (
        <button
          key={tab.tabId}
          type="button"
          role="tab"
          aria-selected={params.tab === tab.tabId}
          className="view-tabs__tab"
          style={{ borderTopColor: tab.color }}
          data-testid={`view-tab-${tab.tabId}`}
          onClick={() => onTab(tab.tabId)}
        >
          <span>{tab.label}</span>
          {typeof known[i] === 'number' && <span className="badge">{known[i]?.toLocaleString()}</span>}
        </button>
      ))}
    </div>
  );
}
