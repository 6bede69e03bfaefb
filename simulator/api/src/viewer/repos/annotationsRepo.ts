// Annotations of archive documents (decision 006): one row per annotation, keyed by the document's
// database and id (document ids are per database), in drawing order. A document's set is always
// replaced whole; copies take the set along and deleting a document drops it.
import type { Db } from '../../db/connection';

export interface AnnotationRow {
  id: number;
  databaseId: number;
  documentId: number;
  /** drawing order within the document, from 0 */
  ordinal: number;
  page: number;
  x: number;
  y: number;
  text: string;
  type: string;
  color: string;
  createdBy: string;
  /** epoch milliseconds */
  createdAt: number;
}

/** A row to store: `id` keeps a stored annotation's id, undefined makes a new one. */
export type NewAnnotationRow = Omit<AnnotationRow, 'id' | 'databaseId' | 'documentId' | 'ordinal'> & {
  id?: number;
};

const COLUMNS = `id, database_id AS databaseId, document_id AS documentId, ordinal, page, x, y, text,
  type, color, created_by AS createdBy, created_at AS createdAt`;

export function createAnnotationsRepo(db: Db) {
  const ofDocument = db.prepare(`SELECT ${COLUMNS} FROM annotations
    WHERE database_id = ? AND document_id = ? ORDER BY ordinal, id`);
  const any = db
    .prepare(`SELECT 1 FROM annotations WHERE database_id = ? AND document_id = ? LIMIT 1`)
    .pluck();
  const remove = db.prepare(`DELETE FROM annotations WHERE database_id = ? AND document_id = ?`);
  const insert = db.prepare(`INSERT INTO annotations(id, database_id, document_id, ordinal, page, x, y,
      text, type, color, created_by, created_at)
    VALUES (@id, @databaseId, @documentId, @ordinal, @page, @x, @y, @text, @type, @color, @createdBy,
      @createdAt)`);
  const copy = db.prepare(`INSERT INTO annotations(database_id, document_id, ordinal, page, x, y, text,
      type, color, created_by, created_at)
    SELECT @toDb, @toDoc, ordinal, page, x, y, text, type, color, created_by, created_at
    FROM annotations WHERE database_id = @fromDb AND document_id = @fromDoc ORDER BY ordinal, id`);
  // a merge: a source's stamps after the target's, on the target's pages from @offset + 1
  const nextOrdinal = db
    .prepare(
      `SELECT COALESCE(MAX(ordinal) + 1, 0) FROM annotations WHERE database_id = ? AND document_id = ?`,
    )
    .pluck();
  const copyShifted = db.prepare(`INSERT INTO annotations(database_id, document_id, ordinal, page, x, y,
      text, type, color, created_by, created_at)
    SELECT @toDb, @toDoc, @first + ROW_NUMBER() OVER (ORDER BY ordinal, id) - 1, page + @offset, x, y,
      text, type, color, created_by, created_at
    FROM annotations WHERE database_id = @fromDb AND document_id = @fromDoc AND page <= @pages
    ORDER BY ordinal, id`);
  const shift = db.prepare(
    `UPDATE annotations SET page = page + ? WHERE database_id = ? AND document_id = ?`,
  );

  return {
    transaction: <T>(fn: () => T): T => db.transaction(fn)(),
    /** the document's annotations in drawing order */
    ofDocument(databaseId: number, documentId: number): AnnotationRow[] {
      return ofDocument.all(databaseId, documentId) as AnnotationRow[];
    },
    has(databaseId: number, documentId: number): boolean {
      return any.get(databaseId, documentId) !== undefined;
    },
    /** Replace the document's set (call inside a transaction). */
    replace(databaseId: number, documentId: number, rows: NewAnnotationRow[]): void {
      remove.run(databaseId, documentId);
      rows.forEach((row, ordinal) =>
        insert.run({ ...row, id: row.id ?? null, databaseId, documentId, ordinal }),
      );
    },
    /** Give document `to` a copy of the annotations of document `from` (call inside a transaction). */
    copy(from: { databaseId: number; documentId: number }, to: { databaseId: number; documentId: number }) {
      copy.run({
        fromDb: from.databaseId,
        fromDoc: from.documentId,
        toDb: to.databaseId,
        toDoc: to.documentId,
      });
    },
    /**
     * Add the annotations of document `from` that lie on its first `pages` pages to document `to`,
     * after its own, `offset` pages further on (a merge; call inside a transaction).
     */
    copyShifted(
      from: { databaseId: number; documentId: number },
      to: { databaseId: number; documentId: number },
      offset: number,
      pages: number,
    ): void {
      copyShifted.run({
        fromDb: from.databaseId,
        fromDoc: from.documentId,
        toDb: to.databaseId,
        toDoc: to.documentId,
        first: nextOrdinal.get(to.databaseId, to.documentId) as number,
        offset,
        pages,
      });
    },
    /** Move the document's annotations `by` pages on (pages put in front; call inside a transaction). */
    shiftPages(databaseId: number, documentId: number, by: number): void {
      shift.run(by, databaseId, documentId);
    },
    remove(databaseId: number, documentId: number): void {
      remove.run(databaseId, documentId);
    },
  };
}
export type AnnotationsRepo = ReturnType<typeof createAnnotationsRepo>;
