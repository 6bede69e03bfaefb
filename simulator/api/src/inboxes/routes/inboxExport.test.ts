// Inbox export (inboxes/services/inboxExport.ts): POST inboxes/{id}?action=export with {FileNames} starts a
// zip job; GET inboxes?jobid answers 202 while it runs, then the zip; bad requests are refused.
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { API, basic } from '../../testing/testApp';
import { makeInboxApp } from '../../testing/inboxWorld';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function world() {
  const t = makeInboxApp();
  dirs.push(t.i.dataDir);
  const as = (user: string) => ({
    get: (path: string) =>
      request(t.app)
        .get(`${API}${path}`)
        .set('Authorization', basic(user))
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        }),
    post: (path: string) => request(t.app).post(`${API}${path}`).set('Authorization', basic(user)),
  });
  return { ...t, as };
}

/** The names in the zip's local file headers (signature PK\x03\x04, name length at 26, name at 30). */
function zipNames(zip: Buffer): string[] {
  const names: string[] = [];
  for (let at = zip.indexOf('PK\x03\x04'); at >= 0; at = zip.indexOf('PK\x03\x04', at + 4)) {
    const length = zip.readUInt16LE(at + 26);
    names.push(zip.subarray(at + 30, at + 30 + length).toString('utf8'));
  }
  return names;
}

/** Polls the job until it is no longer 202 (the zip is written on the next turns of the loop). */
async function fetchJob(get: (path: string) => request.Test, jobId: string): Promise<request.Response> {
  for (;;) {
    const res = await get(`inboxes?jobid=${jobId}`);
    if (res.status !== 202) return res;
    expect(JSON.parse((res.body as Buffer).toString())).toEqual({ Status: 'Running' });
  }
}

describe('inbox export', () => {
  it('zips the named files and answers the zip', async () => {
    const { as, i } = world();
    const start = await as('full.user')
      .post(`inboxes/${i.scans}?action=export`)
      .send({ fileNames: ['alpha.pdf', 'gamma.txt'] })
      .expect(200);
    const jobId = (start.body as { JobId: string }).JobId;
    expect(jobId).toMatch(/^[0-9a-f-]{36}$/);
    const res = await fetchJob(as('full.user').get, jobId);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/zip/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="Inbox-Scans.zip"');
    expect(zipNames(res.body as Buffer).sort()).toEqual(['alpha.pdf', 'gamma.txt']);
    const again = await as('full.user').get(`inboxes?jobid=${jobId}`).expect(200);
    expect(zipNames(again.body as Buffer).sort()).toEqual(['alpha.pdf', 'gamma.txt']);
  });

  it('accepts Export=true and keeps a job to the user who started it', async () => {
    const { as, i } = world();
    const start = await as('web.user')
      .post(`inboxes/${i.scans}?Export=true`)
      .send({ FileNames: ['beta.txt'] })
      .expect(200);
    const jobId = (start.body as { JobId: string }).JobId;
    await as('full.user').get(`inboxes?jobid=${jobId}`).expect(404);
    const res = await fetchJob(as('web.user').get, jobId);
    expect(zipNames(res.body as Buffer)).toEqual(['beta.txt']);
  });

  it('refuses unknown or unseen inboxes, empty lists, missing files and path tricks', async () => {
    const { as, i } = world();
    const post = (id: number, body: unknown) =>
      as('full.user')
        .post(`inboxes/${id}?action=export`)
        .send(body as object);
    await post(9999, { FileNames: ['a.txt'] }).expect(404);
    await post(i.hidden, { FileNames: ['a.txt'] }).expect(404);
    expect((await post(i.scans, { FileNames: [] }).expect(400)).body).toHaveProperty('Message');
    expect((await post(i.scans, {}).expect(400)).body).toHaveProperty('Message');
    expect((await post(i.scans, { FileNames: [3] }).expect(400)).body).toHaveProperty('Message');
    expect((await post(i.scans, { FileNames: ['nope.pdf'] }).expect(404)).body).toHaveProperty('Message');
    const sneaky = await post(i.scans, { FileNames: ['../mail/letter.txt'] }).expect(400);
    expect(sneaky.body).toHaveProperty('Message');
    await as('full.user').get('inboxes?jobid=unknown').expect(404);
  });

  it('drops a zip an hour after it was written, with its file', async () => {
    const { as, i, clock } = world();
    const folder = join(i.dataDir, 'cache', 'inbox-export');
    const start = await as('full.user')
      .post(`inboxes/${i.scans}?action=export`)
      .send({ FileNames: ['alpha.pdf'] })
      .expect(200);
    const jobId = (start.body as { JobId: string }).JobId;
    expect((await fetchJob(as('full.user').get, jobId)).status).toBe(200);
    clock.advance(60 * 60 * 1000 - 1);
    await as('full.user').get(`inboxes?jobid=${jobId}`).expect(200);
    expect(readdirSync(folder)).toEqual([`${jobId}.zip`]);
    clock.advance(1);
    await as('full.user').get(`inboxes?jobid=${jobId}`).expect(404);
    expect(readdirSync(folder)).toEqual([]);
  });
});
