// Loads one results page (search execution) whenever the request changes, keeping the previous
// page on screen while the next one loads; marks when the data arrived (grid timing).
import { useEffect, useMemo, useState } from 'react';
import { useAtomValue } from 'jotai';
import type { Search, SearchPageResult, SortSpec } from '@gs/contract/searches';
import { runSearch, type SearchRunRequest } from '../../api/searches';
import type { ResultsParams } from '../../app/resultsPaths';
import type { GridPageSize } from '../../lib/pageSize';
import { markGridData } from '../../lib/perfMarks';
import { httpAtom } from '../../state/environment';
import { resultsRefreshAtom } from '../viewer/viewerWindows';

export interface SearchPageState {
  loading: boolean;
  /** the last page that arrived (possibly for an earlier request) */
  data: SearchPageResult | null;
  /** the request `data` answers */
  dataKey: string | null;
  error: unknown;
  reload: () => void;
}

export function useSearchPage(request: SearchRunRequest | null): SearchPageState {
  const http = useAtomValue(httpAtom);
  const key = request ? JSON.stringify(request) : null;
  const [ownAttempt, setAttempt] = useState(0);
  // a viewer tab opened from the grid closed: load the page again
  const attempt = ownAttempt + useAtomValue(resultsRefreshAtom);
  const [state, setState] = useState<
    Omit<SearchPageState, 'reload' | 'loading'> & { settledKey: string | null }
  >({
    data: null,
    dataKey: null,
    error: null,
    settledKey: null,
  });

  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    const stamp = `${key}#${attempt}`;
    runSearch(http, JSON.parse(key) as SearchRunRequest, controller.signal).then(
      (data) => {
        markGridData();
        setState({ data, dataKey: key, error: null, settledKey: stamp });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState((s) => ({ ...s, error, settledKey: stamp }));
      },
    );
    return () => controller.abort();
  }, [http, key, attempt]);

  const settled = state.settledKey === `${key}#${attempt}`;
  return {
    loading: key !== null && !settled,
    data: state.data,
    dataKey: state.dataKey,
    error: settled ? state.error : null,
    reload: () => setAttempt((n) => n + 1),
  };
}

/** The page request the address names; null until the search is known or while a page size awaits confirmation. */
export function useRunRequest(
  params: ResultsParams,
  search: Search | null,
  size: GridPageSize,
  sort: SortSpec[],
): SearchRunRequest | null {
  // the sort is rebuilt on every render: compare it by its text
  const sortText = JSON.stringify(sort);
  return useMemo(
    () =>
      search && !size.needsConfirm
        ? {
            db: params.db,
            searchId: search.Id,
            archive: params.archive,
            hash: search.Hash || params.hash,
            criteria: params.criteria,
            page: params.page,
            recordsPerPage: size.size,
            sort: JSON.parse(sortText) as SortSpec[],
            tabId: params.tab,
          }
        : null,
    [
      search,
      size.needsConfirm,
      size.size,
      params.db,
      params.archive,
      params.hash,
      params.criteria,
      params.page,
      params.tab,
      sortText,
    ],
  );
}
