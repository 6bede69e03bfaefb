// The scope of a `[SQL]` list query on one connection that serves several databases in turn (the
// list-query process keeps its connection): each query sees only its own database's rows.
import { describe, expect, it } from 'vitest';
import { addArchive, addDatabase, addList } from '@gs/simulator-fixtures/builders';
import { openDatabase } from '../../db/connection';
import { ListQueryError, runListQuery } from './sqlListQuery';

describe('runListQuery on one connection, database after database', () => {
  it("shows each query its own database's catalogue and documents, and nothing of the one before", () => {
    const db = openDatabase(':memory:');
    const [a, b] = [addDatabase(db, 'A'), addDatabase(db, 'B')];
    addArchive(db, a, { name: 'Archive of A', fieldIds: [] });
    addArchive(db, b, { name: 'Archive of B', fieldIds: [] });
    addList(db, a, 'Items', ['a1', 'a2']);
    addList(db, b, 'Items', ['b1']);
    db.prepare(
      `INSERT INTO doc_${b}(archive_id, file_path, created_at, modified_at) VALUES (1, 'b.pdf', 0, 0)`,
    ).run();
    const run = (database: number, sql: string) => runListQuery(db, database, sql, {});
    for (let round = 0; round < 2; round++) {
      expect(run(a, `SELECT value FROM list_items ORDER BY value`)).toEqual(['a1', 'a2']);
      expect(run(b, `SELECT value FROM list_items ORDER BY value`)).toEqual(['b1']);
      expect(run(a, `SELECT name FROM archives`)).toEqual(['Archive of A']);
      expect(run(b, `SELECT file_path FROM documents`)).toEqual(['b.pdf']);
      expect(run(a, `SELECT file_path FROM documents`)).toEqual([]);
      expect(() => run(a, `SELECT file_path FROM doc_${b}`)).toThrow(ListQueryError);
    }
    // the copies are gone once a query is over
    expect(db.prepare(`SELECT count(*) FROM temp.list_items`).pluck().get()).toBe(0);
  });
});
