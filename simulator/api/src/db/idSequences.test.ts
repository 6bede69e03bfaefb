// Migration 16 (decision 049) on a database made before it: AUTOINCREMENT is added to the
// catalogue's id tables and the document tables without touching their rows, indexes or
// triggers, and the next document id is above every id the history still names.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate, type Db } from './connection';
import { createDocumentTables } from '../documents/repos/docTables';
import { migrations } from './migrations';

const BEFORE = 15;

/** A database as migration 15 left it, with a document table in the old form. */
function oldDatabase(): Db {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  for (const m of migrations.slice(0, BEFORE)) if (typeof m === 'string') db.exec(m);
  db.pragma(`user_version = ${BEFORE}`);
  db.exec(`INSERT INTO databases(id, name) VALUES (1, 'Alpha');
    CREATE TABLE doc_1 (
      id INTEGER PRIMARY KEY,
      archive_id INTEGER NOT NULL,
      file_path TEXT NOT NULL DEFAULT '',
      file_type TEXT NOT NULL DEFAULT '',
      file_size INTEGER NOT NULL DEFAULT 0,
      page_count INTEGER NOT NULL DEFAULT 0,
      version INTEGER NOT NULL DEFAULT 0,
      root_version_id INTEGER NOT NULL DEFAULT 0,
      created_at INTEGER NOT NULL,
      modified_at INTEGER NOT NULL
    ) STRICT;`);
  createDocumentTables(db, 1);
  const doc = db.prepare(`INSERT INTO doc_1(archive_id, created_at, modified_at) VALUES (1, 0, 0)`);
  for (let i = 0; i < 5; i++) doc.run();
  const line =
    db.prepare(`INSERT INTO audit(database_id, archive_id, document_id, user_name, category, message, time)
    VALUES (1, 1, ?, 'u', ?, '', 0)`);
  // documents 6 and 7 were made and deleted before the migration; 5 just now
  line.run(7, 'deleted');
  db.prepare(`DELETE FROM doc_1 WHERE id = 5`).run();
  line.run(5, 'deleted');
  return db;
}

const schema = (db: Db) =>
  db
    .prepare(
      // migrations 17 and 19's roll-ups (auditRollups.ts, workflowRollups.ts, captureRollups.ts)
      // and 18's catalogue version triggers (catalogVersion.ts) aside: they come after this one
      `SELECT type, name, tbl_name FROM sqlite_schema WHERE type IN ('index', 'trigger')
        AND tbl_name NOT IN ('audit_days', 'audit_user_days', 'workflow_days', 'batch_created_days',
          'batch_finished_days') AND name NOT LIKE '%rollup%'
        AND name NOT LIKE 'catalog_version_%' ORDER BY name`,
    )
    .all();

describe('migration 16: ids are never handed out twice', () => {
  it('adds AUTOINCREMENT in place and starts above every document id the history names', () => {
    const db = oldDatabase();
    const before = { schema: schema(db), rows: db.prepare(`SELECT * FROM doc_1 ORDER BY id`).all() };
    db.prepare(`INSERT INTO users(name, password_hash, license_type) VALUES ('a', 'x', 1)`).run();
    migrate(db);
    expect(db.pragma('user_version', { simple: true })).toBe(migrations.length);
    for (const table of ['doc_1', 'users', 'batches', 'inboxes', 'workflow_runs', 'license_rules'])
      expect(db.prepare(`SELECT sql FROM sqlite_schema WHERE name = ?`).pluck().get(table)).toMatch(
        /PRIMARY KEY AUTOINCREMENT/,
      );
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(schema(db)).toEqual(before.schema);
    expect(db.prepare(`SELECT * FROM doc_1 ORDER BY id`).all()).toEqual(before.rows);

    const doc = db.prepare(`INSERT INTO doc_1(archive_id, created_at, modified_at) VALUES (1, 0, 0)`);
    expect(Number(doc.run().lastInsertRowid)).toBe(8);
    db.prepare(`DELETE FROM doc_1 WHERE id = 8`).run();
    expect(Number(doc.run().lastInsertRowid)).toBe(9);
    const user = db.prepare(`INSERT INTO users(name, password_hash, license_type) VALUES (?, 'x', 1)`);
    const first = Number(user.run('b').lastInsertRowid);
    db.prepare(`DELETE FROM users WHERE id = ?`).run(first);
    expect(Number(user.run('c').lastInsertRowid)).toBe(first + 1);
    // the built-in licence rules keep their ids; a new rule comes after them
    expect(db.prepare(`SELECT seq FROM sqlite_sequence WHERE name = 'license_rules'`).pluck().get()).toBe(4);
  });

  it('makes new document tables with AUTOINCREMENT', () => {
    const db = new Database(':memory:');
    migrate(db);
    db.exec(`INSERT INTO databases(id, name) VALUES (3, 'Gamma')`);
    createDocumentTables(db, 3);
    const doc = db.prepare(`INSERT INTO doc_3(archive_id, created_at, modified_at) VALUES (1, 0, 0)`);
    const id = Number(doc.run().lastInsertRowid);
    db.prepare(`DELETE FROM doc_3 WHERE id = ?`).run(id);
    expect(Number(doc.run().lastInsertRowid)).toBe(id + 1);
  });
});
