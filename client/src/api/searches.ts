// Square9API searches: a search's definition (`dbs/{db}/searches/{id}`) and its execution
// (`dbs/{db}/searches/{id}/archive/{a}/documents`, wire §2.4): a page of results, or a count.
import { paths } from '@gs/contract/paths';
import {
  formatSort,
  type Search,
  type SearchCountResult,
  type SearchPageResult,
  type SortSpec,
} from '@gs/contract/searches';
import type { Http } from './http';
import { parseSearchPage } from './lazySearchPage';

/** Prompt id -> the value(s) entered; a multi-value prompt carries several. */
export type CriteriaValues = Record<string, string | string[]>;

/** Criteria with the empty entries left out (spec §5); undefined when nothing is left. */
export function criteriaParam(criteria: CriteriaValues): string | undefined {
  const kept: CriteriaValues = {};
  for (const [key, value] of Object.entries(criteria)) {
    if (Array.isArray(value)) {
      const values = value.map((v) => v.trim()).filter((v) => v !== '');
      if (values.length === 1) kept[key] = values[0] ?? '';
      else if (values.length > 1) kept[key] = values;
    } else if (value.trim() !== '') kept[key] = value.trim();
  }
  return Object.keys(kept).length ? JSON.stringify(kept) : undefined;
}

/** The search by id (the server sends a bare array holding it); null when it is not offered. */
export async function getSearch(http: Http, db: number, id: number): Promise<Search | null> {
  const response = await http.request<Search[] | null>(paths.search(db, id));
  return Array.isArray(response) ? (response.find((s) => s.Id === id) ?? response[0] ?? null) : null;
}

export interface SearchRunRequest {
  db: number;
  searchId: number;
  archive: number;
  /** the search's Hash, sent as its SecureId */
  hash: string;
  criteria: CriteriaValues;
  /** 1-based */
  page: number;
  recordsPerPage: number;
  sort: SortSpec[];
  /** view tab; 0 or undefined = none */
  tabId?: number;
}

const baseQuery = (r: SearchRunRequest) => ({
  SecureId: r.hash,
  SearchCriteria: criteriaParam(r.criteria),
  tabId: r.tabId ? r.tabId : undefined,
});

export function runSearch(http: Http, r: SearchRunRequest, signal?: AbortSignal): Promise<SearchPageResult> {
  return http.request<SearchPageResult>(paths.searchDocuments(r.db, r.searchId, r.archive), {
    query: {
      ...baseQuery(r),
      page: r.page,
      RecordsPerPage: r.recordsPerPage,
      Sort: r.sort.length ? formatSort(r.sort) : undefined,
    },
    signal,
    parse: parseSearchPage,
  });
}

/** How many documents the search finds in one archive (and view tab). */
export async function countSearch(
  http: Http,
  r: Omit<SearchRunRequest, 'page' | 'recordsPerPage' | 'sort'>,
): Promise<number> {
  const result = await http.request<SearchCountResult>(paths.searchDocuments(r.db, r.searchId, r.archive), {
    query: { ...baseQuery({ ...r, page: 1, recordsPerPage: 1, sort: [] }), Count: true },
  });
  return typeof result?.Count === 'number' ? result.Count : 0;
}
