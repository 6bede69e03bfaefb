// The export jobs' lifecycle (decision 061): a job that failed and one whose result nobody fetched
// are gone an hour after they ended, their files with them; files left in cache/export by a
// previous run are removed when the server starts; another user's job stays unknown.
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { API, basic, binary } from '../../testing/testApp';
import { makeBulkApp, type BulkTestApp } from '../../testing/bulkWorld';
import { makeViewerApp, viewerHash, type ViewerTestApp } from '../../testing/viewerWorld';
import { createApp } from '../../app';

const HOUR = 60 * 60 * 1000;
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const exportDir = (dataDir: string) => join(dataDir, 'cache', 'export');
const filesIn = (dir: string): string[] => (existsSync(dir) ? readdirSync(dir) : []);

const poll = (app: BulkTestApp['app'], db: number, id: string, user = 'full.user') =>
  request(app)
    .get(`${API}dbs/${db}/export?jobid=${id}`)
    .set('Authorization', basic(user))
    .buffer(true)
    .parse(binary);

const annotate = (t: ViewerTestApp, doc: number) =>
  request(t.app)
    .put(`${API}dbs/${t.w.alpha}/archives/${t.w.invoices}/documents/${doc}/annotations`)
    .query({ SecureId: viewerHash(t, doc) })
    .set('Authorization', basic('full.user'))
    .send([{ Type: 'stamp', Page: 1, X: 0.5, Y: 0.1, Text: 'Filed' }])
    .expect(200);

describe('export jobs', () => {
  it('drops a failed job and its partial zip an hour after it failed', async () => {
    const t = await makeViewerApp();
    dirs.push(t.v.dataDir);
    await annotate(t, t.v.pdf);
    // the annotated PDF is damaged after the fact: drawing its annotations fails, and so does the job
    writeFileSync(join(t.v.dataDir, 'files', String(t.w.alpha), 'v', 'two.pdf'), 'not a PDF any more');
    const started = await request(t.app)
      .post(`${API}dbs/${t.w.alpha}/export?alwaysExportZip=true&WithAnnotations=true`)
      .set('Authorization', basic('full.user'))
      .send([{ Archive: t.w.invoices, Id: t.v.pdf }])
      .expect(200);
    const id = started.body as string;
    let res = await poll(t.app, t.w.alpha, id);
    while (res.status === 202) {
      await new Promise((done) => setImmediate(done));
      res = await poll(t.app, t.w.alpha, id);
    }
    expect(res.status).toBe(500);
    expect(filesIn(exportDir(t.v.dataDir))).toEqual([`${id}.zip`]);
    // still answered until its time is up
    t.clock.advance(HOUR - 1);
    expect((await poll(t.app, t.w.alpha, id)).status).toBe(500);
    t.clock.advance(1);
    const gone = await poll(t.app, t.w.alpha, id);
    expect(gone.status).toBe(404);
    expect(JSON.parse((gone.body as Buffer).toString()).Message).toBe(`Export job '${id}' was not found.`);
    expect(filesIn(exportDir(t.v.dataDir))).toEqual([]);
  });

  it('drops a finished job nobody fetched, with the file made for it, an hour after it finished', async () => {
    const t = await makeViewerApp();
    dirs.push(t.v.dataDir);
    await annotate(t, t.v.tiff);
    // one annotated document: its PDF is written at once, the job is finished when POST answers
    const started = await request(t.app)
      .post(`${API}dbs/${t.w.alpha}/export?WithAnnotations=true`)
      .set('Authorization', basic('full.user'))
      .send([{ Archive: t.w.invoices, Id: t.v.tiff }])
      .expect(200);
    const id = started.body as string;
    expect(filesIn(exportDir(t.v.dataDir))).toEqual([`${id}.pdf`]);
    // another user's job is as unknown as a missing one, and does not take it
    expect((await poll(t.app, t.w.alpha, id, 'SSAdministrator')).status).toBe(404);
    t.clock.advance(HOUR);
    expect((await poll(t.app, t.w.alpha, id)).status).toBe(404);
    expect(filesIn(exportDir(t.v.dataDir))).toEqual([]);
    // the document's own file is never touched
    const stored = readdirSync(join(t.v.dataDir, 'files', String(t.w.alpha), 'v'));
    expect(stored).toContain('two.tif');
  });

  it('answers a fetched result once; the file made for it goes with it', async () => {
    const t = makeBulkApp();
    dirs.push(t.dataDir);
    const started = await request(t.app)
      .post(`${API}dbs/${t.w.alpha}/export?alwaysExportZip=true`)
      .set('Authorization', basic('full.user'))
      .send(t.b.docs.slice(0, 2).map((Id) => ({ Archive: t.e.ledger, Id })))
      .expect(200);
    const id = started.body as string;
    let res = await poll(t.app, t.w.alpha, id);
    while (res.status === 202) {
      await new Promise((done) => setImmediate(done));
      res = await poll(t.app, t.w.alpha, id);
    }
    expect(res.status).toBe(200);
    expect((await poll(t.app, t.w.alpha, id)).status).toBe(404);
    expect(filesIn(exportDir(t.dataDir))).toEqual([]);
  });

  it('removes the files a previous run left in cache/export when it starts', async () => {
    const leftover = (dataDir: string) => {
      mkdirSync(exportDir(dataDir), { recursive: true });
      writeFileSync(join(exportDir(dataDir), 'b3c1-old-job.zip'), 'an export nobody fetched');
    };
    const t = makeBulkApp();
    dirs.push(t.dataDir);
    leftover(t.dataDir);
    // the registry empties the folder before its first job: a second app on the same folder is a restart
    const restarted = createApp({ db: t.db, clock: t.clock, files: { dataDir: t.dataDir } });
    const started = await request(restarted)
      .post(`${API}dbs/${t.w.alpha}/export?alwaysExportZip=true`)
      .set('Authorization', basic('full.user'))
      .send([{ Archive: t.e.ledger, Id: t.b.docs[0] }])
      .expect(200);
    // the new job's zip opens asynchronously (createWriteStream), so it may not be there yet;
    // the leftover must be gone, and nothing but this job's zip may be in the folder
    const id = started.body as string;
    expect(filesIn(exportDir(t.dataDir))).not.toContain('b3c1-old-job.zip');
    expect(filesIn(exportDir(t.dataDir)).filter((name) => name !== `${id}.zip`)).toEqual([]);
    // the job ends before its folder is removed: a zip still reading a document of a removed folder
    // would fail after the test, in whichever file runs next
    let res = await poll(restarted, t.w.alpha, id);
    while (res.status === 202) {
      await new Promise((done) => setImmediate(done));
      res = await poll(restarted, t.w.alpha, id);
    }
    expect(res.status).toBe(200);
  });
});
