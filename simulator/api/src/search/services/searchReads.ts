// Where the document reads of a search run (decision 038): the count, or a page with its count and
// the result's workflow/PDF status. In the request's thread (tests, in-memory databases), or on a
// pool of worker threads, each with its own connection to the database file over WAL
// (searchReadPool.ts), so searches use the second core while the request thread serves HTTP.
// A search's Result page is built and serialised where its rows were read (decision 078): the
// request thread only writes the bytes.
import type { DocFilter, DocPage, DocPageQuery } from '../repos/docQueryModel';
import type { DocSearchRepo } from '../repos/docSearchRepo';
import { NO_STATUS, type DocStatesRepo, type ResultStatus } from '../../documents/repos/docStatesRepo';
import { toResult, type ResultContext } from './result';

export interface SearchPageRead {
  page: DocPage;
  /** the workflow and PDF state of the matched documents (NO_STATUS when none matched) */
  status: ResultStatus;
}

export interface SearchReads {
  count(filter: DocFilter): Promise<number>;
  page(query: DocPageQuery): Promise<SearchPageRead>;
  /** the wire Result page (result.ts) of a query as UTF-8 JSON, what `res.json` would send */
  result(query: DocPageQuery, shape: ResultContext): Promise<Uint8Array>;
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

/** The Result page of a query, serialised: JSON.stringify as `res.json` does, in UTF-8. */
export function readResult(
  docSearch: DocSearchRepo,
  docStates: DocStatesRepo,
  query: DocPageQuery,
  shape: ResultContext,
): Uint8Array {
  const { page, status } = readPage(docSearch, docStates, query);
  const result = toResult(shape, page.count, page.rows, page.count ? status : undefined);
  // a TextEncoder's array owns its buffer, so a reader can hand it over without a copy
  return new TextEncoder().encode(JSON.stringify(result));
}

/** Reads on the caller's thread and connection. */
export function inProcessReads(repos: { docSearch: DocSearchRepo; docStates: DocStatesRepo }): SearchReads {
  return {
    count: (filter) => Promise.resolve(repos.docSearch.count(filter)),
    page: (query) => Promise.resolve(readPage(repos.docSearch, repos.docStates, query)),
    result: (query, shape) => Promise.resolve(readResult(repos.docSearch, repos.docStates, query, shape)),
    close: () => Promise.resolve(),
  };
}
