// The query engine's plans on 20,000 generated documents: every plan (sort-scan, driver through a
// field index, driver through multi-value rows, content order) must return what a plain filter and
// sort of the same data returns, page by page.
import { beforeAll, describe, expect, it } from 'vitest';
import { addArchive, addDatabase, addField, documentInserter } from '@gs/simulator-fixtures/builders';
import { FieldProp, FieldType } from '@gs/contract/flags';
import { openDatabase, type Db } from '../../db/connection';
import type { DocPageQuery, FieldRef } from './docQueryModel';
import { createDocSearchRepo, type DocSearchRepo } from './docSearchRepo';

const N = 20_000;
interface Doc {
  id: number;
  vendor: string;
  kind: string;
  day: string;
  amount: number;
  tags: string[];
  text: string;
}

let db: Db;
let repo: DocSearchRepo;
let docs: Doc[];
let f: { vendor: FieldRef; kind: FieldRef; day: FieldRef; amount: FieldRef; tags: FieldRef };
let archive: number;
let database: number;

beforeAll(() => {
  db = openDatabase(':memory:');
  database = addDatabase(db, 'Big');
  const ids = {
    vendor: addField(db, database, { name: 'Vendor', type: FieldType.Character }),
    kind: addField(db, database, { name: 'Kind', type: FieldType.Character }),
    day: addField(db, database, { name: 'Day', type: FieldType.Date }),
    amount: addField(db, database, { name: 'Amount', type: FieldType.Decimal }),
    tags: addField(db, database, { name: 'Tags', type: FieldType.Character, prop: FieldProp.MultiValue }),
  };
  archive = addArchive(db, database, { name: 'All', contentSearch: true, fieldIds: Object.values(ids) });
  const other = addArchive(db, database, {
    name: 'Other',
    contentSearch: true,
    fieldIds: Object.values(ids),
  });
  f = {
    vendor: { id: ids.vendor, type: FieldType.Character, multi: false },
    kind: { id: ids.kind, type: FieldType.Character, multi: false },
    day: { id: ids.day, type: FieldType.Date, multi: false },
    amount: { id: ids.amount, type: FieldType.Decimal, multi: false },
    tags: { id: ids.tags, type: FieldType.Character, multi: true },
  };
  const insert = documentInserter(db, database, [ids.vendor, ids.kind, ids.day, ids.amount]);
  // mulberry32: a fixed, evenly spread sequence
  let seed = 7;
  const rand = (n: number): number => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
  docs = [];
  db.transaction(() => {
    for (let i = 0; i < N; i++) {
      const d = {
        vendor: `Vendor ${rand(300)}`,
        kind: rand(100) === 0 ? 'Rare' : (['Open', 'Paid', 'Void'][rand(3)] ?? 'Open'),
        day: new Date(Date.UTC(2020, 0, 1) + rand(1500) * 86_400_000).toISOString().slice(0, 10),
        amount: rand(100_000) / 100,
        tags: rand(150) === 0 ? ['needle'] : rand(2) ? ['hay'] : [],
        text: rand(120) === 0 ? 'a golden ticket inside' : 'plain paper',
      };
      const id = insert({
        archiveId: i % 10 === 9 ? other : archive,
        filePath: '',
        fileType: '.pdf',
        fileSize: 0,
        pageCount: 1,
        createdAt: 0,
        values: { [ids.vendor]: d.vendor, [ids.kind]: d.kind, [ids.day]: d.day, [ids.amount]: d.amount },
        multiValues: { [ids.tags]: d.tags },
        text: d.text,
      });
      if (i % 10 !== 9) docs.push({ id, ...d });
    }
  })();
  repo = createDocSearchRepo(db);
  // 20,000 documents: seconds on a quiet machine, more when the machine is shared
}, 60_000);

type Key = (d: Doc) => string | number;
const byKey =
  (key: Key, desc: boolean) =>
  (a: Doc, b: Doc): number => {
    const [x, y] = [key(a), key(b)];
    const c = x < y ? -1 : x > y ? 1 : a.id - b.id;
    return desc ? -c : c;
  };

function check(
  q: Omit<DocPageQuery, 'databaseId' | 'archiveId' | 'columns'>,
  match: (d: Doc) => boolean,
  key: Key,
  plan: RegExp,
): void {
  const query: DocPageQuery = {
    ...q,
    databaseId: database,
    archiveId: archive,
    columns: [f.vendor, f.kind, f.day, f.amount, f.tags],
  };
  const expected = docs.filter(match).sort(byKey(key, q.sort[0]?.desc ?? false));
  const page = repo.page(query);
  expect(page.plan).toMatch(plan);
  expect(page.count).toBe(expected.length);
  expect(page.rows.map((r) => r.id)).toEqual(expected.slice(q.offset, q.offset + q.limit).map((d) => d.id));
  const first = page.rows[0];
  const want = expected[q.offset];
  if (first && want)
    expect([first.values.get(f.vendor.id), first.multi.get(f.tags.id) ?? []]).toEqual([
      want.vendor,
      want.tags,
    ]);
}

describe('docSearchRepo plans agree with a plain filter and sort', () => {
  it('drives a rare equality through its index and sorts by another field', () => {
    const q = {
      conditions: [{ field: f.kind, pred: { op: 'eq' as const, value: 'rare' } }],
      sort: [{ field: f.day, desc: true }],
    };
    check(
      { ...q, offset: 0, limit: 25 },
      (d) => d.kind === 'Rare',
      (d) => d.day,
      /^driver:doc_\d+_f_\d+$/,
    );
    check(
      { ...q, offset: 150, limit: 25 },
      (d) => d.kind === 'Rare',
      (d) => d.day,
      /^driver/,
    );
  });

  it('scans in sort order for a common criterion, at any page', () => {
    const q = {
      conditions: [{ field: f.kind, pred: { op: 'eq' as const, value: 'Paid' } }],
      sort: [{ field: f.amount, desc: false }],
    };
    check(
      { ...q, offset: 0, limit: 50 },
      (d) => d.kind === 'Paid',
      (d) => d.amount,
      /^sort-scan$/,
    );
    check(
      { ...q, offset: 3000, limit: 50 },
      (d) => d.kind === 'Paid',
      (d) => d.amount,
      /./,
    );
  });

  it('resolves Contains through the value dictionary, both ways', () => {
    const contains = (term: string) => ({
      field: f.vendor,
      pred: { op: 'like' as const, pattern: `%${term}%` },
    });
    check(
      { conditions: [contains('dor 12')], sort: [{ field: 'id', desc: true }], offset: 0, limit: 25 },
      (d) => d.vendor.includes('dor 12'),
      (d) => d.id,
      /./,
    );
    check(
      { conditions: [contains('r 7')], sort: [{ field: f.vendor, desc: false }], offset: 40, limit: 25 },
      (d) => d.vendor.includes('r 7'),
      (d) => d.vendor.toLowerCase(),
      /./,
    );
  });

  it('drives a rare multi-value equality through its rows', () => {
    const q = {
      conditions: [{ field: f.tags, pred: { op: 'eq' as const, value: 'NEEDLE' } }],
      sort: [{ field: f.day, desc: false }],
    };
    check(
      { ...q, offset: 0, limit: 25 },
      (d) => d.tags.includes('needle'),
      (d) => d.day,
      /^driver:ids$/,
    );
  });

  it('reads content matches in id order from the FTS index, and combines them with criteria', () => {
    check(
      { conditions: [], content: '"golden"', sort: [{ field: 'id', desc: true }], offset: 10, limit: 25 },
      (d) => d.text.includes('golden'),
      (d) => d.id,
      /^content-order$/,
    );
    const paid = [{ field: f.kind, pred: { op: 'ne' as const, value: 'paid' } }];
    check(
      {
        conditions: paid,
        content: '"ticket"',
        sort: [{ field: f.amount, desc: true }],
        offset: 0,
        limit: 10,
      },
      (d) => d.text.includes('ticket') && d.kind !== 'Paid',
      (d) => d.amount,
      /./,
    );
  });

  it('counts with the same answer whichever index it uses, and caches until a write', () => {
    const rare = {
      databaseId: database,
      archiveId: archive,
      conditions: [{ field: f.kind, pred: { op: 'eq' as const, value: 'Rare' } }],
    };
    const two = {
      ...rare,
      conditions: [...rare.conditions, { field: f.tags, pred: { op: 'eq' as const, value: 'hay' } }],
    };
    expect(repo.count(rare)).toBe(docs.filter((d) => d.kind === 'Rare').length);
    expect(repo.count(two)).toBe(docs.filter((d) => d.kind === 'Rare' && d.tags.includes('hay')).length);
    const before = repo.count(rare);
    db.prepare(`UPDATE doc_${database} SET f_${f.kind.id} = 'Rare' WHERE id = ?`).run(
      docs.find((d) => d.kind !== 'Rare')?.id,
    );
    expect(repo.count(rare)).toBe(before + 1);
  });
});
