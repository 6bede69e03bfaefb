// `[SQL]` list queries off the request thread, with a deadline (decision 044): up to two child
// processes (listQueryProcess.ts), started when first needed, each with its own read-only
// connection to the database file, one query each at a time, the rest queued. A query that runs
// past its time limit has its process killed (SIGKILL: a worker thread cannot be stopped inside
// SQLite's native loop, it would spin on) and fails; the next query starts a fresh process. The
// limit counts from the query's start in a ready process, not from its wait. Processes are unref'd
// while idle, so they never keep the API alive, and exit when it goes.
import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { ListQueryError, type ListParameters } from '../repos/sqlListQuery';

export interface ListQueryJob {
  id: number;
  databaseId: number;
  sql: string;
  params: ListParameters;
  /** the whole database, for an in-memory one (tests) that no other connection can open */
  snapshot?: Uint8Array;
}

export type ListQueryAnswer =
  { id: number; items: string[]; error?: undefined } | { id: number; error: string; refused: boolean };

export interface ListQueryPool {
  /** the items, or a ListQueryError (refused, failed, or stopped at the time limit) */
  run(job: Omit<ListQueryJob, 'id'>, timeLimitMs: number): Promise<string[]>;
  close(): Promise<void>;
}

interface Pending {
  job: ListQueryJob;
  timeLimitMs: number;
  resolve(items: string[]): void;
  reject(error: Error): void;
}

interface Slot {
  child: ChildProcess;
  ready: boolean;
  running?: { pending: Pending; timer: NodeJS.Timeout };
}

const POOL_SIZE = Math.max(1, Math.min(2, availableParallelism()));
/** The JavaScript heap of a list-query process (better-sqlite3's SQLite keeps no heap statistics,
 * so its own allocations cannot be limited: the time limit bounds them). */
const HEAP_MB = 256;

function bootstrap(): string {
  const tsx = import.meta.resolve('tsx/esm/api');
  const entry = new URL('./listQueryProcess.ts', import.meta.url).href;
  return `import { register } from ${JSON.stringify(tsx)}; register(); await import(${JSON.stringify(entry)});`;
}

export const timeLimitMessage = (ms: number): string =>
  `The query of the [SQL] list did not finish within ${ms / 1000} s and was stopped.`;

/**
 * Processes that read the database `file`; without one, every job must carry its snapshot
 * (the in-memory databases of tests share one such pool).
 */
export function createListQueryPool(file: string | undefined, size = POOL_SIZE): ListQueryPool {
  const queue: Pending[] = [];
  const slots: Slot[] = [];
  let nextId = 1;
  let closed = false;

  const idle = (slot: Slot): void => {
    slot.child.unref();
    slot.child.channel?.unref();
  };
  const busy = (slot: Slot): void => {
    slot.child.ref();
    slot.child.channel?.ref();
  };

  const drop = (slot: Slot): void => {
    const at = slots.indexOf(slot);
    if (at >= 0) slots.splice(at, 1);
  };

  const finish = (slot: Slot, settle: (p: Pending) => void): void => {
    const running = slot.running;
    if (!running) return;
    clearTimeout(running.timer);
    slot.running = undefined;
    settle(running.pending);
    idle(slot);
    pump();
  };

  const spawnSlot = (): Slot => {
    // the database file is the process's one argument (process.argv[1] of an `-e` script)
    const args = [
      `--max-old-space-size=${HEAP_MB}`,
      '--input-type=module',
      '-e',
      bootstrap(),
      '--',
      file ?? '',
    ];
    const child = spawn(process.execPath, args, {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      serialization: 'advanced',
    });
    const slot: Slot = { child, ready: false };
    child.on('message', (a: ListQueryAnswer | 'ready') => {
      if (a === 'ready') {
        slot.ready = true;
        pump();
        if (!slot.running) idle(slot);
        return;
      }
      if (slot.running?.pending.job.id !== a.id) return;
      finish(slot, (p) => {
        if (a.error === undefined) p.resolve(a.items);
        else p.reject(a.refused ? new ListQueryError(a.error) : new Error(a.error));
      });
    });
    const died = (why: string): void => {
      if (!slots.includes(slot)) return;
      drop(slot);
      const failed = new ListQueryError(`The query of the [SQL] list failed: its process stopped (${why}).`);
      // one that could not even start fails the waiting jobs rather than being started again and again
      if (!slot.ready) for (const p of queue.splice(0)) p.reject(failed);
      finish(slot, (p) => p.reject(failed));
      pump();
    };
    child.on('error', (e) => died(e.message));
    child.on('exit', (code, signal) => died(signal ?? `exit ${code}`));
    // started for a job that waits: it keeps the process alive until it is ready and idle
    slots.push(slot);
    return slot;
  };

  function pump(): void {
    if (closed) return;
    while (queue.length > 0) {
      const slot = slots.find((s) => s.ready && !s.running);
      if (!slot) {
        // a process that starts takes the job when it says it is ready
        if (slots.length < size) spawnSlot();
        return;
      }
      const pending = queue.shift() as Pending;
      const timer = setTimeout(() => {
        drop(slot);
        finish(slot, (p) => p.reject(new ListQueryError(timeLimitMessage(p.timeLimitMs))));
        slot.child.kill('SIGKILL');
      }, pending.timeLimitMs);
      slot.running = { pending, timer };
      busy(slot);
      slot.child.send(pending.job);
    }
  }

  return {
    run(job, timeLimitMs) {
      return new Promise<string[]>((resolve, reject) => {
        if (closed) return reject(new Error('the list queries are closed'));
        queue.push({ job: { ...job, id: nextId++ }, timeLimitMs, resolve, reject });
        pump();
      });
    },
    async close() {
      closed = true;
      for (const p of queue.splice(0)) p.reject(new Error('the list queries are closed'));
      await Promise.all(
        slots.splice(0).map(
          (s) =>
            new Promise<void>((done) => {
              if (s.running) clearTimeout(s.running.timer);
              s.running?.pending.reject(new Error('the list queries are closed'));
              if (s.child.exitCode !== null || s.child.signalCode !== null) return done();
              s.child.once('exit', () => done());
              s.child.kill('SIGKILL');
            }),
        ),
      );
    },
  };
}
