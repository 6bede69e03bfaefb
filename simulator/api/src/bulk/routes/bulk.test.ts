import { describe, expect, it, vi } from 'vitest';
import request from 'supertest';
import { writeFileSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type {
  BulkApiImportResponse,
  BulkApiUpdateResponse,
  BulkResolveResponse,
} from '@gs/contract/helperBulk';
import { textTable } from '../../documents/repos/docTables';
import { API, basic } from '../../testing/testApp';
import { makeBulkApp, type BulkTestApp } from '../../testing/bulkWorld';

const post = (t: BulkTestApp, user: string, path: string, body: unknown) =>
  request(t.app)
    .post(`${API}${path}`)
    .set('Authorization', basic(user))
    .send(body as object);

const customerOf = (t: BulkTestApp, doc: number): unknown =>
  (
    t.db.prepare(`SELECT f_${t.e.customer} AS v FROM doc_${t.w.alpha} WHERE id = ?`).get(doc) as {
      v: unknown;
    }
  ).v;

describe('POST dbs/{db}/bulk/resolve', () => {
  it('finds every document of a search, all pages, with prompt values', async () => {
    const t = makeBulkApp();
    const all = await post(t, 'full.user', `dbs/${t.w.alpha}/bulk/resolve`, {
      SearchID: t.b.allLedger,
    }).expect(200);
    expect((all.body as BulkResolveResponse).Documents).toHaveLength(23);
    const one = await post(t, 'full.user', `dbs/${t.w.alpha}/bulk/resolve`, {
      searchid: t.b.byCustomer,
      searchcriteria: { [t.b.customerPrompt]: 'Cust 3' },
    }).expect(200);
    expect((one.body as BulkResolveResponse).Documents).toEqual([
      { ArchiveID: t.e.ledger, DocID: t.b.docs[2] },
    ]);
  });

  it('answers 400 with a Message to a criterion over 4,096 characters', async () => {
    const t = makeBulkApp();
    for (const value of [`${'x'.repeat(59_999)}*`, 'y'.repeat(4_097)]) {
      const res = await post(t, 'full.user', `dbs/${t.w.alpha}/bulk/resolve`, {
        searchid: t.b.byCustomer,
        searchcriteria: { [t.b.customerPrompt]: value },
      }).expect(400);
      expect((res.body as { Message: string }).Message).toMatch(/longer than 4096 characters/);
    }
  });

  it('answers 404 for a search the user may not run', async () => {
    const t = makeBulkApp();
    await post(t, 'nobody', `dbs/${t.w.alpha}/bulk/resolve`, { SearchID: t.b.allLedger }).expect(404);
  });
});

describe('POST dbs/{db}/bulk/update', () => {
  it('writes every valid document of the batch and reports the others', async () => {
    const t = makeBulkApp();
    const [a = 0, b = 0] = t.b.docs;
    const res = await post(t, 'full.user', `dbs/${t.w.alpha}/bulk/update`, {
      Updates: [
        { ArchiveID: t.e.ledger, DocID: a, Fields: [{ FieldID: t.e.customer, Value: 'New A' }] },
        { ArchiveID: t.e.ledger, DocID: b, Fields: [{ FieldID: t.e.qty, Value: 'abc' }] },
        { ArchiveID: t.e.ledger, DocID: 99999, Fields: [{ FieldID: t.e.customer, Value: 'x' }] },
      ],
    }).expect(200);
    const results = (res.body as BulkApiUpdateResponse).Results;
    expect(results.map((r) => r.Ok)).toEqual([true, false, false]);
    expect(results[1]?.Message).toMatch(/Quantity/);
    expect(results[2]?.Message).toMatch(/not found/);
    expect(customerOf(t, a)).toBe('New A');
    const modifiedBy = t.db
      .prepare(`SELECT f_${t.e.modifiedBy} AS v FROM doc_${t.w.alpha} WHERE id = ?`)
      .get(a);
    expect(modifiedBy).toEqual({ v: 'full.user' });
    const audit = t.db.prepare(`SELECT message FROM audit WHERE document_id = ?`).all(a) as {
      message: string;
    }[];
    expect(audit.at(-1)?.message).toBe("Bulk update: Field 'Customer' changed from 'Cust 1' to 'New A'");
  });

  it('dry run reports old and new values and writes nothing', async () => {
    const t = makeBulkApp();
    const a = t.b.docs[0] ?? 0;
    const res = await post(t, 'full.user', `dbs/${t.w.alpha}/bulk/update`, {
      DryRun: true,
      Updates: [{ ArchiveID: t.e.ledger, DocID: a, Fields: [{ FieldID: t.e.customer, Value: 'Dry' }] }],
    }).expect(200);
    expect((res.body as BulkApiUpdateResponse).Results[0]?.Fields).toEqual([
      { FieldID: t.e.customer, Name: 'Customer', Old: 'Cust 1', New: 'Dry' },
    ]);
    expect(customerOf(t, a)).toBe('Cust 1');
  });

  it('refuses revision-control documents, system fields and read-only licences', async () => {
    const t = makeBulkApp();
    const res = await post(t, 'full.user', `dbs/${t.w.alpha}/bulk/update`, {
      Updates: [
        {
          ArchiveID: t.b.controlled,
          DocID: t.b.controlledDoc,
          Fields: [{ FieldID: t.w.vendor, Value: 'x' }],
        },
        { ArchiveID: t.e.ledger, DocID: t.b.docs[0], Fields: [{ FieldID: t.e.modifiedBy, Value: 'me' }] },
      ],
    }).expect(200);
    const results = (res.body as BulkApiUpdateResponse).Results;
    expect(results[0]?.Message).toBe('Revision Control documents cannot be updated via Bulk Update.');
    expect(results[1]?.Message).toMatch(/system field/);
    const overwritten = await post(t, 'full.user', `dbs/${t.w.alpha}/bulk/update`, {
      OverwriteSystem: true,
      Updates: [
        { ArchiveID: t.e.ledger, DocID: t.b.docs[0], Fields: [{ FieldID: t.e.modifiedBy, Value: 'me' }] },
      ],
    }).expect(200);
    expect((overwritten.body as BulkApiUpdateResponse).Results[0]?.Ok).toBe(true);
    await post(t, 'reader', `dbs/${t.w.alpha}/bulk/update`, { Updates: [] }).expect(403);
  });

  it('takes any key casing, sends changed fields back only in a dry run and refuses a bad body', async () => {
    const t = makeBulkApp();
    const a = t.b.docs[0] ?? 0;
    const res = await post(t, 'full.user', `dbs/${t.w.alpha}/bulk/update`, {
      updates: [{ archiveid: String(t.e.ledger), DOCID: a, fields: [{ fieldId: t.e.qty, VALUE: 12 }] }],
      overwritesystem: false,
    }).expect(200);
    expect((res.body as BulkApiUpdateResponse).Results).toEqual([
      { ArchiveID: t.e.ledger, DocID: a, Ok: true, Message: '' },
    ]);
    const qty = t.db.prepare(`SELECT f_${t.e.qty} AS v FROM doc_${t.w.alpha} WHERE id = ?`).get(a);
    expect(qty).toEqual({ v: 12 });
    const bad = async (body: unknown, message: RegExp): Promise<void> => {
      const r = await post(t, 'full.user', `dbs/${t.w.alpha}/bulk/update`, body).expect(400);
      expect((r.body as { MessageDetail: string }).MessageDetail).toMatch(message);
    };
    await bad({}, /Updates must be a list/);
    await bad(
      { Updates: [{ ArchiveID: 'x', DocID: a, Fields: [] }] },
      /Updates\.0\.ArchiveID must be a whole number/,
    );
    await bad(
      { Updates: [{ ArchiveID: t.e.ledger, DocID: a, Fields: [{ FieldID: 1, Value: {} }] }] },
      /Updates\.0\.Fields\.0\.Value must be text/,
    );
    await bad({ Updates: [], DryRun: 'yes' }, /DryRun must be true or false/);
    await bad({ Updates: new Array(10_001).fill({}) }, /more than 10000 items/);
    // nothing of a refused body was written
    expect(qty).toEqual(t.db.prepare(`SELECT f_${t.e.qty} AS v FROM doc_${t.w.alpha} WHERE id = ?`).get(a));
  });

  it('needs Modify Data on the archive', async () => {
    const t = makeBulkApp();
    const res = await post(t, 'full.user', `dbs/${t.w.alpha}/bulk/update`, {
      Updates: [{ ArchiveID: t.w.contracts, DocID: 1, Fields: [] }],
    }).expect(200);
    expect((res.body as BulkApiUpdateResponse).Results[0]?.Message).toMatch(/permission to modify data/);
  });
});

describe('POST dbs/{db}/bulk/import', () => {
  it('imports rows sharing one cache file into one placed file the documents share', async () => {
    const t = makeBulkApp();
    // full.user's own upload cache (upload/services/uploadCache.ts)
    const cache = join(t.dataDir, 'cache', 'upload', String(t.w.full));
    mkdirSync(cache, { recursive: true });
    writeFileSync(join(cache, 'shared.txt'), 'shared');
    const res = await post(t, 'full.user', `dbs/${t.w.alpha}/bulk/import`, {
      ArchiveID: t.e.ledger,
      Rows: [
        {
          Row: 1,
          Fields: [{ FieldID: t.e.customer, Value: 'Imp 1' }],
          File: 'shared.txt',
          FileName: 'a.txt',
        },
        {
          Row: 2,
          Fields: [{ FieldID: t.e.customer, Value: 'Imp 2' }],
          File: 'shared.txt',
          FileName: 'b.txt',
        },
        { Row: 3, Fields: [{ FieldID: t.e.qty, Value: 'x' }], File: 'shared.txt' },
      ],
    }).expect(200);
    const results = (res.body as BulkApiImportResponse).Results;
    expect(results.map((r) => r.Ok)).toEqual([true, true, false]);
    expect(customerOf(t, results[1]?.DocID ?? 0)).toBe('Imp 2');
    expect(readdirSync(join(t.dataDir, 'files', String(t.w.alpha), String(t.e.ledger)))).toHaveLength(1);
    const paths = t.db
      .prepare(`SELECT DISTINCT file_path AS p, file_type AS t FROM doc_${t.w.alpha} WHERE id IN (?, ?)`)
      .all(results[0]?.DocID, results[1]?.DocID);
    expect(paths).toHaveLength(1);
    expect(readdirSync(cache)).toEqual([]);
  });

  it('reads the text of an imported PDF once for every document sharing it, after the answer (issue 19)', async () => {
    const t = makeBulkApp();
    const cache = join(t.dataDir, 'cache', 'upload', String(t.w.full));
    mkdirSync(cache, { recursive: true });
    const pdf = readFileSync(join(import.meta.dirname, '../../pdf/services/testdata/chromium-print.pdf'));
    writeFileSync(join(cache, 'printed.pdf'), pdf);
    const res = await post(t, 'full.user', `dbs/${t.w.alpha}/bulk/import`, {
      ArchiveID: t.e.ledger,
      Rows: [1, 2].map((row) => ({
        Row: row,
        Fields: [{ FieldID: t.e.customer, Value: `Printed ${row}` }],
        File: 'printed.pdf',
        FileName: `statement-${row}.pdf`,
      })),
    }).expect(200);
    const ids = (res.body as BulkApiImportResponse).Results.map((r) => r.DocID);
    expect(ids.every((id) => id > 0)).toBe(true);
    const textOf = (id: number): string | undefined =>
      (
        t.db.prepare(`SELECT body FROM ${textTable(t.w.alpha)} WHERE doc_id = ?`).get(id) as
          { body: string } | undefined
      )?.body;
    await vi.waitFor(
      () => expect(ids.map((id) => textOf(id)?.includes('Quokkaberries'))).toEqual([true, true]),
      {
        timeout: 20_000,
        interval: 100,
      },
    );
  });

  it('gives new documents the next ids in row order, with their values and one history entry each', async () => {
    const t = makeBulkApp();
    const top = (
      t.db.prepare(`SELECT max(id) AS id FROM doc_${t.w.alpha}`).get() as {
        id: number;
      }
    ).id;
    const res = await post(t, 'full.user', `dbs/${t.w.alpha}/bulk/import`, {
      archiveid: t.e.ledger,
      rows: [
        {
          row: 7,
          fields: [
            { fieldid: t.e.customer, value: 'First' },
            { fieldid: t.e.qty, value: '3' },
          ],
        },
        { row: 8, fields: [{ fieldid: t.e.qty, value: 'not a number' }] },
        { row: 9, fields: [{ fieldid: t.e.customer, value: 'Third' }] },
      ],
    }).expect(200);
    const results = (res.body as BulkApiImportResponse).Results;
    expect(results.map((r) => [r.Row, r.Ok, r.DocID])).toEqual([
      [7, true, top + 1],
      [8, false, 0],
      [9, true, top + 2],
    ]);
    const rows = t.db
      .prepare(
        `SELECT id, f_${t.e.customer} AS customer, f_${t.e.qty} AS qty, archive_id AS archive
         FROM doc_${t.w.alpha} WHERE id > ? ORDER BY id`,
      )
      .all(top);
    expect(rows).toEqual([
      { id: top + 1, customer: 'First', qty: 3, archive: t.e.ledger },
      { id: top + 2, customer: 'Third', qty: null, archive: t.e.ledger },
    ]);
    const history = t.db
      .prepare(
        `SELECT document_id AS doc, category, user_name AS user FROM audit WHERE document_id > ? ORDER BY id`,
      )
      .all(top);
    expect(history).toEqual([
      { doc: top + 1, category: 'indexed', user: 'full.user' },
      { doc: top + 2, category: 'indexed', user: 'full.user' },
    ]);
    await post(t, 'full.user', `dbs/${t.w.alpha}/bulk/import`, {
      ArchiveID: t.e.ledger,
      Rows: [{ Row: 'x' }],
    })
      .expect(400)
      .expect((r) =>
        expect((r.body as { MessageDetail: string }).MessageDetail).toMatch(
          /Rows\.0\.Row must be a whole number/,
        ),
      );
  });

  it('refuses a read-only licence and an archive without Add', async () => {
    const t = makeBulkApp();
    await post(t, 'reader', `dbs/${t.w.alpha}/bulk/import`, { ArchiveID: t.e.ledger, Rows: [] }).expect(403);
    await post(t, 'web.user', `dbs/${t.w.alpha}/bulk/import`, { ArchiveID: t.e.ledger, Rows: [] }).expect(
      403,
    );
  });
});
