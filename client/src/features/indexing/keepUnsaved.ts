// Cancel in the indexing view keeps what was scanned or uploaded (decision 050): the cache files
// move into the first inbox the user may add to (`POST inboxes/{id}?FilePath=&newFileName=`), under
// the name the user knows the file by or "Scan YYYY-MM-DD HH-mm.ext" for a scan, so nothing is
// scanned twice. A batch's document is already kept by its batch, and an inbox file by its inbox.
import type { Inbox } from '@gs/contract/inboxes';
import { InboxPermission } from '@gs/contract/flags';
import type { Http } from '../../api/http';
import { addCacheFileToInbox, listInboxes } from '../../api/inboxes';
import { getPageCount } from './indexingApi';
import type { IndexingTarget } from './indexingPath';

/** Where the pages go when the view is cancelled. */
export type KeepPlace =
  { kind: 'inbox'; inbox: Inbox } | { kind: 'batch'; batchId: number } | { kind: 'none' };

/** True when leaving the view would lose files that exist nowhere else (uploads and scans). */
export const hasUnsavedFiles = (target: IndexingTarget): boolean =>
  !target.inbox && target.importDocs.length > 0;

/** The first inbox the user may add files to (the spec names no personal inbox). */
export const keepingInbox = (inboxes: readonly Inbox[]): Inbox | undefined =>
  inboxes.find((i) => (Number(i.Permissions) & InboxPermission.Add) !== 0);

const pad = (n: number): string => String(n).padStart(2, '0');
const extensionOf = (name: string): string => /\.[^./\\]+$/.exec(name)?.[0] ?? '';

/** "Scan 2026-11-27 10-32.tif": the name of a scanned file kept in an inbox (local time). */
export function scanFileName(cacheName: string, at: Date): string {
  const day = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
  return `Scan ${day} ${pad(at.getHours())}-${pad(at.getMinutes())}${extensionOf(cacheName)}`;
}

/** The name a kept file gets: its upload name when known, else a readable scan name. */
export const keptFileName = (target: IndexingTarget, index: number, at: Date): string =>
  target.importNames?.[index]?.trim() || scanFileName(target.importDocs[index] ?? '', at);

/** Where the pages would be kept, and how many there are. */
export async function keepPlan(
  http: Http,
  target: IndexingTarget,
): Promise<{ place: KeepPlace; pages: number }> {
  const counts = Promise.all(target.importDocs.map((name) => getPageCount(http, { name })));
  let place: KeepPlace;
  if (target.batch) place = { kind: 'batch', batchId: target.batch.batchId };
  else {
    const inbox = keepingInbox(await listInboxes(http));
    place = inbox ? { kind: 'inbox', inbox } : { kind: 'none' };
  }
  return { place, pages: (await counts).reduce((sum, n) => sum + n, 0) };
}

/** Moves every uploaded file into the inbox; answers the names they got there. */
export async function keepInInbox(
  http: Http,
  target: IndexingTarget,
  inboxId: number,
  at: Date = new Date(),
): Promise<string[]> {
  const names: string[] = [];
  for (const [index, cacheName] of target.importDocs.entries())
    names.push(await addCacheFileToInbox(http, inboxId, cacheName, keptFileName(target, index, at)));
  return names;
}
