// Security figures on a copy of the demo data. Issue 21 (decision 009), with the API alone in its
// own process (so its memory can be read from /proc): `body`, the API's resident memory before and
// after one anonymous 150 MB body sent to bulk update, and its peak (VmHWM); `passwords`, the
// latency of a normal authenticated call (`GET dbs` with a token) alone, and while 40 wrong
// passwords arrive at once — from 40 loopback addresses for 40 users, so the back-off lets every
// one of them be checked (the worst case), then from one address for one user (the back-off
// answers most of them 429). Issue 26 (bench/securityStalls.ts): `sql` (a), `regex` (b), `csv` (c)
// and `criterion` (d), each hostile call's status, time, longest GET /config.json stall and memory.
// Run: npm run bench -- security [--data-dir ./data] [--only body,passwords,a,b,c,d]
//        [--timeout-s 30] [--api-main <other checkout>/simulator/api/src/main.ts]
// (seeds the demo into the data folder first when it is empty; --api-main measures another build
// for body and passwords; --timeout-s bounds each hostile call of issue 26)
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { Agent, request, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { isSeeded, seedScenario } from '@gs/simulator-fixtures/seed';
import { DEMO_PASSWORD } from './lib/signIns';
import { procMemory as memory, startServer } from './benchHttp';
import { runStalls, stallCase, STALL_CASE_KEYS } from './bench/securityStalls';

const MiB = 1024 * 1024;
const API = '/Square9API/api/';

interface Answer {
  status: number;
  body: string;
  /** body bytes sent when the answer arrived */
  sent: number;
}

function call(
  port: number,
  options: { method?: string; path: string; headers?: Record<string, string>; from?: string; agent?: Agent },
  bodyBytes = 0,
): Promise<Answer> {
  return new Promise((done, fail) => {
    let sent = 0;
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: `${API}${options.path}`,
        headers: options.headers,
        localAddress: options.from,
        agent: options.agent ?? false,
      },
      (res: IncomingMessage) => {
        const at = sent;
        let body = '';
        const finish = (): void => done({ status: res.statusCode ?? 0, body, sent: at });
        res.on('data', (c: Buffer) => (body += c.toString()));
        // the server may close the connection on a body it refused: the answer is complete anyway
        res.once('end', finish);
        res.once('close', finish);
      },
    );
    // a write cut short by the server's closing is expected; no answer at all is not
    req.on('error', (err) => setTimeout(() => fail(err), 1000).unref());
    if (bodyBytes === 0) {
      req.end();
      return;
    }
    req.setHeader('Content-Type', 'application/json');
    req.setHeader('Content-Length', String(bodyBytes));
    const chunk = Buffer.alloc(MiB, 0x20);
    // one chunk a turn of the event loop, so an early answer is read as it arrives (a client that
    // only writes would lose it to the reset that follows when the server closes)
    const pump = (): void => {
      if (req.destroyed) return;
      if (sent >= bodyBytes) {
        req.end();
        return;
      }
      const n = Math.min(chunk.length, bodyBytes - sent);
      sent += n;
      if (req.write(n === chunk.length ? chunk : chunk.subarray(0, n))) setImmediate(pump);
      else req.once('drain', pump);
    };
    pump();
  });
}

const basic = (user: string, password: string): string =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

function percentiles(ms: number[]): string {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number): number => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
  return `p50 ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, max ${(s.at(-1) ?? NaN).toFixed(1)} ms (${s.length} calls)`;
}

/** Sequential `GET dbs` with the token until `until` settles (or `count` calls without it). */
async function normalCalls(
  port: number,
  token: string,
  until?: Promise<unknown>,
  count = 200,
): Promise<number[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  let settled = false;
  void until?.finally(() => (settled = true));
  const times: number[] = [];
  try {
    while (until ? !settled : times.length < count) {
      const t0 = performance.now();
      const res = await call(port, { path: 'dbs', headers: { 'Auth-Token': token }, agent });
      if (res.status !== 200) throw new Error(`GET dbs answered ${res.status}: ${res.body}`);
      times.push(performance.now() - t0);
    }
  } finally {
    agent.destroy();
  }
  return times;
}

/** Issue 21's two figures, on the API alone. */
const ISSUE_21_KEYS = ['body', 'passwords'] as const;

/** `--only` as case keys (issue 21's names, issue 26's names or letters); every case without it. */
function selected(only: string | undefined): Set<string> {
  const all = [...ISSUE_21_KEYS, ...STALL_CASE_KEYS];
  if (only === undefined) return new Set(all);
  const keys = new Set<string>();
  for (const name of only
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean)) {
    const key = (ISSUE_21_KEYS as readonly string[]).includes(name) ? name : stallCase(name)?.key;
    if (!key)
      throw new Error(`--only: unknown case '${name}'; the cases are ${all.join(', ')} (or a, b, c, d)`);
    keys.add(key);
  }
  return keys;
}

/** One anonymous 150 MB body: the answer, and the API's memory before and after. */
async function bodyFigures(port: number, pid: number): Promise<void> {
  const before = memory(pid);
  const t0 = performance.now();
  const big = await call(port, { method: 'POST', path: 'dbs/1/bulk/update' }, 150 * MiB);
  const took = performance.now() - t0;
  await new Promise((r) => setTimeout(r, 500));
  const after = memory(pid);
  console.log('Anonymous 150 MB body to POST dbs/1/bulk/update:');
  console.log(
    `  answer ${big.status} after ${took.toFixed(0)} ms, ${(big.sent / MiB).toFixed(1)} MiB of 150 sent by then`,
  );
  console.log(`  API RSS before ${before.rss.toFixed(0)} MiB (peak so far ${before.peak.toFixed(0)} MiB)`);
  console.log(`  API RSS after  ${after.rss.toFixed(0)} MiB (peak so far ${after.peak.toFixed(0)} MiB)`);
}

/** Latency of GET dbs alone, then while 40 wrong passwords arrive at once. */
async function passwordFigures(port: number, token: string): Promise<void> {
  console.log(`GET dbs (token), alone: ${percentiles(await normalCalls(port, token))}`);
  const users = ['SSAdministrator', 'dbadmin', 'full.user', 'web.user', 'reader', 'delegate.user'];
  const spread = Array.from({ length: 40 }, (_, i) =>
    call(port, {
      path: 'dbs',
      headers: {
        Authorization: basic(`${users[i % users.length] ?? ''}${i < users.length ? '' : i}`, `wrong${i}`),
      },
      from: `127.0.0.${i + 2}`,
    }),
  );
  const w0 = performance.now();
  const wrongDone = Promise.all(spread).then((all) => ({ all, ms: performance.now() - w0 }));
  const under = await normalCalls(port, token, wrongDone);
  const wrong = await wrongDone;
  console.log(
    `GET dbs (token), while 40 wrong passwords from 40 addresses are checked: ${percentiles(under)};` +
      ` the 40 answered (${[...new Set(wrong.all.map((a) => a.status))].join('/')}) within ${wrong.ms.toFixed(0)} ms`,
  );
  const one = Array.from({ length: 40 }, () =>
    call(port, { path: 'dbs', headers: { Authorization: basic('full.user', 'wrong') }, from: '127.0.1.1' }),
  );
  const o0 = performance.now();
  const oneDone = Promise.all(one).then((all) => ({ all, ms: performance.now() - o0 }));
  const underOne = await normalCalls(port, token, oneDone);
  const same = await oneDone;
  const count = (s: number): number => same.all.filter((a) => a.status === s).length;
  console.log(
    `GET dbs (token), while 40 wrong passwords for one user from one address arrive: ${percentiles(underOne)};` +
      ` ${count(401)} checked (401), ${count(429)} backed off (429), within ${same.ms.toFixed(0)} ms`,
  );
}

/** Issue 21's figures on the API alone (or the build at `apiMain`), on a copy of `source`. */
async function issue21(source: string, only: Set<string>, apiMain: string | undefined): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'gs-bench-security-'));
  for (const f of ['simulator.sqlite', 'simulator.sqlite-wal'])
    if (existsSync(join(source, f))) copyFileSync(join(source, f), join(work, f));
  const { port, child } = await startServer(work, apiMain === undefined ? undefined : resolve(apiMain));
  try {
    const signIn = await call(port, {
      path: 'licenses',
      headers: { Authorization: basic('SSAdministrator', DEMO_PASSWORD) },
    });
    const token = (JSON.parse(signIn.body) as { Token: string }).Token;
    await normalCalls(port, token, undefined, 50); // warm-up
    if (only.has('body')) await bodyFigures(port, child.pid ?? 0);
    if (only.has('passwords')) await passwordFigures(port, token);
  } finally {
    child.kill();
    rmSync(work, { recursive: true, force: true });
  }
}

export async function run(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      'data-dir': { type: 'string', default: './data' },
      'api-main': { type: 'string' },
      only: { type: 'string' },
      'timeout-s': { type: 'string', default: '30' },
    },
  });
  const only = selected(values.only);
  const timeoutS = Number(values['timeout-s']);
  if (!Number.isFinite(timeoutS) || timeoutS <= 0) throw new Error('--timeout-s must be a number of seconds');
  const source = resolve(values['data-dir']);
  if (!isSeeded(source)) {
    console.log(`Seeding the demo scenario into ${source} (once, about a minute)...`);
    await seedScenario({ dataDir: source, scenario: 'demo', log: () => {} });
  }
  if (ISSUE_21_KEYS.some((k) => only.has(k))) await issue21(source, only, values['api-main']);
  await runStalls(
    source,
    STALL_CASE_KEYS.filter((k) => only.has(k)),
    timeoutS * 1000,
  );
}
