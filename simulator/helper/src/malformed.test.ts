// Malformed requests to the helper (issue 21): deeply nested JSON, two files or a broken multipart
// body to the upload are 400s with a Message, logged as one line each; a 5xx keeps its stack.
import { afterEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bulkPaths } from '@gs/contract/helperBulk';
import { signIn } from '../../api/src/testing/testApp';
import { listen, makeBulkApp } from '../../api/src/testing/bulkWorld';
import { createHelperApp } from './app';
import { createHelperState } from './state';
import { userFolder } from './auth/users';
import { fillPath, registeredRoutes } from '../../api/src/testing/routes';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((c) => c()));
});

async function setup() {
  const t = makeBulkApp();
  const api = await listen(t);
  closers.push(api.close);
  const dir = mkdtempSync(join(tmpdir(), 'gs-helper-malformed-'));
  const lines: { line: string; error?: unknown }[] = [];
  const helper = createHelperApp({
    state: createHelperState(undefined, { apiPath: api.apiPath, installed: [] }),
    bulk: { dataDir: dir, apiPath: () => api.apiPath },
    log: (line, error) => lines.push({ line, error }),
  });
  const token = (await signIn(t.app, 'full.user')).Token;
  return { helper, token, lines, uploads: join(dir, 'users', userFolder('full.user'), 'uploads') };
}

const deep = (n: number): string => `${'['.repeat(n)}${']'.repeat(n)}`;
const deepObject = (n: number): string => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;

describe('malformed requests to the helper', () => {
  it('deeply nested JSON is never a 5xx, and a 4xx carries a Message, on every POST route', async () => {
    const { helper, token, lines } = await setup();
    const posts = registeredRoutes(helper).filter((r) => r.method === 'POST' && r.path !== bulkPaths.upload);
    expect(posts.length).toBeGreaterThan(10);
    for (const body of [`{"Type":"simple","Database":1,"Values":${deep(100_000)}}`, deepObject(50_000)])
      for (const r of posts) {
        const res = await request(helper)
          .post(fillPath(r.path, (name) => `${name}-1`))
          .set('Auth-Token', token)
          .set('Content-Type', 'application/json')
          .send(body);
        expect(res.status, `${r.path}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
        if (res.status >= 400)
          expect((res.body as { Message?: unknown }).Message, `${r.path} ${res.status}`).toEqual(
            expect.any(String),
          );
      }
    expect(lines.filter((l) => l.line.startsWith('5'))).toEqual([]);
    // the bulk jobs read such a body: 400
    const update = await request(helper)
      .post(bulkPaths.update)
      .set('Auth-Token', token)
      .set('Content-Type', 'application/json')
      .send(`{"Type":"simple","Database":1,"Values":${deep(100_000)}}`);
    expect(update.status).toBe(400);
  });

  it('two files to the upload, or a truncated multipart body, are a 400 with a Message and one log line', async () => {
    const { helper, token, lines, uploads } = await setup();
    const two = await request(helper)
      .post(bulkPaths.upload)
      .set('Auth-Token', token)
      .attach('a', Buffer.from('a,b\r\n'), 'a.csv')
      .attach('b', Buffer.from('c,d\r\n'), 'b.csv');
    expect(two.status).toBe(400);
    expect((two.body as { Message: string }).Message).toMatch(/one file/);

    const boundary = 'XyZ';
    const truncated = await request(helper)
      .post(bulkPaths.upload)
      .set('Auth-Token', token)
      .set('Content-Type', `multipart/form-data; boundary=${boundary}`)
      .send(`--${boundary}\r\nContent-Disposition: form-data; name="f"; filename="a.csv"\r\n\r\nhalf a fi`);
    expect(truncated.status).toBe(400);
    expect((truncated.body as { Message: string }).Message).toEqual(expect.any(String));

    const noBoundary = await request(helper)
      .post(bulkPaths.upload)
      .set('Auth-Token', token)
      .set('Content-Type', 'multipart/form-data')
      .send('garbage');
    expect(noBoundary.status).toBe(400);

    // nothing half-written is left behind
    expect(existsSync(uploads) ? readdirSync(uploads) : []).toEqual([]);
    expect(lines).toHaveLength(3);
    for (const l of lines) {
      expect(l.line).toMatch(/^400 POST \/api\/bulk\/upload: /);
      expect(l.line).not.toContain('\n');
      expect(l.error).toBeUndefined();
    }
  });

  it('malformed JSON is one log line without a stack', async () => {
    const { helper, lines } = await setup();
    await request(helper)
      .post('/api/Management/Install')
      .set('Content-Type', 'application/json')
      .send('{"AppNames":')
      .expect(400);
    expect(lines).toEqual([
      {
        line: expect.stringMatching(/^400 POST \/api\/Management\/Install: malformed/) as string,
        error: undefined,
      },
    ]);
  });
});
