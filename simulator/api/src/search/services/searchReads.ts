// Where the document reads of a search run (decision 038): the count, or a page with its count and
// the result's workflow/PDF status. In the request's thread (tests, in-memory databases), or on a
// pool of worker threads, each with its own connection to the database file over WAL
// (searchReadPool.ts), so searches use the second core while the request thread serves HTTP.
import type { DocFilter, DocPage, DocPageQuery } from '../repos/docQueryModel';
import type { DocSearchRepo } from '../repos/docSearchRepo';
import { NO_STATUS, type DocStatesRepo, type ResultStatus } from '../../documents/repos/docStatesRepo';

export interface SearchPageRead {
  page: DocPage;
  /** the workflow and PDF state of the matched documents (NO_STATUS when none matched) */
  status: ResultStatus;
}

export interface SearchReads {
  count(filter: DocFilter): Promise<number>;
  page(query: DocPageQuery): Promise<SearchPageRead>;
  close(): Promise<void>;
}

/** The page of a query and its status, read on one connection (the worker runs the same). */
export function readPage(
  docSearch: DocSearchRepo,
  docStates: DocStatesRepo,
  query: DocPageQuery,
): SearchPageRead {
  const page = docSearch.page(query);
  return { page, status: page.count ? docStates.statusOfFilter(query) : NO_STATUS };
}

/** Reads on the caller's thread and connection. */
export function inProcessReads(repos: { docSearch: DocSearchRepo; docStates: DocStatesRepo }): SearchReads {
  return {
    count: (filter) => Promise.resolve(repos.docSearch.count(filter)),
    page: (query) => Promise.resolve(readPage(repos.docSearch, repos.docStates, query)),
    close: () => Promise.resolve(),
  };
}
