// Password checks (issue 21): off the event loop, equal work for unknown users, back-off per
// (login, address) and per address, with a 429 + Retry-After while it lasts.
import { get as httpGet, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API, basic, makeWorldApp, signIn, type TestApp } from '../testing/testApp';
import { DEFAULT_SCRYPT_COST, passwordChecksRun } from '../security/services/passwords';

/** password checks run since the last reset */
let base = 0;
const checks = {
  reset: (): void => void (base = passwordChecksRun()),
  count: (): number => passwordChecksRun() - base,
};

let t: TestApp;
let server: Server;
let port: number;
const listen = async (app: TestApp): Promise<void> => {
  t = app;
  server = t.app.listen(0, '127.0.0.1');
  await new Promise((done) => server.once('listening', done));
  port = (server.address() as AddressInfo).port;
};
beforeEach(() => checks.reset());
afterEach(async () => {
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
});

/** GET from a chosen loopback address (all of 127.0.0.0/8 is this machine on Linux). */
function getFrom(path: string, headers: Record<string, string>, from = '127.0.0.1') {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((done, fail) => {
    httpGet(
      { host: '127.0.0.1', port, path: `${API}${path}`, headers, localAddress: from, agent: false },
      (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    ).on('error', fail);
  });
}

describe('password checks', () => {
  it('do not block the event loop: a token call answers while 40 wrong passwords are checked', async () => {
    // unknown users checked at the server's own cost (the world's users are hashed cheaper):
    // checks long enough that answering the token call after them would show
    await listen(
      makeWorldApp({
        config: {
          loginBackoff: { perLogin: 100, perAddress: 100 },
          unknownUserCheckCost: DEFAULT_SCRYPT_COST,
        },
      }),
    );
    const { Token } = await signIn(t.app, 'full.user');
    const order: string[] = [];
    const wrong = Array.from({ length: 40 }, (_, i) =>
      getFrom('dbs', { Authorization: basic(i % 2 ? 'full.user' : `nobody${i}`, `wrong${i}`) }).then((r) => {
        expect(r.status).toBe(401);
        order.push('wrong');
      }),
    );
    // sent after all forty: with synchronous scrypt it would wait for every one of them
    const normal = getFrom('dbs', { 'Auth-Token': Token }).then((r) => {
      expect(r.status).toBe(200);
      order.push('normal');
    });
    await Promise.all([...wrong, normal]);
    expect(order.indexOf('normal')).toBeLessThan(20);
  });

  it('check an unknown user against a dummy hash: the same scrypt as a wrong password', async () => {
    await listen(makeWorldApp());
    for (const login of ['no.such.user', 'OTHERDOMAIN\\full.user', 'full.user']) {
      checks.reset();
      expect((await getFrom('dbs', { Authorization: basic(login, 'x') })).status).toBe(401);
      expect(checks.count()).toBe(1);
    }
  });

  it('back off after 5 failures of one login from one address: 429, Retry-After, no check run', async () => {
    await listen(makeWorldApp());
    for (let i = 0; i < 5; i++)
      expect((await getFrom('dbs', { Authorization: basic('full.user', 'wrong') })).status).toBe(401);
    checks.reset();
    // even the right password waits: nothing tells the attacker it was right
    const waiting = await getFrom('dbs', { Authorization: basic('full.user') });
    expect(waiting.status).toBe(429);
    expect(waiting.headers['retry-after']).toBe('1');
    expect(JSON.parse(waiting.body)).toEqual({
      Message: 'Too many failed sign-in attempts. Try again in 1 second.',
    });
    expect(checks.count()).toBe(0);
    // the real user elsewhere is not locked out
    expect((await getFrom('dbs', { Authorization: basic('full.user') }, '127.0.0.2')).status).toBe(200);
    // after the wait the right password is accepted and clears the count
    t.clock.advance(1000);
    expect((await getFrom('dbs', { Authorization: basic('full.user') })).status).toBe(200);
    expect((await getFrom('dbs', { Authorization: basic('full.user', 'wrong') })).status).toBe(401);
  });

  it('back off an unknown login exactly like a known one, and double the wait', async () => {
    await listen(makeWorldApp());
    for (const login of ['full.user', 'no.such.user']) {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) {
        statuses.push(
          (await getFrom('licenses', { Authorization: basic(login, 'wrong') }, '127.0.0.3')).status,
        );
        t.clock.advance(1000);
      }
      // 5 checks, a 1 s wait (then one more check), a 2 s wait
      expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429]);
      t.clock.advance(60_000);
    }
  });

  it('back off one address trying many logins (30 failures), whatever the login', async () => {
    await listen(makeWorldApp());
    for (let i = 0; i < 30; i++)
      expect((await getFrom('dbs', { Authorization: basic(`user${i}`, 'wrong') }, '127.0.0.4')).status).toBe(
        401,
      );
    expect((await getFrom('dbs', { Authorization: basic('web.user') }, '127.0.0.4')).status).toBe(429);
    expect((await getFrom('dbs', { Authorization: basic('web.user') }, '127.0.0.5')).status).toBe(200);
  });

  it('count checks under way: 40 wrong passwords at once run only 5 checks', async () => {
    await listen(makeWorldApp());
    const statuses = await Promise.all(
      Array.from({ length: 40 }, () =>
        getFrom('dbs', { Authorization: basic('dbadmin', 'wrong') }).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(35);
    expect(checks.count()).toBe(5);
  });

  it('let credentials that were right before through during a back-off (cached, no check)', async () => {
    await listen(makeWorldApp());
    await request(server).get(`${API}dbs`).set('Authorization', basic('full.user')).expect(200);
    for (let i = 0; i < 6; i++)
      await request(server).get(`${API}dbs`).set('Authorization', basic('full.user', 'x'));
    await request(server).get(`${API}dbs`).set('Authorization', basic('full.user')).expect(200);
  });
});
