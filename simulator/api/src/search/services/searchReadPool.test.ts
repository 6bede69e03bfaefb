// Search reads on worker threads (decision 038): the same answers as the request thread's engine,
// many at once, and every write of the request thread's connection seen by the next read (the
// workers' count caches are never stale).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addArchive, addDatabase, addField, documentInserter } from '@gs/simulator-fixtures/builders';
import { FieldType } from '@gs/contract/flags';
import { openDatabase, type Db } from '../../db/connection';
import type { DocFilter, DocPageQuery, FieldRef } from '../repos/docQueryModel';
import { createRepos } from '../../db/repos';
import { createSearchReadPool } from './searchReadPool';
import { inProcessReads, type SearchReads } from './searchReads';

let dir: string;
let db: Db;
let pool: SearchReads;
let local: SearchReads;
let database: number;
let archive: number;
let kind: FieldRef;

const filter = (value: string): DocFilter => ({
  databaseId: database,
  archiveId: archive,
  conditions: [{ field: kind, pred: { op: 'eq', value } }],
});
const query = (value: string, page: number): DocPageQuery => ({
  ...filter(value),
  columns: [kind],
  sort: [{ field: 'id', desc: true }],
  offset: page * 10,
  limit: 10,
});

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'gs-search-pool-'));
  const file = join(dir, 'simulator.sqlite');
  db = openDatabase(file);
  database = addDatabase(db, 'Pool');
  const id = addField(db, database, { name: 'Kind', type: FieldType.Character });
  kind = { id, type: FieldType.Character, multi: false };
  archive = addArchive(db, database, { name: 'A', fieldIds: [id] });
  const insert = documentInserter(db, database, [id]);
  db.transaction(() => {
    for (let i = 0; i < 500; i++)
      insert({
        archiveId: archive,
        filePath: '',
        fileType: '.pdf',
        fileSize: 0,
        pageCount: 1,
        createdAt: 0,
        values: { [id]: ['Open', 'Paid', 'Void'][i % 3] ?? 'Open' },
      });
  })();
  local = inProcessReads(createRepos(db));
  pool = createSearchReadPool(file, 2);
});

afterAll(async () => {
  await pool.close();
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('search reads on worker threads', () => {
  it('answers counts and pages as the request thread does, many at once', async () => {
    const asks = ['Open', 'Paid', 'Void', 'None'].flatMap((v) => [0, 1, 2].map((p) => query(v, p)));
    const [fromPool, fromHere] = await Promise.all([
      Promise.all(asks.map((q) => pool.page(q))),
      Promise.all(asks.map((q) => local.page(q))),
    ]);
    expect(fromPool).toEqual(fromHere);
    expect(fromPool[0]?.page.count).toBe(167);
    expect(fromPool[0]?.page.rows).toHaveLength(10);
    expect(await pool.count(filter('Paid'))).toBe(167);
  });

  it('sees each write of the request thread at the next read', async () => {
    const before = await pool.count(filter('Open'));
    // warm both workers' caches with the count, then change the answer
    await Promise.all([pool.count(filter('Open')), pool.count(filter('Open'))]);
    const paid = db
      .prepare(`SELECT id FROM doc_${database} WHERE f_${kind.id} = 'Paid' LIMIT 4`)
      .pluck()
      .all();
    for (const id of paid)
      db.prepare(`UPDATE doc_${database} SET f_${kind.id} = 'Open' WHERE id = ?`).run(id);
    const after = await Promise.all([1, 2, 3, 4].map(() => pool.count(filter('Open'))));
    expect(after).toEqual([before + 4, before + 4, before + 4, before + 4]);
    expect((await pool.page(query('Open', 0))).page.count).toBe(before + 4);
  });

  it('refuses reads once closed', async () => {
    const spare = createSearchReadPool(join(dir, 'simulator.sqlite'), 1);
    await spare.close();
    await expect(spare.count(filter('Open'))).rejects.toThrow(/closed/);
  });
});
