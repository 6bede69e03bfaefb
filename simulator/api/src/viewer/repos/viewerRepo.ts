// The viewer's rows: viewer sessions (POST session, kept for their creator), the stamps list, and
// the file columns a page rotation changes (size and modification time of the document's row).
import type { Statement } from 'better-sqlite3';
import type { Db } from '../../db/connection';
import { docTable } from '../../documents/repos/docTables';

export interface ViewerSessionDocRow {
  archive: number;
  id: number;
  terms: string;
  inboxId: number;
  inboxFileName: string;
}

export interface ViewerSessionRow {
  id: string;
  userId: number;
  databaseId: number;
  archiveId: number;
  inboxId: number;
  searchId: number;
  searchCriteria: string;
  documents: ViewerSessionDocRow[];
  createdAt: number;
}

export interface ViewerFileRow {
  id: number;
  archiveId: number;
  /** relative to files/ */
  filePath: string;
  fileType: string;
  pageCount: number;
  modifiedAt: number;
}

export interface StampRow {
  id: number;
  text: string;
}

const SESSION_COLUMNS = `id, user_id AS userId, database_id AS databaseId, archive_id AS archiveId,
  inbox_id AS inboxId, search_id AS searchId, search_criteria AS searchCriteria, documents,
  created_at AS createdAt`;

export function createViewerRepo(db: Db) {
  const insertSession = db.prepare(`INSERT INTO viewer_sessions(id, user_id, database_id, archive_id,
      inbox_id, search_id, search_criteria, documents, created_at)
    VALUES (@id, @userId, @databaseId, @archiveId, @inboxId, @searchId, @searchCriteria, @documents, @createdAt)`);
  const sessionById = db.prepare(`SELECT ${SESSION_COLUMNS} FROM viewer_sessions WHERE id = ?`);
  const expire = db.prepare(`DELETE FROM viewer_sessions WHERE created_at < ?`);
  const stamps = db.prepare(`SELECT id, text FROM stamps ORDER BY text COLLATE NOCASE, id`);
  const fileTouches = new Map<number, Statement>();
  const fileRows = new Map<number, Statement>();

  return {
    transaction: <T>(fn: () => T): T => db.transaction(fn)(),
    /** Store a session (and forget the ones older than `expireBefore`). */
    /** `also` runs in the same transaction (the history entries of the documents opened) */
    addSession(row: ViewerSessionRow, expireBefore: number, also: () => void = () => {}): void {
      db.transaction(() => {
        expire.run(expireBefore);
        insertSession.run({ ...row, documents: JSON.stringify(row.documents) });
        also();
      })();
    },
    session(id: string): ViewerSessionRow | undefined {
      const row = sessionById.get(id) as
        (Omit<ViewerSessionRow, 'documents'> & { documents: string }) | undefined;
      return row ? { ...row, documents: JSON.parse(row.documents) as ViewerSessionDocRow[] } : undefined;
    },
    stamps(): StampRow[] {
      return stamps.all() as StampRow[];
    },
    /** Where a document's file is, its type and page count. */
    file(dbId: number, docId: number): ViewerFileRow | undefined {
      let read = fileRows.get(dbId);
      if (!read) {
        read = db.prepare(`SELECT id, archive_id AS archiveId, file_path AS filePath, file_type AS fileType,
          page_count AS pageCount, modified_at AS modifiedAt FROM ${docTable(dbId)} WHERE id = ?`);
        fileRows.set(dbId, read);
      }
      return read.get(docId) as ViewerFileRow | undefined;
    },
    /** A document's file was rewritten in place: its size and modification time. */
    fileChanged(dbId: number, docId: number, size: number, now: number): void {
      let touch = fileTouches.get(dbId);
      if (!touch) {
        touch = db.prepare(`UPDATE ${docTable(dbId)} SET file_size = ?, modified_at = ? WHERE id = ?`);
        fileTouches.set(dbId, touch);
      }
      touch.run(size, now, docId);
    },
  };
}
export type ViewerRepo = ReturnType<typeof createViewerRepo>;
