// The open-loop scheduler's accounting, against a small HTTP server in this process: a server
// that stalls holds every request planned during the stall, and each one's latency counts from
// its planned time; a bench loop that lags sends late but still counts from the plan.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Agent,
  createServer,
  request,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { runOpenLoop } from './openLoop';

const RATE = 100; // one request planned every 10 ms
let server: Server;
let port: number;
let agent: Agent;
/** the first request to arrive whose index is in [stallFrom, stallTo) pauses the server for
 * `stallMs`; everything meanwhile waits. The first to arrive, not request `stallFrom` itself: on a
 * busy machine requests sent on different sockets may arrive out of order. */
let stallFrom = -1;
let stallTo = -1;
let stalled = false;
const stallMs = 300;
let releaseAt = 0;
const held: ServerResponse[] = [];

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const index = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('i'));
    if (!stalled && index >= stallFrom && index < stallTo) {
      stalled = true;
      releaseAt = performance.now() + stallMs;
      setTimeout(() => held.splice(0).forEach((r) => r.end('ok')), stallMs);
    }
    if (performance.now() < releaseAt) held.push(res);
    else res.end('ok');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;
  agent = new Agent({ keepAlive: true, maxSockets: 128 });
});
afterAll(async () => {
  agent.destroy();
  await new Promise((done) => server.close(done));
});

function get(index: number): Promise<void> {
  return new Promise((done, fail) => {
    request(`http://127.0.0.1:${port}/?i=${index}`, { agent }, (res) => {
      res.resume();
      res.on('end', () => (res.statusCode === 200 ? done() : fail(new Error(String(res.statusCode)))));
    })
      .on('error', fail)
      .end();
  });
}

describe('open-loop scheduler', () => {
  it('keeps sending while the server stalls, and counts each held request from its planned time', async () => {
    [stallFrom, stallTo, stalled] = [10, 30, false];
    releaseAt = 0;
    // requests 10-29 are planned at 100-290 ms; the first of them to arrive (at 100 ms at the
    // earliest) stops the server for 300 ms, and one arriving later still comes after 400 ms, so
    // each waits at least 400 - 10 i ms from its plan
    const result = await runOpenLoop({
      rate: RATE,
      seconds: 0.6,
      next: (i) => ({ kind: i >= 10 && i < 30 ? `held${i}` : 'other', send: () => get(i) }),
    });
    expect(result.planned).toBe(60);
    expect([...result.errors.values()].reduce((a, b) => a + b, 0)).toBe(0);
    for (let i = 10; i < 30; i++) {
      const [latency] = result.times.get(`held${i}`) ?? [];
      expect(latency, `request ${i}`).toBeGreaterThanOrEqual(400 - 10 * i - 1);
    }
    // a closed loop of one client would have had a single slow request; here twenty are
    const slow = [...result.times.values()].flat().filter((t) => t >= 100).length;
    expect(slow).toBeGreaterThanOrEqual(20);
  });

  it('counts a request the lagging bench loop sends late from its planned time, not from its send', async () => {
    [stallFrom, stallTo, stalled] = [-1, -1, false];
    releaseAt = 0;
    // the loop blocks for 200 ms while preparing request 5 (planned at 50 ms): requests 5-20,
    // planned at 50-200 ms, leave at 250 ms at the earliest and wait at least 250 - 10 i ms
    const result = await runOpenLoop({
      rate: RATE,
      seconds: 0.4,
      next: (i) => {
        if (i === 5) {
          const until = performance.now() + 200;
          while (performance.now() < until);
        }
        return { kind: i >= 5 && i <= 20 ? `late${i}` : 'other', send: () => get(i) };
      },
    });
    expect(result.planned).toBe(40);
    expect(result.lateSends).toBeGreaterThanOrEqual(15);
    expect(result.maxSendLagMs).toBeGreaterThanOrEqual(150);
    for (let i = 6; i <= 20; i++) {
      const [latency] = result.times.get(`late${i}`) ?? [];
      expect(latency, `request ${i}`).toBeGreaterThanOrEqual(250 - 10 * i - 1);
    }
    const total = [...result.times.values()].reduce((n, xs) => n + xs.length, 0);
    expect(total).toBe(40);
  });
});
