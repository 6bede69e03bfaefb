// Inboxes (square9api-wire.md §2.7, contract/inboxes.ts): the list, one page of an inbox's files,
// and the file operations (rename through NewName, copy or move to another inbox, delete, put an
// uploaded cache file in, export checked files as a zip job), with the addresses of a file's
// bytes and its 150x150 thumbnail.
import type { Inbox, InboxesResponse, InboxFile } from '@gs/contract/inboxes';
import { paths } from '@gs/contract/paths';
import { uploadPaths } from '@gs/contract/upload';
import { pause, type Http } from './http';

/** The server's sort keys (`-` prefix descending): name, type, created, date (= modified). */
export type InboxSortKey = 'name' | 'type' | 'created' | 'date';
export interface InboxSort {
  key: InboxSortKey;
  descending: boolean;
}
export const INBOX_SORT_KEYS: readonly InboxSortKey[] = ['name', 'type', 'created', 'date'];

export const inboxSortParam = (sort: InboxSort): string => `${sort.descending ? '-' : ''}${sort.key}`;

/** "-name" -> {name, descending}; anything else -> null. */
export function parseInboxSort(text: string | null): InboxSort | null {
  if (!text) return null;
  const descending = text.startsWith('-');
  const key = (descending ? text.slice(1) : text).toLowerCase();
  return (INBOX_SORT_KEYS as readonly string[]).includes(key)
    ? { key: key as InboxSortKey, descending }
    : null;
}

/** The inbox file's name with its extension, as every file route wants it. */
export const fullName = (file: Pick<InboxFile, 'FileName' | 'FileType'>): string =>
  file.FileName + file.FileType;

export async function listInboxes(http: Http): Promise<Inbox[]> {
  const body = await http.request<InboxesResponse>(paths.inboxes());
  return body?.Inboxes ?? [];
}

export interface InboxPageRequest {
  inboxId: number;
  /** 1-based */
  page: number;
  pageSize: number;
  sort: InboxSort;
}

export function getInboxPage(http: Http, request: InboxPageRequest, signal?: AbortSignal): Promise<Inbox> {
  return http.request<Inbox>(paths.inbox(request.inboxId), {
    query: {
      pageNumber: request.page,
      numberOfDocuments: request.pageSize,
      sort: inboxSortParam(request.sort),
    },
    signal,
  });
}

/** `PUT inboxes/{id}` `{FileName, FileType, NewName}`: answers the new name (with extension). */
export function renameInboxFile(
  http: Http,
  inboxId: number,
  file: InboxFile,
  newName: string,
): Promise<string> {
  return http.request<string>(paths.inbox(inboxId), {
    method: 'PUT',
    body: { FileName: fullName(file), FileType: file.FileType, NewName: newName },
  });
}

/** Copy (or move) to another inbox: answers the name the file got there. */
export function transferInboxFile(
  http: Http,
  inboxId: number,
  fileName: string,
  targetInboxId: number,
  move: boolean,
): Promise<string> {
  return http.request<string>(uploadPaths.inboxTransfer(inboxId, fileName, targetInboxId, move));
}

export function deleteInboxFile(http: Http, inboxId: number, fileName: string): Promise<boolean> {
  return http.request<boolean>(uploadPaths.inboxDelete(inboxId, fileName), { method: 'DELETE' });
}

/** Moves an uploaded cache file into the inbox; answers the name it got (a clash adds " (1)"). */
export function addCacheFileToInbox(
  http: Http,
  inboxId: number,
  cacheName: string,
  originalName: string,
): Promise<string> {
  return http.request<string>(uploadPaths.inboxFromCache(inboxId, cacheName, originalName), {
    method: 'POST',
  });
}

/** The file's bytes (a link, so the token travels in the query). */
export const inboxFileUrl = (http: Http, inboxId: number, fileName: string, token: string): string =>
  http.url(uploadPaths.inboxFile(inboxId, fileName), { token });

export const inboxThumbUrl = (http: Http, inboxId: number, fileName: string, token: string): string =>
  http.url(uploadPaths.inboxThumb(inboxId, fileName), { token });

/** `POST inboxes/{id}?action=export` `{FileNames}`: starts a zip job and answers its id. */
export async function startInboxExport(http: Http, inboxId: number, fileNames: string[]): Promise<string> {
  const body = await http.request<{ JobId: string }>(paths.inbox(inboxId), {
    method: 'POST',
    query: { action: 'export' },
    body: { FileNames: fileNames },
  });
  return body.JobId;
}

/** The finished zip of an inbox export job (a link, so the token travels in the query). */
export const inboxExportUrl = (http: Http, jobId: string, token: string): string =>
  http.url(paths.inboxes(), { jobid: jobId, token });

/** `GET inboxes?jobid`: 202 while the zip is being written, then its bytes. */
export async function pollInboxExport(
  http: Http,
  jobId: string,
  intervalMs: number,
  signal?: AbortSignal,
): Promise<Blob> {
  for (;;) {
    const response = await http.request<Response>(paths.inboxes(), {
      query: { jobid: jobId },
      as: 'response',
      signal,
    });
    if (response.status !== 202) return response.blob();
    await pause(intervalMs, signal);
  }
}
