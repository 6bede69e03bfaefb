// Who may reach the helper at all (decision 047), through its real http and https servers: the
// Host must be one of its names (DNS rebinding), work on the scanner needs the client's page or
// the user's token, and what Node or a body parser refuses is still JSON with a Message.
import { afterEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import { mkdtempSync } from 'node:fs';
import { connect as tcp } from 'node:net';
import { connect as tls } from 'node:tls';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { helperPaths, scanPaths } from '@gs/contract/helper';
import { signIn } from '../../api/src/testing/testApp';
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
  /** the client's origin (where npm start serves it) */
  client: string;
  port: number;
  httpsPort: number;
}

async function stack(helperHosts?: string[]): Promise<Stack> {
  const t = makeBulkApp();
  const api = await listen(t);
  closers.push(api.close);
  const dataDir = mkdtempSync(join(tmpdir(), 'gs-hosts-'));
  const helper = await startHelper({
    dataDir,
    httpPort: 0,
    httpsPort: 0,
    apiPath: api.apiPath,
    signIn: false,
    allowedHosts: helperHosts,
    log: () => {},
  });
  closers.push(helper.close);
  const client = `http://localhost:${new URL(api.apiPath).port}`;
  return {
    t,
    helper,
    client,
    port: Number(new URL(helper.httpUrl).port),
    httpsPort: Number(new URL(helper.httpsUrl).port),
  };
}

/** A raw request and the raw answer (for what Node answers before express). */
function raw(port: number, text: string, secure = false): Promise<string> {
  return new Promise((done, fail) => {
    const socket = secure
      ? tls({ port, host: '127.0.0.1', rejectUnauthorized: false }, () => socket.write(text))
      : tcp(port, '127.0.0.1', () => socket.write(text));
    let answer = '';
    socket.on('data', (c: Buffer) => (answer += c.toString()));
    socket.on('end', () => done(answer));
    socket.on('error', fail);
  });
}

const bodyOf = (answer: string): unknown => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));

describe('the helper answers only to its own names (DNS rebinding)', () => {
  it('refuses a foreign Host with 421 and a Message, on every kind of route', async () => {
    const s = await stack();
    const url = s.helper.httpUrl;
    for (const host of [
      `evil.example:${s.port}`,
      'evil.example',
      `localhost.evil.example:${s.port}`,
      `127.0.0.2:${s.port}`,
    ]) {
      for (const call of [
        request(url).get(helperPaths.managementTest),
        request(url).get(scanPaths.scanners),
        request(url).post(scanPaths.sessions).send({}),
      ]) {
        const res = await call.set('Host', host);
        expect(res.status, host).toBe(421);
        expect((res.body as { Message?: unknown }).Message, host).toMatch(/localhost, 127\.0\.0\.1/);
      }
    }
    // a loopback name on another port than the one asked is someone else's name too
    await request(url)
      .get(helperPaths.managementTest)
      .set('Host', `localhost:${s.port + 1}`)
      .expect(421);
  });

  it('answers localhost, 127.0.0.1 and [::1] on its ports, and names listed in HELPER_HOSTS', async () => {
    const s = await stack(['helper.example', 'mapped.example:19999']);
    for (const host of [
      `localhost:${s.port}`,
      `127.0.0.1:${s.port}`,
      `[::1]:${s.port}`,
      `HELPER.example:${s.port}`,
      'mapped.example:19999',
    ])
      await request(s.helper.httpUrl).get(helperPaths.managementTest).set('Host', host).expect(200);
    await request(s.helper.httpUrl)
      .get(helperPaths.managementTest)
      .set('Host', 'mapped.example:1')
      .expect(421);
    // https: the same rule on its own port
    const ok = await raw(
      s.httpsPort,
      `GET ${helperPaths.managementTest} HTTP/1.1\r\nHost: localhost:${s.httpsPort}\r\nConnection: close\r\n\r\n`,
      true,
    );
    expect(ok).toMatch(/^HTTP\/1\.1 200 /);
    const evil = await raw(
      s.httpsPort,
      `GET ${helperPaths.managementTest} HTTP/1.1\r\nHost: evil.example:${s.httpsPort}\r\nConnection: close\r\n\r\n`,
      true,
    );
    expect(evil).toMatch(/^HTTP\/1\.1 421 /);
  });
});

describe('starting work on the scanner', () => {
  it('needs the client page (an allowed Origin) or a live token', async () => {
    const s = await stack();
    const url = s.helper.httpUrl;
    // a foreign page, with a simple request that needs no preflight
    const foreign = await request(url)
      .post(scanPaths.sessions)
      .set('Origin', EVIL)
      .set('Content-Type', 'text/plain')
      .send('{}');
    expect(foreign.status).toBe(403);
    expect((foreign.body as { Message: string }).Message).toMatch(/origin is not allowed/);
    // no page and no token
    const anonymous = await request(url).post(scanPaths.sessions).send({});
    expect(anonymous.status).toBe(401);
    expect((anonymous.body as { Message: string }).Message).toEqual(expect.any(String));
    await request(url).post(scanPaths.sessions).set('Auth-Token', 'guessed').send({}).expect(401);

    // the client's page starts a scan; so does the user's token from anywhere
    const session = await request(url).post(scanPaths.sessions).set('Origin', s.client).send({}).expect(200);
    const id = (session.body as { SessionID: string }).SessionID;
    const token = (await signIn(s.t.app, 'full.user')).Token;
    const job = await request(url)
      .post(scanPaths.jobs(id))
      .set('Auth-Token', token)
      .send({ Pages: 1 })
      .expect(200);
    const jobId = (job.body as { JobID: string }).JobID;
    // a foreign page can start no job, no scan, no merge, and cannot end the session
    for (const call of [
      request(url).post(scanPaths.jobs(id)),
      request(url).post(scanPaths.start(id, jobId)),
      request(url).post(scanPaths.merge(id, jobId)),
      request(url).post(scanPaths.sessionMerge(id)),
      request(url).delete(scanPaths.session(id)),
    ]) {
      const res = await call.set('Origin', EVIL);
      expect(res.status).toBe(403);
    }
    await request(url).post(scanPaths.start(id, jobId)).set('Origin', s.client).expect(200);
    // reading stays open (a foreign page cannot read the answer: no CORS header)
    await request(url).get(scanPaths.status(id, jobId)).set('Origin', EVIL).expect(200);
  });
});

describe('refusals are JSON with a Message', () => {
  it('headers over the limit: 431 with a Message, on http and https', async () => {
    const s = await stack();
    for (const [port, secure] of [
      [s.port, false],
      [s.httpsPort, true],
    ] as const) {
      const answer = await raw(
        port,
        `GET ${helperPaths.managementTest} HTTP/1.1\r\nHost: localhost:${port}\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`,
        secure,
      );
      expect(answer).toMatch(/^HTTP\/1\.1 431 /);
      expect(answer).toMatch(/Content-Type: application\/json/i);
      expect(bodyOf(answer)).toMatchObject({
        Message: 'The request is invalid.',
        MessageDetail: expect.stringMatching(/headers/) as string,
      });
    }
  });

  it('bad JSON, a body too large or in an unknown charset: the reason in MessageDetail', async () => {
    const s = await stack();
    const post = () => request(s.helper.httpUrl).post(helperPaths.install).set('Origin', s.client);
    const bad = await post().set('Content-Type', 'application/json').send('{"AppNames":');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      Message: 'The request is invalid.',
      MessageDetail: expect.stringMatching(/not valid JSON/) as string,
    });
    const large = await post()
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ AppNames: ['x'.repeat(2_000_000)] }));
    expect(large.status).toBe(413);
    expect(large.body).toMatchObject({
      Message: 'The request is invalid.',
      MessageDetail: expect.stringMatching(/larger/) as string,
    });
    const charset = await post().set('Content-Type', 'application/json; charset=klingon').send('{}');
    expect(charset.status).toBe(415);
    expect(charset.body).toMatchObject({
      Message: 'The request is invalid.',
      MessageDetail: expect.any(String) as string,
    });
  });
});
