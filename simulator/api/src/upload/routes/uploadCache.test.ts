// The upload cache's owners, quota and expiry (upload/services/uploadCache.ts, decision 010): another
// user's upload is absent to every consumer of the cache, a user's files stay within the quota,
// old files go, and a read-only licence writes nothing there.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import type { UploadResponse } from '@gs/contract/upload';
import { createUploadCache } from '../services/uploadCache';
import { makeInboxApp, userCache } from '../../testing/inboxWorld';
import { API, basic, makeWorldApp, type TestApp } from '../../testing/testApp';

const HOUR = 3_600_000;
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const tempDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'gs-upcache-'));
  dirs.push(dir);
  return dir;
};

async function pdf(pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let p = 0; p < pages; p++) doc.addPage([100, 100]);
  return Buffer.from(await doc.save());
}

const upload = (t: Pick<TestApp, 'app'>, user: string, bytes: Buffer, name = 'a.pdf') =>
  request(t.app).post(`${API}files`).set('Authorization', basic(user)).attach('File', bytes, name);

async function uploaded(t: Pick<TestApp, 'app'>, user: string, bytes: Buffer): Promise<string> {
  const res = await upload(t, user, bytes).expect(200);
  return (JSON.parse(res.text) as UploadResponse).files[0]?.name ?? '';
}

describe('upload cache owners', () => {
  it("keeps each user's uploads to themselves: pages, render, burst, import, inbox upload", async () => {
    const t = makeInboxApp();
    dirs.push(t.i.dataDir);
    const name = await uploaded(t, 'full.user', await pdf(2));
    expect(readdirSync(userCache(t.i.dataDir, t.w.full))).toEqual([name]);
    const as = (user: string, method: 'get' | 'post', path: string) =>
      request(t.app)[method](`${API}${path}`).set('Authorization', basic(user));
    // the administrator may do everything, but this is not their upload
    const admin = 'SSAdministrator';
    await as(admin, 'get', `files?fileName=${name}&action=pages`).expect(404);
    await as(admin, 'get', `files?fileName=${name}&action=render&page=1`).expect(404);
    await as(admin, 'get', `files?fileName=${name}&action=burst&RequestedPages=1&deletePages=true`).expect(
      404,
    );
    await as(admin, 'post', `dbs/${t.w.alpha}/archives/${t.w.invoices}`)
      .send({ fields: [], files: [{ name }] })
      .expect(404);
    await as(admin, 'post', `inboxes/${t.i.scans}?FilePath=${name}`).expect(404);
    expect(readdirSync(join(t.i.dataDir, 'inboxes', 'scans'))).not.toContain(name);
    // the owner still has it, whole
    const pages = await as('full.user', 'get', `files?fileName=${name}&action=pages`).expect(200);
    expect(pages.body).toEqual({ Pages: 2 });
    await as('full.user', 'post', `inboxes/${t.i.scans}?FilePath=${name}`).expect(200);
  });

  it('refuses a read-only licence bursting a cache file (403), which stays whole', async () => {
    const t = makeInboxApp();
    dirs.push(t.i.dataDir);
    const dir = userCache(t.i.dataDir, t.w.reader);
    // left there by the time the user had a writing licence
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'doc.pdf'), await pdf(2));
    const res = await request(t.app)
      .get(`${API}files?fileName=doc.pdf&action=burst&RequestedPages=1&deletePages=true`)
      .set('Authorization', basic('reader'))
      .expect(403);
    expect(res.body).toEqual({ Message: 'A read-only license cannot modify documents.' });
    expect(readdirSync(dir)).toEqual(['doc.pdf']);
    // looking is reading
    await request(t.app)
      .get(`${API}files?fileName=doc.pdf&action=pages`)
      .set('Authorization', basic('reader'))
      .expect(200, { Pages: 2 });
  });

  it('refuses a read-only licence GET upload?url= before fetching anything', async () => {
    const t = makeWorldApp({ files: { dataDir: tempDir() } });
    const res = await request(t.app)
      .get(`${API}upload?url=${encodeURIComponent('http://127.0.0.1:9/x.pdf')}`)
      .set('Authorization', basic('reader'))
      .expect(403);
    expect(res.body).toEqual({ Message: 'A read-only license cannot modify documents.' });
  });
});

describe('upload cache quota', () => {
  it("holds a user's files within the quota (413 past it); other users have their own", async () => {
    const dataDir = tempDir();
    const t = makeWorldApp({ files: { dataDir }, config: { uploadQuotaBytes: 10 } });
    await upload(t, 'full.user', Buffer.alloc(6, 1)).expect(200);
    // more than the room left: refused while it arrives, nothing kept
    const over = await upload(t, 'full.user', Buffer.alloc(6, 2)).expect(413);
    expect((over.body as { Message: string }).Message).toMatch(/upload cache is full/);
    expect(readdirSync(userCache(dataDir, t.w.full))).toHaveLength(1);
    // two files that fit one by one but not together: the request keeps neither
    const both = await upload(t, 'full.user', Buffer.alloc(3, 3), 'b.pdf')
      .attach('File', Buffer.alloc(3, 4), 'c.pdf')
      .expect(413);
    expect((both.body as { Message: string }).Message).toMatch(/upload cache is full/);
    expect(readdirSync(userCache(dataDir, t.w.full))).toHaveLength(1);
    await upload(t, 'full.user', Buffer.alloc(4, 5)).expect(200);
    // full: refused before the body is read
    await upload(t, 'full.user', Buffer.alloc(1, 6)).expect(413);
    await upload(t, 'web.user', Buffer.alloc(6, 7)).expect(200);
  });

  it('frees the room again when the files are imported', async () => {
    const t = makeInboxApp();
    dirs.push(t.i.dataDir);
    const name = await uploaded(t, 'full.user', Buffer.from('%PDF-1.4 one'));
    await request(t.app)
      .post(`${API}inboxes/${t.i.scans}?FilePath=${name}`)
      .set('Authorization', basic('full.user'))
      .expect(200);
    expect(readdirSync(userCache(t.i.dataDir, t.w.full))).toEqual([]);
  });
});

describe('upload cache expiry', () => {
  it('removes files older than the expiry on the next write, of every user', async () => {
    const dataDir = tempDir();
    const t = makeWorldApp({ files: { dataDir }, config: { uploadCacheMs: 24 * HOUR } });
    const old = await uploaded(t, 'full.user', Buffer.from('old'));
    const others = await uploaded(t, 'web.user', Buffer.from('other'));
    // a file left in the cache root by a version without owners
    writeFileSync(join(dataDir, 'cache', 'upload', 'legacy.pdf'), 'x');
    t.clock.advance(23 * HOUR);
    const young = await uploaded(t, 'full.user', Buffer.from('young'));
    expect(readdirSync(userCache(dataDir, t.w.full)).sort()).toEqual([old, young].sort());
    t.clock.advance(2 * HOUR);
    await uploaded(t, 'full.user', Buffer.from('new'));
    const left = readdirSync(userCache(dataDir, t.w.full));
    expect(left).not.toContain(old);
    expect(left).toContain(young);
    expect(existsSync(join(userCache(dataDir, t.w.web), others))).toBe(false);
    await request(t.app)
      .get(`${API}files?fileName=${old}&action=pages`)
      .set('Authorization', basic('full.user'))
      .expect(404);
  });

  it('sweep() alone removes expired files (the running server calls it on a timer)', async () => {
    const dataDir = tempDir();
    const t = makeWorldApp({ files: { dataDir }, config: { uploadCacheMs: HOUR } });
    const name = await uploaded(t, 'full.user', Buffer.from('x'));
    const cache = createUploadCache({ dataDir, clock: t.clock, quotaBytes: 100, maxAgeMs: HOUR });
    await cache.sweep();
    expect(readdirSync(userCache(dataDir, t.w.full))).toEqual([name]);
    t.clock.advance(HOUR + 1);
    await cache.sweep();
    expect(readdirSync(userCache(dataDir, t.w.full))).toEqual([]);
  });
});
