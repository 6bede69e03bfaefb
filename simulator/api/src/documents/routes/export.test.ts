import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import request from 'supertest';
import ExcelJS from 'exceljs';
import { API, binary, basic } from '../../testing/testApp';
import { makeBulkApp, type BulkTestApp } from '../../testing/bulkWorld';

async function exportZip(
  t: BulkTestApp,
  user: string,
  docs: number[],
  query = 'alwaysExportZip=true',
): Promise<Buffer> {
  const started = await request(t.app)
    .post(`${API}dbs/${t.w.alpha}/export?${query}`)
    .set('Authorization', basic(user))
    .send(docs.map((Id) => ({ Archive: t.e.ledger, Id })))
    .expect(200);
  const jobId = started.body as string;
  for (;;) {
    const res = await request(t.app)
      .get(`${API}dbs/${t.w.alpha}/export?jobid=${jobId}`)
      .set('Authorization', basic(user))
      .buffer(true)
      .parse(binary);
    if (res.status === 200) return res.body as Buffer;
    expect(res.status).toBe(202);
    await new Promise((done) => setImmediate(done));
  }
}

/** One entry of a zip, by the central directory (archiver writes sizes after the data). */
function zipEntry(zip: Buffer, name: string): string | undefined {
  for (
    let at = zip.indexOf('PK\u0001\u0002', 0, 'binary');
    at >= 0;
    at = zip.indexOf('PK\u0001\u0002', at + 4, 'binary')
  ) {
    const nameLength = zip.readUInt16LE(at + 28);
    if (zip.toString('utf8', at + 46, at + 46 + nameLength) !== name) continue;
    const [method, size, local] = [
      zip.readUInt16LE(at + 10),
      zip.readUInt32LE(at + 20),
      zip.readUInt32LE(at + 42),
    ];
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + size);
    return (method === 8 ? inflateRawSync(data) : data).toString('utf8');
  }
  return undefined;
}

describe('export', () => {
  it('POST dbs/{db}/export starts a job whose result is a zip of the files and the index data', async () => {
    const t = makeBulkApp();
    const docs = t.b.docs.slice(0, 3);
    const zip = await exportZip(t, 'full.user', docs, 'alwaysExportZip=true&ExportWithCSV=true');
    expect(zip.subarray(0, 4).toString('binary')).toBe('PK\u0003\u0004');
    const text = zip.toString('latin1');
    for (const d of docs) expect(text).toContain(`${d}.txt`);
    expect(text).toContain('index.csv');
    const audit = t.db.prepare(`SELECT category FROM audit WHERE document_id = ?`).all(docs[0]);
    expect(audit).toContainEqual({ category: 'exported' });
  });

  it('answers ERROR_EXPORT_NO_RESULTS for no documents and 403 without Export', async () => {
    const t = makeBulkApp();
    const empty = await request(t.app)
      .post(`${API}dbs/${t.w.alpha}/export`)
      .set('Authorization', basic('full.user'))
      .send([])
      .expect(400);
    expect(empty.body).toMatchObject({ Key: 'ERROR_EXPORT_NO_RESULTS' });
    await request(t.app)
      .post(`${API}dbs/${t.w.alpha}/export`)
      .set('Authorization', basic('web.user'))
      .send([{ Archive: t.e.ledger, Id: t.b.docs[0] }])
      .expect(403);
  });

  it('POST dbs/{db}/export/xlsx answers a real workbook; never for a read-only licence', async () => {
    const t = makeBulkApp();
    const docs = t.b.docs.slice(0, 3);
    const res = await request(t.app)
      .post(`${API}dbs/${t.w.alpha}/export/xlsx`)
      .set('Authorization', basic('full.user'))
      .send({ Documents: docs.map((Id) => ({ Archive: t.e.ledger, Id })), Fields: [t.e.customer, t.e.qty] })
      .buffer(true)
      .parse(binary)
      .expect(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.body as Parameters<typeof book.xlsx.load>[0]);
    const rows = book.worksheets[0]?.getSheetValues().filter(Boolean) as unknown[][];
    expect(rows[0]?.slice(1)).toEqual(['DocID', 'Archive', 'Quantity', 'Customer']);
    expect(rows[1]?.slice(1)).toEqual([docs[0], 'Ledger', '1', 'Cust 1']);
    expect(rows).toHaveLength(4);
    await request(t.app)
      .post(`${API}dbs/${t.w.alpha}/export/xlsx`)
      .set('Authorization', basic('reader'))
      .send({ Documents: [{ Archive: t.e.ledger, Id: docs[0] }] })
      .expect(403);
  });

  it('reports a document whose file is missing instead of skipping it silently', async () => {
    const t = makeBulkApp();
    const docs = t.b.docs.slice(0, 3);
    const gone = docs[1] ?? 0;
    rmSync(join(t.dataDir, 'files', 'ledger', 'doc2.txt'));
    const zip = await exportZip(t, 'full.user', docs, 'alwaysExportZip=true&ExportWithCSV=true');
    expect(zipEntry(zip, `${docs[0]}.txt`)).toBe('document 1');
    expect(zipEntry(zip, `${gone}.txt`)).toBeUndefined();
    const note = zipEntry(zip, 'missing-files.txt') ?? '';
    expect(note).toMatch(/^1 document\(s\) could not be exported: their files were not found/);
    expect(note).toContain(`Document ${gone} in archive 'Ledger' (${t.e.ledger})`);
    // no history claims the export of the document left out
    const exported = (doc: number) =>
      t.db
        .prepare(`SELECT count(*) AS n FROM audit WHERE document_id = ? AND category = 'exported'`)
        .get(doc);
    expect(exported(gone)).toEqual({ n: 0 });
    expect(exported(docs[0] ?? 0)).toEqual({ n: 1 });
    // on its own, the document's export is a 404 at once
    const single = await request(t.app)
      .post(`${API}dbs/${t.w.alpha}/export`)
      .set('Authorization', basic('full.user'))
      .send([{ Archive: t.e.ledger, Id: gone }])
      .expect(404);
    expect(single.body).toEqual({ Message: `The file of document ${gone} was not found.` });
  });

  it('refuses an auditEntry longer than a history message may be', async () => {
    const t = makeBulkApp();
    const res = await request(t.app)
      .post(`${API}dbs/${t.w.alpha}/export?alwaysExportZip=true&auditEntry=${'x'.repeat(1001)}`)
      .set('Authorization', basic('full.user'))
      .send([{ Archive: t.e.ledger, Id: t.b.docs[0] }])
      .expect(400);
    expect((res.body as { MessageDetail: string }).MessageDetail).toMatch(/at most 1000 characters/);
  });
});
