// addFieldColumns: a batch of fields gets the same document columns, indexes, triggers and value
// dictionary as the same fields added one at a time (decision 085).
import { describe, expect, it } from 'vitest';
import { addDatabase, addFieldRow, documentInserter } from '@gs/simulator-fixtures/builders';
import { FieldType, type FieldTypeCode } from '@gs/contract/flags';
import { openDatabase, type Db } from '../../db/connection';
import { searchNames } from '../../search/repos/docSearchSchema';
import { addFieldColumn, addFieldColumns } from './docTables';

const FIELDS: [string, FieldTypeCode][] = [
  ['Vendor', FieldType.Character],
  ['Amount', FieldType.Decimal],
  ['Qty', FieldType.Integer],
  ['Due', FieldType.Date],
  ['Region', FieldType.Character],
];

function build(batch: boolean): { db: Db; database: number; ids: number[] } {
  const db = openDatabase(':memory:');
  const database = addDatabase(db, 'D');
  db.transaction(() => {
    const fields = FIELDS.map(([name, type]) => ({ id: addFieldRow(db, database, { name, type }), type }));
    if (batch) addFieldColumns(db, database, fields);
    else fields.forEach((f) => addFieldColumn(db, database, f.id, f.type));
  })();
  const ids = db.prepare(`SELECT id FROM fields ORDER BY id`).pluck().all() as number[];
  return { db, database, ids };
}

const schemaOf = (db: Db): unknown[] =>
  db.prepare(`SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name`).all();

describe('addFieldColumns', () => {
  it('leaves the same schema as adding the fields one at a time', () => {
    const one = build(false);
    const all = build(true);
    expect(schemaOf(all.db)).toEqual(schemaOf(one.db));
    const columns = all.db
      .prepare(`SELECT name FROM pragma_table_info(?)`)
      .pluck()
      .all(`doc_${all.database}`);
    expect(columns).toEqual(expect.arrayContaining(all.ids.map((id) => `f_${id}`)));
  });

  it('keeps every character field of the batch in the value dictionary', () => {
    const { db, database, ids } = build(true);
    const [vendor, amount, , , region] = ids as [number, number, number, number, number];
    documentInserter(db, database, [vendor, amount, region])({
      archiveId: 1,
      filePath: '',
      fileType: '.pdf',
      fileSize: 0,
      pageCount: 1,
      createdAt: 0,
      values: { [vendor]: 'Acme', [amount]: 12.5, [region]: 'North' },
    });
    expect(
      db.prepare(`SELECT field_id, value FROM ${searchNames(database).vals} ORDER BY field_id`).all(),
    ).toEqual([
      { field_id: vendor, value: 'Acme' },
      { field_id: region, value: 'North' },
    ]);
  });

  it('adds only the missing columns, once each, and does nothing when none is missing', () => {
    const { db, database, ids } = build(true);
    const before = schemaOf(db);
    addFieldColumns(
      db,
      database,
      ids.map((id) => ({ id, type: FieldType.Character })),
    );
    expect(schemaOf(db)).toEqual(before);
    const extra = addFieldRow(db, database, { name: 'Extra', type: FieldType.Character });
    db.transaction(() =>
      addFieldColumns(db, database, [
        { id: extra, type: FieldType.Character },
        { id: extra, type: FieldType.Character },
        { id: ids[0] ?? 0, type: FieldType.Character },
      ]),
    )();
    const columns = db.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(`doc_${database}`);
    expect(columns.filter((c) => c === `f_${extra}`)).toHaveLength(1);
  });
});
