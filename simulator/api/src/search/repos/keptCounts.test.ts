// Which counts are kept on write (decision 067): the archive's size and one equality on a
// single-value character field, however the search spelled it; nothing the triggers cannot adjust.
import { describe, expect, it } from 'vitest';
import { addArchive, addDatabase, addField, documentInserter } from '@gs/simulator-fixtures/builders';
import { FieldType } from '@gs/contract/flags';
import { openDatabase } from '../../db/connection';
import type { Condition, DocFilter, FieldRef } from './docQueryModel';
import { ensureSearchSchema } from './docSearchSchema';
import { createDocSearchRepo } from './docSearchRepo';
import { keptKeyOf } from './keptCounts';

const char: FieldRef = { id: 7, type: FieldType.Character, multi: false };
const filter = (conditions: Condition[], content?: string): DocFilter => ({
  databaseId: 1,
  archiveId: 2,
  conditions,
  content,
});
const key = (fieldId: number, value: string) => ({ dbId: 1, archiveId: 2, fieldId, value });

describe('keptKeyOf', () => {
  it('keeps the archive size and an equality, with a pattern read back to its literal text', () => {
    expect(keptKeyOf(filter([]))).toEqual(key(0, ''));
    expect(keptKeyOf(filter([{ field: char, pred: { op: 'eq', value: 'North' } }]))).toEqual(key(7, 'North'));
    expect(keptKeyOf(filter([{ field: char, pred: { op: 'like', pattern: '100\\%\\_x\\\\' } }]))).toEqual(
      key(7, '100%_x\\'),
    );
  });

  it('leaves every other count to the version-keyed cache', () => {
    const like = (pattern: string): Condition => ({ field: char, pred: { op: 'like', pattern } });
    for (const f of [
      filter([like('Nor%')]),
      filter([like('N_rth')]),
      filter([like('')]),
      filter([{ field: char, pred: { op: 'ne', value: 'North' } }]),
      filter([{ field: char, pred: { op: 'in', values: ['North'] } }]),
      filter([{ field: { ...char, multi: true }, pred: { op: 'eq', value: 'North' } }]),
      filter([{ field: { ...char, type: FieldType.Integer }, pred: { op: 'eq', value: 3 } }]),
      filter([like('North'), like('South')]),
      filter([], 'invoice'),
    ])
      expect(keptKeyOf(f)).toBeUndefined();
  });
});

describe('kept counts when the triggers are made again', () => {
  it('drops what an older version of the triggers may have left stale', () => {
    const db = openDatabase(':memory:');
    const database = addDatabase(db, 'Kept');
    const id = addField(db, database, { name: 'Kind', type: FieldType.Character });
    const archive = addArchive(db, database, { name: 'A', fieldIds: [id] });
    const insert = documentInserter(db, database, [id]);
    for (let i = 0; i < 10; i++)
      insert({
        archiveId: archive,
        filePath: '',
        fileType: '.pdf',
        fileSize: 0,
        pageCount: 1,
        createdAt: 0,
        values: { [id]: 'Open' },
      });
    const open: DocFilter = {
      databaseId: database,
      archiveId: archive,
      conditions: [
        { field: { id, type: FieldType.Character, multi: false }, pred: { op: 'eq', value: 'Open' } },
      ],
    };
    expect(createDocSearchRepo(db).count(open)).toBe(10);
    // an older simulator's update trigger, which knows nothing of the kept counts
    db.exec(`DROP TRIGGER doc_${database}_doc_au`);
    db.prepare(
      `UPDATE doc_${database} SET f_${id} = 'Paid' WHERE id IN (SELECT id FROM doc_${database} LIMIT 3)`,
    ).run();
    ensureSearchSchema(db, database);
    expect(createDocSearchRepo(db).count(open)).toBe(7);
  });
});
