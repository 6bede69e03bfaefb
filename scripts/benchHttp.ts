// HTTP side of the benchmarks: the simulator started as its own process on a free port, and a
// light keep-alive client (lighter than fetch, so the figures are the server's).
import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, get } from 'node:http';
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

/**
 * The simulator (simulator/api/src/main.ts, or `mainPath`: e.g. an older checkout's, for
 * before/after figures) in a child process on a free port.
 */
export async function startServer(
  dataDir: string,
  mainPath?: string,
): Promise<{ port: number; child: ChildProcess }> {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  // BENCH_SERVER_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", profiles the simulator
  const nodeArgs = [
    SIMULATOR_NODE_FLAGS,
    ...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
  ];
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
