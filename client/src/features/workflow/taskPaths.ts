// The queue results address (spec §2): /results/Task?db&workflowId&queueKey&archive, plus the page,
// size and sort of the grid so a page of tasks can be shared and reloaded (a `token` is taken out
// of the address at start, as for every route).
import type { SortSpec } from '@gs/contract/searches';
import { positiveId } from '../../app/paths';
import { parseSortParam } from '../../app/resultsPaths';

export const TASK_RESULTS_ROUTE = '/results/Task';

export interface TaskParams {
  db: number;
  workflowId: number;
  queueKey: string;
  archive: number;
  /** 1-based */
  page: number;
  /** as written in the address; checked by gridPageSize */
  size: string | null;
  sort: SortSpec[];
}

export function parseTaskParams(query: URLSearchParams): TaskParams | null {
  const db = positiveId(query.get('db'));
  const workflowId = positiveId(query.get('workflowId'));
  const archive = positiveId(query.get('archive'));
  const queueKey = query.get('queueKey') ?? '';
  if (db === null || workflowId === null || archive === null || queueKey === '') return null;
  const sort = query.get('sort');
  return {
    db,
    workflowId,
    queueKey,
    archive,
    page: positiveId(query.get('page')) ?? 1,
    size: query.get('size'),
    sort: sort === null ? [] : parseSortParam(sort),
  };
}

export interface TaskTarget {
  db: number;
  workflowId: number;
  queueKey: string;
  archive: number;
  page?: number;
  size?: number | string | null;
  sort?: SortSpec[];
}

export function taskResultsPath(t: TaskTarget): string {
  const query = new URLSearchParams();
  query.set('db', String(t.db));
  query.set('workflowId', String(t.workflowId));
  query.set('queueKey', t.queueKey);
  query.set('archive', String(t.archive));
  if (t.page && t.page > 1) query.set('page', String(t.page));
  if (t.size !== undefined && t.size !== null && t.size !== '') query.set('size', String(t.size));
  if (t.sort?.length)
    query.set('sort', t.sort.map((s) => `${s.fieldId} ${s.descending ? 'DESC' : 'ASC'}`).join(','));
  return `${TASK_RESULTS_ROUTE}?${query.toString()}`;
}
