// The results page tests' set-up on the in-process server (realServer.ts, decision 082):
// clientResultsWorld's Payables (three invoices), its searches "Invoice Approval" (view tabs) and
// "All Invoices" (Payables, 2024 with 210 documents, 2023 empty), opened as a user signs in.
import type { Search, SearchPageResult } from '@gs/contract/searches';
import type { Session } from '../state/persistedSession';
import type { FakeAnswer, FakeHandler } from './fakeServer';
import { realServer, type ClientWorld, type RealServer } from './realServer';
import { renderApp } from './renderApp';

export type ResultsIds = NonNullable<ClientWorld['results']>;

export interface ResultsServer extends RealServer {
  r: ResultsIds;
  /** the results address of `search` (Invoice Approval) in `archive` (Payables), `extra` appended */
  resultsUrl(extra?: string, search?: number, archive?: number): Promise<string>;
  /** a search as full.user gets it (its Hash, its prompts) */
  searchOf(search: number): Promise<Search>;
  /** a document of Payables as the server holds it now: field id -> value */
  valuesOf(doc: number, archive?: number): Promise<Record<number, string>>;
  /** the search pages (not counts) the client asked for */
  pageRequests(): RealServer['requests'];
}

type Overrides = Record<string, FakeHandler | FakeAnswer>;

/** The server; `overrides` (a function of the world's ids) answer what it cannot be made to say. */
export function resultsServer(overrides: (r: ResultsIds) => Overrides = () => ({})): ResultsServer {
  const server = realServer({ results: true, overrides: (w) => (w.results ? overrides(w.results) : {}) });
  const r = server.w.results;
  if (!r) throw new Error('no results world seeded');
  const { alpha } = server.w;
  const searchOf = async (search: number) =>
    (await server.call<Search[]>('full.user', 'GET', `dbs/${alpha}/searches/${search}`))[0] as Search;
  return {
    ...server,
    r,
    searchOf,
    resultsUrl: async (extra = '', search = r.approval, archive = r.payables) =>
      `/results/${(await searchOf(search)).Hash}?db=${alpha}&archive=${archive}&Id=${search}${extra}`,
    valuesOf: async (doc, archive = r.payables) => {
      const path = `dbs/${alpha}/archives/${archive}/documents/${doc}?SecureId=${server.hashOf(alpha, doc)}`;
      const page = await server.call<SearchPageResult>('full.user', 'GET', path);
      return Object.fromEntries((page.Docs[0]?.Fields ?? []).map((f) => [f.ID, f.VAL]));
    },
    pageRequests: () =>
      server.requests.filter(
        (q) => /\/documents$/.test(q.path) && q.url.searchParams.get('Count') !== 'true',
      ),
  };
}

export interface OpenResults {
  /** who signs in (full.user) */
  login?: string;
  /** appended to the address */
  extra?: string;
  search?: number;
  archive?: number;
  server?: ResultsServer;
}

/** Signs `login` in and renders the results of a search (Invoice Approval in Payables). */
export async function openResults(options: OpenResults = {}) {
  const server = options.server ?? resultsServer();
  const url = await server.resultsUrl(options.extra, options.search, options.archive);
  const session: Session = await server.signIn(options.login ?? 'full.user');
  const app = renderApp({ url, fetch: server.fetch, session });
  return { ...app, server, r: server.r, session, url };
}
