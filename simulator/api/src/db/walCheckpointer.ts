// Checkpoints the WAL from a worker thread, so a commit on the request thread only appends to the
// WAL. By default SQLite checkpoints inside the commit that takes the WAL past 1,000 pages: a bulk
// batch of thousands of documents dirties tens of thousands of index pages, and copying them back
// into the database file took about a third of every batch's commit. Here the worker, with its
// own connection, copies committed pages back (PASSIVE: it never blocks a writer or a reader)
// while the request thread goes on with the next batch on the other core. Should the worker
// stop, the connection's own auto-checkpoint comes back on.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Db } from './connection';

/** How often the worker looks at the WAL. */
export const CHECKPOINT_EVERY_MS = 100;
/** The WAL file is cut back to this when it restarts (it is reused from its start). */
const JOURNAL_SIZE_LIMIT = 64 * 1024 * 1024;
const DEFAULT_AUTOCHECKPOINT = 1000;

// plain JavaScript, so the worker needs no TypeScript loader
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 1000');
let last = -1;
const tick = () => {
  try {
    // data_version changes when another connection commits: nothing new, nothing to copy
    const version = db.pragma('data_version', { simple: true });
    if (version !== last) {
      last = version;
      db.pragma('wal_checkpoint(PASSIVE)');
    }
  } catch (err) {
    parentPort.postMessage({ error: String(err && err.message || err) });
  }
};
const timer = setInterval(tick, workerData.everyMs);
parentPort.on('message', (m) => {
  if (m !== 'stop') return;
  clearInterval(timer);
  tick();
  db.close();
  parentPort.close();
});
`;

export interface WalCheckpointer {
  stop(): Promise<void>;
}

/** Start checkpointing `file` (the database `db` has open) from a worker thread. */
export function startWalCheckpointer(db: Db, file: string): WalCheckpointer {
  const require = createRequire(import.meta.url);
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: { file, driver: require.resolve('better-sqlite3'), everyMs: CHECKPOINT_EVERY_MS },
  });
  db.pragma(`journal_size_limit = ${JOURNAL_SIZE_LIMIT}`);
  db.pragma('wal_autocheckpoint = 0');
  let stopped = false;
  const fallBack = (): void => {
    if (db.open) db.pragma(`wal_autocheckpoint = ${DEFAULT_AUTOCHECKPOINT}`);
  };
  worker.on('message', (m: { error?: string }) => {
    if (m.error) console.error(`WAL checkpoint: ${m.error}`);
  });
  worker.on('error', (err) => {
    console.error(`The WAL checkpoint worker stopped: ${err.message}`);
    fallBack();
  });
  worker.on('exit', () => {
    if (!stopped) fallBack();
  });
  worker.unref();
  return {
    stop: () =>
      new Promise<void>((done) => {
        if (stopped) return done();
        stopped = true;
        fallBack();
        worker.once('exit', () => done());
        worker.postMessage('stop');
      }),
  };
}
