// Bulk jobs the client polls: a status per job kept in memory, the error log appended as batches
// finish (so a crash leaves a log that says how far the job got), and cancellation between batches.
// The jobs live in the job registry (decision 061): an ended job (completed, cancelled or failed) is
// dropped an hour (`ttlMs`) after it ended. Its error log and exported files stay: they are the
// user's results in the user's own folder (uploads expire by their own rule, uploads.ts).
import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { createHash, timingSafeEqual } from 'node:crypto';
import { bulkErrorLine, type BulkJobStatus } from '@gs/contract/helperBulk';
import { JOB_TTL_MS, JobRegistry, type Job as Entry } from '@gs/simulator-shared/jobRegistry';

export interface Job {
  status: BulkJobStatus;
  /** the user (licence user name, lower case) whose token started it; only they see it */
  owner: string;
  /** sha-256 of the token that started it: that token reads the job while the API is away */
  tokenHash: Buffer;
  cancelled: boolean;
  /** absolute path of the error log */
  logFile: string;
  log(id: number | string, text: string): void;
  note(line: string): void;
}

const hash = (token: string): Buffer => createHash('sha256').update(token).digest();

export interface JobStoreOptions {
  /** how long an ended job is kept (default an hour) */
  ttlMs?: number;
  /** epoch milliseconds (default Date.now) */
  now?: () => number;
}

export class JobStore {
  private readonly jobs: JobRegistry<Job>;
  private readonly entries = new WeakMap<Job, Entry<Job>>();

  constructor(options: JobStoreOptions = {}) {
    this.jobs = new JobRegistry<Job>({ ttlMs: options.ttlMs ?? JOB_TTL_MS, now: options.now });
  }

  async create(
    kind: BulkJobStatus['Kind'],
    owner: { name: string; token: string },
    logFile: (id: string) => { abs: string; shown: string },
  ): Promise<Job> {
    const entry = await this.jobs.create(owner.name.toLowerCase(), (id) =>
      this.newJob(id, kind, owner, logFile),
    );
    this.entries.set(entry.state, entry);
    return entry.state;
  }

  private newJob(
    id: string,
    kind: BulkJobStatus['Kind'],
    owner: { name: string; token: string },
    logFile: (id: string) => { abs: string; shown: string },
  ): Job {
    const { abs, shown } = logFile(id);
    const status: BulkJobStatus = {
      JobID: id,
      Kind: kind,
      Status: 'Queued',
      Processed: 0,
      Total: 0,
      Succeeded: 0,
      Failed: 0,
      ErrorPath: '',
      Message: '',
    };
    let made = false;
    const write = (line: string): void => {
      if (!made) {
        mkdirSync(dirname(abs), { recursive: true });
        made = true;
      }
      appendFileSync(abs, `${line}\r\n`);
      status.ErrorPath = shown;
    };
    const job: Job = {
      status,
      owner: owner.name.toLowerCase(),
      tokenHash: hash(owner.token),
      cancelled: false,
      logFile: abs,
      log: (docId, text) => write(bulkErrorLine(docId, text)),
      note: write,
    };
    return job;
  }

  /** The job if it was started with `token` (for when the API cannot check the token). */
  byToken(id: string, token: string): Job | undefined {
    return this.jobs.find(id, (entry) => timingSafeEqual(entry.state.tokenHash, hash(token)))?.state;
  }

  /** The job if `owner` started it; another user's job is as unknown as a missing one. */
  get(id: string, owner: string): Job | undefined {
    return this.jobs.get(id, owner.toLowerCase())?.state;
  }

  /** Jobs held, running or ended not long ago. */
  size(): number {
    return this.jobs.size();
  }

  /** Run the job's work in the background; its failure is the job's Message. */
  run(job: Job, work: () => Promise<string>): void {
    job.status.Status = 'Running';
    const entry = this.entries.get(job);
    work()
      .then(
        (message) => {
          job.status.Status = job.cancelled ? 'Cancelled' : 'Completed';
          job.status.Message = message;
        },
        (err: unknown) => {
          job.status.Status = 'Failed';
          const key = (err as { key?: string }).key;
          job.status.Message = key ?? (err instanceof Error ? err.message : String(err));
        },
      )
      .finally(() => {
        if (entry) this.jobs.end(entry);
      });
  }
}
