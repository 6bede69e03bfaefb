// Document rows as the search and document routes return them: the stored field values of a
// page, its multi-value fields' values, and per document the number of content-search matches.
import type { Statement } from 'better-sqlite3';
import type { Db } from '../../db/connection';
import type { DocPageQuery, DocRow, FieldRef } from './docQueryModel';
import { searchNames } from './docSearchSchema';
import { selectColumns } from './docSql';
import { countHits, phrasesOf } from './contentHits';

export interface DocFile {
  id: number;
  archiveId: number;
  filePath: string;
  fileType: string;
  modifiedAt: number;
}

export function createDocRowsRepo(db: Db) {
  const statements = new Map<string, Statement>();
  const prepared = (sql: string): Statement => {
    let s = statements.get(sql);
    if (!s) {
      if (statements.size >= 500) statements.clear();
      s = db.prepare(sql);
      statements.set(sql, s);
    }
    return s;
  };

  const multiValues = (dbId: number, ids: number[]): Map<number, Map<number, string[]>> => {
    const byDoc = new Map<number, Map<number, string[]>>();
    const sql = `SELECT doc_id, field_id, value FROM ${searchNames(dbId).mv}
      WHERE doc_id IN (SELECT value FROM json_each(?)) ORDER BY doc_id, field_id, ordinal`;
    for (const [doc, field, value] of prepared(sql).raw().all(JSON.stringify(ids)) as [
      number,
      number,
      string,
    ][]) {
      let fields = byDoc.get(doc);
      if (!fields) byDoc.set(doc, (fields = new Map()));
      fields.set(field, [...(fields.get(field) ?? []), value]);
    }
    return byDoc;
  };

  /** Matches of the content query in each document (contentHits.ts). */
  const hits = (dbId: number, content: string, ids: number[]): Map<number, number> => {
    const sql = `SELECT doc_id, body FROM ${searchNames(dbId).text} WHERE doc_id IN (SELECT value FROM json_each(?))`;
    const phrases = phrasesOf(content);
    const found = prepared(sql).raw().all(JSON.stringify(ids)) as [number, string][];
    return new Map(found.map(([id, body]) => [id, countHits(body, phrases)]));
  };

  const toRows = (
    q: Pick<DocPageQuery, 'databaseId' | 'columns' | 'content'>,
    raw: unknown[][],
  ): DocRow[] => {
    const single = q.columns.filter((c) => !c.multi);
    const ids = raw.map((r) => r[0] as number);
    const mv = q.columns.some((c) => c.multi) && ids.length ? multiValues(q.databaseId, ids) : undefined;
    const hitCounts = q.content !== undefined && ids.length ? hits(q.databaseId, q.content, ids) : undefined;
    return raw.map((r) => {
      const id = r[0] as number;
      return {
        id,
        fileType: r[1] as string,
        filePath: r[2] as string,
        version: r[3] as number,
        rootVersionId: r[4] as number,
        values: new Map(single.map((c, i) => [c.id, r[5 + i] as string | number | null])),
        multi: mv?.get(id) ?? new Map<number, string[]>(),
        hits: hitCounts?.get(id) ?? 0,
      };
    });
  };

  return {
    toRows,
    /** The rows of these documents, in this order. */
    byIds(q: Pick<DocPageQuery, 'databaseId' | 'columns' | 'content'>, ids: number[]): DocRow[] {
      const sql = `SELECT ${selectColumns(q.columns)} FROM ${searchNames(q.databaseId).doc} d
        WHERE d.id IN (SELECT value FROM json_each(?))`;
      const raw = prepared(sql).raw().all(JSON.stringify(ids)) as unknown[][];
      const byId = new Map(raw.map((r) => [r[0] as number, r]));
      const ordered = ids.map((id) => byId.get(id)).filter((r): r is unknown[] => r !== undefined);
      return toRows(q, ordered);
    },
    /** One document of an archive with its values, or undefined. */
    one(dbId: number, archiveId: number, docId: number, columns: FieldRef[]): DocRow | undefined {
      const sql = `SELECT ${selectColumns(columns)} FROM ${searchNames(dbId).doc} d WHERE d.id = ? AND d.archive_id = ?`;
      const raw = prepared(sql).raw().all(docId, archiveId) as unknown[][];
      return toRows({ databaseId: dbId, columns }, raw)[0];
    },
    /** Where a document's file is, for the file and thumbnail routes. */
    file(dbId: number, docId: number): DocFile | undefined {
      const sql = `SELECT id, archive_id AS archiveId, file_path AS filePath, file_type AS fileType,
        modified_at AS modifiedAt FROM ${searchNames(dbId).doc} WHERE id = ?`;
      return prepared(sql).get(docId) as DocFile | undefined;
    },
  };
}
export type DocRowsRepo = ReturnType<typeof createDocRowsRepo>;
