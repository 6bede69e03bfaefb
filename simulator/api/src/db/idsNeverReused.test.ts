// Ids are never handed out twice (decision 049), through the routes: a document made after the
// newest one was deleted (a copy, a merge) gets an id above every id before, and its history is
// its own; the same for batches, users and inboxes.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import type { Batch } from '@gs/contract/capture';
import type { AdminInbox } from '@gs/contract/admin/server';
import { addBatchPortal } from '@gs/simulator-fixtures/batchBuilders';
import { documentInserter } from '@gs/simulator-fixtures/builders';
import { callAs } from '../testing/adminServerWorld';
import { docCall, docHash, makeDocOpsApp, type DocOpsTestApp } from '../testing/docOpsWorld';
import { API, basic, makeWorldApp, signIn } from '../testing/testApp';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

interface Entry {
  Category: string;
  DocumentID: number;
}

describe('documents', () => {
  let t: DocOpsTestApp;
  const open = (): DocOpsTestApp => {
    t = makeDocOpsApp();
    dirs.push(t.d.dataDir);
    return t;
  };
  const topId = (): number => t.db.prepare(`SELECT max(id) FROM doc_${t.w.alpha}`).pluck().get() as number;
  const history = async (archive: number, doc: number): Promise<Entry[]> =>
    (await docCall(t, 'full.user', archive, doc, 'audit').expect(200)).body as Entry[];
  const copy = async (): Promise<number> =>
    (
      await docCall(t, 'full.user', t.w.invoices, t.d.docA, 'copy', { DestinationArchive: t.d.filed }).expect(
        200,
      )
    ).body as number;
  const remove = (archive: number, doc: number) =>
    docCall(t, 'full.user', archive, doc, 'delete').expect(200);

  it('a copy made after the newest document was deleted gets a new id and no old history', async () => {
    open();
    const first = await copy();
    expect(first).toBe(topId());
    await remove(t.d.filed, first);
    const second = await copy();
    expect(second).toBeGreaterThan(first);
    const lines = await history(t.d.filed, second);
    expect(lines.map((l) => l.Category)).toEqual(['copied']);
    expect(lines.every((l) => l.DocumentID === second)).toBe(true);
  });

  it('a merge after the merged document was deleted gets a fresh id', async () => {
    open();
    const pdf = await PDFDocument.create();
    pdf.addPage([200, 300]);
    const bytes = await pdf.save();
    const path = `${t.w.alpha}/m/one.pdf`;
    const file = join(t.d.dataDir, 'files', path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, bytes);
    const insert = documentInserter(t.db, t.w.alpha, [t.w.vendor]);
    const base = { archiveId: t.w.invoices, filePath: path, fileType: '.pdf', fileSize: bytes.length };
    const a = insert({ ...base, pageCount: 1, createdAt: 0, values: { [t.w.vendor]: 'A' } });
    const b = insert({ ...base, pageCount: 1, createdAt: 0, values: { [t.w.vendor]: 'B' } });
    const merge = async (): Promise<number> =>
      (
        await request(t.app)
          .post(`${API}dbs/${t.w.alpha}/merge`)
          .set('Authorization', basic('full.user'))
          .send({
            Documents: [a, b].map((id) => ({ ArchiveID: t.w.invoices, DocID: id, Hash: docHash(t, id) })),
            Target: { Id: t.d.filed },
          })
          .expect(200)
      ).body as number;
    const before = topId();
    const merged = await merge();
    expect(merged).toBeGreaterThan(before);
    await remove(t.d.filed, merged);
    const again = await merge();
    expect(again).toBeGreaterThan(merged);
    expect((await history(t.d.filed, again)).map((l) => l.Category)).not.toContain('deleted');
  });
});

describe('batches, users and inboxes', () => {
  const CAPTURE = '/square9capture/';

  it('a batch made after the newest batch was deleted gets a new id', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'gs-ids-'));
    dirs.push(dataDir);
    let portal = 0;
    const t = makeWorldApp({ files: { dataDir } }, (db, w) => {
      portal = addBatchPortal(db, { name: 'Scans', databaseId: w.alpha, archiveId: w.invoices });
    });
    const { Token } = await signIn(t.app, 'full.user');
    const newBatch = async (): Promise<number> => {
      const dir = join(dataDir, 'cache', 'upload', String(t.w.full));
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'scan.txt'), 'a page');
      const res = await request(t.app)
        .post(`${CAPTURE}batches?portalId=${portal}`)
        .set('Auth-Token', Token)
        .send({ Name: 'Morning', Files: [{ Name: 'scan.txt' }] })
        .expect(201);
      return (res.body as Batch).Id;
    };
    const first = await newBatch();
    await request(t.app)
      .delete(`${CAPTURE}batchaction?portalId=${portal}&batchId=${first}`)
      .set('Auth-Token', Token)
      .expect(204);
    expect(await newBatch()).toBeGreaterThan(first);
  });

  it('a user made after the newest user was deleted gets a new id (their upload cache is theirs)', async () => {
    const t = makeWorldApp();
    const admin = (method: 'post' | 'delete', path: string, body?: unknown) =>
      callAs(t, 'SSAdministrator', method, path, body).expect(200);
    const idOf = (name: string): number =>
      t.db.prepare(`SELECT id FROM users WHERE name = ?`).pluck().get(name) as number;
    await admin('post', 'userAdmin/user?create=true', { Name: 'temp.one', Password: 'Pw#12345' });
    const first = idOf('temp.one');
    expect(first).toBe(t.db.prepare(`SELECT max(id) FROM users`).pluck().get());
    await admin('delete', 'userAdmin/user?name=temp.one');
    await admin('post', 'userAdmin/user?create=true', { Name: 'temp.two', Password: 'Pw#12345' });
    expect(idOf('temp.two')).toBeGreaterThan(first);
  });

  it('an inbox made after the newest inbox was deleted gets a new id', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'gs-ids-'));
    dirs.push(dataDir);
    const t = makeWorldApp({ files: { dataDir } });
    const admin = (method: 'post' | 'delete', path: string, body?: unknown) =>
      callAs(t, 'SSAdministrator', method, path, body).expect(200);
    const first = ((await admin('post', 'admin/inboxes', { Name: 'Returns' })).body as AdminInbox).Id;
    await admin('delete', `admin/inboxes/${first}`);
    const second = ((await admin('post', 'admin/inboxes', { Name: 'Claims' })).body as AdminInbox).Id;
    expect(second).toBeGreaterThan(first);
  });
});
