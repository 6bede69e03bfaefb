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
  migrate(db);
  return db;
}

export function migrate(db: Db): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  migrations.slice(current).forEach((sql, index) => {
    db.transaction(() => {
      db.exec(sql);
      db.pragma(`user_version = ${current + index + 1}`);
    })();
  });
}
