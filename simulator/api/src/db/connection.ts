// Opens the simulator's SQLite database: WAL, foreign keys, and the migrations of migrations.ts.
import Database from 'better-sqlite3';
import { migrations } from './migrations';

export type Db = Database.Database;

// The migrated empty database, made by the first ':memory:' open of the process: the later ones
// start from a copy of it, as migrated as the first (the tests open hundreds; running every
// migration costs ~28 ms of CPU, a copy ~1 ms). migrate() below then finds nothing to do.
let migratedEmpty: Buffer | undefined;

/** Open (or create) a database file; ':memory:' gives a private in-memory database for tests. */
export function openDatabase(file: string): Db {
  const memory = file === ':memory:';
  const db = memory && migratedEmpty ? new Database(migratedEmpty) : new Database(file);
  if (!memory) db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // the large scenario's million rows carry an index per field: a 256 MB page cache keeps their
  // random-order inserts (seed) and searches in memory; sorts of a page go to memory too
  db.pragma('cache_size = -262144');
  db.pragma('temp_store = MEMORY');
  migrate(db);
  if (memory) migratedEmpty ??= db.serialize();
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
