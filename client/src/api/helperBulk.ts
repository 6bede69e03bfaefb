// The Extensions helper's bulk update, import and export jobs (contract helperBulk.ts), and the
// server's export downloads (zip by job id, spreadsheet). Import and export use the helper's plain
// http port unless the local settings turn SSL on (spec §9: SSL off for import/export). Errors come back as HelperBulkError with the
// helper's Key (a translation key) or ERROR_IOEXPORT_CONNECT when the helper cannot be reached.
import { TOKEN_REQUEST_HEADER } from '@gs/contract/licenses';
import {
  bulkApiPaths,
  bulkPaths,
  type BulkCsvPreviewRequest,
  type BulkCsvPreviewResponse,
  type BulkExportRequest,
  type BulkImportRequest,
  type BulkJobStarted,
  type BulkJobStatus,
  type BulkUpdateRequest,
  type BulkUploadResponse,
  type ExportProfile,
} from '@gs/contract/helperBulk';
import { ApiError, parseServerMessage, type Http } from './http';

/** The key shown when the helper does not answer (spec §8). */
export const HELPER_CONNECT_ERROR = 'ERROR_IOEXPORT_CONNECT';

export class HelperBulkError extends Error {
  override readonly name = 'HelperBulkError';
  constructor(
    /** a translation key (the helper's Key, or HELPER_CONNECT_ERROR) or null */
    readonly key: string | null,
    /** the helper's English Message */
    readonly text: string,
    readonly status: number,
  ) {
    super(text || key || `HTTP ${status}`);
  }
}

function readKey(body: string): string | null {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object') {
      for (const [k, v] of Object.entries(parsed))
        if (k.toLowerCase() === 'key' && typeof v === 'string') return v;
    }
  } catch {
    // not JSON: no key
  }
  return null;
}

export interface HelperBulk {
  upload(file: File): Promise<BulkUploadResponse>;
  csvPreview(request: BulkCsvPreviewRequest): Promise<BulkCsvPreviewResponse>;
  count(request: BulkUpdateRequest): Promise<BulkJobStarted>;
  update(request: BulkUpdateRequest): Promise<BulkJobStarted>;
  importData(request: BulkImportRequest): Promise<BulkJobStarted>;
  exportFiles(request: BulkExportRequest): Promise<BulkJobStarted>;
  job(id: string): Promise<BulkJobStatus>;
  cancel(id: string): Promise<void>;
  /** the text of a log inside the helper's data folder */
  file(path: string): Promise<string>;
  exportProfiles(): Promise<ExportProfile[]>;
  saveExportProfile(profile: ExportProfile): Promise<void>;
}

/** `base`: the helper's import/export address (plain http unless the local settings say otherwise). */
export function createHelperBulk(base: string, token: string, doFetch: typeof fetch = fetch): HelperBulk {
  async function send(path: string, init: RequestInit = {}): Promise<Response> {
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, {
        ...init,
        headers: { Accept: 'application/json', [TOKEN_REQUEST_HEADER]: token, ...init.headers },
      });
    } catch {
      throw new HelperBulkError(HELPER_CONNECT_ERROR, '', 0);
    }
    if (response.ok) return response;
    const body = await response.text();
    throw new HelperBulkError(readKey(body), parseServerMessage(body) ?? '', response.status);
  }

  const post = async <T>(path: string, body: unknown): Promise<T> =>
    (await (
      await send(path, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'Content-Type': 'application/json' },
      })
    ).json()) as T;
  const get = async <T>(path: string): Promise<T> => (await (await send(path)).json()) as T;

  return {
    async upload(file) {
      const form = new FormData();
      form.append('File', file, file.name);
      return (await (
        await send(bulkPaths.upload, { method: 'POST', body: form })
      ).json()) as BulkUploadResponse;
    },
    csvPreview: (request) => post(bulkPaths.csvPreview, request),
    count: (request) => post(bulkPaths.count, { ...request, Token: token }),
    update: (request) => post(bulkPaths.update, { ...request, Token: token }),
    importData: (request) => post(bulkPaths.import, { ...request, Token: token }),
    exportFiles: (request) => post(bulkPaths.export, { ...request, Token: token }),
    job: (id) => get(bulkPaths.job(id)),
    async cancel(id) {
      await send(bulkPaths.job(id), { method: 'DELETE' });
    },
    async file(path) {
      const response = await send(`${bulkPaths.file}?path=${encodeURIComponent(path)}`, {
        headers: { Accept: 'text/plain' },
      });
      return response.text();
    },
    exportProfiles: () => get(bulkPaths.exportProfiles),
    async saveExportProfile(profile) {
      await post(bulkPaths.exportProfiles, profile);
    },
  };
}

/** Polls a helper job every `intervalMs` until it ends; `onStatus` sees every answer. */
export async function waitForJob(
  helper: HelperBulk,
  id: string,
  onStatus: (status: BulkJobStatus) => void,
  intervalMs: number,
  signal?: AbortSignal,
): Promise<BulkJobStatus> {
  for (;;) {
    const status = await helper.job(id);
    onStatus(status);
    if (status.Status !== 'Queued' && status.Status !== 'Running') return status;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, intervalMs);
      signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(new DOMException('Aborted', 'AbortError'));
      });
    });
  }
}

// ---- the server's exports (binary answers: fetched directly, not through Http.request) ----

export interface ExportDocument {
  Archive: number;
  Id: number;
  Hash: string;
}

async function binary(
  doFetch: typeof fetch,
  url: string,
  token: string,
  init: RequestInit = {},
): Promise<Response> {
  let response: Response;
  try {
    response = await doFetch(url, { ...init, headers: { [TOKEN_REQUEST_HEADER]: token, ...init.headers } });
  } catch {
    throw new ApiError('network', 0, null, '');
  }
  if (!response.ok) {
    const body = await response.text();
    throw new ApiError('http', response.status, parseServerMessage(body), body);
  }
  return response;
}

/** `POST dbs/{db}/export?alwaysExportZip=true&auditEntry&field` → the job id (a JSON string). */
export async function startZipExport(
  http: Http,
  db: number,
  docs: ExportDocument[],
  field?: number,
): Promise<string> {
  const id = await http.request<string>(`dbs/${db}/export`, {
    method: 'POST',
    query: { alwaysExportZip: true, auditEntry: 'Document Exported', field },
    body: docs,
  });
  return String(id).replace(/"/g, '');
}

/** The address of a finished zip export (the note's link carries the token, as a download link must). */
export const zipExportUrl = (http: Http, db: number, jobId: string, token: string): string =>
  http.url(`dbs/${db}/export`, { jobid: jobId, token });

/** `GET dbs/{db}/export?jobid`: 202 while running (progress), then the zip. */
export async function pollZipExport(
  http: Http,
  db: number,
  jobId: string,
  token: string,
  intervalMs: number,
  onProgress: (processed: number, total: number) => void,
  doFetch: typeof fetch = fetch,
): Promise<Blob> {
  for (;;) {
    const response = await binary(doFetch, http.url(`dbs/${db}/export`, { jobid: jobId }), token);
    if (response.status !== 202) return response.blob();
    const progress = (await response.json().catch(() => ({}))) as { Processed?: number; Total?: number };
    onProgress(progress.Processed ?? 0, progress.Total ?? 0);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** `POST dbs/{db}/export/xlsx` → the spreadsheet of the documents' index data. */
export async function exportSpreadsheet(
  http: Http,
  db: number,
  docs: { Archive: number; Id: number }[],
  token: string,
  fields?: number[],
  doFetch: typeof fetch = fetch,
): Promise<Blob> {
  const response = await binary(doFetch, http.url(bulkApiPaths.exportXlsx(db)), token, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ Documents: docs, Fields: fields }),
  });
  return response.blob();
}
