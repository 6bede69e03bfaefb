// Document history (the audit table): entries written by every change and read per document
// (oldest first) or per archive (newest first, paged).
import type { Db } from '../../db/connection';

export interface AuditRow {
  id: number;
  databaseId: number;
  archiveId: number;
  documentId: number;
  oldArchiveId: number;
  oldDocId: number;
  userName: string;
  category: string;
  message: string;
  /** epoch milliseconds */
  time: number;
  connectionString: string;
}

export type NewAuditRow = Omit<AuditRow, 'id'>;

const COLUMNS = `id, database_id AS databaseId, archive_id AS archiveId, document_id AS documentId,
  old_archive_id AS oldArchiveId, old_doc_id AS oldDocId, user_name AS userName, category, message,
  time, connection_string AS connectionString`;

export function createAuditRepo(db: Db) {
  const insert = db.prepare(`INSERT INTO audit(database_id, archive_id, document_id, old_archive_id,
      old_doc_id, user_name, category, message, time, connection_string)
    VALUES (@databaseId, @archiveId, @documentId, @oldArchiveId, @oldDocId, @userName, @category,
      @message, @time, @connectionString)`);
  // many entries of one user, category and time in one statement: [archiveId, documentId, message]
  const insertMany = db.prepare(`INSERT INTO audit(database_id, archive_id, document_id, old_archive_id,
      old_doc_id, user_name, category, message, time, connection_string)
    SELECT ?, j.value->>0, j.value->>1, 0, 0, ?, ?, j.value->>2, ?, '' FROM json_each(?) AS j`);
  const ofDocument = db.prepare(`SELECT ${COLUMNS} FROM audit
    WHERE database_id = ? AND document_id = ? ORDER BY time, id`);
  const ofArchive = db.prepare(`SELECT ${COLUMNS} FROM audit
    WHERE database_id = ? AND archive_id = ? ORDER BY time DESC, id DESC LIMIT ? OFFSET ?`);
  const countOfArchive = db.prepare(
    `SELECT COUNT(*) AS n FROM audit WHERE database_id = ? AND archive_id = ?`,
  );
  return {
    add(row: NewAuditRow): AuditRow {
      const id = Number(insert.run(row).lastInsertRowid);
      return { id, ...row };
    },
    /** entries of many documents (a bulk batch), in the order given */
    addMany(
      common: { databaseId: number; userName: string; category: string; time: number },
      entries: [archiveId: number, documentId: number, message: string][],
    ): void {
      if (entries.length === 0) return;
      insertMany.run(
        common.databaseId,
        common.userName,
        common.category,
        common.time,
        JSON.stringify(entries),
      );
    },
    /** every entry of a document, oldest first */
    ofDocument(databaseId: number, documentId: number): AuditRow[] {
      return ofDocument.all(databaseId, documentId) as AuditRow[];
    },
    /** one page of an archive's entries, newest first */
    ofArchive(databaseId: number, archiveId: number, offset: number, limit: number): AuditRow[] {
      return ofArchive.all(databaseId, archiveId, limit, offset) as AuditRow[];
    },
    countOfArchive(databaseId: number, archiveId: number): number {
      return (countOfArchive.get(databaseId, archiveId) as { n: number }).n;
    },
  };
}
export type AuditRepo = ReturnType<typeof createAuditRepo>;
