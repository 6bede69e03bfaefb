// Where captured files go (spec §2 "#/scan scans directly into an archive"; §4 "save to an
// archive viewer session or an inbox"): an archive opens the indexing view with the uploaded cache
// names; an inbox receives each file (`POST inboxes/{id}?FilePath=<cache name>&newFileName=`) and
// its results page opens; a batch portal takes the files as a new Queued batch (decision 028) and
// its batches open.
import { uploadPaths } from '@gs/contract/upload';
import { positiveId, routes } from '../../app/paths';
import type { Http } from '../../api/http';
import { createBatch } from '../../api/capture';
import { indexingPath } from '../indexing/indexingPath';
import { batchesPath } from '../batches/batchStatus';

export type CaptureTarget =
  | { kind: 'archive'; db: number; archive: number }
  | { kind: 'inbox'; db: number; inboxId: number }
  | { kind: 'batch'; portalId: number };

export const SCAN_ROUTE = routes.scan;

/** /scan?db&a (archive), /scan?db&inboxId (inbox) or /scan?portalId (batch portal). */
export function scanPath(target: CaptureTarget): string {
  if (target.kind === 'batch') return `${SCAN_ROUTE}?portalId=${target.portalId}`;
  return target.kind === 'archive'
    ? `${SCAN_ROUTE}?db=${target.db}&a=${target.archive}`
    : `${SCAN_ROUTE}?db=${target.db}&inboxId=${target.inboxId}`;
}

export function readCaptureTarget(query: URLSearchParams): CaptureTarget | null {
  const portalId = positiveId(query.get('portalId'));
  if (portalId !== null) return { kind: 'batch', portalId };
  const db = positiveId(query.get('db'));
  if (db === null) return null;
  const archive = positiveId(query.get('a'));
  if (archive !== null) return { kind: 'archive', db, archive };
  const inboxId = positiveId(query.get('inboxId'));
  return inboxId !== null ? { kind: 'inbox', db, inboxId } : null;
}

/** The inbox results page (built by the inboxes feature). */
export const inboxResultsPath = (db: number, inboxId: number) => `/results/Inbox?db=${db}&inboxId=${inboxId}`;

/**
 * Hands uploaded cache files to the target and answers the address to open next.
 * `files` pairs each cache name with the name the user knows the file by.
 */
export async function deliverToTarget(
  http: Http,
  target: CaptureTarget,
  files: { cacheName: string; name: string }[],
  captureHttp: Http = http,
): Promise<string> {
  if (target.kind === 'batch') {
    await createBatch(captureHttp, target.portalId, { Files: files.map((f) => ({ Name: f.cacheName })) });
    return batchesPath(target.portalId);
  }
  if (target.kind === 'archive')
    return indexingPath({
      db: target.db,
      archive: target.archive,
      importDocs: files.map((f) => f.cacheName),
    });
  for (const file of files)
    await http.request<string>(uploadPaths.inboxFromCache(target.inboxId, file.cacheName, file.name), {
      method: 'POST',
    });
  return inboxResultsPath(target.db, target.inboxId);
}
