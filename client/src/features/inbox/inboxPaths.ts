// The inbox addresses (spec §2): /results/Inbox?db&inboxId (plus page, size and sort of the grid,
// so a page can be shared and reloaded; a `token` is taken out of the address at start), and the
// scan page started from an inbox's options (/scan?db&inboxId, built by the scanning work).
import { positiveId, routes } from '../../app/paths';
import { inboxSortParam, parseInboxSort, type InboxSort } from '../../api/inboxes';

export const INBOX_RESULTS_ROUTE = '/results/Inbox';
export const SCAN_ROUTE = routes.scan;

export const DEFAULT_INBOX_SORT: InboxSort = { key: 'name', descending: false };

export interface InboxParams {
  db: number;
  inboxId: number;
  /** 1-based */
  page: number;
  /** as written in the address; checked by gridPageSize (invalid -> 25) */
  size: string | null;
  sort: InboxSort;
}

export function parseInboxParams(query: URLSearchParams): InboxParams | null {
  const db = positiveId(query.get('db'));
  const inboxId = positiveId(query.get('inboxId'));
  if (db === null || inboxId === null) return null;
  return {
    db,
    inboxId,
    page: positiveId(query.get('page')) ?? 1,
    size: query.get('size'),
    sort: parseInboxSort(query.get('sort')) ?? DEFAULT_INBOX_SORT,
  };
}

export interface InboxTarget {
  db: number;
  inboxId: number;
  page?: number;
  size?: number | string | null;
  sort?: InboxSort;
}

export function inboxResultsPath(target: InboxTarget): string {
  const query = new URLSearchParams();
  query.set('db', String(target.db));
  query.set('inboxId', String(target.inboxId));
  if (target.page && target.page > 1) query.set('page', String(target.page));
  if (target.size !== undefined && target.size !== null && target.size !== '')
    query.set('size', String(target.size));
  const sort = target.sort;
  if (sort && (sort.key !== DEFAULT_INBOX_SORT.key || sort.descending))
    query.set('sort', inboxSortParam(sort));
  return `${INBOX_RESULTS_ROUTE}?${query.toString()}`;
}

/** Scanning into the inbox: the scan page finalizes straight into it. */
export const scanIntoInboxPath = (db: number, inboxId: number): string =>
  `${SCAN_ROUTE}?db=${db}&inboxId=${inboxId}`;
