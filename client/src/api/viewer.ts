// The viewer's calls (contract viewer.ts): create and read a viewer session, turn a page
// (`POST Processing.ashx`), the stamps list, the document's index data, and the addresses of the
// document's file and of a page drawn by the server (TIFF pages: browsers cannot show TIFF); the
// same for an inbox file (its bytes, its pages, turning a page by InboxId and InboxFileName).
import { paths } from '@gs/contract/paths';
import type { SearchResult } from '@gs/contract/searches';
import {
  viewerPaths,
  type RotateInboxPageRequest,
  type RotatePageResponse,
  type Stamp,
  type ViewerSession,
  type ViewerSessionRequest,
} from '@gs/contract/viewer';
import type { DocumentRef } from './documents';
import type { Http } from './http';

/** The new session's id. */
export async function createViewerSession(http: Http, request: ViewerSessionRequest): Promise<string> {
  const id = await http.request<unknown>(viewerPaths.sessions(), { method: 'POST', body: request });
  if (typeof id !== 'string' || !id) throw new Error('The server did not answer a session id.');
  return id;
}

export const getViewerSession = (http: Http, id: string): Promise<ViewerSession> =>
  http.request<ViewerSession>(viewerPaths.session(id));

/** The document as the search results show it: its field definitions and its values. */
export const getDocumentData = (http: Http, doc: DocumentRef): Promise<SearchResult> =>
  http.request<SearchResult>(paths.document(doc.db, doc.archive, doc.id), { query: { SecureId: doc.hash } });

export const rotateDocumentPage = (
  http: Http,
  doc: DocumentRef,
  page: number,
  degrees: number,
): Promise<RotatePageResponse> =>
  http.request<RotatePageResponse>(viewerPaths.processing(), {
    method: 'POST',
    body: {
      Database: doc.db,
      Archive: doc.archive,
      Document: doc.id,
      SecureId: doc.hash,
      Page: page,
      Degrees: degrees,
    },
  });

export const getStamps = (http: Http): Promise<Stamp[]> => http.request<Stamp[]>(viewerPaths.stamps());

/** One page drawn by the server as PNG; `version` changes the address after the file changed. */
export const pageImageUrl = (
  http: Http,
  doc: DocumentRef,
  token: string,
  page: number,
  version: number,
  width?: number,
): string =>
  http.url(viewerPaths.documentPage(doc.db, doc.archive, doc.id), {
    SecureId: doc.hash,
    token,
    page,
    width,
    v: version,
  });

/** The document's file; `download` asks the browser to save it rather than show it. */
export const viewerFileUrl = (http: Http, doc: DocumentRef, token: string, version: number): string =>
  http.url(paths.documentFile(doc.db, doc.archive, doc.id), { SecureId: doc.hash, token, v: version });

/** An inbox file's bytes for the viewer; `version` changes the address after a page turned. */
export const inboxViewerFileUrl = (
  http: Http,
  inboxId: number,
  fileName: string,
  token: string,
  version: number,
): string => http.url(paths.inbox(inboxId), { FileName: fileName, token, v: version });

/** One page of an inbox file drawn by the server as PNG. */
export const inboxPageImageUrl = (
  http: Http,
  inboxId: number,
  fileName: string,
  token: string,
  page: number,
  version: number,
  width?: number,
): string => http.url(viewerPaths.inboxPage(inboxId), { FileName: fileName, token, page, width, v: version });

export const rotateInboxPage = (
  http: Http,
  inboxId: number,
  fileName: string,
  page: number,
  degrees: number,
): Promise<RotatePageResponse> => {
  const body: RotateInboxPageRequest = {
    InboxId: inboxId,
    InboxFileName: fileName,
    Page: page,
    Degrees: degrees,
  };
  return http.request<RotatePageResponse>(viewerPaths.processing(), { method: 'POST', body });
};
