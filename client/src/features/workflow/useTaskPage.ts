// One page of a queue's tasks in one archive, named by the address: loaded again when the address
// changes, when tasks moved (queueChangesAtom) or a viewer tab closed; the previous page stays on
// screen while the next loads. Also the address changes (page, size, sort, archive).
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useNavigate, useSearchParams } from 'react-router';
import type { FieldDefinition } from '@gs/contract/fields';
import type { SearchPageResult } from '@gs/contract/searches';
import { runTaskPage, type TaskPageRequest } from '../../api/workflow';
import { fieldSpecOf } from '../../lib/fieldSpec';
import { GRID_PAGE_SIZE_DEFAULT, gridPageSize, MAX_PAGE_SIZE } from '../../lib/pageSize';
import { httpAtom } from '../../state/environment';
import { savedValuesAtom } from '../results/editing/editAtoms';
import { toRows } from '../results/resultsRows';
import { resultsRefreshAtom } from '../viewer/viewerWindows';
import { parseTaskParams, taskResultsPath, type TaskParams, type TaskTarget } from './taskPaths';
import { queueChangesAtom } from './workflowAtoms';

export type TaskGoTo = (patch: Partial<TaskTarget>, options?: { replace?: boolean }) => void;

export function useTaskParams(): { params: TaskParams | null; go: TaskGoTo } {
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const params = useMemo(() => parseTaskParams(query), [query]);
  const go = useCallback<TaskGoTo>(
    (patch, options) => {
      if (params) navigate(taskResultsPath({ ...params, ...patch }), { replace: options?.replace });
    },
    [params, navigate],
  );
  return { params, go };
}

interface Loaded {
  data: SearchPageResult | null;
  error: unknown;
  settled: string | null;
}

export function useTaskPage(params: TaskParams) {
  const http = useAtomValue(httpAtom);
  const saved = useAtomValue(savedValuesAtom);
  const refresh = useAtomValue(queueChangesAtom) + useAtomValue(resultsRefreshAtom);
  const requested = gridPageSize(params.size ?? GRID_PAGE_SIZE_DEFAULT);
  const size = requested.needsConfirm ? MAX_PAGE_SIZE : requested.size;
  const request: TaskPageRequest = {
    db: params.db,
    workflowId: params.workflowId,
    queueKey: params.queueKey,
    archive: params.archive,
    page: params.page,
    recordsPerPage: size,
    sort: params.sort,
  };
  const key = JSON.stringify(request);
  const stamp = `${key}#${refresh}`;
  const [state, setState] = useState<Loaded>({ data: null, error: null, settled: null });

  useEffect(() => {
    const controller = new AbortController();
    runTaskPage(http, JSON.parse(key) as TaskPageRequest, controller.signal).then(
      (data) => setState({ data, error: null, settled: stamp }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState((s) => ({ ...s, error, settled: stamp }));
      },
    );
    return () => controller.abort();
  }, [http, key, stamp]);

  const result = state.data;
  const fieldsText = JSON.stringify(result?.Fields ?? []);
  const fields = useMemo(() => (JSON.parse(fieldsText) as FieldDefinition[]).map(fieldSpecOf), [fieldsText]);
  const rows = useMemo(() => (result ? toRows(result.Docs, saved) : []), [result, saved]);
  const total = result ? Math.max(result.Count, (params.page - 1) * size + result.Docs.length) : 0;
  const settled = state.settled === stamp;
  return {
    size,
    result,
    rows,
    fields,
    total,
    loading: !settled,
    error: settled ? state.error : null,
  };
}
