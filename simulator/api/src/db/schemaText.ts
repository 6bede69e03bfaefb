// Changes to a table's catalogue text that leave its stored rows as they are (SQLite's documented
// procedure, lang_altertable.html "making other kinds of table schema changes"): the text is
// rewritten through writable_schema and the schema version bumped, inside the caller's
// transaction, so every connection parses the table again. Only for changes no stored row or
// index depends on (a nullable column appended, AUTOINCREMENT added to the rowid alias).
import type { Db } from './connection';

/** The CREATE TABLE text of `table`, or undefined. */
export const tableSql = (db: Db, table: string): string | undefined =>
  (
    db.prepare(`SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = ?`).get(table) as
      { sql: string } | undefined
  )?.sql;

/** Replace the table's CREATE TABLE text; false (nothing done) outside a transaction. */
export function rewriteTableSql(db: Db, table: string, sql: string): boolean {
  if (!db.inTransaction) return false;
  const version = db.pragma('schema_version', { simple: true }) as number;
  db.unsafeMode(true);
  try {
    db.pragma('writable_schema = ON');
    db.prepare(`UPDATE sqlite_schema SET sql = ? WHERE type = 'table' AND name = ?`).run(sql, table);
    db.pragma(`schema_version = ${version + 1}`);
  } finally {
    db.pragma('writable_schema = OFF');
    db.unsafeMode(false);
  }
  return true;
}

const TRIGGER_NAME = /^CREATE TRIGGER (\S+) /;

/**
 * True when every statement (`CREATE TRIGGER name ... END`, no semicolon) is the stored text of
 * its trigger: SQLite keeps a trigger's CREATE text as written, and the text is all a trigger is.
 */
export function triggersAsWritten(db: Db, statements: string[]): boolean {
  const stored = db.prepare(`SELECT sql FROM sqlite_schema WHERE type = 'trigger' AND name = ?`).pluck();
  return statements.every((sql) => {
    const name = TRIGGER_NAME.exec(sql)?.[1];
    return name !== undefined && stored.get(name) === sql;
  });
}
