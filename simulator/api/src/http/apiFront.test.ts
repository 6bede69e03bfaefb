// The front of the API (apiFront.ts, issue 21): credentials before bodies, per-route body
// limits, and malformed requests answered 4xx with a Message and one log line.
import { request as httpRequest, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API, basic, makeWorldApp, MINUTE, signIn } from '../testing/testApp';
import { answerClientErrors } from './clientErrors';

let t: ReturnType<typeof makeWorldApp>;
let server: Server;
let port: number;
beforeEach(async () => {
  t = makeWorldApp();
  server = t.app.listen(0, '127.0.0.1');
  answerClientErrors(server);
  await new Promise((done) => server.once('listening', done));
  port = (server.address() as AddressInfo).port;
});
afterEach(async () => {
  vi.restoreAllMocks();
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
});

const MiB = 1024 * 1024;

/**
 * POST a `total`-byte JSON body in 64 KiB chunks, as fast as the server takes them; resolves with
 * the status and how many bytes had been sent when the answer came.
 */
function streamBody(path: string, total: number, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; sentWhenAnswered: number; body: string }>((done, fail) => {
    let sent = 0;
    const req = httpRequest({ host: '127.0.0.1', port, method: 'POST', path: `${API}${path}` }, (res) => {
      const sentWhenAnswered = sent;
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => done({ status: res.statusCode ?? 0, sentWhenAnswered, body }));
    });
    req.setHeader('Content-Type', 'application/json');
    req.setHeader('Content-Length', String(total));
    for (const [k, v] of Object.entries(headers)) req.setHeader(k, v);
    req.on('error', (err) => (sent < total ? undefined : fail(err)));
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const pump = (): void => {
      while (sent < total) {
        const n = Math.min(chunk.length, total - sent);
        sent += n;
        if (!req.write(n === chunk.length ? chunk : chunk.subarray(0, n))) {
          req.once('drain', pump);
          return;
        }
      }
      req.end();
    };
    pump();
  });
}

/** POST exact bytes (supertest would re-encode a Buffer). */
function postRaw(path: string, bytes: Buffer, headers: Record<string, string>) {
  return new Promise<{ status: number; body: string }>((done, fail) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, method: 'POST', path: `${API}${path}`, headers },
      (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => done({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', fail);
    req.end(bytes);
  });
}

describe('credentials before the body', () => {
  it('refuses an anonymous 150 MB body to bulk update with 401 before it has been sent', async () => {
    const res = await streamBody(`dbs/${t.w.alpha}/bulk/update`, 150 * MiB);
    expect(res.status).toBe(401);
    expect(JSON.parse(res.body)).toEqual({ Message: 'Authorization has been denied for this request.' });
    // the answer came while most of the body was still to be sent: the server never read it
    expect(res.sentWhenAnswered).toBeLessThan(150 * MiB);
  });

  it('answers a slow anonymous body at once, then cuts its connection instead of waiting for it', async () => {
    const { text, closed } = await new Promise<{ text: string; closed: boolean }>((done, fail) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(
          `POST ${API}dbs/${t.w.alpha}/bulk/update HTTP/1.1\r\nHost: x\r\n` +
            'Content-Type: application/json\r\nContent-Length: 1000000\r\n\r\n{"Updates":[',
        );
      });
      let answer = '';
      socket.on('data', (c: Buffer) => (answer += c.toString()));
      socket.on('close', () => done({ text: answer, closed: true }));
      socket.on('error', fail);
    });
    expect(text).toMatch(/^HTTP\/1\.1 401 /);
    expect(closed).toBe(true);
  });

  it('refuses a wrong password, an unknown token and an expired one, body unread', async () => {
    const { Token } = await signIn(t.app, 'full.user');
    t.clock.advance(21 * MINUTE);
    const cases: [Record<string, string>, string][] = [
      [{ Authorization: basic('full.user', 'wrong') }, 'Authorization has been denied for this request.'],
      [
        { 'Auth-Token': '0d7c5f4e-0000-4000-8000-000000000000' },
        'Authorization has been denied for this request.',
      ],
      [{ 'Auth-Token': Token }, 'LicenseExpired'],
    ];
    for (const [headers, message] of cases) {
      const res = await streamBody(`dbs/${t.w.alpha}/bulk/update`, 50 * MiB, headers);
      expect(res.status).toBe(401);
      expect(JSON.parse(res.body)).toEqual({ Message: message });
      expect(res.sentWhenAnswered).toBeLessThan(50 * MiB);
    }
  });

  it('reads the body of an authenticated call, up to the limit of its route', async () => {
    const { Token } = await signIn(t.app, 'full.user');
    const big = JSON.stringify({ Updates: [], Pad: 'x'.repeat(2 * MiB) });
    // bulk batches may be large: the 2 MiB body is read and judged on its content
    const bulk = await request(server)
      .post(`${API}dbs/${t.w.alpha}/bulk/update`)
      .set('Auth-Token', Token)
      .set('Content-Type', 'application/json')
      .send(big);
    expect(bulk.status).not.toBe(413);
    // a route of small bodies refuses it with 413 and a Message
    const merge = await request(server)
      .post(`${API}dbs/${t.w.alpha}/merge`)
      .set('Auth-Token', Token)
      .set('Content-Type', 'application/json')
      .send(big)
      .expect(413);
    expect(merge.body).toMatchObject({
      Message: 'The request is invalid.',
      MessageDetail: 'request entity too large',
    });
  });

  it('keeps the licence call, which has no body, working with Basic alone', async () => {
    const res = await request(server)
      .get(`${API}licenses`)
      .set('Authorization', basic('full.user'))
      .expect(200);
    expect(res.body.Username).toBe('full.user');
  });
});

describe('malformed requests: 4xx with a Message, one log line, no stack trace', () => {
  const withBasic = (r: request.Test) => r.set('Authorization', basic('full.user'));

  it('bad percent-encoding in a path parameter is a 400', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await withBasic(request(server).get(`${API}dbs/%E0%A4%A/archives`)).expect(400);
    expect(res.body).toEqual({
      Message: 'The request is invalid.',
      MessageDetail: "Failed to decode param '%E0%A4%A'",
    });
    expect(error).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).not.toContain('\n');
  });

  it('a body labelled gzip, deflate or br that is not is a 400', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const encoding of ['gzip', 'deflate', 'br']) {
      const res = await withBasic(request(server).post(`${API}dbs/${t.w.alpha}/merge`))
        .set('Content-Type', 'application/json')
        .set('Content-Encoding', encoding)
        .send('{"Documents":[]}')
        .expect(400);
      expect(res.body.Message).toBe('The request is invalid.');
      expect(res.body.MessageDetail).toMatch(/not the compressed data its Content-Encoding says/);
    }
    expect(error).not.toHaveBeenCalled();
    // a real gzip body is still read: the merge itself answers (no documents to merge)
    const real = await postRaw(`dbs/${t.w.alpha}/merge`, gzipSync('{"Documents":[]}'), {
      Authorization: basic('full.user'),
      'Content-Type': 'application/json',
      'Content-Encoding': 'gzip',
    });
    expect(real.body).not.toMatch(/Content-Encoding|not valid JSON/);
  });

  it('JSON nested 100,000 deep is a 400, not a stack overflow', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    for (const [path, body] of [
      [`dbs/${t.w.alpha}/archives/${t.w.invoices}`, `{"fields":${deep},"files":[{"name":"a.pdf"}]}`],
      [`dbs/${t.w.alpha}/merge`, `{"Documents":${deep}}`],
      [`dbs/${t.w.alpha}/bulk/update`, `{"Updates":${deep}}`],
    ] as const) {
      const res = await withBasic(request(server).post(`${API}${path}`))
        .set('Content-Type', 'application/json')
        .send(body);
      expect(res.status).toBe(400);
      expect(res.body.Message).toBe('The request is invalid.');
    }
    expect(error).not.toHaveBeenCalled();
  });

  it('headers over the limit get a 431 with a Message', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const raw = await new Promise<string>((done, fail) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(`GET ${API}dbs?q=${'a'.repeat(40_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
      });
      let text = '';
      socket.on('data', (c: Buffer) => (text += c.toString()));
      socket.on('end', () => done(text));
      socket.on('error', fail);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 431 /);
    const body = JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)) as { Message: string };
    expect(body.Message).toBe('The request is invalid.');
  });
});
