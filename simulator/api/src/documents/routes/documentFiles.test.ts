import { rmSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import { API, binary, signIn } from '../../testing/testApp';
import {
  docCall,
  docHash,
  makeDocOpsApp,
  PDF_BYTES,
  TEXT_BYTES,
  type DocOpsTestApp,
} from '../../testing/docOpsWorld';

let t: DocOpsTestApp;
beforeEach(() => {
  t = makeDocOpsApp();
});
afterEach(() => {
  rmSync(t.d.dataDir, { recursive: true, force: true });
});

const file = (doc: number, suffix = 'File', user = 'full.user') =>
  docCall(t, user, t.w.invoices, doc, suffix).buffer(true).parse(binary);

describe('GET .../documents/{id}/File', () => {
  it('streams the file with its type, length, disposition and no-cache headers', async () => {
    const res = await file(t.d.docA).expect(200);
    expect(Buffer.compare(res.body as Buffer, PDF_BYTES)).toBe(0);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-length']).toBe(String(PDF_BYTES.length));
    expect(res.headers['content-disposition']).toBe(`inline; filename="${t.d.docA}.pdf"`);
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers the lowercase /file too, with the type of the extension', async () => {
    const res = await file(t.d.docC, 'file').expect(200);
    expect(Buffer.compare(res.body as Buffer, TEXT_BYTES)).toBe(0);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
  });

  it('serves one byte range as 206 with Content-Range', async () => {
    const res = await file(t.d.docA).set('Range', 'bytes=5-14').expect(206);
    expect(Buffer.compare(res.body as Buffer, PDF_BYTES.subarray(5, 15))).toBe(0);
    expect(res.headers['content-range']).toBe(`bytes 5-14/${PDF_BYTES.length}`);
    expect(res.headers['content-length']).toBe('10');
    const tail = await file(t.d.docA).set('Range', 'bytes=-6').expect(206);
    expect(Buffer.compare(tail.body as Buffer, PDF_BYTES.subarray(-6))).toBe(0);
    const open = await file(t.d.docA).set('Range', 'bytes=60-').expect(206);
    expect(Buffer.compare(open.body as Buffer, PDF_BYTES.subarray(60))).toBe(0);
  });

  it('answers 416 for a range past the end', async () => {
    const res = await docCall(t, 'full.user', t.w.invoices, t.d.docA, 'File')
      .set('Range', `bytes=${PDF_BYTES.length}-`)
      .expect(416);
    expect(res.headers['content-range']).toBe(`bytes */${PDF_BYTES.length}`);
    expect(res.body).toHaveProperty('Message');
  });

  it('answers 404 with a Message when the file is not on disk', async () => {
    const res = await docCall(t, 'full.user', t.w.invoices, t.d.missing, 'File').expect(404);
    expect((res.body as { Message: string }).Message).toMatch(/file of document/);
  });

  it('takes the licence token in the query, as the viewer sends it', async () => {
    const { Token } = await signIn(t.app, 'full.user');
    const res = await request(t.app)
      .get(`${API}dbs/${t.w.alpha}/archives/${t.w.invoices}/documents/${t.d.docA}/File`)
      .query({ SecureId: docHash(t, t.d.docA), token: Token })
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(Buffer.compare(res.body as Buffer, PDF_BYTES)).toBe(0);
  });

  it('refuses a wrong or missing SecureId with 403', async () => {
    await docCall(t, 'full.user', t.w.invoices, t.d.docA, 'File', { SecureId: 'nope' }).expect(403);
    await docCall(t, 'full.user', t.w.invoices, t.d.docA, 'File', { SecureId: '' }).expect(403);
  });

  it('hides documents of archives the caller cannot view, and unknown ids', async () => {
    await docCall(t, 'nobody', t.w.invoices, t.d.docA, 'File').expect(404);
    await docCall(t, 'full.user', t.w.invoices, 999_999, 'File').expect(404);
    await docCall(t, 'full.user', t.d.filed, t.d.docA, 'File').expect(404);
  });

  it('writes a viewed entry only when asked with audit=true', async () => {
    await file(t.d.docA).expect(200);
    const before = await docCall(t, 'full.user', t.w.invoices, t.d.docA, 'audit').expect(200);
    expect(before.body).toEqual([]);
    await docCall(t, 'full.user', t.w.invoices, t.d.docA, 'File', { audit: 'true' }).expect(200);
    const after = await docCall(t, 'full.user', t.w.invoices, t.d.docA, 'audit').expect(200);
    expect(after.body).toMatchObject([{ Category: 'viewed', UserName: 'full.user' }]);
  });
});

describe('GET .../documents/{id}/rev', () => {
  it('lists the versions of a revision-controlled document oldest first', async () => {
    const res = await docCall(t, 'full.user', t.d.policies, t.d.head, 'rev').expect(200);
    const { v1, v2, head } = t.d;
    expect(res.body).toEqual(
      [
        [v1, 1],
        [v2, 2],
        [head, 3],
      ].map(([id, version]) => ({ DocId: id, SecureId: docHash(t, id ?? 0), Version: version })),
    );
    const fromOld = await docCall(t, 'full.user', t.d.versions, t.d.v1, 'rev').expect(200);
    expect(fromOld.body).toEqual(res.body);
  });

  it('is empty outside revision control and needs View Revisions', async () => {
    const plain = await docCall(t, 'full.user', t.w.invoices, t.d.docA, 'rev').expect(200);
    expect(plain.body).toEqual([]);
    const denied = await docCall(t, 'web.user', t.d.policies, t.d.head, 'rev').expect(403);
    expect(denied.body).toHaveProperty('Message');
  });
});
