// Fetches the files of documents to email from the simulator API the helper is pointed at.
// Pluggable: tests hand the launch routes a fake fetcher. The token goes in the Auth-Token header,
// never in the URL, so no address the helper reports can carry it.
import type { Attachment } from './eml';

export type DocumentRef =
  | {
      kind: 'archive';
      database: string;
      archive: number;
      id: number;
      hash?: string;
      /** an annotated document comes as a PDF with its annotations drawn on */
      annotations?: boolean;
    }
  | { kind: 'inbox'; database: string; inboxId: number; filename: string };

export type DocumentFetcher = (doc: DocumentRef, token: string) => Promise<Attachment>;

const filenameOf = (disposition: string | null, fallback: string): string => {
  const match = disposition && /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
};

/** Fetches over HTTP from `apiPath` (e.g. http://localhost:8080/Square9API/). */
export function httpFetcher(apiPath: () => string): DocumentFetcher {
  return async (doc, token) => {
    const base = apiPath().replace(/\/?$/, '/');
    const q = new URLSearchParams();
    let url: string;
    let fallback: string;
    if (doc.kind === 'archive') {
      if (doc.hash) q.set('SecureId', doc.hash);
      if (doc.annotations) q.set('Annotations', 'true');
      url = `${base}api/dbs/${doc.database}/archives/${doc.archive}/documents/${doc.id}/File?${q.toString()}`;
      fallback = `document-${doc.id}`;
    } else {
      q.set('FileName', doc.filename);
      // inboxes belong to the server, not to a database (wire §2.7)
      url = `${base}api/inboxes/${doc.inboxId}?${q.toString()}`;
      fallback = doc.filename;
    }
    const res = await fetch(url, { headers: { 'Auth-Token': token }, signal: AbortSignal.timeout(10_000) });
    // the status only: the URL holds the SecureId
    if (!res.ok) throw new Error(`the server answered ${res.status}`);
    return {
      filename: filenameOf(res.headers.get('content-disposition'), fallback),
      contentType: res.headers.get('content-type')?.split(';')[0] ?? 'application/octet-stream',
      bytes: new Uint8Array(await res.arrayBuffer()),
    };
  };
}
