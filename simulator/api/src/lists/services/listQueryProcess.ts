// The list-query process (listQueryPool.ts, decision 044): runs `[SQL]` list queries one at a time
// on its own read-only connection, so that the API's thread never waits for one and a query past
// its deadline can be stopped by killing this process (SQLite's native loop ignores a worker
// thread's termination). It exits when the API that started it goes away.
import Database from 'better-sqlite3';
import { ListQueryError, runListQuery } from '../repos/sqlListQuery';
import type { ListQueryAnswer, ListQueryJob } from './listQueryPool';

/** A small page cache: list queries read little, and RSS matters more (the API keeps 256 MB). */
const CACHE_KB = 8 * 1024;

/** the database file, the one argument listQueryPool.ts starts this process with ('' without one) */
const file = process.argv[1] ?? '';
let shared: Database.Database | undefined;

function open(source: string | Buffer): Database.Database {
  const db = new Database(source, { readonly: true });
  db.pragma('busy_timeout = 5000');
  db.pragma(`cache_size = -${CACHE_KB}`);
  db.pragma('temp_store = MEMORY');
  return db;
}

function answer(job: ListQueryJob): ListQueryAnswer {
  if (!job.snapshot && file === '') return { id: job.id, error: 'no database to read', refused: false };
  // an in-memory database (tests) comes as a snapshot with each job; a file is opened once
  const db = job.snapshot ? open(Buffer.from(job.snapshot)) : (shared ??= open(file));
  try {
    return { id: job.id, items: runListQuery(db, job.databaseId, job.sql, job.params) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { id: job.id, error: message, refused: error instanceof ListQueryError };
  } finally {
    if (job.snapshot) db.close();
  }
}

process.on('message', (job: ListQueryJob) => process.send?.(answer(job)));
process.on('disconnect', () => process.exit(0));
process.send?.('ready');
