// HTTP side of the benchmarks: the simulator started as its own process on a free port, and a
// light keep-alive client (lighter than fetch, so the figures are the server's).
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, get } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// a new agent per case: a kept-alive socket left idle while raw SQLite runs would time out
let agent = new Agent({ keepAlive: true, maxSockets: 1 });

/** GET and parse JSON over one kept-alive connection (lighter than fetch, so it times the server). */
export function fetchJson(url: string, headers: Record<string, string> = {}): Promise<unknown> {
  return new Promise((done, fail) => {
    get(url, { agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        if (res.statusCode === 200) done(JSON.parse(body));
        else fail(new Error(`${res.statusCode} ${body} for ${url}`));
      });
    }).on('error', (e) => fail(new Error(`${e.message} for ${url}`)));
  });
}

/**
 * The flags `npm start` gives node (package.json): a 64 MB young generation, so the objects of a
 * bulk batch (thousands of rows parsed from one body) die young instead of being promoted and
 * swept again (measured: bulk import 100,000 rows 4.4-4.9 s → 4.3 s, update 3.6-3.9 → 3.4-3.5 s).
 */
export const SIMULATOR_NODE_FLAGS = '--max-semi-space-size=64';

/** BENCH_SERVER_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", profiles the simulator (set by bench.ts) */
let serverNodeArgs: readonly string[] = [];
export function setServerNodeArgs(args: readonly string[]): void {
  serverNodeArgs = args;
}

/**
 * The simulator (simulator/api/src/main.ts, or `mainPath`: e.g. an older checkout's, for
 * before/after figures) in a child process on a free port.
 */
export async function startServer(
  dataDir: string,
  mainPath?: string,
): Promise<{ port: number; child: ChildProcess }> {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const nodeArgs = [SIMULATOR_NODE_FLAGS, ...serverNodeArgs];
  const child = spawn(
    process.execPath,
    [...nodeArgs, '--import', 'tsx', mainPath ?? resolve(root, 'simulator/api/src/main.ts')],
    {
      cwd: root,
      env: { ...process.env, PORT: '0', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const port = await new Promise<number>((done, fail) => {
    let out = '';
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /listening on http:\/\/[^:]+:(\d+)\//.exec(out);
      if (m) done(Number(m[1]));
    });
    child.once('exit', (code) => fail(new Error(`the simulator exited (${code}) before listening`)));
  });
  return { port, child };
}

/** A port free on 127.0.0.1 now (the kernel's pick; released at once for the caller to take). */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => done(port));
    });
  });
}

export interface RunningSystem {
  child: ChildProcess;
  apiPort: number;
  helperHttpPort: number;
  /** what the process wrote to stderr so far (a 5xx's stack, a failure at start) */
  errors(): string;
}

/**
 * The whole system the way `npm start` runs it (package.json: node with SIMULATOR_NODE_FLAGS on
 * scripts/start.ts): the API and the helper in ONE process, on free ports and `dataDir` (already
 * seeded). `--serve-only` leaves out the client build and its static files, nothing else.
 */
export async function startSystem(dataDir: string): Promise<RunningSystem> {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const [apiPort, helperHttpPort, helperHttpsPort] = [await freePort(), await freePort(), await freePort()];
  const child = spawn(
    process.execPath,
    [SIMULATOR_NODE_FLAGS, '--import', 'tsx', resolve(root, 'scripts/start.ts'), '--serve-only'],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(apiPort),
        HELPER_HTTP_PORT: String(helperHttpPort),
        HELPER_HTTPS_PORT: String(helperHttpsPort),
        DATA_DIR: dataDir,
        DATA_TEMPLATE_DIR: '',
        TRAINER_PASSWORD: '',
        SIM_TEST_ENDPOINTS: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let errors = '';
  child.stderr?.on('data', (c: Buffer) => (errors = (errors + c.toString()).slice(-20_000)));
  await new Promise<void>((done, fail) => {
    let out = '';
    child.stdout?.on('data', (c: Buffer) => {
      out = (out + c.toString()).slice(-20_000);
      if (/Extensions helper:/.test(out)) done();
    });
    child.once('exit', (code) =>
      fail(new Error(`scripts/start.ts exited (${code}) before listening:\n${errors}`)),
    );
  });
  return { child, apiPort, helperHttpPort, errors: () => errors };
}

/** SIGTERM (start.ts closes its servers), then SIGKILL after `graceMs` if its event loop is stuck. */
export async function stopChild(child: ChildProcess, graceMs = 3000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/** VmRSS (resident now) and VmHWM (the kernel's peak since the process started) of `pid`, in MiB. */
export function procMemory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string): number => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** A fresh connection for the next series of requests. */
export function newConnection(): void {
  agent.destroy();
  agent = new Agent({ keepAlive: true, maxSockets: 1 });
}

export function stopHttp(): void {
  agent.destroy();
}

/** The p-th percentile of ascending `sorted` (NaN when empty). */
export const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** `runs` timings in ms of GET `url` after `warm` unmeasured calls, ascending. */
export async function timedGets(
  url: string,
  headers: Record<string, string>,
  runs: number,
  warm: number,
): Promise<number[]> {
  for (let i = 0; i < warm; i++) await fetchJson(url, headers);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fetchJson(url, headers);
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b);
}
