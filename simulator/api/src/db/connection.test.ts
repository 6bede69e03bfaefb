// openDatabase(':memory:') (connection.ts): every open is a private, fully migrated database, the
// later ones copies of the first's migrated empty image; what one holds is never in another.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate, openDatabase, type Db } from './connection';
import { migrations } from './migrations';

const schemaOf = (db: Db): unknown[] =>
  db.prepare(`SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY type, name`).all();

describe('in-memory databases', () => {
  it('are migrated like a database migrated from nothing, with its version and pragmas', () => {
    const fresh = new Database(':memory:');
    migrate(fresh);
    for (const db of [openDatabase(':memory:'), openDatabase(':memory:')]) {
      expect(schemaOf(db)).toEqual(schemaOf(fresh));
      expect(db.pragma('user_version', { simple: true })).toBe(migrations.length);
      expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
      expect(db.pragma('cache_size', { simple: true })).toBe(-262144);
      expect(db.memory).toBe(true);
    }
  });

  it('are private: rows written to one, before or after the next is opened, are in no other', () => {
    const first = openDatabase(':memory:');
    first.prepare(`INSERT INTO settings(key, value) VALUES ('probe', 'first')`).run();
    const second = openDatabase(':memory:');
    second.prepare(`INSERT INTO settings(key, value) VALUES ('probe', 'second')`).run();
    const third = openDatabase(':memory:');
    const probe = (db: Db) => db.prepare(`SELECT value FROM settings WHERE key = 'probe'`).pluck().all();
    expect([probe(first), probe(second), probe(third)]).toEqual([['first'], ['second'], []]);
  });
});
