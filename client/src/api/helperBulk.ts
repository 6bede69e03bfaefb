// The Extensions helper's bulk update, import and export jobs (contract helperBulk.ts), and the
// server's export downloads (zip by job id, spreadsheet). Import and export use the helper's plain
// http port unless the local settings turn SSL on (spec §9: SSL off for import/export). Errors come back as HelperBulkError with the
// helper's Key (a translation key) or ERROR_IOEXPORT_CONNECT when the helper cannot be reached.
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
import { createHttp, parseServerMessage, pause, platformFetch, type Http } from './http';

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
export function createHelperBulk(
  base: string,
  token: string,
  doFetch: typeof fetch = platformFetch,
): HelperBulk {
  // an Http on the helper's address: the one fetch path, with the helper's own errors
  const http = createHttp({
    getBaseUrl: () => (base.endsWith('/') ? base : `${base}/`),
    getToken: () => token,
    fetch: doFetch,
    httpError: (status, body) => new HelperBulkError(readKey(body), parseServerMessage(body) ?? '', status),
    networkError: () => new HelperBulkError(HELPER_CONNECT_ERROR, '', 0),
  });
  const post = <T>(path: string, body: unknown): Promise<T> =>
    http.request<T>(path, { method: 'POST', body, licenseCheck: false });
  const get = <T>(path: string): Promise<T> => http.request<T>(path, { licenseCheck: false });

  return {
    async upload(file) {
      const form = new FormData();
      form.append('File', file, file.name);
      return post<BulkUploadResponse>(bulkPaths.upload, form);
    },
    csvPreview: (request) => post(bulkPaths.csvPreview, request),
    count: (request) => post(bulkPaths.count, { ...request, Token: token }),
    update: (request) => post(bulkPaths.update, { ...request, Token: token }),
    importData: (request) => post(bulkPaths.import, { ...request, Token: token }),
    exportFiles: (request) => post(bulkPaths.export, { ...request, Token: token }),
    job: (id) => get(bulkPaths.job(id)),
    async cancel(id) {
      await http.request(bulkPaths.job(id), { method: 'DELETE', licenseCheck: false });
    },
    async file(path) {
      return http.request<string>(bulkPaths.file, {
        query: { path },
        headers: { Accept: 'text/plain' },
        as: 'text',
        licenseCheck: false,
      });
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
    await pause(intervalMs, signal);
  }
}

// ---- the server's exports (binary answers through Http as a Response or a Blob) ----

export interface ExportDocument {
  Archive: number;
  Id: number;
  Hash: string;
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
  intervalMs: number,
  onProgress: (processed: number, total: number) => void,
  signal?: AbortSignal,
): Promise<Blob> {
  for (;;) {
    const response = await http.request<Response>(`dbs/${db}/export`, {
      query: { jobid: jobId },
      as: 'response',
      signal,
    });
    if (response.status !== 202) return response.blob();
    const progress = (await response.json().catch(() => ({}))) as { Processed?: number; Total?: number };
    onProgress(progress.Processed ?? 0, progress.Total ?? 0);
    await pause(intervalMs, signal);
  }
}

/** `POST dbs/{db}/export/xlsx` → the spreadsheet of the documents' index data. */
export function exportSpreadsheet(
  http: Http,
  db: number,
  docs: { Archive: number; Id: number }[],
  fields?: number[],
): Promise<Blob> {
  return http.request<Blob>(bulkApiPaths.exportXlsx(db), {
    method: 'POST',
    body: { Documents: docs, Fields: fields },
    as: 'blob',
  });
}
