// Cached counts after writes (issue 17, decision 037): a count is kept across writes that cannot
// change it (another field, another archive) and is right after every write that can (its
// field, a multi-value row, a document added, moved or deleted), compared with a plain count.
import { beforeEach, describe, expect, it } from 'vitest';
import { addArchive, addDatabase, addField, documentInserter } from '@gs/simulator-fixtures/builders';
import { FieldProp, FieldType } from '@gs/contract/flags';
import { openDatabase, type Db } from '../../db/connection';
import type { DocFilter, FieldRef } from './docQueryModel';
import { createPartVersions } from './docPartVersions';
import { createDocSearchRepo, type DocSearchRepo } from './docSearchRepo';

let db: Db;
let repo: DocSearchRepo;
let database: number;
let archive: number;
let other: number;
let kind: FieldRef;
let amount: FieldRef;
let tags: FieldRef;
let ids: number[];

const doc = () => `doc_${database}`;
const open = (a = archive): DocFilter => ({
  databaseId: database,
  archiveId: a,
  conditions: [{ field: kind, pred: { op: 'eq', value: 'Open' } }],
});
const needle: () => DocFilter = () => ({
  databaseId: database,
  archiveId: archive,
  conditions: [{ field: tags, pred: { op: 'eq', value: 'needle' } }],
});
/** The count straight from the tables, without the engine or its cache. */
const truthOpen = (a = archive): number =>
  db
    .prepare(`SELECT count(*) FROM ${doc()} WHERE archive_id = ? AND f_${kind.id} = 'Open'`)
    .pluck()
    .get(a) as number;
const truthNeedle = (): number =>
  db
    .prepare(
      `SELECT count(DISTINCT m.doc_id) FROM doc_mv_${database} m JOIN ${doc()} d ON d.id = m.doc_id
        WHERE d.archive_id = ? AND m.field_id = ? AND m.value = 'needle'`,
    )
    .pluck()
    .get(archive, tags.id) as number;
const set = (docId: number, field: FieldRef, value: unknown): void => {
  db.prepare(`UPDATE ${doc()} SET f_${field.id} = ? WHERE id = ?`).run(value, docId);
};

beforeEach(() => {
  db = openDatabase(':memory:');
  database = addDatabase(db, 'Counts');
  const f = {
    kind: addField(db, database, { name: 'Kind', type: FieldType.Character }),
    amount: addField(db, database, { name: 'Amount', type: FieldType.Decimal }),
    tags: addField(db, database, { name: 'Tags', type: FieldType.Character, prop: FieldProp.MultiValue }),
  };
  kind = { id: f.kind, type: FieldType.Character, multi: false };
  amount = { id: f.amount, type: FieldType.Decimal, multi: false };
  tags = { id: f.tags, type: FieldType.Character, multi: true };
  archive = addArchive(db, database, { name: 'A', fieldIds: Object.values(f) });
  other = addArchive(db, database, { name: 'B', fieldIds: Object.values(f) });
  const insert = documentInserter(db, database, [f.kind, f.amount]);
  ids = [];
  db.transaction(() => {
    for (let i = 0; i < 40; i++)
      ids.push(
        insert({
          archiveId: i % 4 === 3 ? other : archive,
          filePath: '',
          fileType: '.pdf',
          fileSize: 0,
          pageCount: 1,
          createdAt: 0,
          values: { [f.kind]: i % 2 ? 'Open' : 'Paid', [f.amount]: i },
          multiValues: { [f.tags]: i % 5 === 0 ? ['needle'] : ['hay'] },
        }),
      );
  })();
  repo = createDocSearchRepo(db);
});

const inArchive = (a: number): number[] =>
  db.prepare(`SELECT id FROM ${doc()} WHERE archive_id = ? ORDER BY id`).pluck().all(a) as number[];

describe('cached counts across writes', () => {
  it('keeps the key of a count across an edit of another field or of another archive', () => {
    const versions = createPartVersions(db);
    const key = () => versions(database, archive, [kind.id]);
    const before = key();
    const n = repo.count(open());
    set(inArchive(archive)[0] ?? 0, amount, 999.5);
    set(inArchive(other)[0] ?? 0, kind, 'Open');
    expect(key()).toBe(before);
    expect(repo.count(open())).toBe(n);
    expect(n).toBe(truthOpen());
    // the other archive's own count did change, and is right
    expect(repo.count(open(other))).toBe(truthOpen(other));
  });

  it('recounts after an edit of the counted field in the archive', () => {
    const versions = createPartVersions(db);
    const n = repo.count(open());
    const before = versions(database, archive, [kind.id]);
    const paid = inArchive(archive).find(
      (id) => db.prepare(`SELECT f_${kind.id} FROM ${doc()} WHERE id = ?`).pluck().get(id) === 'Paid',
    );
    set(paid ?? 0, kind, 'Open');
    expect(versions(database, archive, [kind.id])).not.toBe(before);
    expect(repo.count(open())).toBe(n + 1);
    expect(repo.count(open())).toBe(truthOpen());
    // writing the same value again changes nothing
    const same = versions(database, archive, [kind.id]);
    set(paid ?? 0, kind, 'Open');
    expect(versions(database, archive, [kind.id])).toBe(same);
  });

  it('recounts after a document is added, moved to another archive or deleted', () => {
    const n = repo.count(open());
    const size = repo.archiveSize(database, archive);
    const insert = documentInserter(db, database, [kind.id]);
    insert({
      archiveId: archive,
      filePath: '',
      fileType: '.pdf',
      fileSize: 0,
      pageCount: 1,
      createdAt: 0,
      values: { [kind.id]: 'Open' },
    });
    expect(repo.count(open())).toBe(n + 1);
    expect(repo.archiveSize(database, archive)).toBe(size + 1);
    const moved = inArchive(archive).find(
      (id) => db.prepare(`SELECT f_${kind.id} FROM ${doc()} WHERE id = ?`).pluck().get(id) === 'Open',
    );
    const otherBefore = repo.count(open(other));
    db.prepare(`UPDATE ${doc()} SET archive_id = ? WHERE id = ?`).run(other, moved);
    expect(repo.count(open())).toBe(n);
    expect(repo.count(open(other))).toBe(otherBefore + 1);
    db.prepare(`DELETE FROM ${doc()} WHERE id = ?`).run(moved);
    expect(repo.count(open(other))).toBe(otherBefore);
    expect(repo.count(open())).toBe(truthOpen());
    expect(repo.count(open(other))).toBe(truthOpen(other));
  });

  it('recounts a multi-value criterion after its rows change, and keeps it across other edits', () => {
    const versions = createPartVersions(db);
    const n = repo.count(needle());
    expect(n).toBe(truthNeedle());
    const before = versions(database, archive, [tags.id]);
    set(inArchive(archive)[1] ?? 0, kind, 'Void');
    expect(versions(database, archive, [tags.id])).toBe(before);
    const target = inArchive(archive).find(
      (id) =>
        db.prepare(`SELECT 1 FROM doc_mv_${database} WHERE doc_id = ? AND value = 'needle'`).get(id) ===
        undefined,
    );
    db.prepare(
      `INSERT INTO doc_mv_${database}(doc_id, field_id, ordinal, value) VALUES (?, ?, 9, 'needle')`,
    ).run(target, tags.id);
    expect(repo.count(needle())).toBe(n + 1);
    db.prepare(`UPDATE doc_mv_${database} SET value = 'hay' WHERE doc_id = ? AND ordinal = 9`).run(target);
    expect(repo.count(needle())).toBe(n);
    db.prepare(`UPDATE doc_mv_${database} SET value = 'needle' WHERE doc_id = ? AND ordinal = 9`).run(target);
    db.prepare(`DELETE FROM doc_mv_${database} WHERE doc_id = ? AND ordinal = 9`).run(target);
    expect(repo.count(needle())).toBe(n);
    expect(repo.count(needle())).toBe(truthNeedle());
  });

  it('pages report the count the archive holds after edits', () => {
    const q = { ...open(), columns: [kind], sort: [], offset: 0, limit: 5 };
    const first = repo.page(q).count;
    const paid = inArchive(archive).filter(
      (id) => db.prepare(`SELECT f_${kind.id} FROM ${doc()} WHERE id = ?`).pluck().get(id) === 'Paid',
    );
    for (const id of paid.slice(0, 3)) set(id, kind, 'Open');
    expect(repo.page(q).count).toBe(first + 3);
    expect(repo.page(q).count).toBe(truthOpen());
  });
});
