// The batches of the capture API (decision 028): a cache upload becomes a Queued batch that the
// injected clock moves to Processing and Processed (or Errored); paging and filters; re-queue,
// reject and open with the transitions that are refused; indexing a document into the archive
// changes the batch's counts; delete needs the Delete batches right; rights and bad input.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BatchAction,
  BatchStatus,
  type Batch,
  type BatchDetail,
  type BatchesPage,
  type BatchIndexResponse,
  type BatchOpenResponse,
} from '@gs/contract/capture';
import { addBatches, addBatchPortal } from '@gs/simulator-fixtures/batchBuilders';
import { grantArchive } from '@gs/simulator-fixtures/builders';
import { ScanService } from '@gs/simulator-helper/scanner/service';
import { textTable } from '../../documents/repos/docTables';
import { secureId } from '../../security/repos/secureIds';
import { API, makeWorldApp, signIn, type TestApp, type World } from '../../testing/testApp';

const CAPTURE = '/square9capture/';
const STEP = 2000;
let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'gs-batches-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const tiff = (pages: number): Promise<Buffer> =>
  sharp({ create: { width: 40, height: 20 * pages, channels: 3, background: '#fff' } })
    .tiff()
    .toBuffer()
    .then((one) => (pages === 1 ? one : sharp(one, {}).tiff().toBuffer()));

interface Ctx extends TestApp {
  w: World;
  portal: number;
  token: string;
}

async function setUp(options: { hide?: boolean } = {}): Promise<Ctx> {
  let portal = 0;
  const t = makeWorldApp(
    {
      files: { dataDir },
      config: { batchStepMs: STEP, client: { hide: { batchPortals: options.hide ?? false } } },
    },
    (db, w) => {
      portal = addBatchPortal(db, { name: 'Scans', databaseId: w.alpha, archiveId: w.invoices });
    },
  );
  const { Token } = await signIn(t.app, 'full.user');
  return { ...t, portal, token: Token };
}

const get = (c: Ctx, path: string, token = c.token) =>
  request(c.app).get(`${CAPTURE}${path}`).set('Auth-Token', token);
const post = (c: Ctx, path: string, body?: object, token = c.token) => {
  const r = request(c.app).post(`${CAPTURE}${path}`).set('Auth-Token', token);
  return body ? r.send(body) : r;
};

/** Puts a file into full.user's upload cache, as POST files would. */
function cacheFile(c: Ctx, name: string, bytes: Buffer | string): void {
  const dir = join(dataDir, 'cache', 'upload', String(c.w.full));
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, name), bytes);
}

async function newBatch(c: Ctx, files: [string, Buffer | string][]): Promise<Batch> {
  for (const [name, bytes] of files) cacheFile(c, name, bytes);
  const res = await post(c, `batches?portalId=${c.portal}`, {
    Name: 'Morning scan',
    Files: files.map(([name]) => ({ Name: name })),
  }).expect(201);
  return res.body as Batch;
}

const batchOf = async (c: Ctx, id: number): Promise<BatchDetail> =>
  (await get(c, `batch?portalId=${c.portal}&batchId=${id}`).expect(200)).body as BatchDetail;

describe('a scan or an upload becomes a batch that processing moves on', () => {
  it('is Queued, then Processing, then Processed with its pages, by the injected clock', async () => {
    const c = await setUp();
    const b = await newBatch(c, [
      ['scan.tif', await tiff(1)],
      ['two.png', await tiff(1)],
    ]);
    expect(b).toMatchObject({ Status: BatchStatus.Queued, Documents: 2, Indexed: 0, CreatedBy: 'full.user' });
    expect(readdirSync(join(dataDir, 'cache', 'upload', String(c.w.full)))).toEqual([]);
    expect((await batchOf(c, b.Id)).Status).toBe(BatchStatus.Queued);
    c.clock.advance(STEP);
    expect((await batchOf(c, b.Id)).Status).toBe(BatchStatus.Processing);
    c.clock.advance(STEP);
    const done = await batchOf(c, b.Id);
    expect(done).toMatchObject({ Status: BatchStatus.Processed, Pages: 2, Error: '' });
    expect(done.Docs.map((d) => d.Pages)).toEqual([1, 1]);
  });

  it('catches up in one call and errors with the reason when a file cannot be read', async () => {
    const c = await setUp();
    const b = await newBatch(c, [
      ['good.tif', await tiff(1)],
      ['bad.tif', 'not a tiff'],
    ]);
    c.clock.advance(10 * STEP);
    const errored = await batchOf(c, b.Id);
    expect(errored.Status).toBe(BatchStatus.Errored);
    expect(errored.Error).toMatch(/^Document 2 could not be read/);
  });

  it('refuses a body without files, unknown cache names and an analytics portal', async () => {
    const c = await setUp();
    const bad = await post(c, `batches?portalId=${c.portal}`, { Files: [] }).expect(400);
    expect(bad.body.Message).toBe('The request is invalid.');
    const missing = await post(c, `batches?portalId=${c.portal}`, { Files: [{ Name: 'nope.tif' }] }).expect(
      404,
    );
    expect(missing.body.Message).toBeTruthy();
    await post(c, 'batches', { Files: [{ Name: 'x.tif' }] }).expect(400);
    const analytics = addBatchPortal(c.db, {
      name: 'Stats',
      type: 1,
      databaseId: c.w.alpha,
      archiveId: c.w.invoices,
    });
    const res = await get(c, `batches?portalId=${analytics}`).expect(400);
    expect(res.body.MessageDetail).toBe("Portal 'Stats' is an analytics portal; it holds no batches.");
  });
});

describe('GET batches: paging and filters', () => {
  it('pages newest first, filters by status and counts every status', async () => {
    const c = await setUp();
    const statuses = [1, 2, 3, 4, 5, 6, 7] as const;
    addBatches(
      c.db,
      Array.from({ length: 70 }, (_, i) => ({
        portalId: c.portal,
        name: `B${i + 1}`,
        status: statuses[i % 7]!,
        createdBy: 'full.user',
        // far in the future: processing has nothing due
        createdAt: c.clock.now() + 3_600_000,
      })),
    );
    const first = (await get(c, `batches?portalId=${c.portal}&page=1&pageSize=25`).expect(200))
      .body as BatchesPage;
    expect(first.Total).toBe(70);
    expect(first.Batches).toHaveLength(25);
    expect(first.Batches[0]!.Name).toBe('B70');
    expect(first.Counts).toEqual({ '1': 10, '2': 10, '3': 10, '4': 10, '5': 10, '6': 10, '7': 10 });
    const last = (await get(c, `batches?portalId=${c.portal}&page=3&pageSize=25`).expect(200))
      .body as BatchesPage;
    expect(last.Batches.map((b) => b.Name).at(-1)).toBe('B1');
    const errored = (await get(c, `batches?portalId=${c.portal}&status=5&status=6`).expect(200))
      .body as BatchesPage;
    expect(errored.Total).toBe(20);
    expect(new Set(errored.Batches.map((b) => b.Status))).toEqual(new Set([5, 6]));
    const comma = (await get(c, `batches?portalId=${c.portal}&Status=1,3`).expect(200)).body as BatchesPage;
    expect(comma.Total).toBe(20);
  });

  it('refuses a status that is not 1-7 and a page size out of range', async () => {
    const c = await setUp();
    expect((await get(c, `batches?portalId=${c.portal}&status=8`).expect(400)).body.MessageDetail).toMatch(
      /1-7/,
    );
    await get(c, `batches?portalId=${c.portal}&status=x`).expect(400);
    await get(c, `batches?portalId=${c.portal}&pageSize=0`).expect(400);
    await get(c, `batches?portalId=${c.portal}&pageSize=201`).expect(400);
  });
});

describe('batch actions', () => {
  const seeded = (c: Ctx, status: 1 | 2 | 3 | 4 | 5 | 6 | 7, error = '') =>
    addBatches(c.db, [
      { portalId: c.portal, name: 'X', status, createdBy: 'full.user', createdAt: c.clock.now(), error },
    ])[0]!;
  const act = (c: Ctx, batch: number, action: number) =>
    post(c, `batchaction?portalId=${c.portal}&batchId=${batch}&actionId=${action}`);

  it('re-queues an Errored batch, clearing its reason', async () => {
    const c = await setUp();
    const id = seeded(c, BatchStatus.Errored, 'The OCR engine did not answer.');
    expect((await batchOf(c, id)).Error).toBe('The OCR engine did not answer.');
    const res = await act(c, id, BatchAction.Requeue).expect(200);
    expect(res.body).toMatchObject({ Status: BatchStatus.Queued, Error: '' });
  });

  it('refuses transitions that are not allowed with 409 and a Message', async () => {
    const c = await setUp();
    const completed = seeded(c, BatchStatus.Completed);
    const res = await act(c, completed, BatchAction.Requeue).expect(409);
    expect(res.body.Message).toBe(
      'A Completed batch cannot be re-queued; only a batch that is Errored or Rejected can.',
    );
    expect(
      (await act(c, seeded(c, BatchStatus.Queued), BatchAction.Reject).expect(409)).body.Message,
    ).toMatch(/^A Queued batch cannot be rejected/);
    await act(c, seeded(c, BatchStatus.Processed), BatchAction.Reject).expect(200);
    await act(c, completed, 9).expect(400);
    await post(c, `batchaction?portalId=${c.portal}&batchId=99999&actionId=1`).expect(404);
  });

  it('deletes a batch only with the Delete batches right, never while Processing', async () => {
    const c = await setUp();
    const id = seeded(c, BatchStatus.Rejected);
    const del = (token: string, batch = id) =>
      request(c.app)
        .delete(`${CAPTURE}batchaction?portalId=${c.portal}&batchId=${batch}`)
        .set('Auth-Token', token);
    // full.user holds every permission on Invoices, Delete batches included
    const web = await signIn(c.app, 'web.user');
    expect((await del(web.Token).expect(403)).body.Message).toBe(
      "You may not delete batches of portal 'Scans'.",
    );
    const processing = seeded(c, BatchStatus.Processing);
    expect((await del(c.token, processing).expect(409)).body.Message).toMatch(
      /Processing batch cannot be deleted/,
    );
    await del(c.token).expect(204);
    await get(c, `batch?portalId=${c.portal}&batchId=${id}`).expect(404);
  });
});

describe('indexing a captured document', () => {
  it('opens a copy in the cache, then moves the document into the archive and completes the batch', async () => {
    const c = await setUp();
    const b = await newBatch(c, [
      ['a.tif', await tiff(1)],
      ['b.tif', await tiff(1)],
    ]);
    const open0 = await post(c, `batchaction?portalId=${c.portal}&batchId=${b.Id}&actionId=3&docId=1`).expect(
      409,
    );
    expect(open0.body.Message).toMatch(/^A Queued batch cannot be opened for indexing/);
    c.clock.advance(2 * STEP);
    const [d1, d2] = (await batchOf(c, b.Id)).Docs;
    const opened = (
      await post(c, `batchaction?portalId=${c.portal}&batchId=${b.Id}&actionId=3&docId=${d1!.Id}`).expect(200)
    ).body as BatchOpenResponse;
    expect(opened).toMatchObject({ DatabaseId: c.w.alpha, ArchiveId: c.w.invoices });
    expect(readdirSync(join(dataDir, 'cache', 'upload', String(c.w.full)))).toEqual([opened.CacheName]);
    const index = (doc: number, vendor: string) =>
      post(c, `batch?portalId=${c.portal}&batchId=${b.Id}&docId=${doc}`, {
        fields: [{ name: String(c.w.vendor), value: vendor }],
        files: [{ name: opened.CacheName }],
      });
    const first = (await index(d1!.Id, 'Northwind Traders').expect(200)).body as BatchIndexResponse;
    expect(first.Batch).toMatchObject({ Status: BatchStatus.Validating, Indexed: 1, Documents: 2 });
    const again = await index(d1!.Id, 'Again').expect(409);
    expect(again.body.Message).toBe(`Document ${d1!.Id} of batch ${b.Id} is indexed already.`);
    const second = (await index(d2!.Id, 'Contoso').expect(200)).body as BatchIndexResponse;
    expect(second.Batch).toMatchObject({ Status: BatchStatus.Completed, Indexed: 2 });
    // the document is in the archive with the value
    const doc = await request(c.app)
      .get(
        `${API}dbs/${c.w.alpha}/archives/${c.w.invoices}/documents/${first.DocumentId}?SecureId=${secureId(c.secret, 'doc', c.w.alpha, first.DocumentId)}`,
      )
      .set('Auth-Token', c.token)
      .expect(200);
    expect(JSON.stringify(doc.body)).toContain('Northwind Traders');
    expect(readdirSync(join(dataDir, 'capture', readdirSync(join(dataDir, 'capture'))[0]!))).toEqual([]);
  });

  it("stores a captured scan's printed words as the indexed document's text, after the answer", async () => {
    const c = await setUp();
    const scanner = new ScanService({ msPerPage: 0 });
    const session = scanner.createSession(44);
    const job = scanner.createJob(session, { Pages: 1, Format: 'tiff' });
    job.start(Date.now());
    const scanned = Buffer.from((await scanner.merge(session, job)).bytes);
    const b = await newBatch(c, [['scan.tif', scanned]]);
    c.clock.advance(2 * STEP);
    const [d1] = (await batchOf(c, b.Id)).Docs;
    const opened = (
      await post(c, `batchaction?portalId=${c.portal}&batchId=${b.Id}&actionId=3&docId=${d1!.Id}`).expect(200)
    ).body as BatchOpenResponse;
    const indexed = (
      await post(c, `batch?portalId=${c.portal}&batchId=${b.Id}&docId=${d1!.Id}`, {
        fields: [{ name: String(c.w.vendor), value: 'Northwind Traders' }],
        files: [{ name: opened.CacheName }],
      }).expect(200)
    ).body as BatchIndexResponse;
    const text = () =>
      c.db
        .prepare(`SELECT body FROM ${textTable(c.w.alpha)} WHERE doc_id = ?`)
        .pluck()
        .get(indexed.DocumentId);
    await vi.waitFor(() => expect(text()).toMatch(/\bScanned\b.*\bPage 1\b/), {
      timeout: 10_000,
      interval: 50,
    });
  });

  it('refuses a bad import body, leaving the document pending', async () => {
    const c = await setUp();
    const b = await newBatch(c, [['a.tif', await tiff(1)]]);
    c.clock.advance(2 * STEP);
    const [d] = (await batchOf(c, b.Id)).Docs;
    await post(c, `batch?portalId=${c.portal}&batchId=${b.Id}&docId=${d!.Id}`, { fields: 'x' }).expect(400);
    expect((await batchOf(c, b.Id)).Docs[0]!.Status).toBe(0);
  });
});

describe('rights and configuration', () => {
  it('hides a portal from a user who cannot view its archive, and refuses acting without Add', async () => {
    const c = await setUp();
    const nobody = await signIn(c.app, 'nobody');
    await get(c, `batches?portalId=${c.portal}`, nobody.Token).expect(404);
    expect((await get(c, 'batchportals', nobody.Token).expect(200)).body).toEqual([]);
    const reader = await signIn(c.app, 'reader');
    await get(c, `batches?portalId=${c.portal}`, reader.Token).expect(200);
    cacheFile(c, 'r.tif', 'x');
    const res = await post(
      c,
      `batches?portalId=${c.portal}`,
      { Files: [{ Name: 'r.tif' }] },
      reader.Token,
    ).expect(403);
    expect(res.body.Message).toBe("You may not work on the batches of portal 'Scans'.");
    await request(c.app).get(`${CAPTURE}batches?portalId=${c.portal}`).expect(401);
  });

  it('refuses a batch from a read-only licence even with Add on the archive', async () => {
    const c = await setUp();
    grantArchive(c.db, c.w.invoices, c.w.reader, 1 | 2);
    const reader = await signIn(c.app, 'reader');
    const dir = join(dataDir, 'cache', 'upload', String(c.w.reader));
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'r.tif'), 'x');
    const res = await post(
      c,
      `batches?portalId=${c.portal}`,
      { Files: [{ Name: 'r.tif' }] },
      reader.Token,
    ).expect(403);
    expect(res.body.Message).toBe('A read-only license cannot add batches.');
  });

  it("answers 'Batch portals are hidden.' while config.json hides them", async () => {
    const c = await setUp({ hide: true });
    const res = await get(c, 'batchportals').expect(403);
    expect(res.body).toEqual({ Message: 'Batch portals are hidden.' });
  });
});
