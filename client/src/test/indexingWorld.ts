// The indexing view's and the viewer's tests on the in-process server (realServer.ts, decision
// 082): clientIndexingWorld's Bills, Receipts and Intake in Alpha, files put into a user's upload
// cache as the client puts them (POST files), and what the server then holds, read back.
import type { ArchiveHistoryResponse } from '@gs/contract/history';
import type { SearchPageResult } from '@gs/contract/searches';
import type { FakeAnswer, FakeHandler } from './fakeServer';
import { realServer, type ClientWorld, type RealServer } from './realServer';

export type IndexingIds = NonNullable<ClientWorld['indexing']>;

export interface StoredDoc {
  /** field id -> value */
  values: Record<number, string>;
  /** field id -> the values of a multi-value field */
  multi: Record<number, string[]>;
  /** with a leading dot */
  fileType: string;
}

export interface IndexingServer extends RealServer {
  x: IndexingIds;
  /** the ids of the documents an archive's history names, newest first (read as the administrator) */
  docsIn(archive: number): Promise<number[]>;
  /** a document of Alpha as the server holds it now */
  stored(archive: number, doc: number): Promise<StoredDoc>;
}

type Overrides = Record<string, FakeHandler | FakeAnswer>;

/** The server; `overrides` (a function of the world's ids) answer what it cannot be made to say. */
export function indexingServer(
  overrides: (x: IndexingIds, w: ClientWorld) => Overrides = () => ({}),
): IndexingServer {
  const server = realServer({
    indexing: true,
    overrides: (w) => (w.indexing ? overrides(w.indexing, w) : {}),
  });
  const x = server.w.indexing;
  if (!x) throw new Error('no indexing world seeded');
  const { alpha } = server.w;
  return {
    ...server,
    x,
    docsIn: async (archive) => {
      const history = await server.call<ArchiveHistoryResponse>(
        'SSAdministrator',
        'GET',
        `dbs/${alpha}/archives/${archive}/audit?DocLimit=1000`,
      );
      return [...new Set(history.Items.map((e) => e.DocumentID))];
    },
    stored: async (archive, doc) => {
      const path = `dbs/${alpha}/archives/${archive}/documents/${doc}?SecureId=${server.hashOf(alpha, doc)}`;
      const found = (await server.call<SearchPageResult>('SSAdministrator', 'GET', path)).Docs[0];
      return {
        values: Object.fromEntries((found?.Fields ?? []).map((f) => [f.ID, f.VAL])),
        multi: Object.fromEntries((found?.Fields ?? []).map((f) => [f.ID, f.MVAL])),
        fileType: found?.FileType ?? '',
      };
    },
  };
}
