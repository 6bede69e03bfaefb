// Opens the simulator's SQLite database: WAL, foreign keys, and the migrations of migrations.ts.
import Database from 'better-sqlite3';
import { migrations } from './migrations';

export type Db = Database.Database;

/** Open (or create) a database file; ':memory:' gives a private in-memory database for tests. */
export function openDatabase(file: string): Db {
  const db = new Database(file);
  if (file !== ':memory:') db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // the large scenario's million rows carry an index per field: a 256 MB page cache keeps their
  // random-order inserts (seed) and searches in memory; sorts of a page go to memory too
  db.pragma('cache_size = -262144');
  db.pragma('temp_store = MEMORY');
  migrate(db);
  return db;
}

export function migrate(db: Db): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  migrations.slice(current).forEach((migration, index) => {
    db.transaction(() => {
      if (typeof migration === 'string') db.exec(migration);
      else migration(db);
      db.pragma(`user_version = ${current + index + 1}`);
    })();
  });
}
