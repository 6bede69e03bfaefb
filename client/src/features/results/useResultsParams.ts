// The results page's parameters from its address, and moving to another page, size, sort, tab or
// archive of the same search (a new address, so every state can be shared and reloaded).
import { useCallback, useMemo } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import {
  parseResultsParams,
  resultsPath,
  type ResultsParams,
  type ResultsTarget,
} from '../../app/resultsPaths';

export type GoTo = (patch: Partial<ResultsTarget>, options?: { replace?: boolean; state?: unknown }) => void;

export function useResultsParams(): { params: ResultsParams | null; go: GoTo } {
  const { searchHash } = useParams();
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const params = useMemo(() => parseResultsParams(searchHash, query), [searchHash, query]);
  const go = useCallback<GoTo>(
    (patch, options) => {
      if (params)
        navigate(resultsPath({ ...params, ...patch }), { replace: options?.replace, state: options?.state });
    },
    [params, navigate],
  );
  return { params, go };
}
