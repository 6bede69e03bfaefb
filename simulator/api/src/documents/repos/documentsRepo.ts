// Read access to the per-database document tables (docTables.ts). Their names come from integer
// database ids, so statements are prepared lazily, once per database, and cached.
import type { Db } from '../../db/connection';
import type { Statement } from 'better-sqlite3';
import { docTable } from './docTables';

interface DocStatements {
  countInArchive: Statement;
  inArchive: Statement;
}

export function createDocumentsRepo(db: Db) {
  const tableExists = db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`);
  const cache = new Map<number, DocStatements | null>();

  const statements = (databaseId: number): DocStatements | null => {
    if (!cache.has(databaseId)) {
      const table = docTable(databaseId);
      // a database made without its tables simply holds no documents
      const prepared = tableExists.get(table)
        ? {
            countInArchive: db.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE archive_id = ?`),
            inArchive: db.prepare(`SELECT 1 FROM ${table} WHERE id = ? AND archive_id = ?`),
          }
        : null;
      cache.set(databaseId, prepared);
    }
    return cache.get(databaseId) ?? null;
  };

  return {
    countInArchive(databaseId: number, archiveId: number): number {
      const s = statements(databaseId);
      return s ? (s.countInArchive.get(archiveId) as { n: number }).n : 0;
    },
    existsInArchive(databaseId: number, archiveId: number, docId: number): boolean {
      const s = statements(databaseId);
      return !!s && s.inArchive.get(docId, archiveId) !== undefined;
    },
  };
}
export type DocumentsRepo = ReturnType<typeof createDocumentsRepo>;
