// The PDF workers (decision 035): up to two worker threads running MuPDF.js (workerSource.ts),
// one job each at a time, the rest queued. A job that runs past the time limit has its worker
// terminated (WebAssembly cannot be interrupted otherwise) and fails with 'timeout'; the next job
// starts a fresh worker. A crashed worker fails its job with 'broken'. Workers are unref'd while
// idle, so they never keep a process alive.
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { WORKER_SOURCE } from './workerSource';
import { DEFAULT_PDF_TIME_LIMIT_MS } from '@gs/simulator-config/variables';

/** Why a PDF could not be read or drawn. */
export type PdfFailure = 'encrypted' | 'broken' | 'page' | 'timeout';

export class PdfError extends Error {
  constructor(
    readonly reason: PdfFailure,
    readonly detail: string,
  ) {
    super(`PDF ${reason}: ${detail}`);
  }
}

export type WorkerJob =
  | { op: 'count' }
  | { op: 'render'; page: number; scale: number; fit?: { width: number; height: number }; maxPixels: number }
  | { op: 'words'; page: number }
  | { op: 'text'; from: number; count: number };

interface Answer {
  id: number;
  value?: unknown;
  failure?: PdfFailure;
  detail?: string;
}

interface Pending {
  id: number;
  job: WorkerJob & { bytes: Uint8Array };
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  timeLimitMs: number;
}

/** How long one job may run, in ms (our design, decision 036; PDF_TIME_LIMIT_MS through startApi). */
let timeLimitDefaultMs = DEFAULT_PDF_TIME_LIMIT_MS;
/** The pool is one per process: the entry point sets its time limit (startApi's `pdfTimeLimitMs`). */
export function setPdfTimeLimit(ms: number): void {
  timeLimitDefaultMs = ms;
}
const POOL_SIZE = Math.max(1, Math.min(2, availableParallelism()));

interface Slot {
  worker: Worker;
  running?: { pending: Pending; timer: NodeJS.Timeout };
}

const queue: Pending[] = [];
const slots: Slot[] = [];
let nextId = 1;

function mupdfUrl(): string {
  const require = createRequire(import.meta.url);
  return new URL(`file://${require.resolve('mupdf')}`).href;
}

function finish(slot: Slot, settle: (p: Pending) => void): void {
  const running = slot.running;
  if (!running) return;
  clearTimeout(running.timer);
  slot.running = undefined;
  settle(running.pending);
  slot.worker.unref();
  pump();
}

function drop(slot: Slot): void {
  const at = slots.indexOf(slot);
  if (at >= 0) slots.splice(at, 1);
}

function spawn(): Slot {
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { mupdf: mupdfUrl() } });
  const slot: Slot = { worker };
  worker.on('message', (a: Answer) => {
    if (slot.running?.pending.id !== a.id) return;
    finish(slot, (p) => (a.failure ? p.reject(new PdfError(a.failure, a.detail ?? '')) : p.resolve(a.value)));
  });
  const died = (why: string) => {
    drop(slot);
    finish(slot, (p) => p.reject(new PdfError('broken', why)));
  };
  worker.on('error', (e) => died(e.message));
  worker.on('exit', (code) => died(`the PDF worker exited (${code})`));
  worker.unref();
  slots.push(slot);
  return slot;
}

function pump(): void {
  while (queue.length > 0) {
    const slot = slots.find((s) => !s.running) ?? (slots.length < POOL_SIZE ? spawn() : undefined);
    if (!slot) return;
    const pending = queue.shift() as Pending;
    const timer = setTimeout(() => {
      drop(slot);
      finish(slot, (p) => p.reject(new PdfError('timeout', `over ${p.timeLimitMs} ms`)));
      void slot.worker.terminate();
    }, pending.timeLimitMs);
    slot.running = { pending, timer };
    slot.worker.ref();
    slot.worker.postMessage({ id: pending.id, ...pending.job });
  }
}

/**
 * Run one job on a worker; rejects with PdfError. The bytes are copied to the worker. The time
 * limit counts from the job's start on a worker, not its wait in the queue.
 */
const jobsRun: Record<WorkerJob['op'], number> = { count: 0, render: 0, words: 0, text: 0 };

/** How many jobs of each kind were handed to the workers since the process started (tests: caching). */
export const pdfJobsRun = (): Readonly<Record<WorkerJob['op'], number>> => ({ ...jobsRun });

export function runPdfJob<T>(
  bytes: Uint8Array,
  job: WorkerJob,
  timeLimitMs = timeLimitDefaultMs,
): Promise<T> {
  jobsRun[job.op] += 1;
  return new Promise<T>((resolve, reject) => {
    const settle = resolve as (v: unknown) => void;
    queue.push({ id: nextId++, job: { ...job, bytes }, resolve: settle, reject, timeLimitMs });
    pump();
  });
}
