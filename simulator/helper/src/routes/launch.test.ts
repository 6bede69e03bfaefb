import { describe, expect, it, vi } from 'vitest';
import request from 'supertest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { helperPaths } from '@gs/contract/helper';
import { createHelperApp } from '../app';
import { createHelperState } from '../state';
import type { DocumentFetcher } from '../launch/fetcher';
import { signIn } from '../signIn';
import type { AdminCheck, Authorizer } from '../auth/users';
import { API, PASSWORD, makeWorldApp, signIn as signInTo } from '../../../api/src/testing/testApp';
import { listen } from '../../../api/src/testing/bulkWorld';

/** The e-mail tests here are about the .eml; annotatedOutput.test.ts checks tokens against a real API. */
const authorize: Authorizer = async (token) =>
  token === 'T1'
    ? { name: 'full.user', type: 1, token }
    : token === 'TA'
      ? { name: 'SSAdministrator', type: 1, token }
      : undefined;
/** hostile.system.test.ts asks the real API; here SSAdministrator is the one administrator */
const isAdmin: AdminCheck = async (user) => user.name === 'SSAdministrator';

function setup(fail?: (token: string) => Error) {
  const outboxDir = mkdtempSync(join(tmpdir(), 'outbox-'));
  const fetched: unknown[] = [];
  const fetcher: DocumentFetcher = async (doc, token) => {
    fetched.push({ doc, token });
    if (fail) throw fail(token);
    const name = doc.kind === 'archive' ? `doc-${doc.id}.pdf` : doc.filename;
    return {
      filename: name,
      contentType: 'application/pdf',
      bytes: new Uint8Array(Buffer.from(`%PDF bytes of ${name} ${'x'.repeat(100)}`)),
    };
  };
  const app = createHelperApp({
    state: createHelperState(undefined, { apiPath: 'http://localhost:1/Square9API/', installed: [] }),
    authorize,
    isAdmin,
    launch: { outboxDir, fetcher, now: () => Date.UTC(2026, 0, 2, 9, 30) },
  });
  return { app, fetched, outboxDir };
}

/** Splits an .eml on its boundary and decodes each part's body. */
function parseEml(eml: string) {
  const boundary = /boundary="([^"]+)"/.exec(eml)?.[1] ?? '';
  const parts = eml.split(`--${boundary}`).slice(1, -1);
  return {
    boundary,
    ended: eml.trimEnd().endsWith(`--${boundary}--`),
    parts: parts.map((p) => {
      const [head = '', body = ''] = p.replace(/^\r\n/, '').split('\r\n\r\n');
      return { head, bytes: Buffer.from(body.replace(/\r\n/g, ''), 'base64') };
    }),
  };
}

describe('Launch API', () => {
  it('emails archive documents as an .eml with each file attached', async () => {
    const { app, fetched, outboxDir } = setup();
    const res = await request(app)
      .post(`${helperPaths.launchEmail}?database=1&searchId=3&fieldID=0&withAnnotations=false&token=T1`)
      .send({
        Documents: [
          { Archive: 2, Id: 10, Hash: 'h10' },
          { Archive: 2, Id: 11, Hash: 'h11' },
        ],
        SearchCriteria: {},
      })
      .expect(200);
    expect(res.body.Attachments).toBe(2);
    expect(fetched[0]).toEqual({
      doc: { kind: 'archive', database: '1', archive: 2, id: 10, hash: 'h10', annotations: false },
      token: 'T1',
    });
    expect(res.body.File).toMatch(/^outbox-\w+\\globalsearch-\d+-\w+\.eml$/);
    const eml = readFileSync(join(outboxDir, (res.body.File as string).split('\\')[1] ?? ''), 'utf8');
    expect(eml).toMatch(/^From: .*\r\n/);
    expect(eml).toContain('Date: Fri, 02 Jan 2026 09:30:00 +0000');
    expect(eml).toContain('Content-Type: multipart/mixed;');
    const parsed = parseEml(eml);
    expect(parsed.ended).toBe(true);
    expect(parsed.parts).toHaveLength(3);
    expect(parsed.parts[1]?.head).toContain('filename="doc-10.pdf"');
    expect(parsed.parts[2]?.bytes.toString()).toMatch(/^%PDF bytes of doc-11\.pdf x+$/);
  });

  it('emails inbox files and refuses malformed document lists', async () => {
    const { app, outboxDir } = setup();
    const res = await request(app)
      .post(helperPaths.launchInboxEmail)
      .set('Auth-Token', 'T1')
      .send({ Documents: [{ InboxID: 4, Filename: 'scan 1.tif' }] })
      .expect(200);
    const eml = readFileSync(join(outboxDir, (res.body.File as string).split('\\')[1] ?? ''), 'utf8');
    expect(parseEml(eml).parts[1]?.head).toContain('filename="scan 1.tif"');
    await request(app)
      .post(helperPaths.launchInboxEmail)
      .set('Auth-Token', 'T1')
      .send({ Documents: [] })
      .expect(400);
    await request(app)
      .post(`${helperPaths.launchEmail}?database=1&token=T1`)
      .send({ Documents: [{ Id: 1 }] })
      .expect(400);
  });

  it('sends nothing without a live token', async () => {
    const { app, fetched } = setup();
    const docs = { Documents: [{ Archive: 2, Id: 10 }] };
    for (const token of [undefined, 'stolen-or-released']) {
      const call = request(app).post(`${helperPaths.launchEmail}?database=1`);
      const res = await (token ? call.set('Auth-Token', token) : call).send(docs).expect(401);
      expect(res.body.Message).toEqual(expect.any(String));
      await request(app)
        .post(helperPaths.launchInboxEmail)
        .send({ Documents: [{ InboxID: 4, Filename: 'a.tif' }], Token: token })
        .expect(401);
    }
    expect(fetched).toEqual([]);
  });

  it('never repeats the token when a file cannot be fetched', async () => {
    const { app } = setup((token) => new Error(`404 from http://api/File?token=${token}&SecureId=x`));
    const res = await request(app)
      .post(`${helperPaths.launchEmail}?database=1&token=T1`)
      .send({ Documents: [{ Archive: 2, Id: 10 }] })
      .expect(502);
    expect(res.body.Message).toContain('Could not fetch document 10 of archive 2');
    expect(JSON.stringify(res.body)).not.toContain('T1');
  });

  it("keeps the launch table and adds or replaces entries, an administrator's token only", async () => {
    const { app } = setup();
    expect((await request(app).get(helperPaths.launchTable).expect(200)).body).toEqual([]);
    await request(app)
      .post(helperPaths.launchTable)
      .send([{ Id: 'evil', Path: 'calc' }])
      .expect(401);
    // a user who administers nothing may not choose what the tray starts
    const user = await request(app)
      .post(helperPaths.launchTable)
      .set('Auth-Token', 'T1')
      .send([{ Id: 'evil', Path: 'calc' }])
      .expect(403);
    expect(user.body).toEqual({ Message: expect.stringMatching(/administrators/) as string });
    await request(app)
      .post(helperPaths.launchTable)
      .set('Auth-Token', 'TA')
      .send([{ Id: 'a', Path: 'notepad' }])
      .expect(200);
    await request(app)
      .post(helperPaths.launchEntry)
      .set('Auth-Token', 'TA')
      .send({ Id: 'b', Path: 'calc' })
      .expect(200);
    await request(app).post(helperPaths.launchEntry).send({ Id: 'c', Path: 'calc' }).expect(401);
    await request(app)
      .post(helperPaths.launchEntry)
      .set('Auth-Token', 'T1')
      .send({ Id: 'c', Path: 'calc' })
      .expect(403);
    const res = await request(app)
      .post(helperPaths.launchEntry)
      .set('Auth-Token', 'TA')
      .send({ Id: 'a', Path: 'mspaint' })
      .expect(200);
    expect(res.body).toEqual([
      { Id: 'b', Path: 'calc' },
      { Id: 'a', Path: 'mspaint' },
    ]);
    await request(app).post(helperPaths.launchEntry).set('Auth-Token', 'TA').send({ Path: 'x' }).expect(400);
  });
});

describe('helper sign-in', () => {
  it('checks its credentials with Basic alone, leaving the licence of a browser of the same user live', async () => {
    const t = makeWorldApp();
    const api = await listen(t);
    try {
      const browser = await signInTo(t.app, 'SSAdministrator');
      const log = vi.fn();
      const result = await signIn({ apiPath: api.apiPath, user: 'SSAdministrator', password: PASSWORD, log });
      expect(result).toEqual({ ok: true, user: 'SSAdministrator' });
      expect(log).toHaveBeenCalledWith(expect.stringContaining('signed in'));
      // the browser's licence is still the one live licence of that user
      const valid = await request(t.app).get(`${API}licenses`).query({ validate: browser.Token });
      expect(valid.body).toBe(true);
      expect(t.db.prepare('SELECT COUNT(*) AS n FROM licenses').get()).toEqual({ n: 1 });
      const wrong = await signIn({ apiPath: api.apiPath, user: 'SSAdministrator', password: 'nope', log });
      expect(wrong.ok).toBe(false);
    } finally {
      await api.close();
    }
  });

  it('retries an unreachable API with backoff, then logs and gives up without throwing', async () => {
    const sleeps: number[] = [];
    const fetchImpl = vi.fn(async () => {
      throw new TypeError('fetch failed');
    });
    const log = vi.fn();
    const result = await signIn({
      apiPath: 'http://nowhere/Square9API/',
      user: 'u',
      password: 'p',
      attempts: 3,
      backoffMs: 100,
      fetchImpl,
      log,
      sleep: async (ms) => void sleeps.push(ms),
    });
    expect(result.ok).toBe(false);
    expect(sleeps).toEqual([100, 200]);
    expect(log).toHaveBeenCalledWith(expect.stringContaining('unreachable'));
  });
});
