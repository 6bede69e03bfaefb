// The results route (spec §2): /results/{searchHash}?db&archive&Id&criteria&page&size&sort&tab.
// Everything a results page shows comes from this address, so it can be shared and reloaded.
import type { SortSpec } from '@gs/contract/searches';
import type { CriteriaValues } from '../api/searches';
import { positiveId } from './paths';

export const RESULTS_ROUTE = '/results/:searchHash';

export interface ResultsParams {
  hash: string;
  db: number;
  archive: number;
  searchId: number;
  criteria: CriteriaValues;
  /** 1-based */
  page: number;
  /** the page size as written in the address; checked by gridPageSize */
  size: string | null;
  /** null when the address names no sort (the remembered one applies) */
  sort: SortSpec[] | null;
  /** view tab; 0 = none */
  tab: number;
}

/** "5 ASC,3 DESC" (formatSort) -> sort specs; unreadable entries are dropped. */
export function parseSortParam(text: string): SortSpec[] {
  return text
    .split(',')
    .map((part) => /^\s*(-?\d+)(?:\s+(asc|desc))?\s*$/i.exec(part))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ fieldId: Number(m[1]), descending: (m[2] ?? '').toLowerCase() === 'desc' }));
}

const sortParam = (sort: SortSpec[]): string =>
  sort.map((s) => `${s.fieldId} ${s.descending ? 'DESC' : 'ASC'}`).join(',');

function parseCriteria(text: string | null): CriteriaValues | null {
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
    const out: CriteriaValues = {};
    for (const [key, value] of Object.entries(parsed)) {
      if (typeof value === 'string') out[key] = value;
      else if (Array.isArray(value) && value.every((v) => typeof v === 'string'))
        out[key] = value as string[];
      else if (typeof value === 'number') out[key] = String(value);
    }
    return out;
  } catch {
    return null;
  }
}

/** The results page's parameters, or null when the address cannot name a search. */
export function parseResultsParams(hash: string | undefined, query: URLSearchParams): ResultsParams | null {
  const db = positiveId(query.get('db'));
  const archive = positiveId(query.get('archive'));
  const searchId = positiveId(query.get('Id'));
  const criteria = parseCriteria(query.get('criteria'));
  if (!hash || db === null || archive === null || searchId === null || criteria === null) return null;
  const sort = query.get('sort');
  return {
    hash,
    db,
    archive,
    searchId,
    criteria,
    page: positiveId(query.get('page')) ?? 1,
    size: query.get('size'),
    sort: sort === null ? null : parseSortParam(sort),
    tab: positiveId(query.get('tab')) ?? 0,
  };
}

export interface ResultsTarget {
  hash: string;
  db: number;
  archive: number;
  searchId: number;
  criteria?: CriteriaValues;
  page?: number;
  size?: number | string | null;
  sort?: SortSpec[] | null;
  tab?: number;
}

export function resultsPath(t: ResultsTarget): string {
  const query = new URLSearchParams();
  query.set('db', String(t.db));
  query.set('archive', String(t.archive));
  query.set('Id', String(t.searchId));
  if (t.criteria && Object.keys(t.criteria).length) query.set('criteria', JSON.stringify(t.criteria));
  if (t.page && t.page > 1) query.set('page', String(t.page));
  if (t.size !== undefined && t.size !== null && t.size !== '') query.set('size', String(t.size));
  if (t.sort) query.set('sort', sortParam(t.sort));
  if (t.tab) query.set('tab', String(t.tab));
  return `/results/${encodeURIComponent(t.hash)}?${query.toString()}`;
}
