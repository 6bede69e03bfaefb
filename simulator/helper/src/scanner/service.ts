// Scan sessions: create, find (an idle session expires after its timeout, measured on the
// injected clock), jobs within them, the merged files they hold, and the next test fault.
import { randomUUID } from 'node:crypto';
import {
  SCAN_SESSION_TIMEOUT_SECONDS,
  type ScanFault,
  type ScanFileInfo,
  type ScanFormat,
  type ScanJobRequest,
  type ScanWord,
} from '@gs/contract/helper';
import { hashString } from '@gs/simulator-fixtures/random';
import { HelperError, badRequest, notFound } from '../errors';
import { SCAN_CHUNK_SIZE } from '@gs/contract/helper';
import { findProfile } from './profiles';
import { CONTENT_TYPES, mergePages } from './encode';
import { ScanJob, type PageResult } from './job';
import { wordsTag } from '@gs/simulator-fixtures/scan/wordsTag';

export interface ScannerOptions {
  /** milliseconds since the epoch; tests pass a clock they move by hand */
  now?: () => number;
  /** time the feeder takes a sheet (default 250 ms) */
  msPerPage?: number;
  sessionTimeoutSeconds?: number;
  /** pages rendered at once (default 4: sharp encodes in its thread pool) */
  concurrency?: number;
}

export interface ScanFile extends ScanFileInfo {
  bytes: Uint8Array;
  words: ScanWord[][];
  pageSizes: { width: number; height: number; dpi: number }[];
}

export interface ScanSession {
  id: string;
  seed: number;
  lastUsed: number;
  jobs: Map<string, ScanJob>;
  files: Map<string, ScanFile>;
}

const FORMATS: readonly ScanFormat[] = ['tiff', 'pdf'];
const EXTENSIONS: Record<ScanFormat, string> = { tiff: 'tif', pdf: 'pdf' };

export class ScanService {
  private readonly sessions = new Map<string, ScanSession>();
  private readonly expired = new Set<string>();
  private pendingFault: { fault: ScanFault; after?: number } | undefined;
  /** the trainer's fault schedule: each new job takes the next of these in turn (empty: none) */
  private schedule: readonly ScanFault[] = [];
  private scheduled = 0;
  readonly now: () => number;
  readonly timeoutSeconds: number;

  constructor(private readonly options: ScannerOptions = {}) {
    this.now = options.now ?? Date.now;
    this.timeoutSeconds = options.sessionTimeoutSeconds ?? SCAN_SESSION_TIMEOUT_SECONDS;
  }

  createSession(seed?: number): ScanSession {
    this.sweep();
    const id = randomUUID();
    const session = {
      id,
      seed: seed ?? hashString(id),
      lastUsed: this.now(),
      jobs: new Map(),
      files: new Map(),
    };
    this.sessions.set(id, session);
    return session;
  }

  private sweep(): void {
    const limit = this.now() - this.timeoutSeconds * 1000;
    for (const [id, s] of this.sessions)
      if (s.lastUsed < limit) {
        this.sessions.delete(id);
        this.expired.add(id);
      }
  }

  session(id: string): ScanSession {
    this.sweep();
    const session = this.sessions.get(id);
    if (!session) {
      if (this.expired.has(id)) throw new HelperError(410, `Scan session ${id} has expired.`);
      throw notFound(`Scan session ${id} was not found.`);
    }
    session.lastUsed = this.now();
    return session;
  }

  deleteSession(id: string): void {
    this.session(id);
    this.sessions.delete(id);
  }

  setNextFault(fault: ScanFault | null, after?: number): void {
    this.pendingFault = fault ? { fault, after } : undefined;
  }

  /**
   * A fault schedule (a training room's scanner-faults scenario, our design): every job that asks
   * for no fault and finds no test fault pending gets the next fault of the list, round and round.
   * An empty list turns the schedule off. Restarts from the first fault.
   */
  setFaultSchedule(faults: readonly ScanFault[]): void {
    this.schedule = [...new Set(faults)];
    this.scheduled = 0;
  }

  faultSchedule(): readonly ScanFault[] {
    return this.schedule;
  }

  /** open scan sessions and their jobs (the trainer page shows them) */
  activity(): { sessions: number; jobs: number } {
    this.sweep();
    let jobs = 0;
    for (const s of this.sessions.values()) jobs += s.jobs.size;
    return { sessions: this.sessions.size, jobs };
  }

  private nextScheduledFault(): { fault: ScanFault; after?: number } | undefined {
    const fault = this.schedule[this.scheduled % Math.max(1, this.schedule.length)];
    if (!fault) return undefined;
    this.scheduled += 1;
    return { fault };
  }

  createJob(session: ScanSession, req: ScanJobRequest): ScanJob {
    const profile = findProfile(req.Scanner);
    if (!profile) throw badRequest(`Unknown scanner: ${String(req.Scanner)}.`);
    const format = req.Format ?? 'tiff';
    if (!FORMATS.includes(format)) throw badRequest(`Format must be one of ${FORMATS.join(', ')}.`);
    const pages = req.Pages ?? profile.Pages;
    if (!Number.isInteger(pages) || pages < 1 || pages > 500)
      throw badRequest('Pages must be a whole number from 1 to 500.');
    const pending = req.Fault
      ? { fault: req.Fault, after: req.FaultAfter }
      : (this.pendingFault ?? this.nextScheduledFault());
    if (!req.Fault) this.pendingFault = undefined;
    const id = String(session.jobs.size + 1);
    const job = new ScanJob({
      id,
      seed: (session.seed + session.jobs.size * 7919) >>> 0,
      profile,
      format,
      pages,
      fault: pending?.fault,
      faultAfter: pending?.after,
      msPerPage: this.options.msPerPage ?? 250,
      concurrency: this.options.concurrency ?? 4,
    });
    session.jobs.set(id, job);
    return job;
  }

  job(session: ScanSession, id: string): ScanJob {
    const job = session.jobs.get(id);
    if (!job) throw notFound(`Scan job ${id} was not found in session ${session.id}.`);
    return job;
  }

  async merge(session: ScanSession, job: ScanJob): Promise<ScanFile> {
    if (job.startedAt === undefined) throw new HelperError(409, 'The scan job has not been started.');
    await job.done;
    const status = job.status(this.now());
    if (status.Status === 'Scanning') throw new HelperError(409, 'The scan is still in progress.');
    const results = job.results.filter((r) => r !== undefined);
    if (results.length === 0)
      throw new HelperError(409, `There are no scanned pages to merge: ${status.Message}`);
    const name = `scan-${session.id.slice(0, 8)}-${job.s.id}.${EXTENSIONS[job.s.format]}`;
    return this.store(session, name, job.s.format, results);
  }

  /**
   * Joins the pages of several finished jobs of one session, in the order given, into one file
   * (the 'continue scanning' batches of one document). Every problem with the list is a 400.
   */
  async mergeSession(session: ScanSession, jobIds: readonly string[]): Promise<ScanFile> {
    if (jobIds.length === 0) throw badRequest('Jobs must list at least one scan job ID.');
    const duplicate = jobIds.find((id, i) => jobIds.indexOf(id) !== i);
    if (duplicate !== undefined) throw badRequest(`Scan job ${duplicate} is listed more than once.`);
    const jobs = jobIds.map((id) => {
      const job = session.jobs.get(id);
      if (!job) throw badRequest(`Scan job ${id} was not found in session ${session.id}.`);
      if (job.startedAt === undefined) throw badRequest(`Scan job ${id} has not been started.`);
      return job;
    });
    const format = jobs[0]?.s.format ?? 'tiff';
    const mixed = jobs.find((job) => job.s.format !== format);
    if (mixed)
      throw badRequest(`Scan job ${mixed.s.id} is ${mixed.s.format}, not ${format} like the first job.`);
    await Promise.all(jobs.map((job) => job.done));
    const results: PageResult[] = [];
    for (const job of jobs) {
      const status = job.status(this.now());
      if (status.Status === 'Scanning') throw badRequest(`Scan job ${job.s.id} is still scanning.`);
      const pages = job.results.filter((r) => r !== undefined);
      if (pages.length === 0)
        throw badRequest(`Scan job ${job.s.id} has no scanned pages to merge: ${status.Message}`);
      results.push(...pages);
    }
    const name = `scan-${session.id.slice(0, 8)}-${jobIds.join('-')}.${EXTENSIONS[format]}`;
    return this.store(session, name, format, results);
  }

  /** Joins the pages into one file and keeps it in the session for the chunk and words routes. */
  private async store(
    session: ScanSession,
    name: string,
    format: ScanFormat,
    results: readonly PageResult[],
  ): Promise<ScanFile> {
    // the printed words ride in each TIFF page (wordsTag.ts), for KeyFree once the file is uploaded
    const bytes = await mergePages(
      results,
      format,
      name,
      results.map((r) => [wordsTag(r)]),
    );
    const file: ScanFile = {
      Name: name,
      Size: bytes.length,
      Pages: results.length,
      ContentType: CONTENT_TYPES[format],
      ChunkSize: SCAN_CHUNK_SIZE,
      ChunkCount: Math.max(1, Math.ceil(bytes.length / SCAN_CHUNK_SIZE)),
      bytes,
      words: results.map((r) => r.words),
      pageSizes: results.map(({ width, height, dpi }) => ({ width, height, dpi })),
    };
    session.files.set(name, file);
    return file;
  }

  file(session: ScanSession, name: string): ScanFile {
    const file = session.files.get(name);
    if (!file) throw notFound(`File ${name} was not found in scan session ${session.id}.`);
    return file;
  }

  /** Settles when every started job has finished rendering (tests). */
  async idle(): Promise<void> {
    await Promise.all([...this.sessions.values()].flatMap((s) => [...s.jobs.values()].map((j) => j.done)));
  }
}
