// Copy and move into an archive of another database (Beta): values go by field name, the file
// and text go along, both databases' histories and search structures follow.
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import {
  addArchive,
  addField,
  addSearch,
  grantArchive,
  grantDatabase,
  grantSearch,
} from '@gs/simulator-fixtures/builders';
import { ALL_ARCHIVE_PERMISSIONS, FieldProp, FieldType, Operator } from '@gs/contract/flags';
import type { SearchPageResult } from '@gs/contract/searches';
import { createAnnotationsRepo } from '../../viewer/repos/annotationsRepo';
import { secureId } from '../../security/repos/secureIds';
import { docCall, makeDocOpsApp, PDF_BYTES, type DocOpsTestApp } from '../../testing/docOpsWorld';
import { API, basic } from '../../testing/testApp';

interface Entry {
  Category: string;
  Message: string;
  ArchiveID: number;
  DocumentID: number;
  OldArchiveID: number;
  OldDocID: number;
}
interface Field {
  ID: number;
  VAL: string;
  MVAL: string[];
}

interface Beta {
  /** Filed B: content search, fields vendor, AMOUNT (character), Tags, Due (integer), Notes, system fields */
  archive: number;
  vendor: number;
  amount: number;
  tags: number;
  due: number;
  notes: number;
  entered: number;
  pages: number;
  indexedBy: number;
  search: number;
  /** Beta's Orders: full.user has View only */
  viewOnly: number;
}

let t: DocOpsTestApp;
let b: Beta;

beforeEach(() => {
  t = makeDocOpsApp();
  const db = t.db;
  const beta = t.w.beta;
  // docA also has a Region (no such field in Beta) and a Due date (an integer field in Beta)
  const region = addField(db, t.w.alpha, { name: 'Region', type: FieldType.Character });
  const alphaDue = addField(db, t.w.alpha, { name: 'Due', type: FieldType.Date });
  db.prepare(
    `UPDATE doc_${t.w.alpha} SET f_${region} = 'North', f_${alphaDue} = '2026-01-31' WHERE id = ?`,
  ).run(t.d.docA);
  const vendor = addField(db, beta, { name: 'vendor', type: FieldType.Character });
  const amount = addField(db, beta, { name: 'AMOUNT', type: FieldType.Character });
  const tags = addField(db, beta, { name: 'Tags', type: FieldType.Character, prop: FieldProp.MultiValue });
  const due = addField(db, beta, { name: 'Due', type: FieldType.Integer });
  const notes = addField(db, beta, { name: 'Notes', type: FieldType.Character });
  const entered = addField(db, beta, {
    name: 'Date Entered',
    type: FieldType.Date,
    prop: FieldProp.DateEntered,
  });
  const pages = addField(db, beta, {
    name: 'Page Count',
    type: FieldType.Integer,
    prop: FieldProp.PageCount,
  });
  const indexedBy = addField(db, beta, {
    name: 'Indexed By',
    type: FieldType.Character,
    prop: FieldProp.IndexedBy,
  });
  const archive = addArchive(db, beta, {
    name: 'Filed B',
    contentSearch: true,
    fieldIds: [vendor, amount, tags, due, notes, entered, pages, indexedBy],
  });
  grantArchive(db, archive, t.w.full, ALL_ARCHIVE_PERMISSIONS);
  grantArchive(db, archive, t.w.reader, ALL_ARCHIVE_PERMISSIONS);
  grantDatabase(db, beta, t.w.reader);
  const search = addSearch(db, beta, {
    name: 'By vendor',
    archiveId: archive,
    settings: 4 | 1,
    prompts: [{ fieldId: vendor, operator: Operator.Contains, prompt: 'Vendor' }],
  });
  grantSearch(db, search, t.w.full);
  b = { archive, vendor, amount, tags, due, notes, entered, pages, indexedBy, search, viewOnly: t.w.orders };
});
afterEach(() => {
  rmSync(t.d.dataDir, { recursive: true, force: true });
});

const op = (
  kind: string,
  doc: number,
  dest: number | string,
  extra: Record<string, string | number> = {},
  user = 'full.user',
) => docCall(t, user, t.w.invoices, doc, kind, { DestinationArchive: dest, Job: 'j1', Count: 1, ...extra });
const message = (body: unknown): string => (body as { Message: string }).Message;
const betaCall = (archive: number, doc: number, suffix: string) =>
  request(t.app)
    .get(`${API}dbs/${t.w.beta}/archives/${archive}/documents/${doc}/${suffix}`)
    .query({ SecureId: secureId(t.secret, 'doc', t.w.beta, doc) })
    .set('Authorization', basic('full.user'));
const betaFields = async (doc: number): Promise<Field[]> =>
  ((await betaCall(b.archive, doc, '').expect(200)).body as { Docs: { Fields: Field[] }[] }).Docs[0]
    ?.Fields ?? [];
const valueOf = (fields: Field[], id: number): Field | undefined => fields.find((f) => f.ID === id);
const search = (criteria: string) =>
  request(t.app)
    .get(`${API}dbs/${t.w.beta}/searches/${b.search}/archive/${b.archive}/documents`)
    .query({ SecureId: secureId(t.secret, 'search', t.w.beta, b.search), SearchCriteria: criteria })
    .set('Authorization', basic('full.user'));
const found = async (criteria: string): Promise<number[]> =>
  ((await search(criteria).expect(200)).body as SearchPageResult).Docs.map((d) => d.Id);
const archiveHistory = async (db: number, archive: number): Promise<Entry[]> =>
  (
    (
      await request(t.app)
        .get(`${API}dbs/${db}/archives/${archive}/audit`)
        .set('Authorization', basic('full.user'))
        .expect(200)
    ).body as { Items: Entry[] }
  ).Items;
const scalar = (sql: string, ...args: unknown[]): unknown =>
  t.db
    .prepare(sql)
    .pluck()
    .get(...args);

const annotate = (db: number, doc: number): void => {
  const row = { page: 1, x: 0.1, y: 0.2, text: 'checked', type: 'stamp', color: '#ff0' };
  createAnnotationsRepo(t.db).replace(db, doc, [{ ...row, createdBy: 'full.user', createdAt: 0 }]);
};
const annotations = (db: number, doc: number): unknown =>
  scalar(`SELECT group_concat(text) FROM annotations WHERE database_id = ? AND document_id = ?`, db, doc);

/** The mapping every cross-database test expects of docA in Filed B. */
async function expectMappedValues(id: number): Promise<void> {
  const fields = await betaFields(id);
  expect(valueOf(fields, b.vendor)?.VAL).toBe('Acme');
  // a decimal into a character field of the same name (other casing)
  expect(valueOf(fields, b.amount)?.VAL).toBe('12.5');
  expect(valueOf(fields, b.tags)?.MVAL).toEqual(['red', 'blue']);
  // a date does not fit an integer field; Region has no field; Notes had no value
  expect(valueOf(fields, b.due)?.VAL ?? '').toBe('');
  expect(valueOf(fields, b.notes)?.VAL ?? '').toBe('');
  expect(fields.some((f) => f.VAL === 'North')).toBe(false);
  // system fields are filled for the new document
  expect(valueOf(fields, b.pages)?.VAL).toBe('1');
  expect(valueOf(fields, b.indexedBy)?.VAL).toBe('full.user');
  expect(valueOf(fields, b.entered)?.VAL).toMatch(/^\d{2}\/\d{2}\/\d{4}/);
}

describe('copy into another database', () => {
  it('maps the values by field name, copies the file and text, logs both sides, and is searchable', async () => {
    annotate(t.w.alpha, t.d.docA);
    const id = (await op('Copy', t.d.docA, b.archive).expect(200)).body as number;
    expect(typeof id).toBe('number');
    await expectMappedValues(id);
    expect([annotations(t.w.beta, id), annotations(t.w.alpha, t.d.docA)]).toEqual(['checked', 'checked']);

    const row = t.db
      .prepare(`SELECT file_path AS path, archive_id AS archive FROM doc_${t.w.beta} WHERE id = ?`)
      .get(id) as {
      path: string;
      archive: number;
    };
    expect(row.archive).toBe(b.archive);
    expect(row.path.startsWith(`${t.w.beta}/${b.archive}/`)).toBe(true);
    expect(readFileSync(join(t.d.dataDir, 'files', row.path)).equals(PDF_BYTES)).toBe(true);
    expect(scalar(`SELECT body FROM doc_text_${t.w.beta} WHERE doc_id = ?`, id)).toBe('the quick brown fox');

    // the destination's value dictionary, FTS and field search know the copy
    expect(await found(`{"${String(promptOf())}":"acm"}`)).toEqual([id]);
    expect(await found('{"content":"brown"}')).toEqual([id]);
    expect(
      scalar(`SELECT COUNT(*) FROM doc_vals_${t.w.beta} WHERE field_id = ? AND value = 'red'`, b.tags),
    ).toBe(1);

    const dest = (await betaCall(b.archive, id, 'audit').expect(200)).body as Entry[];
    expect(dest).toMatchObject([
      { Category: 'copied', ArchiveID: b.archive, OldArchiveID: t.w.invoices, OldDocID: t.d.docA },
    ]);
    expect(dest[0]?.Message).toMatch(/Invoices.*Alpha/);
    const source = (await docCall(t, 'full.user', t.w.invoices, t.d.docA, 'audit').expect(200))
      .body as Entry[];
    expect(source).toMatchObject([{ Category: 'copied', ArchiveID: t.w.invoices }]);
    expect(source[0]?.Message).toMatch(new RegExp(`Filed B.*Beta.*document ${id}`));

    // the source stays as it was
    await docCall(t, 'full.user', t.w.invoices, t.d.docA, '').expect(200);
    expect(existsSync(join(t.d.dataDir, 'files', String(t.w.alpha), 'inv', 'a.pdf'))).toBe(true);
  });

  it('takes a DestinationDatabase that names the archive’s database, and refuses one that does not', async () => {
    await op('copy', t.d.docA, b.archive, { DestinationDatabase: t.w.beta }).expect(200);
    const wrong = await op('copy', t.d.docA, b.archive, { destinationdatabase: t.w.alpha }).expect(404);
    expect(message(wrong.body)).toBeTruthy();
    const bad = await op('copy', t.d.docA, b.archive, { DestinationDatabase: 'x' }).expect(400);
    expect(message(bad.body)).toBeTruthy();
  });

  it('needs Add on the destination, the destination database and an editing licence', async () => {
    expect(message((await op('Copy', t.d.docA, b.viewOnly).expect(403)).body)).toMatch(/add documents/);
    const reader = await op('Copy', t.d.docA, b.archive, {}, 'reader').expect(403);
    expect(message(reader.body)).toMatch(/read-only/);
    // web.user may view Invoices but has no access to Beta at all
    grantArchive(t.db, t.w.invoices, t.w.web, ALL_ARCHIVE_PERMISSIONS);
    expect(message((await op('Copy', t.d.docA, b.archive, {}, 'web.user').expect(404)).body)).toBeTruthy();
    expect(scalar(`SELECT COUNT(*) FROM doc_${t.w.beta}`)).toBe(0);
  });

  it('answers a bad destination with a 4xx and a Message, and makes nothing', async () => {
    expect(message((await op('Copy', t.d.docA, 'abc').expect(400)).body)).toBeTruthy();
    expect(message((await op('Copy', t.d.docA, 987_654).expect(404)).body)).toBeTruthy();
    // the file is gone: no row and no stray file in Beta
    expect(message((await op('Copy', t.d.missing, b.archive).expect(404)).body)).toMatch(/file/);
    expect(scalar(`SELECT COUNT(*) FROM doc_${t.w.beta}`)).toBe(0);
    const dir = join(t.d.dataDir, 'files', String(t.w.beta), String(b.archive));
    expect(existsSync(dir) ? readdirSync(dir) : []).toEqual([]);
  });
});

describe('move into another database', () => {
  it('re-creates the document in the destination with the same file and removes the source', async () => {
    const before = t.db
      .prepare(`SELECT file_path FROM doc_${t.w.alpha} WHERE id = ?`)
      .pluck()
      .get(t.d.docA) as string;
    annotate(t.w.alpha, t.d.docA);
    const id = (await op('Move', t.d.docA, b.archive).expect(200)).body as number;
    await expectMappedValues(id);
    expect([annotations(t.w.beta, id), annotations(t.w.alpha, t.d.docA)]).toEqual(['checked', null]);
    expect(t.db.prepare(`SELECT file_path FROM doc_${t.w.beta} WHERE id = ?`).pluck().get(id)).toBe(before);
    expect(existsSync(join(t.d.dataDir, 'files', before))).toBe(true);

    // the source is gone, with its values and text, from the rows and the search structures
    await docCall(t, 'full.user', t.w.invoices, t.d.docA, '').expect(404);
    for (const table of ['doc', 'doc_mv', 'doc_text'])
      expect(
        scalar(
          `SELECT COUNT(*) FROM ${table}_${t.w.alpha} WHERE ${table === 'doc' ? 'id' : 'doc_id'} = ?`,
          t.d.docA,
        ),
      ).toBe(0);
    expect(scalar(`SELECT COUNT(*) FROM docTextFts_${t.w.alpha} WHERE rowid = ?`, t.d.docA)).toBe(0);
    expect(await found('{"content":"quick"}')).toEqual([id]);

    const dest = (await betaCall(b.archive, id, 'audit').expect(200)).body as Entry[];
    expect(dest).toMatchObject([
      { Category: 'moved', ArchiveID: b.archive, OldArchiveID: t.w.invoices, OldDocID: t.d.docA },
    ]);
    expect((await archiveHistory(t.w.alpha, t.w.invoices))[0]).toMatchObject({
      Category: 'moved',
      DocumentID: t.d.docA,
    });
    expect((await archiveHistory(t.w.alpha, t.w.invoices))[0]?.Message).toMatch(/Filed B/);
  });

  it('needs Move (131072) on the source, Add on the destination and an editing licence', async () => {
    const noMove = await op('move', t.d.docA, b.archive, {}, 'web.user').expect(403);
    expect(message(noMove.body)).toMatch(/move/);
    expect(message((await op('Move', t.d.docA, b.viewOnly).expect(403)).body)).toMatch(/add documents/);
    expect(message((await op('Move', t.d.docA, b.archive, {}, 'reader').expect(403)).body)).toMatch(
      /read-only/,
    );
    expect(scalar(`SELECT COUNT(*) FROM doc_${t.w.alpha} WHERE id = ?`, t.d.docA)).toBe(1);
    expect(scalar(`SELECT COUNT(*) FROM doc_${t.w.beta}`)).toBe(0);
  });
});

/** The id of the search's Vendor prompt (SearchCriteria keys are prompt ids). */
const promptOf = (): unknown => scalar(`SELECT id FROM search_prompts WHERE search_id = ?`, b.search);
