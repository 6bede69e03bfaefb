// Counts kept on write with the reads on worker threads (decisions 038, 067): a worker cannot write,
// so the request thread reserves a count's row, the triggers add every write to it from then on,
// and a worker's count (with what the row held in the same snapshot) completes it; the kept count
// then follows every write and equals a fresh count.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addArchive, addDatabase, addField, documentInserter } from '@gs/simulator-fixtures/builders';
import { FieldType } from '@gs/contract/flags';
import { openDatabase, type Db } from '../../db/connection';
import type { DocFilter, FieldRef } from '../repos/docQueryModel';
import { createKeptCounts, keptTableName, type KeptNote } from '../repos/keptCounts';
import { createSearchReadPool } from './searchReadPool';
import type { SearchReads } from './searchReads';

let dir: string;
let db: Db;
let pool: SearchReads;
let database: number;
let archive: number;
let kind: FieldRef;
const noted: KeptNote[] = [];

const open: () => DocFilter = () => ({
  databaseId: database,
  archiveId: archive,
  conditions: [{ field: kind, pred: { op: 'like', pattern: 'open' } }],
});
const truth = (): number =>
  db
    .prepare(
      `SELECT count(*) FROM doc_${database} WHERE archive_id = ? AND f_${kind.id} = 'Open' COLLATE NOCASE`,
    )
    .pluck()
    .get(archive) as number;
const row = () =>
  db
    .prepare(`SELECT n, pending FROM ${keptTableName(database)} WHERE archive_id = ? AND field_id = ?`)
    .get(archive, kind.id) as { n: number; pending: number } | undefined;
const setSome = (from: string, to: string, n: number): void => {
  const ids = db
    .prepare(`SELECT id FROM doc_${database} WHERE f_${kind.id} = ? LIMIT ?`)
    .pluck()
    .all(from, n);
  for (const id of ids) db.prepare(`UPDATE doc_${database} SET f_${kind.id} = ? WHERE id = ?`).run(to, id);
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'gs-kept-pool-'));
  const file = join(dir, 'simulator.sqlite');
  db = openDatabase(file);
  database = addDatabase(db, 'Kept');
  const id = addField(db, database, { name: 'Kind', type: FieldType.Character });
  kind = { id, type: FieldType.Character, multi: false };
  archive = addArchive(db, database, { name: 'A', fieldIds: [id] });
  const insert = documentInserter(db, database, [id]);
  db.transaction(() => {
    for (let i = 0; i < 300; i++)
      insert({
        archiveId: archive,
        filePath: '',
        fileType: '.pdf',
        fileSize: 0,
        pageCount: 1,
        createdAt: 0,
        values: { [id]: i % 2 ? 'Open' : 'Paid' },
      });
  })();
  const kept = createKeptCounts(db);
  pool = createSearchReadPool(file, 1, (notes) => {
    noted.push(...notes);
    kept.apply(notes);
  });
});

afterAll(async () => {
  await pool.close();
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('counts kept on write, read on worker threads', () => {
  it('reserves, completes and then follows a count through every write', async () => {
    expect(await pool.count(open())).toBe(150);
    // the worker counted and asked for the row; the triggers fill it from now on
    expect(noted).toEqual([{ key: expect.objectContaining({ value: 'open' }) as unknown, reserve: true }]);
    expect(row()).toMatchObject({ n: 0 });
    expect(row()?.pending).toBeGreaterThan(0);
    setSome('Paid', 'Open', 3);
    expect(row()).toMatchObject({ n: 3 });
    // the next read counts 153 and saw 3 changes since the reservation: the row becomes 153
    expect(await pool.count(open())).toBe(153);
    expect(row()).toEqual({ n: 153, pending: 0 });
    setSome('Open', 'Paid', 10);
    setSome('Paid', 'OPEN', 2);
    db.prepare(
      `DELETE FROM doc_${database} WHERE id = (SELECT min(id) FROM doc_${database} WHERE f_${kind.id} = 'Open')`,
    ).run();
    expect(row()).toEqual({ n: truth(), pending: 0 });
    expect(await pool.count(open())).toBe(truth());
    // a late base from an older reservation changes nothing
    createKeptCounts(db).apply([
      { key: { dbId: database, archiveId: archive, fieldId: kind.id, value: 'Open' }, base: 99, pending: 1 },
    ]);
    expect(row()).toEqual({ n: truth(), pending: 0 });
  });
});
