// Upload of files into the server cache ("WebPortalCache", square9api-wire.md §2.6): one
// multipart `POST files`, sent with XMLHttpRequest because fetch cannot report upload progress.
// The cache names it answers feed the archive import (the indexing view) or the inbox post
// (`POST inboxes/{id}?FilePath=<cache name>&newFileName=<name>`).
//
// Zero-byte files never leave the browser: they are listed in `skipped` together with any the
// server dropped itself, and the caller shows ZERO_BYTE_FILE_REMOVED_MSG with each name.
import { TOKEN_REQUEST_HEADER } from '@gs/contract/licenses';
import { uploadPaths, type UploadedFile, type UploadResponse } from '@gs/contract/upload';
import { ApiError, parseServerMessage, type Http } from './http';

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0..1 */
  fraction: number;
}

export interface UploadResult {
  /** the uploaded files, in the order given (the server's entries, with cache name in `name`) */
  files: UploadedFile[];
  /** the cache names alone, in order */
  names: string[];
  /** names of the files left out because they are empty */
  skipped: string[];
}

export interface UploadTarget {
  /** the app's http client: gives the API address of `POST files` */
  http: Http;
  /** the licence token (sent as Auth-Token), or null */
  token: string | null;
  /** for tests: makes the request object */
  createXhr?: () => XMLHttpRequest;
}

/** A file to upload: a File, or any Blob with the name it should have. */
export type UploadItem = File | { blob: Blob; name: string };

const itemBlob = (item: UploadItem): Blob => ('blob' in item ? item.blob : item);

function parseUploadResponse(text: string): UploadResponse {
  const parsed: unknown = JSON.parse(text);
  const record = (parsed ?? {}) as Record<string, unknown>;
  const pick = (key: string) => Object.entries(record).find(([k]) => k.toLowerCase() === key)?.[1];
  const files = Array.isArray(pick('files')) ? (pick('files') as Record<string, unknown>[]) : [];
  const skipped = pick('skipped');
  return {
    files: files.map((f) => {
      const field = (key: string) => Object.entries(f).find(([k]) => k.toLowerCase() === key)?.[1];
      return {
        name: String(field('name') ?? ''),
        originalName: String(field('originalname') ?? ''),
        isEmail: field('isemail') === true,
        oEmailData: null,
        test: null,
      };
    }),
    skipped: Array.isArray(skipped) ? skipped.map(String) : undefined,
  };
}

/**
 * Uploads `items` to the server cache in one request and reports progress (bytes sent of the
 * whole request). Resolves with the cache names in order and the names of empty files left out;
 * rejects with an ApiError (the server's Message, e.g. 413 over the limit) or when aborted.
 * With only empty files nothing is sent.
 */
export function uploadFiles(
  target: UploadTarget,
  items: readonly UploadItem[],
  onProgress?: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<UploadResult> {
  const skipped = items.filter((item) => itemBlob(item).size === 0).map((item) => item.name);
  const sending = items.filter((item) => itemBlob(item).size > 0);
  if (sending.length === 0) return Promise.resolve({ files: [], names: [], skipped });

  const form = new FormData();
  for (const item of sending) {
    const blob = itemBlob(item);
    const named = blob instanceof File ? blob : new File([blob], item.name, { type: blob.type });
    form.append('File', named, item.name);
  }
  const xhr = target.createXhr?.() ?? new XMLHttpRequest();

  return new Promise<UploadResult>((resolve, reject) => {
    const fail = (error: unknown) => reject(error instanceof Error ? error : new Error(String(error)));
    xhr.open('POST', target.http.url(uploadPaths.upload()));
    xhr.setRequestHeader('Accept', 'application/json');
    if (target.token) xhr.setRequestHeader(TOKEN_REQUEST_HEADER, target.token);
    xhr.upload.onprogress = (event) => {
      if (!event.lengthComputable) return;
      onProgress?.({ loaded: event.loaded, total: event.total, fraction: event.loaded / event.total });
    };
    xhr.onload = () => {
      const text = xhr.responseText;
      if (xhr.status < 200 || xhr.status >= 300) {
        fail(new ApiError('http', xhr.status, parseServerMessage(text), text));
        return;
      }
      try {
        const answer = parseUploadResponse(text);
        const total = sending.reduce((sum, item) => sum + itemBlob(item).size, 0);
        onProgress?.({ loaded: total, total, fraction: 1 });
        resolve({
          files: answer.files,
          names: answer.files.map((f) => f.name),
          skipped: [...skipped, ...(answer.skipped ?? [])],
        });
      } catch {
        fail(new ApiError('http', xhr.status, null, text));
      }
    };
    xhr.onerror = () => fail(new ApiError('network', 0, null, ''));
    xhr.ontimeout = () => fail(new ApiError('timeout', 0, null, ''));
    xhr.onabort = () => fail(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
