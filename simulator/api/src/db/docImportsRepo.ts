// New documents from an import: one row in the database's document table (docTables.ts) per
// file; the index values are then written through documentFieldsRepo in the same transaction.
// The search structures follow through the table's triggers.
import type { Statement } from 'better-sqlite3';
import type { Db } from './connection';
import { docTable } from './docTables';

export interface NewDocRow {
  archiveId: number;
  /** relative to `${dataDir}/files` */
  filePath: string;
  /** extension with its dot */
  fileType: string;
  fileSize: number;
  pageCount: number;
  now: number;
}

export function createDocImportsRepo(db: Db) {
  const inserts = new Map<number, Statement>();
  const insertOf = (databaseId: number): Statement => {
    let s = inserts.get(databaseId);
    if (!s) {
      s = db.prepare(
        `INSERT INTO ${docTable(databaseId)}(archive_id, file_path, file_type, file_size, page_count, created_at, modified_at)
         VALUES (@archiveId, @filePath, @fileType, @fileSize, @pageCount, @now, @now)`,
      );
      inserts.set(databaseId, s);
    }
    return s;
  };
  return {
    /** the new document's id */
    insert(databaseId: number, row: NewDocRow): number {
      return Number(insertOf(databaseId).run(row).lastInsertRowid);
    },
    /** run `fn` as one transaction (nested calls join the outer one) */
    transaction<T>(fn: () => T): T {
      return db.transaction(fn)();
    },
  };
}
export type DocImportsRepo = ReturnType<typeof createDocImportsRepo>;
