// Issue 26's figures: for each hostile operation (hostileCases.ts), the HTTP status and duration of
// the hostile call, the longest `GET /config.json` stall on another connection meanwhile, and the
// API process's memory. Every case gets its own system, started as `npm start` starts it (API and
// helper in one process: benchHttp.ts startSystem) on a fresh copy of the seeded demo data, so a
// case that wedges the process (a call that never ends) cannot spoil the next case's figures; the
// process is stopped after the case (SIGKILL when its event loop does not take SIGTERM).
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '@gs/simulator-api/db/connection';
import { DEMO_PASSWORD } from '../lib/signIns';
import { startSystem, stopChild } from '../benchHttp';
import { CASES, pick, type HostileCase, type Measure, type Picks } from './hostileCases';
import { measure, type Measured } from './stallProbe';

/** the longest stall a hostile call may cause (issue 26) */
export const STALL_TARGET_MS = 100;

export const STALL_CASE_KEYS: readonly string[] = CASES.map((c) => c.key);

/** A stall case by key (`sql`) or letter (`a`); undefined when it is neither. */
export const stallCase = (name: string): HostileCase | undefined =>
  CASES.find((c) => c.key === name.toLowerCase() || c.letter === name.toLowerCase());

const COLUMNS: [string, number][] = [
  ['operation', 40],
  ['status', 10],
  ['took', 10],
  ['longest stall', 16],
  ['RSS before', 11],
  ['RSS peak', 9],
  ['VmHWM', 7],
  ['target', 14],
];
const row = (cells: string[]): string =>
  cells
    .map((c, i) => c.padEnd(COLUMNS[i]?.[1] ?? 0))
    .join(' ')
    .trimEnd();
const ms = (v: number): string => `${v.toFixed(0)} ms`;
const mib = (v: number): string => v.toFixed(0);

function line(m: Measured): string {
  const met = m.stallMs < STALL_TARGET_MS ? 'met' : 'MISSED';
  return row([
    m.label,
    m.outcome,
    ms(m.ms),
    `${m.cutOff ? '>= ' : ''}${ms(m.stallMs)}`,
    mib(m.rssBefore),
    mib(m.rssPeakSampled),
    mib(m.hwm),
    `< ${STALL_TARGET_MS} ms: ${met}`,
  ]);
}

async function signIn(api: string): Promise<string> {
  const auth = `Basic ${Buffer.from(`SSAdministrator:${DEMO_PASSWORD}`).toString('base64')}`;
  const res = await fetch(`${api}licenses`, { headers: { Authorization: auth } });
  if (!res.ok) throw new Error(`signing in answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { Token: string }).Token;
}

/** The picks of a data folder (the copy the case runs on). */
function picksOf(dataDir: string): Picks {
  const db = openDatabase(join(dataDir, 'simulator.sqlite'));
  try {
    return pick(db);
  } finally {
    db.close();
  }
}

/** One case on its own system and data copy; its rows, printed as they are measured. */
async function runCase(c: HostileCase, source: string, timeoutMs: number): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), `gs-bench-stall-${c.key}-`));
  try {
    cpSync(source, work, { recursive: true });
    const picks = picksOf(work);
    const system = await startSystem(work);
    try {
      const api = `http://127.0.0.1:${system.apiPort}/Square9API/api/`;
      const helper = `http://127.0.0.1:${system.helperHttpPort}/`;
      const ctx = { api, helper, token: await signIn(api), picks };
      for (let i = 0; i < 20; i++)
        await (await fetch(`http://127.0.0.1:${system.apiPort}/config.json`)).text();
      const target = { apiPort: system.apiPort, pid: system.child.pid ?? 0, timeoutMs };
      const measureOne: Measure = async (label, call) => {
        const m = await measure(label, target, call);
        console.log(line(m));
        if (m.pollErrors > 0)
          console.log(`    (${m.pollErrors} of ${m.polls} config.json polls failed: ${m.firstPollError})`);
        if (!/^2\d\d$/.test(m.outcome) && m.body) console.log(`    answer: ${m.body.slice(0, 160)}`);
        return m;
      };
      await c.run(ctx, measureOne);
    } finally {
      if (system.child.exitCode !== null)
        console.log(`    the process had exited (${system.child.exitCode}): ${system.errors().slice(-400)}`);
      await stopChild(system.child);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Runs `keys` (stall case keys) on copies of the seeded `source` data folder. */
export async function runStalls(source: string, keys: readonly string[], timeoutMs: number): Promise<void> {
  const cases = CASES.filter((c) => keys.includes(c.key));
  if (cases.length === 0) return;
  console.log(
    `\nIssue 26: hostile calls as SSAdministrator, each on its own \`npm start\` process (API + helper) on a` +
      ` copy of the demo data; GET /config.json polled every 5 ms on another connection (longest stall:` +
      ` the slowest poll, one unanswered at the end counted until then); memory of that process in MiB:` +
      ` VmRSS before the call, VmRSS sampled every 20 ms during it (peak), VmHWM after it (the kernel's` +
      ` peak since the process started); client timeout ${timeoutMs / 1000} s.`,
  );
  console.log(row(COLUMNS.map(([name]) => name)));
  for (const c of cases) {
    try {
      await runCase(c, source, timeoutMs);
    } catch (err) {
      // the next case has its own process: it still runs
      console.log(
        `(${c.letter}) ${c.key}: the case failed: ${err instanceof Error ? err.message : String(err)}`,
      );
      process.exitCode = 1;
    }
  }
}
