// The client of the GlobalSearch Extensions tray helper (docs/helper-api.md): the Management API
// (version test, packages, install) and the Scan API. The helper runs on the user's own machine,
// so it is called cross-origin with plain fetch (no licence token, no API base) on the http or
// https port the local settings name. Every call has the app's 10 s timeout (a merge, two
// minutes); a refused connection, a timeout or a certificate error is `HelperError` of kind
// 'unreachable'.
import {
  helperPaths,
  scanPaths,
  SCAN_CHUNK_HEADERS,
  type HelperInstallRequest,
  type HelperPackage,
  type HelperPackageName,
  type HelperTestResponse,
  type ScanJobRequest,
  type ScanJobResponse,
  type ScanMergeResponse,
  type ScanScannersResponse,
  type ScanSessionMergeRequest,
  type ScanSessionResponse,
  type ScanStatusResponse,
} from '@gs/contract/helper';
import { createHttp, parseServerMessage, REQUEST_TIMEOUT_MS } from './http';

export class HelperError extends Error {
  override readonly name = 'HelperError';
  constructor(
    /** 'unreachable': no answer at all; 'http': the helper answered with an error status */
    readonly kind: 'unreachable' | 'http',
    readonly status: number,
    /** the helper's `Message`, when it sent one */
    readonly helperMessage: string | null,
  ) {
    super(helperMessage ?? (kind === 'http' ? `HTTP ${status}` : 'The helper did not answer.'));
  }
}

/** Joining pages into one file takes time with the pages: a merge may run this long. */
export const MERGE_TIMEOUT_MS = 120_000;

export interface HelperClientOptions {
  /** e.g. "http://localhost:9080" (no trailing slash) */
  baseUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** One chunk of a scanned file and what its headers say about the whole file. */
export interface ScanChunk {
  bytes: ArrayBuffer;
  totalSize: number;
  chunkCount: number;
}

export interface HelperClient {
  readonly baseUrl: string;
  test(signal?: AbortSignal): Promise<HelperTestResponse>;
  checkPackages(signal?: AbortSignal): Promise<HelperPackage[]>;
  install(names: HelperPackageName[], signal?: AbortSignal): Promise<HelperPackage[]>;
  scanners(signal?: AbortSignal): Promise<ScanScannersResponse>;
  createSession(signal?: AbortSignal): Promise<ScanSessionResponse>;
  endSession(sessionId: string): Promise<void>;
  createJob(sessionId: string, job: ScanJobRequest, signal?: AbortSignal): Promise<ScanJobResponse>;
  startJob(sessionId: string, jobId: string, signal?: AbortSignal): Promise<ScanStatusResponse>;
  jobStatus(sessionId: string, jobId: string, signal?: AbortSignal): Promise<ScanStatusResponse>;
  merge(sessionId: string, jobId: string, signal?: AbortSignal): Promise<ScanMergeResponse>;
  /** Joins the pages of several jobs of the session, in this order, into one file. */
  mergeSession(sessionId: string, jobIds: string[], signal?: AbortSignal): Promise<ScanMergeResponse>;
  chunk(sessionId: string, fileName: string, index: number, signal?: AbortSignal): Promise<ScanChunk>;
}

/** The helper's address for one port and scheme, e.g. helperBaseUrl('localhost', 9443, true). */
export function helperBaseUrl(host: string, port: number, ssl: boolean): string {
  return `${ssl ? 'https' : 'http'}://${host}:${port}`;
}

/** "3.2.0.12" vs "3.0.0.0": negative, zero or positive like a sort comparator. */
export function compareVersions(a: string, b: string): number {
  const parts = (v: string) => v.split('.').map((p) => Number.parseInt(p, 10) || 0);
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

export function createHelperClient(options: HelperClientOptions): HelperClient {
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  // an Http on the helper's address (no licence token: the helper checks its own): the one fetch path
  const http = createHttp({
    getBaseUrl: () => (options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`),
    getToken: () => null,
    fetch: options.fetch,
    timeoutMs,
    httpError: (status, body) => new HelperError('http', status, parseServerMessage(body)),
    networkError: () => new HelperError('unreachable', 0, null),
  });

  const send = (
    path: string,
    init: {
      method?: 'GET' | 'POST' | 'DELETE';
      body?: unknown;
      signal?: AbortSignal;
      timeoutMs?: number;
    } = {},
  ): Promise<Response> =>
    http.request<Response>(path, { ...init, auth: false, licenseCheck: false, as: 'response' });

  const json = async <T>(path: string, init?: Parameters<typeof send>[1]): Promise<T> =>
    (await (await send(path, init)).json()) as T;
  const post = <T>(path: string, body: unknown = {}, signal?: AbortSignal, wait?: number) =>
    json<T>(path, { method: 'POST', body, signal, timeoutMs: wait });

  return {
    baseUrl: options.baseUrl,
    test: (signal) => json(helperPaths.managementTest, { signal }),
    checkPackages: (signal) => json(helperPaths.checkPackages, { signal }),
    install: (names, signal) =>
      post(helperPaths.install, { AppNames: names } satisfies HelperInstallRequest, signal),
    scanners: (signal) => json(scanPaths.scanners, { signal }),
    createSession: (signal) => post(scanPaths.sessions, {}, signal),
    endSession: async (sessionId) => {
      await send(scanPaths.session(sessionId), { method: 'DELETE' });
    },
    createJob: (sessionId, job, signal) => post(scanPaths.jobs(sessionId), job, signal),
    startJob: (sessionId, jobId, signal) => post(scanPaths.start(sessionId, jobId), {}, signal),
    jobStatus: (sessionId, jobId, signal) => json(scanPaths.status(sessionId, jobId), { signal }),
    merge: (sessionId, jobId, signal) =>
      post(scanPaths.merge(sessionId, jobId), {}, signal, Math.max(timeoutMs, MERGE_TIMEOUT_MS)),
    mergeSession: (sessionId, jobIds, signal) =>
      post(
        scanPaths.sessionMerge(sessionId),
        { Jobs: jobIds } satisfies ScanSessionMergeRequest,
        signal,
        Math.max(timeoutMs, MERGE_TIMEOUT_MS),
      ),
    chunk: async (sessionId, fileName, index, signal) => {
      const response = await send(`${scanPaths.file(sessionId, fileName)}?chunk=${index}`, { signal });
      const bytes = await response.arrayBuffer();
      const header = (name: string) => Number(response.headers.get(name));
      return {
        bytes,
        totalSize: header(SCAN_CHUNK_HEADERS.totalSize) || bytes.byteLength,
        chunkCount: header(SCAN_CHUNK_HEADERS.chunkCount) || 1,
      };
    },
  };
}
