// A multi-archive search's archives above the grid, each with its count (Count=true per archive);
// sorted by count and empty ones hidden when the user's settings say so (spec §3).
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import type { Search } from '@gs/contract/searches';
import { countSearch } from '../../api/searches';
import { useApiQuery } from '../../api/useApiQuery';
import type { ResultsParams } from '../../app/resultsPaths';
import { multiArchiveCountSortAtom, multiArchiveHideEmptyAtom } from '../../state/preferences';

export interface ArchiveCount {
  id: number;
  name: string;
  count: number | null;
}

export function orderArchives(
  archives: ArchiveCount[],
  bySize: boolean,
  hideEmpty: boolean,
  current: number,
): ArchiveCount[] {
  const shown = hideEmpty ? archives.filter((a) => a.count !== 0 || a.id === current) : archives;
  return bySize ? [...shown].sort((a, b) => (b.count ?? -1) - (a.count ?? -1)) : shown;
}

export function ArchiveSwitcher({
  search,
  params,
  onArchive,
}: {
  search: Search;
  params: ResultsParams;
  onArchive: (id: number) => void;
}) {
  const { t } = useTranslation();
  const bySize = useAtomValue(multiArchiveCountSortAtom);
  const hideEmpty = useAtomValue(multiArchiveHideEmptyAtom);
  const archives = search.Archives ?? [];
  const [counts] = useApiQuery(
    `archive-counts:${params.db}:${search.Id}:${JSON.stringify(params.criteria)}`,
    (http) =>
      Promise.all(
        archives.map((a) =>
          countSearch(http, {
            db: params.db,
            searchId: search.Id,
            archive: a.ID,
            hash: search.Hash,
            criteria: params.criteria,
          }).catch(() => null),
        ),
      ),
  );
  const known = counts.status === 'success' ? counts.data : [];
  const list = orderArchives(
    archives.map((a, i) => ({ id: a.ID, name: a.Name, count: known[i] ?? null })),
    bySize,
    hideEmpty,
    params.archive,
  );
  return (
    <div className="archive-switcher" role="tablist" aria-label={t('results.archives')}>
      {list.map((a) => (
        <button
          key={a.id}
          type="button"
          role="tab"
          aria-selected={a.id === params.archive}
          className="archive-switcher__tab"
          data-testid={`result-archive-${a.id}`}
          onClick={() => onArchive(a.id)}
        >
          <span>{a.name}</span>
          {a.count !== null && <span className="badge">{a.count.toLocaleString()}</span>}
        </button>
      ))}
    </div>
  );
}
