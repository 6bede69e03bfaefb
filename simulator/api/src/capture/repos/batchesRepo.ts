// Batch capture storage (migration 10, decision 028): portals, batches and the documents of a
// batch. Rows come out in the wire's shape minus dates (the routes format those).
import type {
  BatchPortalBody,
  BatchStatusCode,
  PortalStatusCode,
  PortalTypeCode,
} from '@gs/contract/capture';
import type { Db } from '../../db/connection';

export interface PortalRow {
  id: number;
  name: string;
  type: PortalTypeCode;
  status: PortalStatusCode;
  statusMessage: string;
  instanceId: number;
  databaseId: number;
  archiveId: number;
  inboxId: number;
}

export interface BatchRow {
  id: number;
  portalId: number;
  name: string;
  status: BatchStatusCode;
  createdBy: string;
  createdAt: number;
  modifiedAt: number;
  error: string;
  documents: number;
  indexed: number;
  pages: number;
}

export interface BatchDocRow {
  id: number;
  batchId: number;
  ordinal: number;
  filePath: string;
  fileType: string;
  pages: number;
  status: 0 | 1;
  documentId: number;
}

export interface NewBatch {
  portalId: number;
  name: string;
  status: BatchStatusCode;
  createdBy: string;
  now: number;
  error?: string;
}

const PORTAL_COLUMNS = `id, name, type, status, status_message AS statusMessage, instance_id AS instanceId,
  database_id AS databaseId, archive_id AS archiveId, inbox_id AS inboxId`;
const BATCH_COLUMNS = `b.id, b.portal_id AS portalId, b.name, b.status, b.created_by AS createdBy,
  b.created_at AS createdAt, b.modified_at AS modifiedAt, b.error,
  (SELECT count(*) FROM batch_documents d WHERE d.batch_id = b.id) AS documents,
  (SELECT count(*) FROM batch_documents d WHERE d.batch_id = b.id AND d.status = 1) AS indexed,
  (SELECT coalesce(sum(pages), 0) FROM batch_documents d WHERE d.batch_id = b.id) AS pages`;
const DOC_COLUMNS = `id, batch_id AS batchId, ordinal, file_path AS filePath, file_type AS fileType, pages,
  status, document_id AS documentId`;

export function createBatchesRepo(db: Db) {
  const portals = db.prepare(`SELECT ${PORTAL_COLUMNS} FROM batch_portals ORDER BY name, id`);
  const portalById = db.prepare(`SELECT ${PORTAL_COLUMNS} FROM batch_portals WHERE id = ?`);
  const portalByName = db.prepare(`SELECT ${PORTAL_COLUMNS} FROM batch_portals WHERE name = ?`);
  const insertPortal = db.prepare(`INSERT INTO batch_portals(name, type, instance_id, database_id, archive_id,
    inbox_id) VALUES (@Name, @Type, @InstanceId, @DatabaseId, @ArchiveId, @InboxId)`);
  const updatePortal = db.prepare(`UPDATE batch_portals SET name = @Name, type = @Type,
    instance_id = @InstanceId, database_id = @DatabaseId, archive_id = @ArchiveId, inbox_id = @InboxId,
    status = 0, status_message = '' WHERE id = @id`);
  const setPortalStatus = db.prepare(`UPDATE batch_portals SET status = ?, status_message = ? WHERE id = ?`);
  const deletePortal = db.prepare(`DELETE FROM batch_portals WHERE id = ?`);
  const batchById = db.prepare(`SELECT ${BATCH_COLUMNS} FROM batches b WHERE b.id = ? AND b.portal_id = ?`);
  const counts = db.prepare(`SELECT status, count(*) AS n FROM batches WHERE portal_id = ? GROUP BY status`);
  const insertBatch = db.prepare(`INSERT INTO batches(portal_id, name, status, created_by, created_at,
    modified_at, error) VALUES (?, ?, ?, ?, ?, ?, ?)`);
  const setStatus = db.prepare(`UPDATE batches SET status = ?, error = ?, modified_at = ? WHERE id = ?`);
  const deleteBatch = db.prepare(`DELETE FROM batches WHERE id = ?`);
  const due =
    db.prepare(`SELECT ${BATCH_COLUMNS} FROM batches b WHERE b.status IN (1, 2) AND b.modified_at <= ?
    ORDER BY b.modified_at, b.id`);
  const docs = db.prepare(
    `SELECT ${DOC_COLUMNS} FROM batch_documents WHERE batch_id = ? ORDER BY ordinal, id`,
  );
  const insertDoc = db.prepare(`INSERT INTO batch_documents(batch_id, ordinal, file_path, file_type, pages)
    VALUES (?, ?, ?, ?, ?)`);
  const setDocPages = db.prepare(`UPDATE batch_documents SET pages = ? WHERE id = ?`);
  const indexDoc = db.prepare(
    `UPDATE batch_documents SET status = 1, document_id = ? WHERE id = ? AND status = 0`,
  );

  return {
    transaction: <T>(fn: () => T): T => db.transaction(fn)(),
    portals: (): PortalRow[] => portals.all() as PortalRow[],
    portal: (id: number): PortalRow | undefined => portalById.get(id) as PortalRow | undefined,
    portalByName: (name: string): PortalRow | undefined => portalByName.get(name) as PortalRow | undefined,
    insertPortal: (body: Required<BatchPortalBody>): number => Number(insertPortal.run(body).lastInsertRowid),
    updatePortal: (id: number, body: Required<BatchPortalBody>): void =>
      void updatePortal.run({ ...body, id }),
    setPortalStatus: (id: number, status: PortalStatusCode, message: string): void =>
      void setPortalStatus.run(status, message, id),
    deletePortal: (id: number): boolean => deletePortal.run(id).changes > 0,

    batch: (portalId: number, id: number): BatchRow | undefined =>
      batchById.get(id, portalId) as BatchRow | undefined,
    /** one page of a portal's batches, newest first, optionally only some statuses */
    page(portalId: number, statuses: readonly number[], offset: number, limit: number) {
      const filter = statuses.length ? `AND b.status IN (${statuses.map(() => '?').join(',')})` : '';
      const where = `WHERE b.portal_id = ? ${filter}`;
      const total = db.prepare(`SELECT count(*) AS n FROM batches b ${where}`).get(portalId, ...statuses) as {
        n: number;
      };
      const rows = db
        .prepare(`SELECT ${BATCH_COLUMNS} FROM batches b ${where} ORDER BY b.id DESC LIMIT ? OFFSET ?`)
        .all(portalId, ...statuses, limit, offset) as BatchRow[];
      return { total: total.n, rows };
    },
    counts: (portalId: number): { status: number; n: number }[] =>
      counts.all(portalId) as { status: number; n: number }[],
    insertBatch: (b: NewBatch): number =>
      Number(
        insertBatch.run(b.portalId, b.name, b.status, b.createdBy, b.now, b.now, b.error ?? '')
          .lastInsertRowid,
      ),
    setStatus: (id: number, status: BatchStatusCode, error: string, now: number): void =>
      void setStatus.run(status, error, now, id),
    deleteBatch: (id: number): boolean => deleteBatch.run(id).changes > 0,
    /** Queued or Processing batches whose last change is at or before `before` */
    due: (before: number): BatchRow[] => due.all(before) as BatchRow[],
    docs: (batchId: number): BatchDocRow[] => docs.all(batchId) as BatchDocRow[],
    insertDoc: (
      batchId: number,
      ordinal: number,
      filePath: string,
      fileType: string,
      pages: number,
    ): number => Number(insertDoc.run(batchId, ordinal, filePath, fileType, pages).lastInsertRowid),
    setDocPages: (id: number, pages: number): void => void setDocPages.run(pages, id),
    /** false when the document was indexed already */
    indexDoc: (id: number, documentId: number): boolean => indexDoc.run(documentId, id).changes > 0,
  };
}
export type BatchesRepo = ReturnType<typeof createBatchesRepo>;
