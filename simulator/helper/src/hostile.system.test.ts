// A hostile page against the helper and the API as `npm start` runs them (startHelper with its
// default tray sign-in as SSAdministrator): requests with a foreign Origin, without a token, with
// a read-only user's token and with another user's token. Nothing may be read or written, and no
// answer may carry CORS headers for that origin (issue 20; issue 21's UpdateApi).
import { afterEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bulkPaths, type BulkJobStatus } from '@gs/contract/helperBulk';
import { helperPaths } from '@gs/contract/helper';
import { API, basic, signIn } from '../../api/src/testing/testApp';
import { listen, makeBulkApp, type BulkTestApp } from '../../api/src/testing/bulkWorld';
import { startHelper, type RunningHelper } from './server';

const EVIL = 'https://evil.example';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((c) => c()));
});

interface Stack {
  t: BulkTestApp;
  helper: RunningHelper;
  url: string;
  apiPath: string;
  dataDir: string;
  client: string;
}

async function stack(): Promise<Stack> {
  const t = makeBulkApp();
  const api = await listen(t);
  closers.push(api.close);
  const dataDir = mkdtempSync(join(tmpdir(), 'gs-hostile-'));
  // as npm start: the tray signs in with the stored administrator credentials at start
  const helper = await startHelper({ dataDir, httpPort: 0, httpsPort: 0, apiPath: api.apiPath });
  closers.push(helper.close);
  const client = `http://localhost:${new URL(api.apiPath).port}`;
  return { t, helper, url: helper.httpUrl, apiPath: api.apiPath, dataDir, client };
}

/** Everything a write could change: the Alpha documents and the history. */
const snapshot = (t: BulkTestApp): string =>
  JSON.stringify([
    t.db.prepare(`SELECT * FROM doc_${t.w.alpha} ORDER BY id`).all(),
    t.db.prepare(`SELECT * FROM audit WHERE category <> 'viewed' ORDER BY id`).all(),
  ]);

const noCors = (res: request.Response): void => {
  expect(Object.keys(res.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
};

const update = (s: Stack) => ({
  Type: 'documentSelectUpdate',
  Database: s.t.w.alpha,
  Docs: s.t.b.docs.slice(0, 3).map((DocID) => ({ ArchiveID: s.t.e.ledger, DocID })),
  Values: [{ FieldID: s.t.w.vendor, Value: 'Owned' }],
});

async function finished(s: Stack, id: string, token: string): Promise<BulkJobStatus> {
  for (;;) {
    const res = await request(s.url).get(bulkPaths.job(id)).set('Auth-Token', token).expect(200);
    const status = res.body as BulkJobStatus;
    if (status.Status !== 'Running' && status.Status !== 'Queued') return status;
    await new Promise((done) => setTimeout(done, 5));
  }
}

describe('a hostile page against the helper', () => {
  it('cannot update, count, import or export without a token: 401, nothing written, nothing reflected', async () => {
    const s = await stack();
    const before = snapshot(s.t);
    for (const path of [bulkPaths.update, bulkPaths.count, bulkPaths.import, bulkPaths.export]) {
      const res = await request(s.url).post(path).set('Origin', EVIL).send(update(s));
      expect(res.status, path).toBe(401);
      expect(res.body).toMatchObject({ Message: expect.any(String) as string });
      noCors(res);
    }
    // a token in the body that the API does not know is no better
    const forged = await request(s.url)
      .post(bulkPaths.update)
      .set('Origin', EVIL)
      .send({ ...update(s), Token: 'a-guessed-token' });
    expect(forged.status).toBe(401);
    await new Promise((done) => setTimeout(done, 50));
    expect(snapshot(s.t)).toBe(before);
    expect(existsSync(join(s.dataDir, 'helper-data', 'users'))).toBe(false);
  });

  it('cannot read an exported file, a log or an export profile without a token', async () => {
    const s = await stack();
    const full = (await signIn(s.t.app, 'full.user')).Token;
    const started = await request(s.url)
      .post(bulkPaths.export)
      .set('Auth-Token', full)
      .send({
        Database: s.t.w.alpha,
        Docs: [{ ArchiveID: s.t.e.ledger, DocID: s.t.b.docs[0] }],
        ExportWithCSV: true,
        FilePath: 'mine',
      })
      .expect(200);
    const done = await finished(s, (started.body as { JobID: string }).JobID, full);
    const csv = done.Files?.find((f) => f.endsWith('.csv')) ?? '';
    expect(csv).toMatch(/^exports\\mine\\/);
    // the owner reads it
    await request(s.url).get(bulkPaths.file).query({ path: csv }).set('Auth-Token', full).expect(200);
    for (const path of [`${bulkPaths.file}?path=${encodeURIComponent(csv)}`, bulkPaths.exportProfiles]) {
      const res = await request(s.url).get(path).set('Origin', EVIL);
      expect(res.status, path).toBe(401);
      noCors(res);
      expect(res.text).not.toContain('DocID');
    }
  });

  it("with another user's token: the job, its log and its files are not there", async () => {
    const s = await stack();
    const full = (await signIn(s.t.app, 'full.user')).Token;
    const other = (await signIn(s.t.app, 'web.user')).Token;
    const started = await request(s.url)
      .post(bulkPaths.update)
      .set('Auth-Token', full)
      .send({ ...update(s), Docs: [{ ArchiveID: s.t.e.ledger, DocID: 999999 }] })
      .expect(200);
    const id = (started.body as { JobID: string }).JobID;
    const done = await finished(s, id, full);
    expect(done.ErrorPath).toMatch(/^logs\\update-/);
    await request(s.url).get(bulkPaths.job(id)).set('Auth-Token', other).expect(404);
    await request(s.url).delete(bulkPaths.job(id)).set('Auth-Token', other).expect(404);
    await request(s.url).get(bulkPaths.job(id)).expect(401);
    // the same relative path names the other user's own (empty) folder
    const log = await request(s.url)
      .get(bulkPaths.file)
      .query({ path: done.ErrorPath })
      .set('Auth-Token', other)
      .expect(404);
    expect(log.text).not.toContain('DocID');
    // and no path leaves that folder
    const owner = join(s.dataDir, 'helper-data', 'users', 'full.user', ...done.ErrorPath.split('\\'));
    for (const path of [owner, `..\\full.user\\${done.ErrorPath}`]) {
      const res = await request(s.url).get(bulkPaths.file).query({ path }).set('Auth-Token', other);
      expect(res.status, path).toBe(400);
      expect(res.body).toMatchObject({ Key: 'BULK_PATH_OUTSIDE_DATA' });
    }
    // the owner still reads both
    await request(s.url).get(bulkPaths.job(id)).set('Auth-Token', full).expect(200);
    await request(s.url)
      .get(bulkPaths.file)
      .query({ path: done.ErrorPath })
      .set('Auth-Token', full)
      .expect(200);
  });

  it("a read-only user's bulk update is refused by the API (403) and nothing changes", async () => {
    const s = await stack();
    const reader = (await signIn(s.t.app, 'reader')).Token;
    const before = snapshot(s.t);
    const res = await request(s.url).post(bulkPaths.update).set('Auth-Token', reader).send(update(s));
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ Key: 'BULK_READ_ONLY_LICENSE' });
    expect(snapshot(s.t)).toBe(before);
  });

  it('a released token stops working at once', async () => {
    const s = await stack();
    const full = (await signIn(s.t.app, 'full.user')).Token;
    const started = await request(s.url).post(bulkPaths.update).set('Auth-Token', full).send(update(s));
    const id = (started.body as { JobID: string }).JobID;
    await finished(s, id, full);
    await request(s.t.app).delete(`${API}licenses/${full}`).expect(200);
    await request(s.url).get(bulkPaths.job(id)).set('Auth-Token', full).expect(401);
    await request(s.url).post(bulkPaths.update).set('Auth-Token', full).send(update(s)).expect(401);
  });

  it('cannot e-mail documents without a token, and the outbox stays empty', async () => {
    const s = await stack();
    const res = await request(s.url)
      .post(`${helperPaths.launchEmail}?database=${s.t.w.alpha}`)
      .set('Origin', EVIL)
      .send({ Documents: [{ Archive: s.t.e.ledger, Id: s.t.b.docs[0] }] });
    expect(res.status).toBe(401);
    noCors(res);
    const inbox = await request(s.url)
      .post(helperPaths.launchInboxEmail)
      .set('Origin', EVIL)
      .send({ Documents: [{ InboxID: 1, Filename: 'a.tif' }] });
    expect(inbox.status).toBe(401);
    const outbox = join(s.dataDir, 'outbox');
    expect(existsSync(outbox) ? readdirSync(outbox) : []).toEqual([]);
  });

  it('cannot change what the tray launches without an administrator: read-only and plain users 403', async () => {
    const s = await stack();
    const table = [{ Id: 'pdf', Extension: '.pdf', Path: 'C:\\Windows\\System32\\cmd.exe' }];
    for (const user of ['reader', 'full.user']) {
      const token = (await signIn(s.t.app, user)).Token;
      for (const [path, body] of [
        [helperPaths.launchTable, table],
        [helperPaths.launchEntry, table[0]],
      ] as const) {
        const res = await request(s.url).post(path).set('Auth-Token', token).send(body);
        expect(res.status, `${user} ${path}`).toBe(403);
        expect(res.body).toEqual({ Message: expect.any(String) as string });
      }
    }
    expect((await request(s.url).get(helperPaths.launchTable).expect(200)).body).toEqual([]);
    // an administrator of all databases does
    const admin = (await signIn(s.t.app, 'SSAdministrator')).Token;
    await request(s.url).post(helperPaths.launchTable).set('Auth-Token', admin).send(table).expect(200);
    expect((await request(s.url).get(helperPaths.launchTable).expect(200)).body).toEqual(table);
  });

  it('cannot re-point the helper: UpdateApi needs a live token and an allowed target', async () => {
    const s = await stack();
    const evilApi = JSON.stringify('https://evil.example/Square9API/');
    const anonymous = await request(s.url)
      .post(helperPaths.updateApi)
      .set('Origin', EVIL)
      .set('Content-Type', 'application/json')
      .send(evilApi);
    expect(anonymous.status).toBe(401);
    noCors(anonymous);
    const admin = (await signIn(s.t.app, 'SSAdministrator')).Token;
    const foreign = await request(s.url)
      .post(helperPaths.updateApi)
      .set('Auth-Token', admin)
      .set('Content-Type', 'application/json')
      .send(evilApi);
    expect(foreign.status).toBe(403);
    expect((await request(s.url).get(helperPaths.getApi).expect(200)).body).toBe(s.apiPath);
    // the allowed address (the one it runs with) is accepted
    await request(s.url)
      .post(helperPaths.updateApi)
      .set('Auth-Token', admin)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify(s.apiPath))
      .expect(200);
  });

  it('answers the allowed client origin with CORS, a foreign one without, preflights included', async () => {
    const s = await stack();
    const preflight = (origin: string) =>
      request(s.url)
        .options(bulkPaths.update)
        .set('Origin', origin)
        .set('Access-Control-Request-Method', 'POST')
        .set('Access-Control-Request-Headers', 'auth-token,content-type')
        .set('Access-Control-Request-Private-Network', 'true');
    noCors(await preflight(EVIL));
    noCors(await request(s.url).get(helperPaths.managementTest).set('Origin', EVIL).expect(200));
    const ok = await preflight(s.client).expect(200);
    expect(ok.headers).toMatchObject({
      'access-control-allow-origin': s.client,
      'access-control-allow-private-network': 'true',
    });
  });
});

describe('a hostile page against the API', () => {
  it('gets no CORS header, even with valid credentials (http.test.ts: an allowed origin gets its own)', async () => {
    const s = await stack();
    const res = await request(s.t.app)
      .get(`${API}licenses`)
      .set('Origin', EVIL)
      .set('Authorization', basic('full.user'));
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const pre = await request(s.t.app)
      .options(`${API}dbs/${s.t.w.alpha}/bulk/update`)
      .set('Origin', EVIL)
      .set('Access-Control-Request-Method', 'POST');
    noCors(pre);
  });
});
