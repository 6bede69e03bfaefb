import { describe, expect, it } from 'vitest';
import { addArchive, addDatabase, addField, documentInserter } from '@gs/simulator-fixtures/builders';
import { FieldProp, FieldType } from '@gs/contract/flags';
import { openDatabase, type Db } from '../../db/connection';
import { createDocumentTables } from '../../documents/repos/docTables';
import { ensureAllSearchSchemas, fieldIndexName, searchNames } from './docSearchSchema';
import { createDocSearchRepo } from './docSearchRepo';

const count = (db: Db, sql: string, ...params: unknown[]): number =>
  (db
    .prepare(sql)
    .pluck()
    .get(...params) as number | undefined) ?? 0;

function world(): { db: Db; database: number; archive: number; vendor: number; tags: number } {
  const db = openDatabase(':memory:');
  const database = addDatabase(db, 'D');
  const vendor = addField(db, database, { name: 'Vendor', type: FieldType.Character });
  const tags = addField(db, database, {
    name: 'Tags',
    type: FieldType.Character,
    prop: FieldProp.MultiValue,
  });
  const archive = addArchive(db, database, { name: 'A', contentSearch: true, fieldIds: [vendor, tags] });
  const insert = documentInserter(db, database, [vendor]);
  ['Acme', 'Beta', 'Acme'].forEach((v) =>
    insert({
      archiveId: archive,
      filePath: '',
      fileType: '.pdf',
      fileSize: 0,
      pageCount: 1,
      createdAt: 0,
      values: { [vendor]: v },
      multiValues: { [tags]: [`${v}-tag`] },
      text: `${v} text`,
    }),
  );
  return { db, database, archive, vendor, tags };
}

describe('search structures of a document table', () => {
  it('are kept in step by triggers: dictionary, content index, version', () => {
    const { db, database, vendor } = world();
    const n = searchNames(database);
    expect(
      db.prepare(`SELECT value FROM ${n.vals} WHERE field_id = ? ORDER BY value`).pluck().all(vendor),
    ).toEqual(['Acme', 'Beta']);
    expect(count(db, `SELECT count(*) FROM ${n.vals}`)).toBe(4);
    expect(count(db, `SELECT count(*) FROM ${n.textFts} WHERE ${n.textFts} MATCH 'acme'`)).toBe(2);
    const version = count(db, `SELECT version FROM ${n.stamp}`);
    db.prepare(`UPDATE ${n.text} SET body = 'gamma' WHERE doc_id = 1`).run();
    expect(count(db, `SELECT count(*) FROM ${n.textFts} WHERE ${n.textFts} MATCH 'acme'`)).toBe(1);
    expect(count(db, `SELECT version FROM ${n.stamp}`)).toBeGreaterThan(version);
    expect(
      count(db, `SELECT count(*) FROM sqlite_master WHERE name = ?`, fieldIndexName(database, vendor)),
    ).toBe(1);
  });

  it('are made and filled at start for a table made before them', () => {
    const { db, database, archive, vendor } = world();
    const n = searchNames(database);
    const names = db
      .prepare(
        `SELECT type, name FROM sqlite_master WHERE tbl_name IN (?, ?, ?) AND type IN ('trigger', 'index') AND sql IS NOT NULL`,
      )
      .all(n.doc, n.mv, n.text) as { type: string; name: string }[];
    for (const { type, name } of names) if (!name.endsWith('_by_archive')) db.exec(`DROP ${type} ${name}`);
    db.exec(`DROP TABLE ${n.valsFts}; DROP TABLE ${n.textFts}; DROP TABLE ${n.vals}; DROP TABLE ${n.stamp};`);
    ensureAllSearchSchemas(db);
    const repo = createDocSearchRepo(db);
    const like = {
      databaseId: database,
      archiveId: archive,
      conditions: [
        {
          field: { id: vendor, type: FieldType.Character, multi: false },
          pred: { op: 'like' as const, pattern: '%cm%' },
        },
      ],
    };
    expect(repo.count(like)).toBe(2);
    expect(repo.count({ databaseId: database, archiveId: archive, conditions: [], content: '"beta"' })).toBe(
      1,
    );
    // four keep the search structures current (insert, update, archive change, delete), four the
    // document states and workflow runs (docStateTriggers.ts)
    expect(
      count(db, `SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND tbl_name = ?`, n.doc),
    ).toBe(8);
  });

  it('are left as they are at start when current, and made again when one of them differs', () => {
    const { db, database } = world();
    const n = searchNames(database);
    const triggers = () =>
      db
        .prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name IN (?, ?, ?)`)
        .all(n.doc, n.mv, n.text) as { name: string; sql: string }[];
    const made = triggers();
    const version = () => db.pragma('schema_version', { simple: true }) as number;
    const before = version();
    ensureAllSearchSchemas(db);
    // nothing to remake: the schema (and so every statement compiled on it) stays as it was
    expect(version()).toBe(before);
    expect(triggers()).toEqual(made);
    // a trigger whose text differs from what the search structures need is made again, with all
    db.exec(`DROP TRIGGER ${n.doc}_state_ad;
      CREATE TRIGGER ${n.doc}_state_ad AFTER DELETE ON ${n.doc} BEGIN SELECT 1; END;`);
    ensureAllSearchSchemas(db);
    expect(version()).toBeGreaterThan(before);
    expect(new Map(triggers().map((t) => [t.name, t.sql]))).toEqual(
      new Map(made.map((t) => [t.name, t.sql])),
    );
  });

  it('do not outlive their document table: a table made again starts clean', () => {
    const { db, database } = world();
    const n = searchNames(database);
    const epoch = count(db, `SELECT epoch FROM ${n.stamp}`);
    db.exec(`DROP TABLE ${n.doc}; DROP TABLE ${n.mv}; DROP TABLE ${n.text};`);
    createDocumentTables(db, database);
    expect(count(db, `SELECT count(*) FROM ${n.textFts}`)).toBe(0);
    expect(count(db, `SELECT count(*) FROM ${n.vals}`)).toBe(0);
    expect(count(db, `SELECT epoch FROM ${n.stamp}`)).not.toBe(epoch);
  });
});
