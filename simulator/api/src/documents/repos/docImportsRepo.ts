// New documents from an import: one row in the database's document table (docTables.ts) per
// file; the index values are then written through documentFieldsRepo in the same transaction.
// The search structures follow through the table's triggers.
import type { Statement } from 'better-sqlite3';
import type { Db } from '../../db/connection';
import { docTable, textTable } from './docTables';

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
  const texts = new Map<number, Statement>();
  const textOf = (databaseId: number): Statement => {
    let s = texts.get(databaseId);
    if (!s) {
      // an update, not a replace, so the text triggers move the FTS row (docSearchSchema.ts)
      s = db.prepare(
        `INSERT INTO ${textTable(databaseId)}(doc_id, body)
         SELECT @docId, @body WHERE EXISTS (SELECT 1 FROM ${docTable(databaseId)} WHERE id = @docId AND file_path = @filePath)
         ON CONFLICT(doc_id) DO UPDATE SET body = excluded.body`,
      );
      texts.set(databaseId, s);
    }
    return s;
  };
  return {
    /**
     * The text read from an imported document's file (content search); written only while the
     * document still has that file, so text read late never lands on a deleted or replaced one.
     */
    setText(databaseId: number, docId: number, filePath: string, body: string): boolean {
      return textOf(databaseId).run({ docId, filePath, body }).changes > 0;
    },
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
