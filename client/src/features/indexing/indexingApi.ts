// The calls of the indexing view (square9api-wire.md §2.6-2.7, contract/upload.ts): the page count
// and page images of a cache or inbox file, bursting pages into a new file, the inbox file's
// DocDetails, and the import into an archive (`POST dbs/{db}/archives/{a}`, from an inbox with
// useViewerCache=true).
import type { DocDetails } from '@gs/contract/inboxes';
import {
  uploadPaths,
  type BurstResponse,
  type ImportBody,
  type ImportResponse,
  type PagesResponse,
} from '@gs/contract/upload';
import type { Http } from '../../api/http';

/** One file being indexed: a cache file, or a file of an inbox. */
export interface SourceFile {
  name: string;
  inboxId?: number;
}

const withInbox = (path: string, file: SourceFile): string =>
  file.inboxId === undefined ? path : `${path}&InboxId=${file.inboxId}`;

export async function getPageCount(http: Http, file: SourceFile): Promise<number> {
  const response = await http.request<PagesResponse | null>(withInbox(uploadPaths.pages(file.name), file));
  const pages = Number(response?.Pages);
  return Number.isInteger(pages) && pages > 0 ? pages : 1;
}

/** A page (1-based) as PNG: an img src, so the token travels in the query. */
export const pageImageUrl = (http: Http, file: SourceFile, page: number, token: string): string =>
  http.url(withInbox(uploadPaths.render(file.name, page), file), { token });

/** The selected pages as a new file (beside the source: the cache, or the same inbox). */
export function burstPages(
  http: Http,
  file: SourceFile,
  pages: number[],
  deletePages: boolean,
): Promise<BurstResponse> {
  return http.request<BurstResponse>(withInbox(uploadPaths.burst(file.name, pages, deletePages), file));
}

export function getInboxFileDetails(http: Http, inboxId: number, fileName: string): Promise<DocDetails> {
  return http.request<DocDetails>(uploadPaths.inboxDetails(inboxId, fileName));
}

/** Imports the files as new documents with one set of values; answers the new document ids. */
export function importDocuments(
  http: Http,
  db: number,
  archive: number,
  body: ImportBody,
  inboxId?: number,
): Promise<ImportResponse> {
  return http.request<ImportResponse>(uploadPaths.importInto(db, archive, inboxId), {
    method: 'POST',
    body,
  });
}
