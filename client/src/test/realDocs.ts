// The document-action tests' server (decision 082): the simulator's app in process with
// clientDocsWorld's Payables (three PDFs: Acme, Globex, Initech), Filed (Alpha), Personnel (Beta),
// Policies (revision control), Held (documents waiting for PDF conversion or in a workflow) and the
// inboxes Scanning and AP Intake; full.user may do everything there.
import type { Search, SearchPageResult } from '@gs/contract/searches';
import type { DocumentHistoryResponse } from '@gs/contract/history';
import { realServer, type ClientWorld, type RealServer } from './realServer';
import type { FakeAnswer, FakeHandler } from './fakeServer';

export type DocsWorld = NonNullable<ClientWorld['docs']>;

export interface DocsServer extends RealServer {
  d: DocsWorld;
  /** the search's Hash (its SecureId on the wire) */
  searchHash(search: number): Promise<string>;
  /** the results address of a search of Alpha on its archive */
  resultsUrl(search: number, archive: number, extra?: string): Promise<string>;
  /** a "by vendor" search's criteria (prompt id -> value) */
  criteria(search: number, vendor: string): Promise<Record<string, string>>;
  /** what a "by vendor" search of the world finds, with its Vendor prompt filled in when given */
  found(search: number, archive: number, vendor?: string): Promise<SearchPageResult>;
  /** how many documents an archive holds */
  count(database: number, archive: number): Promise<number>;
  /** a document's history messages */
  history(archive: number, doc: number): Promise<string[]>;
}

export function docsServer(
  options: { workflow?: boolean; overrides?: Record<string, FakeHandler | FakeAnswer> } = {},
): DocsServer {
  const server = realServer({ ...options, docs: true });
  const d = server.w.docs;
  if (!d) throw new Error('the documents world was not seeded');
  const searchOf = async (search: number) =>
    (await server.call<Search[]>('full.user', 'GET', `dbs/1/searches/${search}`))[0];
  const searchHash = async (search: number) => (await searchOf(search))?.Hash ?? '';
  const criteria = async (search: number, vendor: string): Promise<Record<string, string>> => {
    const prompt = (await searchOf(search))?.Detail[0]?.ID;
    return prompt === undefined ? {} : { [prompt]: vendor };
  };
  const found = async (search: number, archive: number, vendor?: string) => {
    const query = new URLSearchParams({ SecureId: await searchHash(search) });
    if (vendor !== undefined) query.set('SearchCriteria', JSON.stringify(await criteria(search, vendor)));
    return server.call<SearchPageResult>(
      'full.user',
      'GET',
      `dbs/1/searches/${search}/archive/${archive}/documents?${query.toString()}`,
    );
  };
  return {
    ...server,
    d,
    searchHash,
    criteria,
    resultsUrl: async (search, archive, extra = '') =>
      `/results/${await searchHash(search)}?db=1&archive=${archive}&Id=${search}${extra}`,
    found,
    count: async (database, archive) =>
      (
        await server.call<{ Count: number }>(
          'full.user',
          'GET',
          `dbs/${database}/archives/${archive}?type=info`,
        )
      ).Count,
    history: async (archive, doc) =>
      (
        await server.call<DocumentHistoryResponse>(
          'full.user',
          'GET',
          `dbs/1/archives/${archive}/documents/${doc}/audit?SecureId=${server.hashOf(1, doc)}`,
        )
      ).map((e) => e.Message),
  };
}
