import { describe, expect, it } from 'vitest';
import request from 'supertest';
import sharp from 'sharp';
import { PDFDocument } from 'pdf-lib';
import type { Express } from 'express';
import {
  SCAN_CHUNK_SIZE,
  scanPaths,
  type ScanFault,
  type ScanFileInfo,
  type ScanWordsResponse,
} from '@gs/contract/helper';
import { createHelperApp } from '../app';
import { createHelperState } from '../state';
import { ScanService } from '../scanner/service';

const GREY = 'Canon DR-C225 (duplex, grey, 300 dpi)';
/** the client's page: starting scan work needs an allowed Origin or a token (hostAndOrigin.system.test.ts) */
const CLIENT = 'http://localhost:8080';
const scan = (app: Express) => request.agent(app).set('Origin', CLIENT);

function setup(testEndpoints = true) {
  const clock = { now: 1_000_000 };
  const service = new ScanService({
    now: () => clock.now,
    msPerPage: 100,
    sessionTimeoutSeconds: 60,
    concurrency: 2,
  });
  const app = createHelperApp({
    state: createHelperState(undefined, { apiPath: 'http://localhost:1/Square9API/', installed: [] }),
    scanner: service,
    testEndpoints,
    allowedOrigins: [CLIENT],
  });
  return { app, service, clock };
}

async function startJob(app: Express, job: Record<string, unknown>, seed = 7) {
  const session = await scan(app).post(scanPaths.sessions).send({ Seed: seed }).expect(200);
  const id = session.body.SessionID as string;
  const created = await scan(app).post(scanPaths.jobs(id)).send(job).expect(200);
  const jobId = created.body.JobID as string;
  const started = await scan(app).post(scanPaths.start(id, jobId)).expect(200);
  return { id, jobId, started: started.body as { Status: string } };
}

async function finish(ctx: ReturnType<typeof setup>, id: string, jobId: string) {
  await ctx.service.idle();
  ctx.clock.now += 60_000 - 1;
  return (await scan(ctx.app).get(scanPaths.status(id, jobId)).expect(200)).body as Record<string, unknown>;
}

async function fetchAll(app: Express, id: string, file: ScanFileInfo): Promise<Buffer[]> {
  const chunks: Buffer[] = [];
  for (let i = 0; i < file.ChunkCount; i++) {
    const res = await scan(app)
      .get(`${scanPaths.file(id, file.Name)}?chunk=${i}`)
      .buffer(true)
      .parse((r, cb) => {
        const parts: Buffer[] = [];
        r.on('data', (c: Buffer) => parts.push(c));
        r.on('end', () => cb(null, Buffer.concat(parts)));
      })
      .expect(200);
    expect(res.headers['x-total-size']).toBe(String(file.Size));
    expect(res.headers['x-chunk-count']).toBe(String(file.ChunkCount));
    chunks.push(res.body as Buffer);
  }
  return chunks;
}

describe('Scan API', () => {
  it('lists the serial and the scanner profiles', async () => {
    const { app } = setup();
    expect((await scan(app).get(scanPaths.serial).expect(200)).body.Serial).toMatch(/^GSX-/);
    const res = await scan(app).get(scanPaths.scanners).expect(200);
    expect(res.body.Scanners.length).toBeGreaterThanOrEqual(3);
    expect(res.body.Default).toBe(res.body.Scanners[0].Name);
  });

  it('scans, merges and delivers a bilevel TIFF in chunks that decode to every page', async () => {
    const ctx = setup();
    const { id, jobId, started } = await startJob(ctx.app, { Pages: 3 });
    expect(started).toMatchObject({ Status: 'Scanning', PagesScanned: 0 });
    await ctx.service.idle();
    ctx.clock.now += 150;
    const mid = await scan(ctx.app).get(scanPaths.status(id, jobId)).expect(200);
    expect(mid.body).toMatchObject({ Status: 'Scanning', PagesScanned: 1 });
    expect(await finish(ctx, id, jobId)).toMatchObject({ Status: 'Completed', PagesScanned: 3 });
    const merged = await scan(ctx.app).post(scanPaths.merge(id, jobId)).expect(200);
    const file = merged.body.Files[0] as ScanFileInfo;
    expect(file).toMatchObject({
      Pages: 3,
      ContentType: 'image/tiff',
      ChunkSize: SCAN_CHUNK_SIZE,
      ChunkCount: 1,
    });
    const bytes = Buffer.concat(await fetchAll(ctx.app, id, file));
    expect(bytes.length).toBe(file.Size);
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'tiff', pages: 3, width: 1700, height: 2200 });
  });

  it('splits a file over 1 MiB into full chunks and a short last one (grey duplex PDF and TIFF)', async () => {
    const ctx = setup();
    const { id, jobId } = await startJob(ctx.app, { Scanner: GREY, Pages: 10 });
    expect(await finish(ctx, id, jobId)).toMatchObject({ Status: 'Completed', PagesScanned: 10 });
    const file = (await scan(ctx.app).post(scanPaths.merge(id, jobId)).expect(200)).body
      .Files[0] as ScanFileInfo;
    expect(file.Size).toBeGreaterThan(SCAN_CHUNK_SIZE);
    const chunks = await fetchAll(ctx.app, id, file);
    expect(chunks.length).toBeGreaterThan(1);
    chunks.slice(0, -1).forEach((c) => expect(c.length).toBe(SCAN_CHUNK_SIZE));
    expect(chunks.at(-1)?.length).toBeLessThan(SCAN_CHUNK_SIZE);
    expect((await sharp(Buffer.concat(chunks)).metadata()).pages).toBe(10);

    const pdfJob = (
      await scan(ctx.app).post(scanPaths.jobs(id)).send({ Scanner: GREY, Pages: 2, Format: 'pdf' })
    ).body.JobID as string;
    await scan(ctx.app).post(scanPaths.start(id, pdfJob)).expect(200);
    await finish(ctx, id, pdfJob);
    const pdf = (await scan(ctx.app).post(scanPaths.merge(id, pdfJob)).expect(200)).body
      .Files[0] as ScanFileInfo;
    expect(pdf.ContentType).toBe('application/pdf');
    const doc = await PDFDocument.load(Buffer.concat(await fetchAll(ctx.app, id, pdf)));
    expect(doc.getPageCount()).toBe(2);
  });

  it('keeps every word with its box, line and value per page', async () => {
    const ctx = setup();
    const { id, jobId } = await startJob(ctx.app, { Pages: 2 });
    await finish(ctx, id, jobId);
    const file = (await scan(ctx.app).post(scanPaths.merge(id, jobId))).body.Files[0] as ScanFileInfo;
    const res = await scan(ctx.app)
      .get(`${scanPaths.words(id, file.Name)}?page=2`)
      .expect(200);
    const words = res.body as ScanWordsResponse;
    expect(words).toMatchObject({ Page: 2, Width: 1700, Height: 2200, Dpi: 200 });
    expect(words.Words.length).toBeGreaterThan(30);
    for (const w of words.Words) {
      expect(w.Left).toBeGreaterThanOrEqual(0);
      expect(w.Left + w.Width).toBeLessThanOrEqual(1700);
      expect(w.Top + w.Height).toBeLessThanOrEqual(2200);
      expect(w.Line).toBeGreaterThan(0);
    }
    const last = words.Words.filter((w) => w.Line === Math.max(...words.Words.map((x) => x.Line)));
    expect(last.map((w) => w.Value).join(' ')).toMatch(/Page 2$/);
    await scan(ctx.app)
      .get(`${scanPaths.words(id, file.Name)}?page=3`)
      .expect(400);
  });

  const faults: [ScanFault, string, number][] = [
    ['ScannerInUse', 'ScannerInUse', 0],
    ['EmptyFeeder', 'Error', 0],
    ['DeviceError', 'Error', 0],
    ['Cancelled', 'Cancelled', 1],
    ['PaperJam', 'Error', 2],
  ];
  it.each(faults)('reports the %s fault as %s with its message', async (fault, status, pages) => {
    const ctx = setup();
    const { id, jobId } = await startJob(ctx.app, { Pages: 3, Fault: fault, FaultAfter: pages || undefined });
    const end = await finish(ctx, id, jobId);
    expect(end).toMatchObject({ Status: status, PagesScanned: pages, Fault: fault });
    expect(String(end.Message).length).toBeGreaterThan(10);
    const merge = await scan(ctx.app).post(scanPaths.merge(id, jobId));
    if (pages === 0) expect(merge.status).toBe(409);
    else expect(merge.body.Files[0].Pages).toBe(pages);
  });

  it('sets the next job’s fault through the test endpoint, only when enabled', async () => {
    const ctx = setup();
    await scan(ctx.app).post(scanPaths.testFault).send({ Fault: 'ScannerInUse' }).expect(200);
    const first = await startJob(ctx.app, { Pages: 1 });
    expect(first.started).toMatchObject({ Status: 'ScannerInUse' });
    const second = await startJob(ctx.app, { Pages: 1 });
    expect(second.started).toMatchObject({ Status: 'Scanning' });
    await scan(ctx.app).post(scanPaths.testFault).send({ Fault: 'Jammed' }).expect(400);
    await scan(setup(false).app).post(scanPaths.testFault).send({ Fault: 'ScannerInUse' }).expect(404);
  });

  it('refuses bad session ids, job ids, chunk numbers and options with a Message', async () => {
    const ctx = setup();
    const { id, jobId } = await startJob(ctx.app, { Pages: 1 });
    const cases: [request.Test, number, RegExp][] = [
      [scan(ctx.app).get(scanPaths.status('nope', jobId)), 404, /session nope/],
      [scan(ctx.app).get(scanPaths.status(id, '99')), 404, /job 99/],
      [scan(ctx.app).post(scanPaths.start(id, jobId)), 409, /already/],
      [scan(ctx.app).post(scanPaths.jobs(id)).send({ Scanner: 'Toaster' }), 400, /Toaster/],
      [scan(ctx.app).post(scanPaths.jobs(id)).send({ Pages: 0 }), 400, /Pages/],
      [scan(ctx.app).get(scanPaths.file(id, 'missing.tif')), 404, /missing\.tif/],
    ];
    for (const [req, status, message] of cases)
      expect((await req.expect(status)).body.Message).toMatch(message);
    const unstarted = (await scan(ctx.app).post(scanPaths.jobs(id)).send({})).body.JobID as string;
    await scan(ctx.app).get(scanPaths.status(id, unstarted)).expect(409);
    await finish(ctx, id, jobId);
    const file = (await scan(ctx.app).post(scanPaths.merge(id, jobId))).body.Files[0] as ScanFileInfo;
    expect(
      (
        await scan(ctx.app)
          .get(`${scanPaths.file(id, file.Name)}?chunk=x`)
          .expect(400)
      ).body.Message,
    ).toMatch(/chunk/);
    expect(
      (
        await scan(ctx.app)
          .get(`${scanPaths.file(id, file.Name)}?chunk=1`)
          .expect(416)
      ).body.Message,
    ).toMatch(/1 chunk/);
  });

  it('joins the pages of several jobs, in the order listed, into one TIFF with words per page', async () => {
    const ctx = setup();
    const { id, jobId: first } = await startJob(ctx.app, { Pages: 2 });
    const second = (await scan(ctx.app).post(scanPaths.jobs(id)).send({ Pages: 1 }).expect(200)).body
      .JobID as string;
    await scan(ctx.app).post(scanPaths.start(id, second)).expect(200);
    await finish(ctx, id, first);
    await finish(ctx, id, second);
    const own = async (job: string) => {
      const file = (await scan(ctx.app).post(scanPaths.merge(id, job)).expect(200)).body
        .Files[0] as ScanFileInfo;
      return Buffer.concat(await fetchAll(ctx.app, id, file));
    };
    const [firstBytes, secondBytes] = [await own(first), await own(second)];

    // second batch first: the joined file follows the list, not the job numbers
    const merged = await scan(ctx.app)
      .post(scanPaths.sessionMerge(id))
      .send({ jobs: [second, Number(first)] })
      .expect(200);
    expect(merged.body.Files).toHaveLength(1);
    const file = merged.body.Files[0] as ScanFileInfo;
    expect(file).toMatchObject({ Pages: 3, ContentType: 'image/tiff', ChunkSize: SCAN_CHUNK_SIZE });
    const bytes = Buffer.concat(await fetchAll(ctx.app, id, file));
    expect(bytes.length).toBe(file.Size);
    expect((await sharp(bytes).metadata()).pages).toBe(3);
    const pixels = (tiff: Buffer, page: number) => sharp(tiff, { page }).raw().toBuffer();
    const expected = [await pixels(secondBytes, 0), await pixels(firstBytes, 0), await pixels(firstBytes, 1)];
    for (const [page, want] of expected.entries())
      expect((await pixels(bytes, page)).equals(want)).toBe(true);
    expect((await pixels(bytes, 0)).equals(await pixels(bytes, 1))).toBe(false);

    // word boxes go on across the jobs: page 3 is the first job's page 2
    const lastLine = async (page: number) => {
      const words = (
        await scan(ctx.app)
          .get(`${scanPaths.words(id, file.Name)}?page=${page}`)
          .expect(200)
      ).body as ScanWordsResponse;
      expect(words.Page).toBe(page);
      const line = Math.max(...words.Words.map((w) => w.Line));
      return words.Words.filter((w) => w.Line === line)
        .map((w) => w.Value)
        .join(' ');
    };
    expect(await lastLine(1)).toMatch(/Page 1$/);
    expect(await lastLine(3)).toMatch(/Page 2$/);
    await scan(ctx.app)
      .get(`${scanPaths.words(id, file.Name)}?page=4`)
      .expect(400);
  });

  it('joins PDF jobs into one PDF and refuses a session merge of bad job lists', async () => {
    const ctx = setup();
    const { id, jobId: first } = await startJob(ctx.app, { Pages: 2, Format: 'pdf' });
    const second = (await scan(ctx.app).post(scanPaths.jobs(id)).send({ Pages: 3, Format: 'pdf' })).body
      .JobID as string;
    await scan(ctx.app).post(scanPaths.start(id, second)).expect(200);
    await finish(ctx, id, first);
    await finish(ctx, id, second);
    const merged = await scan(ctx.app)
      .post(scanPaths.sessionMerge(id))
      .send({ Jobs: [first, second] })
      .expect(200);
    const pdf = merged.body.Files[0] as ScanFileInfo;
    expect(pdf).toMatchObject({ Pages: 5, ContentType: 'application/pdf' });
    expect(pdf.Name).toMatch(/\.pdf$/);
    const doc = await PDFDocument.load(Buffer.concat(await fetchAll(ctx.app, id, pdf)));
    expect(doc.getPageCount()).toBe(5);

    const tiff = (await scan(ctx.app).post(scanPaths.jobs(id)).send({ Pages: 1 })).body.JobID as string;
    const unstarted = (await scan(ctx.app).post(scanPaths.jobs(id)).send({ Format: 'pdf' })).body
      .JobID as string;
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ Jobs: [] }, /at least one/],
      [{}, /Jobs/],
      [{ Jobs: 'x' }, /Jobs/],
      [{ Jobs: [first, '99'] }, /job 99 was not found/],
      [{ Jobs: [first, unstarted] }, new RegExp(`job ${unstarted} has not been started`)],
      [{ Jobs: [first, first] }, /more than once/],
    ];
    for (const [send, message] of cases) {
      const res = await scan(ctx.app).post(scanPaths.sessionMerge(id)).send(send).expect(400);
      expect(res.body.Message).toMatch(message);
    }
    await scan(ctx.app).post(scanPaths.start(id, tiff)).expect(200);
    await ctx.service.idle();
    // rendered, but the feeder has not passed the page yet on the test clock
    const busy = await scan(ctx.app)
      .post(scanPaths.sessionMerge(id))
      .send({ Jobs: [tiff] })
      .expect(400);
    expect(busy.body.Message).toMatch(/still scanning/);
    await finish(ctx, id, tiff);
    const mixed = await scan(ctx.app)
      .post(scanPaths.sessionMerge(id))
      .send({ Jobs: [first, tiff] })
      .expect(400);
    expect(mixed.body.Message).toMatch(/tiff/);
    const missing = await scan(ctx.app)
      .post(scanPaths.sessionMerge('nope'))
      .send({ Jobs: [first] })
      .expect(404);
    expect(missing.body.Message).toMatch(/session nope/);
  });

  it('expires idle sessions after the timeout and ends sessions on DELETE', async () => {
    const ctx = setup();
    const a = (await scan(ctx.app).post(scanPaths.sessions).expect(200)).body;
    expect(a.Timeout).toBe(60);
    const b = (await scan(ctx.app).post(scanPaths.sessions)).body.SessionID as string;
    ctx.clock.now += 40_000;
    await scan(ctx.app).post(scanPaths.jobs(b)).send({ Pages: 1 }).expect(200);
    ctx.clock.now += 30_000;
    const gone = await scan(ctx.app).post(scanPaths.jobs(a.SessionID)).send({}).expect(410);
    expect(gone.body.Message).toMatch(/expired/);
    await scan(ctx.app).delete(scanPaths.session(b)).expect(200);
    await scan(ctx.app).delete(scanPaths.session(b)).expect(404);
  });
});
