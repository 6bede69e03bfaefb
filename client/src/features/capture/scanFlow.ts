// One scan through the Extensions Scan API (spec §4 "Scan"): create a session, create and start a
// job, poll its status (first after 5 s, then every 3 s: Scanning, Completed, ScannerInUse, anything
// else is cancelled or error), ask whether to continue scanning (another job in the same session)
// or finish, merge the pages of every job into ONE file (one job: the job's merge; several: the
// session merge, batches in order) and fetch it in 1 MiB chunks, one every 500 ms.
// Upload and delivery are the caller's (captureTarget.ts). Timers and the helper are injected.
import type { ScanJobRequest, ScanStatusResponse } from '@gs/contract/helper';
import { HelperError, type HelperClient } from '../../api/helper';
import { serverReason } from '../../lib/serverTexts';
import { sleep as defaultSleep, type CaptureTimings } from './captureTimings';

export type ScanPhase =
  | { phase: 'starting' }
  | { phase: 'scanning'; pages: number }
  | { phase: 'merging' }
  | { phase: 'downloading'; loaded: number; total: number };

/** How a scan failed: each kind has its own message on the scan page. */
export type ScanFailureKind = 'inUse' | 'cancelled' | 'error' | 'connect';

export class ScanFailure extends Error {
  override readonly name = 'ScanFailure';
  constructor(
    readonly kind: ScanFailureKind,
    /** the helper's own words, when it gave any */
    /** what the helper said, as written (the scan page shows it through lib/serverTexts) */
    readonly detail: string | null,
  ) {
    super(detail ?? kind);
  }
}

export interface ScannedFile {
  name: string;
  blob: Blob;
  pages: number;
}

export type ScanClient = Pick<
  HelperClient,
  'createSession' | 'endSession' | 'createJob' | 'startJob' | 'jobStatus' | 'merge' | 'mergeSession' | 'chunk'
>;

export interface RunScanOptions {
  client: ScanClient;
  /** scanner profile and page count for every job */
  job: ScanJobRequest;
  timings: Pick<CaptureTimings, 'scanFirstPollMs' | 'scanPollMs' | 'chunkIntervalMs'>;
  /** the 'continue scanning' prompt: true scans another batch, false finishes */
  askContinue: (pagesSoFar: number) => Promise<boolean>;
  onPhase: (phase: ScanPhase) => void;
  signal?: AbortSignal;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/** Helper errors become scan failures: no answer is 'Error connecting to Scan API.' */
function asFailure(error: unknown): unknown {
  if (error instanceof ScanFailure || isAbort(error)) return error;
  if (error instanceof HelperError)
    return error.kind === 'unreachable'
      ? new ScanFailure('connect', null)
      : // eslint-disable-next-line no-restricted-syntax -- carried, shown through translateServerMessage
        new ScanFailure('error', error.helperMessage);
  return new ScanFailure('error', serverReason(error));
}

/** A finished status is fine; anything but Scanning and Completed ends the scan. */
function checkStatus(status: ScanStatusResponse): void {
  if (status.Status === 'Scanning' || status.Status === 'Completed') return;
  // eslint-disable-next-line no-restricted-syntax -- carried, shown through translateServerMessage
  const said = status.Message || null;
  if (status.Status === 'ScannerInUse') throw new ScanFailure('inUse', said);
  throw new ScanFailure(status.Status === 'Cancelled' ? 'cancelled' : 'error', said);
}

/**
 * Runs a whole scan and resolves with the scanned file: every batch the user chose to continue
 * with goes into the same document, so the helper joins all pages into one file.
 */
export async function runScan(options: RunScanOptions): Promise<ScannedFile[]> {
  const { client, signal, onPhase } = options;
  const wait = options.sleep ?? defaultSleep;
  let sessionId: string | null = null;
  try {
    onPhase({ phase: 'starting' });
    sessionId = (await client.createSession(signal)).SessionID;
    const jobs: string[] = [];
    let pages = 0;
    for (;;) {
      const job = await client.createJob(sessionId, options.job, signal);
      let status = await client.startJob(sessionId, job.JobID, signal);
      checkStatus(status);
      onPhase({ phase: 'scanning', pages: pages + status.PagesScanned });
      await wait(options.timings.scanFirstPollMs, signal);
      for (;;) {
        status = await client.jobStatus(sessionId, job.JobID, signal);
        checkStatus(status);
        onPhase({ phase: 'scanning', pages: pages + status.PagesScanned });
        if (status.Status === 'Completed') break;
        await wait(options.timings.scanPollMs, signal);
      }
      jobs.push(job.JobID);
      pages += status.PagesScanned;
      if (!(await options.askContinue(pages))) break;
      onPhase({ phase: 'starting' });
    }

    onPhase({ phase: 'merging' });
    const [only] = jobs;
    const merged = (
      jobs.length === 1 && only !== undefined
        ? await client.merge(sessionId, only, signal)
        : await client.mergeSession(sessionId, jobs, signal)
    ).Files;
    const total = merged.reduce((sum, file) => sum + file.Size, 0);
    let loaded = 0;
    onPhase({ phase: 'downloading', loaded, total });
    const files: ScannedFile[] = [];
    for (const file of merged) {
      const parts: ArrayBuffer[] = [];
      for (let index = 0; index < Math.max(1, file.ChunkCount); index++) {
        if (loaded > 0) await wait(options.timings.chunkIntervalMs, signal);
        const chunk = await client.chunk(sessionId, file.Name, index, signal);
        parts.push(chunk.bytes);
        loaded += chunk.bytes.byteLength;
        onPhase({ phase: 'downloading', loaded, total });
      }
      files.push({ name: file.Name, blob: new Blob(parts, { type: file.ContentType }), pages: file.Pages });
    }
    return files;
  } catch (error) {
    throw asFailure(error);
  } finally {
    // the files are in hand (or the scan failed): the helper may drop the session
    if (sessionId) void client.endSession(sessionId).catch(() => undefined);
  }
}
