// Everything the results page derives from its address: the search, the remembered or addressed
// sort, the page size (above 10000 waits for confirmation), the page itself and its rows. It also
// applies the spec's rules: an invalid sort is discarded (saved grid state cleared, reloaded, and
// announced through the history state) and an empty page past the first falls back to an earlier one.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import type { FieldDefinition } from '@gs/contract/fields';
import type { SortSpec } from '@gs/contract/searches';
import { getSearch } from '../../api/searches';
import { useApiQuery } from '../../api/useApiQuery';
import type { ResultsParams } from '../../app/resultsPaths';
import { fieldSpecOf } from '../../lib/fieldSpec';
import { GRID_PAGE_SIZE_DEFAULT, gridPageSize } from '../../lib/pageSize';
import { resetEditingAtom, savedValuesAtom } from './editing/editAtoms';
import { clearGridState, gridStateKey, readGridState, writeGridState } from '../../components/gridState';
import { classifyGridError, fallbackPage } from './resultsErrors';
import { resultsReloadAtom } from './resultsReload';
import { toRows } from './resultsRows';
import type { GoTo } from './useResultsParams';
import { useRunRequest, useSearchPage } from './useSearchPage';

export function useResultsPage(params: ResultsParams, go: GoTo) {
  const saved = useAtomValue(savedValuesAtom);
  const resetEditing = useSetAtom(resetEditingAtom);
  const [search] = useApiQuery(`search:${params.db}:${params.searchId}`, (http) =>
    getSearch(http, params.db, params.searchId),
  );
  const gridKey = gridStateKey(params.db, params.searchId, params.archive);
  const sort = params.sort ?? readGridState(gridKey).sort ?? [];
  const size = gridPageSize(params.size ?? GRID_PAGE_SIZE_DEFAULT);
  const def = search.status === 'success' ? search.data : null;

  useEffect(() => resetEditing(), [resetEditing, params.archive]);

  const request = useRunRequest(params, def, size, sort);
  const page = useSearchPage(request);
  // documents changed by an operation on checked documents: load the page again
  const reloads = useAtomValue(resultsReloadAtom);
  const [seenReloads, setSeenReloads] = useState(reloads);
  if (reloads !== seenReloads) {
    setSeenReloads(reloads);
    page.reload();
  }
  const error = page.error ? classifyGridError(page.error) : null;
  const result = page.data;
  const total = result ? Math.max(result.Count, (params.page - 1) * size.size + result.Docs.length) : 0;

  useEffect(() => {
    if (error?.kind !== 'invalidSort') return;
    clearGridState(gridKey);
    go({ sort: [], page: 1 }, { replace: true, state: { sortDiscarded: true } });
  }, [error?.kind, gridKey, go]);

  const empty = !page.loading && result !== null && result.Docs.length === 0 && params.page > 1;
  useEffect(() => {
    if (empty && result) go({ page: fallbackPage(params.page, result.Count, size.size) }, { replace: true });
  }, [empty, result, params.page, size.size, go]);

  // the Fields of every page are new objects: compare them by their text
  const fieldsText = JSON.stringify(result?.Fields ?? []);
  const fields = useMemo(() => (JSON.parse(fieldsText) as FieldDefinition[]).map(fieldSpecOf), [fieldsText]);
  const rows = useMemo(() => (result ? toRows(result.Docs, saved) : []), [result, saved]);
  const onSort = useCallback(
    (next: SortSpec[]) => {
      writeGridState(gridKey, { sort: next });
      go({ sort: next, page: 1 });
    },
    [gridKey, go],
  );

  return { search, def, gridKey, sort, size, request, page, error, result, total, fields, rows, onSort };
}
