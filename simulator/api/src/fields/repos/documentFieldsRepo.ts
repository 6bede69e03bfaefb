// One document's index values, read and written in place: the typed f_{fieldId} columns of
// doc_{db} and the multi-value rows of doc_mv_{db}. Table and column names come from integer ids
// of the catalogue (docTables.ts); every statement is prepared once per database or per field
// and cached. Callers group the writes of one save in `transaction`.
import type { Statement } from 'better-sqlite3';
import type { Db } from '../../db/connection';
import { docTable, fieldColumn, mvTable } from '../../documents/repos/docTables';

/** A value as stored: TEXT (character, ISO dates), INTEGER (bigint when read), REAL, or NULL. */
export type StoredValue = string | number | bigint | null;

export interface StoredDocument {
  id: number;
  archiveId: number;
  /** field id -> column value; INTEGER columns come back as bigint so 64-bit values keep every digit */
  values: Map<number, StoredValue>;
  /** multi-value field id -> values in order */
  multi: Map<number, string[]>;
}

interface DocStatements {
  read: Statement;
  readMulti: Statement;
  deleteMulti: Statement;
  insertMulti: Statement;
  touch: Statement;
}

const FIELD_COLUMN = /^f_(\d+)$/;

export function createDocumentFieldsRepo(db: Db) {
  const perDb = new Map<number, DocStatements>();
  const setters = new Map<string, Statement>();

  const statements = (databaseId: number): DocStatements => {
    let s = perDb.get(databaseId);
    if (!s) {
      const doc = docTable(databaseId);
      const mv = mvTable(databaseId);
      s = {
        read: db.prepare(`SELECT * FROM ${doc} WHERE id = ? AND archive_id = ?`).safeIntegers(true),
        readMulti: db.prepare(
          `SELECT field_id AS fieldId, value FROM ${mv} WHERE doc_id = ? ORDER BY field_id, ordinal`,
        ),
        deleteMulti: db.prepare(`DELETE FROM ${mv} WHERE doc_id = ? AND field_id = ?`),
        insertMulti: db.prepare(`INSERT INTO ${mv}(doc_id, field_id, ordinal, value) VALUES (?, ?, ?, ?)`),
        touch: db.prepare(`UPDATE ${doc} SET modified_at = ? WHERE id = ?`),
      };
      perDb.set(databaseId, s);
    }
    return s;
  };

  const setter = (databaseId: number, fieldId: number): Statement => {
    const key = `${databaseId}:${fieldId}`;
    let s = setters.get(key);
    if (!s) {
      s = db.prepare(`UPDATE ${docTable(databaseId)} SET ${fieldColumn(fieldId)} = ? WHERE id = ?`);
      setters.set(key, s);
    }
    return s;
  };

  return {
    /** the document when it is in that archive */
    read(databaseId: number, archiveId: number, docId: number): StoredDocument | undefined {
      const s = statements(databaseId);
      const row = s.read.get(docId, archiveId) as Record<string, StoredValue> | undefined;
      if (!row) return undefined;
      const values = new Map<number, StoredValue>();
      for (const [column, value] of Object.entries(row)) {
        const m = FIELD_COLUMN.exec(column);
        if (m) values.set(Number(m[1]), value);
      }
      const multi = new Map<number, string[]>();
      for (const r of s.readMulti.all(docId) as { fieldId: number; value: string }[])
        multi.set(r.fieldId, [...(multi.get(r.fieldId) ?? []), r.value]);
      return { id: docId, archiveId, values, multi };
    },
    setValue(databaseId: number, docId: number, fieldId: number, value: StoredValue): void {
      setter(databaseId, fieldId).run(value, docId);
    },
    /** replace every value of a multi-value field */
    setMulti(databaseId: number, docId: number, fieldId: number, values: string[]): void {
      const s = statements(databaseId);
      s.deleteMulti.run(docId, fieldId);
      values.forEach((v, i) => s.insertMulti.run(docId, fieldId, i, v));
    },
    touch(databaseId: number, docId: number, modifiedAt: number): void {
      statements(databaseId).touch.run(modifiedAt, docId);
    },
    /** run `fn` as one transaction (nested calls join the outer one) */
    transaction<T>(fn: () => T): T {
      return db.transaction(fn)();
    },
  };
}
export type DocumentFieldsRepo = ReturnType<typeof createDocumentFieldsRepo>;
