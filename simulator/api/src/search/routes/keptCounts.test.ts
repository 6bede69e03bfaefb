// Counts kept on write (issue 32 item 3, decision 067): after every kind of write, through HTTP, a
// search's count of an equals criterion (and of the whole archive) is still kept, adjusted in the
// write's transaction rather than dropped, and equals a fresh COUNT(*) of the rows.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import { PDFDocument } from 'pdf-lib';
import { addArchive, documentInserter, grantArchive } from '@gs/simulator-fixtures/builders';
import { ALL_ARCHIVE_PERMISSIONS } from '@gs/contract/flags';
import type { SearchPageResult } from '@gs/contract/searches';
import { secureId } from '../../security/repos/secureIds';
import { keptTableName } from '../repos/keptCounts';
import { makeBulkApp, type BulkTestApp } from '../../testing/bulkWorld';
import { API, basic } from '../../testing/testApp';

let t: BulkTestApp;
let filed: number;
beforeEach(() => {
  t = makeBulkApp();
  filed = addArchive(t.db, t.w.alpha, { name: 'Filed', fieldIds: [t.w.vendor, t.e.customer, t.e.qty] });
  grantArchive(t.db, filed, t.w.full, ALL_ARCHIVE_PERMISSIONS);
});

const docSid = (doc: number): string => secureId(t.secret, 'doc', t.w.alpha, doc);
const as = <T>(r: request.Test) => r.set('Authorization', basic('full.user')) as request.Test & T;

/** The Count a search answers: Customer equals `value`, or every document of Ledger. */
async function searched(value?: string): Promise<number> {
  const search = value === undefined ? t.b.allLedger : t.b.byCustomer;
  const criteria = value === undefined ? {} : { [t.b.customerPrompt]: value };
  const res = await as(
    request(t.app)
      .get(`${API}dbs/${t.w.alpha}/searches/${search}/archive/${t.e.ledger}/documents`)
      .query({
        SecureId: secureId(t.secret, 'search', t.w.alpha, search),
        SearchCriteria: JSON.stringify(criteria),
      }),
  ).expect(200);
  return (res.body as SearchPageResult).Count;
}

/** The kept row of Customer = value (or the archive's size), as stored. */
const kept = (value?: string, archive = t.e.ledger) =>
  t.db
    .prepare(
      `SELECT n, pending FROM ${keptTableName(t.w.alpha)} WHERE archive_id = ? AND field_id = ? AND value = ?`,
    )
    .get(archive, value === undefined ? 0 : t.e.customer, value ?? '') as
    { n: number; pending: number } | undefined;

/** COUNT(*) straight from the rows (case-insensitive, as Equals compares). */
const truth = (value?: string, archive = t.e.ledger): number =>
  (value === undefined
    ? t.db.prepare(`SELECT count(*) FROM doc_${t.w.alpha} WHERE archive_id = ?`).pluck().get(archive)
    : t.db
        .prepare(
          `SELECT count(*) FROM doc_${t.w.alpha} WHERE archive_id = ? AND f_${t.e.customer} = ? COLLATE NOCASE`,
        )
        .pluck()
        .get(archive, value)) as number;

const WATCHED = ['Cust 1', 'Cust 2', 'cust 3', 'New'];

/** Search each watched count once: each is then kept, and right. */
async function keepAll(): Promise<void> {
  for (const v of [...WATCHED, undefined]) {
    expect(await searched(v)).toBe(truth(v));
    expect(kept(v)).toEqual({ n: truth(v), pending: 0 });
  }
}

/** After a write: every watched count is still kept (adjusted, not dropped) and equals COUNT(*). */
async function expectAdjusted(): Promise<void> {
  for (const v of [...WATCHED, undefined]) {
    expect(kept(v), `kept ${v ?? 'size'}`).toEqual({ n: truth(v), pending: 0 });
    expect(await searched(v), `searched ${v ?? 'size'}`).toBe(truth(v));
  }
}

const putFields = (doc: number, fields: { ID: number; VAL: string }[]) =>
  as(
    request(t.app)
      .put(`${API}UpdateDocument/databases/${t.w.alpha}/archive/${t.e.ledger}/document/${doc}/FieldData`)
      .query({ secureId: docSid(doc) })
      .send(fields.map((f) => ({ ...f, MVAL: [] }))),
  ).expect((r) => expect(r.status, JSON.stringify(r.body)).toBe(200));

const docOp = (doc: number, op: string, query: Record<string, string | number> = {}) =>
  as(
    request(t.app)
      .get(`${API}dbs/${t.w.alpha}/archives/${t.e.ledger}/documents/${doc}/${op}`)
      .query({ SecureId: docSid(doc), Job: 'j1', Count: 1, ...query }),
  ).expect(200);

const doc = (i: number): number => t.b.docs[i] ?? 0;

describe('counts kept on write', () => {
  it('adjusts an equals count when a field edit moves a document out of and into its value', async () => {
    await keepAll();
    const before = truth('Cust 2');
    await putFields(doc(0), [{ ID: t.e.customer, VAL: 'Cust 2' }]);
    expect(truth('Cust 2')).toBe(before + 1);
    await expectAdjusted();
    // a change of case only stays in the same (case-insensitive) count
    await putFields(doc(0), [{ ID: t.e.customer, VAL: 'CUST 2' }]);
    await putFields(doc(2), [{ ID: t.e.customer, VAL: 'Cust 3' }]);
    await expectAdjusted();
    // out of a watched value into one nobody searched
    await putFields(doc(1), [{ ID: t.e.customer, VAL: 'Elsewhere' }]);
    await expectAdjusted();
  });

  it('keeps every count across an edit of another field', async () => {
    await keepAll();
    await putFields(doc(0), [{ ID: t.e.qty, VAL: '77' }]);
    await expectAdjusted();
  });

  it('adjusts after a bulk update and a bulk import', async () => {
    await keepAll();
    await as(
      request(t.app)
        .post(`${API}dbs/${t.w.alpha}/bulk/update`)
        .send({
          Updates: [0, 1, 4].map((i) => ({
            ArchiveID: t.e.ledger,
            DocID: doc(i),
            Fields: [{ FieldID: t.e.customer, Value: 'New' }],
          })),
        }),
    ).expect(200);
    await expectAdjusted();
    await as(
      request(t.app)
        .post(`${API}dbs/${t.w.alpha}/bulk/import`)
        .send({
          ArchiveID: t.e.ledger,
          Rows: [
            { Row: 1, Fields: [{ FieldID: t.e.customer, Value: 'cust 1' }] },
            { Row: 2, Fields: [{ FieldID: t.e.customer, Value: 'Other' }] },
          ],
        }),
    ).expect(200);
    expect(truth('Cust 1')).toBe(1);
    await expectAdjusted();
  });

  it('adjusts after a copy, a move to another archive and a delete', async () => {
    await keepAll();
    const filedBefore = truth('Cust 1', filed);
    await docOp(doc(0), 'copy', { DestinationArchive: filed });
    expect(truth('Cust 1', filed)).toBe(filedBefore + 1);
    await expectAdjusted();
    await docOp(doc(1), 'move', { DestinationArchive: filed });
    expect(truth('Cust 2')).toBe(0);
    await expectAdjusted();
    await docOp(doc(2), 'delete');
    await expectAdjusted();
  });

  it('adjusts after a merge makes a new document', async () => {
    const pdf = await PDFDocument.create();
    pdf.addPage([200, 300]);
    mkdirSync(join(t.dataDir, 'files', 'm'), { recursive: true });
    writeFileSync(join(t.dataDir, 'files', 'm', 'one.pdf'), await pdf.save());
    const insert = documentInserter(t.db, t.w.alpha, [t.e.customer]);
    const base = {
      archiveId: t.e.ledger,
      filePath: 'm/one.pdf',
      fileType: '.pdf',
      fileSize: 1,
      pageCount: 1,
    };
    const [a, b] = ['Cust 1', 'Cust 2'].map((c) =>
      insert({ ...base, createdAt: 0, values: { [t.e.customer]: c } }),
    );
    await keepAll();
    const before = truth('Cust 1');
    const ref = (id = 0) => ({ ArchiveID: t.e.ledger, DocID: id, Hash: docSid(id) });
    await as(
      request(t.app)
        .post(`${API}dbs/${t.w.alpha}/merge`)
        .send({ Documents: [ref(a), ref(b)] }),
    ).expect(200);
    expect(truth('Cust 1')).toBe(before + 1);
    await expectAdjusted();
  });
});
