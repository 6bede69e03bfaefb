import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import { docCall, docHash, makeDocOpsApp, PDF_BYTES, type DocOpsTestApp } from '../../testing/docOpsWorld';
import { API, basic } from '../../testing/testApp';

let t: DocOpsTestApp;
beforeEach(() => {
  t = makeDocOpsApp();
});
afterEach(() => {
  rmSync(t.d.dataDir, { recursive: true, force: true });
});

interface Entry {
  Category: string;
  ArchiveID: number;
  DocumentID: number;
  OldArchiveID: number;
  OldDocID: number;
}

const op = (op: string, doc: number, dest?: number, user = 'full.user') =>
  docCall(
    t,
    user,
    t.w.invoices,
    doc,
    op,
    dest === undefined ? { Job: 'j1', Count: 1 } : { DestinationArchive: dest, Job: 'j1', Count: 2 },
  );
const history = async (archive: number, doc: number): Promise<Entry[]> =>
  (await docCall(t, 'full.user', archive, doc, 'audit').expect(200)).body as Entry[];
const rowsOf = (table: string, doc: number): number =>
  (
    t.db
      .prepare(
        `SELECT COUNT(*) AS n FROM ${table}_${t.w.alpha} WHERE ${table === 'doc' ? 'id' : 'doc_id'} = ?`,
      )
      .get(doc) as { n: number }
  ).n;
const pdfPath = (): string => join(t.d.dataDir, 'files', String(t.w.alpha), 'inv', 'a.pdf');
const message = (body: unknown): string => (body as { Message: string }).Message;

describe('GET .../documents/{id}/copy', () => {
  it('copies values, multi-values, text and file to the destination and answers the new id', async () => {
    const res = await op('Copy', t.d.docA, t.d.filed).expect(200);
    const id = res.body as number;
    expect(typeof id).toBe('number');
    expect(id).not.toBe(t.d.docA);
    const doc = await docCall(t, 'full.user', t.d.filed, id, '').expect(200);
    const fields = (doc.body as { Docs: { Fields: { ID: number; VAL: string; MVAL: string[] }[] }[] }).Docs[0]
      ?.Fields;
    expect(fields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ ID: t.w.vendor, VAL: 'Acme' }),
        expect.objectContaining({ ID: t.d.tags, MVAL: ['red', 'blue'] }),
      ]),
    );
    expect(t.db.prepare(`SELECT body FROM doc_text_${t.w.alpha} WHERE doc_id = ?`).pluck().get(id)).toBe(
      'the quick brown fox',
    );
    const copied = readdirSync(join(t.d.dataDir, 'files', String(t.w.alpha), String(t.d.filed)));
    expect(copied).toHaveLength(1);
    expect(
      readFileSync(join(t.d.dataDir, 'files', String(t.w.alpha), String(t.d.filed), copied[0] ?? '')).equals(
        PDF_BYTES,
      ),
    ).toBe(true);
    expect(await history(t.d.filed, id)).toMatchObject([
      { Category: 'copied', ArchiveID: t.d.filed, OldArchiveID: t.w.invoices, OldDocID: t.d.docA },
    ]);
    expect(await history(t.w.invoices, t.d.docA)).toMatchObject([
      { Category: 'copied', ArchiveID: t.w.invoices },
    ]);
    // the source is untouched
    await docCall(t, 'full.user', t.w.invoices, t.d.docA, '').expect(200);
  });

  it('takes the wire spelling, POST, and a caller with View on the source and Add on the destination', async () => {
    await op('copy', t.d.docC, t.d.filed, 'web.user').expect(200);
    await request(t.app)
      .post(`${API}dbs/${t.w.alpha}/archives/${t.w.invoices}/documents/${t.d.docA}/copy`)
      .query({ SecureId: docHash(t, t.d.docA), DestinationArchive: t.d.filed })
      .set('Authorization', basic('full.user'))
      .expect(200);
  });

  it('needs Add on the destination', async () => {
    const res = await op('Copy', t.d.docA, t.w.contracts).expect(403);
    expect(message(res.body)).toMatch(/add documents/);
    await op('Copy', t.d.docA, t.w.open).expect(404);
  });

  it('refuses a read-only licence', async () => {
    const res = await op('Copy', t.d.docA, t.d.filed, 'reader').expect(403);
    expect(message(res.body)).toMatch(/read-only/);
  });

  it('answers bad destinations with a 4xx and a Message', async () => {
    expect(message((await op('Copy', t.d.docA).expect(400)).body)).toBeTruthy();
    expect(message((await op('Copy', t.d.docA, 'abc' as unknown as number).expect(400)).body)).toBeTruthy();
    // another database's archive is a destination too (documentOpsCrossDb.test.ts): Orders lacks Add
    expect(message((await op('Copy', t.d.docA, t.w.orders).expect(403)).body)).toMatch(/add documents/);
    expect(message((await op('Copy', t.d.docA, 987_654).expect(404)).body)).toBeTruthy();
    expect(message((await op('Copy', 987_654, t.d.filed).expect(404)).body)).toBeTruthy();
  });

  it('makes no document when the file cannot be copied', async () => {
    await op('Copy', t.d.missing, t.d.filed).expect(404);
    expect(
      t.db.prepare(`SELECT COUNT(*) FROM doc_${t.w.alpha} WHERE archive_id = ?`).pluck().get(t.d.filed),
    ).toBe(0);
  });
});

describe('GET .../documents/{id}/move', () => {
  it('moves the document, keeping its id, and logs it', async () => {
    const res = await op('Move', t.d.docA, t.d.filed).expect(200);
    expect(res.body).toBe(t.d.docA);
    await docCall(t, 'full.user', t.w.invoices, t.d.docA, '').expect(404);
    await docCall(t, 'full.user', t.d.filed, t.d.docA, '').expect(200);
    expect(await history(t.d.filed, t.d.docA)).toMatchObject([
      { Category: 'moved', ArchiveID: t.d.filed, OldArchiveID: t.w.invoices, OldDocID: t.d.docA },
    ]);
  });

  it('needs Move (131072) on the source and Add on the destination', async () => {
    expect(message((await op('move', t.d.docA, t.d.filed, 'web.user').expect(403)).body)).toMatch(/move/);
    await op('Move', t.d.docA, t.w.contracts).expect(403);
    await op('Move', t.d.docA, t.d.filed, 'reader').expect(403);
  });

  it('refuses the archive the document is in', async () => {
    expect(message((await op('Move', t.d.docA, t.w.invoices).expect(400)).body)).toMatch(/already/);
  });
});

describe('GET .../documents/{id}/delete', () => {
  it('removes the rows, keeps a file another document uses and the history', async () => {
    const res = await op('delete', t.d.docA).expect(200);
    expect(res.body).toBe(true);
    await docCall(t, 'full.user', t.w.invoices, t.d.docA, '').expect(404);
    expect([rowsOf('doc', t.d.docA), rowsOf('doc_mv', t.d.docA), rowsOf('doc_text', t.d.docA)]).toEqual([
      0, 0, 0,
    ]);
    // the shared document and the policies still use the file
    expect(existsSync(pdfPath())).toBe(true);
    const items = (
      await request(t.app)
        .get(`${API}dbs/${t.w.alpha}/archives/${t.w.invoices}/audit`)
        .set('Authorization', basic('full.user'))
        .expect(200)
    ).body as { Items: Entry[] };
    expect(items.Items).toMatchObject([{ Category: 'deleted', DocumentID: t.d.docA }]);
  });

  it('unlinks a file no other document uses', async () => {
    const txt = join(t.d.dataDir, 'files', String(t.w.alpha), 'inv', 'c.txt');
    await op('Delete', t.d.docC).expect(200);
    expect(existsSync(txt)).toBe(false);
    // a document whose file is already gone is still deleted
    await op('Delete', t.d.missing).expect(200);
  });

  it('needs Delete (8), an editing licence and the SecureId', async () => {
    expect(message((await op('delete', t.d.docA, undefined, 'web.user').expect(403)).body)).toMatch(/delete/);
    expect(message((await op('delete', t.d.docA, undefined, 'reader').expect(403)).body)).toMatch(
      /read-only/,
    );
    await docCall(t, 'full.user', t.w.invoices, t.d.docA, 'delete', { SecureId: 'bad' }).expect(403);
    expect(rowsOf('doc', t.d.docA)).toBe(1);
  });
});
