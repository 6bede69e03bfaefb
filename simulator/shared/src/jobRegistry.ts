// One lifecycle for every background job of the simulator and the helper (decision 061): a job has
// an owner (only they read it; another's job is as unknown as a missing one), ends done or failed,
// and is dropped with the files it owns a time to live after it ended, whether or not anyone came
// for its result. The jobs' folder is emptied when the registry starts: a job does not outlive its
// process, so the files there are a previous run's leftovers.
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join, relative, isAbsolute } from 'node:path';

export interface JobRegistryOptions {
  /** the folder the jobs write their files in; emptied at start. None: the jobs own no files there */
  dir?: string;
  /** how long a job stays after it ended (done or failed), its files included */
  ttlMs: number;
  /** epoch milliseconds; default Date.now (the API passes its injected clock) */
  now?: () => number;
  /** how often a timer drops expired jobs (each lookup drops them too); 0: no timer. Default: the TTL, at most a minute */
  sweepEveryMs?: number;
}

export interface Job<S> {
  readonly id: string;
  /** who may read the job: the API's user id, the helper's user name (lower case) */
  readonly owner: string;
  /** the job's own state (status, progress, result), as its service keeps it */
  state: S;
  /** when it ended; undefined while it runs */
  endedAt?: number;
  /** files the job made and removes when it goes (inside `dir` only) */
  readonly files: string[];
}

/** Default time to live of an ended job: an hour. */
export const JOB_TTL_MS = 60 * 60 * 1000;

export class JobRegistry<S> {
  private readonly jobs = new Map<string, Job<S>>();
  private readonly removing = new Set<Promise<void>>();
  private readonly ready: Promise<void>;
  private readonly now: () => number;
  private readonly timer?: ReturnType<typeof setInterval>;

  constructor(private readonly options: JobRegistryOptions) {
    this.now = options.now ?? Date.now;
    this.ready = options.dir ? emptyFolder(options.dir) : Promise.resolve();
    const every = options.sweepEveryMs ?? Math.min(options.ttlMs, 60_000);
    if (every > 0) {
      // the timer holds the registry weakly: a registry its app let go of (a training room's swap) is
      // collected, and its timer stops
      const self = new WeakRef(this);
      const timer = setInterval(() => {
        const registry = self.deref();
        if (registry) void registry.expire();
        else clearInterval(timer);
      }, every);
      timer.unref();
      this.timer = timer;
    }
  }

  /** Resolves once the start sweep has emptied the folder (create waits for it). */
  started(): Promise<void> {
    return this.ready;
  }

  /** A new running job of `owner` with the state `make` gives for its id; the folder exists and is swept when it resolves. */
  async create(owner: string | number, make: (id: string) => S): Promise<Job<S>> {
    await this.ready;
    this.dropExpired();
    if (this.options.dir) await mkdir(this.options.dir, { recursive: true });
    const id = randomUUID();
    const job: Job<S> = { id, owner: String(owner), state: make(id), files: [] };
    this.jobs.set(job.id, job);
    return job;
  }

  /** `name` inside the jobs' folder, owned by `job` (removed with it). */
  file(job: Job<S>, name: string): string {
    if (!this.options.dir) throw new Error('This registry has no folder for files.');
    const path = join(this.options.dir, name);
    if (!inside(this.options.dir, path)) throw new Error(`'${name}' is not a file name.`);
    job.files.push(path);
    return path;
  }

  /** The job when `owner` may read it; an expired one is gone. */
  get(id: string, owner: string | number): Job<S> | undefined {
    return this.find(id, (job) => job.owner === String(owner));
  }

  /** The job when `mayRead` says so (e.g. the helper's token check). */
  find(id: string, mayRead: (job: Job<S>) => boolean): Job<S> | undefined {
    this.dropExpired();
    const job = this.jobs.get(id);
    return job && mayRead(job) ? job : undefined;
  }

  /** Mark the job ended (done or failed): its time to live starts now. */
  end(job: Job<S>): void {
    job.endedAt ??= this.now();
  }

  /** Drop the job now, with its files (a result that is answered once). */
  remove(job: Job<S>): Promise<void> {
    this.jobs.delete(job.id);
    return this.removeFiles(job);
  }

  /** Drop every job that ended more than the TTL ago, with its files; resolves when they are gone. */
  async expire(): Promise<void> {
    this.dropExpired();
    await this.settled();
  }

  /** Resolves when every file removal started so far has finished. */
  async settled(): Promise<void> {
    await Promise.all([...this.removing]);
  }

  /** Jobs held (ended or running), for tests and the trainer's figures. */
  size(): number {
    return this.jobs.size;
  }

  /** The jobs still running. */
  running(): Job<S>[] {
    return [...this.jobs.values()].filter((job) => job.endedAt === undefined);
  }

  /** Stop the sweep timer (the jobs stay). */
  close(): void {
    if (this.timer) clearInterval(this.timer);
  }

  private dropExpired(): void {
    const before = this.now() - this.options.ttlMs;
    for (const job of this.jobs.values())
      if (job.endedAt !== undefined && job.endedAt <= before) void this.remove(job);
  }

  private removeFiles(job: Job<S>): Promise<void> {
    const dir = this.options.dir;
    const files = job.files.splice(0).filter((f) => dir !== undefined && inside(dir, f));
    if (files.length === 0) return Promise.resolve();
    const done = Promise.all(files.map((f) => rm(f, { force: true }))).then(
      () => undefined,
      (error: unknown) => console.error(`job ${job.id}: its files could not be removed`, error),
    );
    this.removing.add(done);
    void done.finally(() => this.removing.delete(done));
    return done;
  }
}

const inside = (dir: string, path: string): boolean => {
  const rel = relative(dir, path);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
};

/** Remove whatever a previous run left in `dir` (a missing folder is empty). */
async function emptyFolder(dir: string): Promise<void> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  await Promise.all(names.map((name) => rm(join(dir, name), { recursive: true, force: true })));
}
