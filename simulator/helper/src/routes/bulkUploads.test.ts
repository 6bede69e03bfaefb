// What the browser puts into the helper and what the CSV preview reads (decision 047): a preview
// reads only the rows it shows, however large the file; uploads are held to the user's quota and
// expiry (UPLOAD_QUOTA_MB, UPLOAD_CACHE_HOURS as the API's cache) and a read-only licence uploads
// nothing. Through the helper's routes against a real API.
import { afterEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  statSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Express } from 'express';
import { bulkPaths, type BulkCsvPreviewResponse } from '@gs/contract/helperBulk';
import { signIn } from '../../../api/src/testing/testApp';
import { listen, makeBulkApp, type BulkTestApp } from '../../../api/src/testing/bulkWorld';
import { createHelperApp } from '../app';
import { createHelperState } from '../state';
import { userFolder } from '../auth/users';

const KIB = 1024;
const HOUR = 3_600_000;

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((c) => c()));
});

interface Setup {
  t: BulkTestApp;
  helper: Express;
  token: string;
  /** the user's uploads folder */
  uploads: string;
  clock: { now: number };
}

async function setup(quotaBytes = 1024 * KIB * KIB, user = 'full.user'): Promise<Setup> {
  const t = makeBulkApp();
  const api = await listen(t);
  closers.push(api.close);
  const root = mkdtempSync(join(tmpdir(), 'gs-helper-uploads-'));
  const clock = { now: Date.UTC(2026, 10, 27, 8) };
  const helper = createHelperApp({
    state: createHelperState(undefined, { apiPath: api.apiPath, installed: [] }),
    bulk: {
      dataDir: root,
      apiPath: () => api.apiPath,
      uploads: { quotaBytes, maxAgeMs: 24 * HOUR, now: () => clock.now },
    },
    log: () => {},
  });
  const token = (await signIn(t.app, user)).Token;
  return { t, helper, token, uploads: join(root, 'users', userFolder(user), 'uploads'), clock };
}

const upload = (s: Setup, bytes: Buffer, name = 'rows.csv', token = s.token) =>
  request(s.helper).post(bulkPaths.upload).set('Auth-Token', token).attach('file', bytes, name);

const files = (dir: string): string[] => (existsSync(dir) ? readdirSync(dir).sort() : []);

/** A CSV of about `bytes` written a block at a time (the test holds none of it), broken after
 *  `brokenAfter` rows when given: an unclosed quote, which a reader of the whole file refuses. */
function bigCsv(file: string, bytes: number, brokenAfter?: number): number {
  const fd = openSync(file, 'w');
  let written = writeSync(fd, 'DocID,Customer,Amount,Note\r\n');
  let row = 0;
  while (written < bytes) {
    let block = '';
    for (let i = 0; i < 1000; i++, row++)
      block +=
        row === brokenAfter
          ? `${row},"never closed,1,x\r\n`
          : `${row},Customer ${row % 97},${(row * 1.25).toFixed(2)},"a note, quoted ""here"""\r\n`;
    written += writeSync(fd, block);
  }
  closeSync(fd);
  return written;
}

describe('the CSV preview', () => {
  it('reads only the rows it shows: a 20 MB CSV costs far less memory than its size', async () => {
    const s = await setup();
    mkdirSync(s.uploads, { recursive: true });
    // warm up the route, the parser and the heap on a small file first
    bigCsv(join(s.uploads, 'small.csv'), 4 * KIB);
    await request(s.helper)
      .post(bulkPaths.csvPreview)
      .set('Auth-Token', s.token)
      .send({ csvPath: 'uploads\\small.csv', HeadersIncluded: true })
      .expect(200);
    const size = bigCsv(join(s.uploads, 'big.csv'), 20 * KIB * KIB);
    const before = process.resourceUsage().maxRSS * KIB;
    const res = await request(s.helper)
      .post(bulkPaths.csvPreview)
      .set('Auth-Token', s.token)
      .send({ csvPath: 'uploads\\big.csv', HeadersIncluded: true, Rows: 3 })
      .expect(200);
    const grew = process.resourceUsage().maxRSS * KIB - before;
    expect(size).toBeGreaterThan(20 * KIB * KIB);
    expect(grew).toBeLessThan(size / 2);
    expect(res.body as BulkCsvPreviewResponse).toMatchObject({
      Columns: ['DocID', 'Customer', 'Amount', 'Note'],
      Rows: [
        ['0', 'Customer 0', '0.00', 'a note, quoted "here"'],
        ['1', 'Customer 1', '1.25', 'a note, quoted "here"'],
        ['2', 'Customer 2', '2.50', 'a note, quoted "here"'],
      ],
    });
  });

  it('stops reading once it has its rows: a file broken far further on still previews', async () => {
    const s = await setup();
    mkdirSync(s.uploads, { recursive: true });
    bigCsv(join(s.uploads, 'broken.csv'), 2 * KIB * KIB, 20_000);
    const res = await request(s.helper)
      .post(bulkPaths.csvPreview)
      .set('Auth-Token', s.token)
      .send({ csvPath: 'uploads\\broken.csv', HeadersIncluded: true, Rows: 1_000_000_000 })
      .expect(200);
    // at most 100 rows, whatever is asked
    expect((res.body as BulkCsvPreviewResponse).Rows).toHaveLength(100);
    // broken within the rows it reads: INVALID_DATA as before
    bigCsv(join(s.uploads, 'early.csv'), 64 * KIB, 10);
    const early = await request(s.helper)
      .post(bulkPaths.csvPreview)
      .set('Auth-Token', s.token)
      .send({ csvPath: 'uploads\\early.csv', HeadersIncluded: true });
    expect(early.status).toBe(400);
    expect(early.body).toMatchObject({
      Key: 'INVALID_DATA',
      Message: expect.stringMatching(/cannot be read/) as string,
    });
    const missing = await request(s.helper)
      .post(bulkPaths.csvPreview)
      .set('Auth-Token', s.token)
      .send({ csvPath: 'uploads\\missing.csv' });
    expect(missing.body).toMatchObject({ Key: 'BULK_FILE_NOT_FOUND' });
  });
});

describe('uploads into the helper', () => {
  it('are held to the quota: 413 with a Message past it, and the refused file is not kept', async () => {
    const s = await setup(100 * KIB);
    await upload(s, Buffer.alloc(60 * KIB, 'a'), 'first.csv').expect(200);
    // larger than the room left: refused while it arrives
    const over = await upload(s, Buffer.alloc(50 * KIB, 'b'), 'second.csv');
    expect(over.status).toBe(413);
    expect((over.body as { Message: string }).Message).toMatch(/limit is 0\.1 MiB/);
    expect(files(s.uploads)).toEqual([expect.stringMatching(/-first\.csv$/) as string]);
    // what fits is taken; once full, nothing more (refused before the body is read)
    await upload(s, Buffer.alloc(40 * KIB, 'c'), 'third.csv').expect(200);
    const full = await upload(s, Buffer.from('x'), 'fourth.csv');
    expect(full.status).toBe(413);
    expect((full.body as { Message: string }).Message).toEqual(expect.any(String));
    expect(files(s.uploads)).toHaveLength(2);
  });

  it('expire when not written for UPLOAD_CACHE_HOURS, which frees the quota', async () => {
    const s = await setup(100 * KIB);
    const first = await upload(s, Buffer.alloc(80 * KIB, 'a'), 'old.csv').expect(200);
    expect(first.body).toMatchObject({ Name: 'old.csv', Size: 80 * KIB });
    await upload(s, Buffer.alloc(30 * KIB, 'b'), 'new.csv').expect(413);
    s.clock.now += 24 * HOUR + 1;
    await upload(s, Buffer.alloc(30 * KIB, 'b'), 'new.csv').expect(200);
    const left = files(s.uploads);
    expect(left).toEqual([expect.stringMatching(/-new\.csv$/) as string]);
    // stamped with the helper's clock
    expect(Math.abs(statSync(join(s.uploads, left[0] ?? '')).mtimeMs - s.clock.now)).toBeLessThan(1);
  });

  it('are refused for a read-only licence (403 BULK_READ_ONLY_LICENSE), nothing written', async () => {
    const s = await setup(undefined, 'reader');
    const res = await upload(s, Buffer.from('DocID\r\n1\r\n'));
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ Key: 'BULK_READ_ONLY_LICENSE', Message: expect.any(String) as string });
    expect(files(s.uploads)).toEqual([]);
  });
});
