// Two classrooms on one machine: two stacks started the way the README starts them (scripts/start.ts
// with their own DATA_DIR, ports and TRAINER_PASSWORD; the API-only --serve-only here, no client
// build), sharing the seeded templates. `npm run reset` switches one; the other keeps its data and
// its browsers stay signed in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { trainerPaths, type TrainerState } from '@gs/contract/trainer';
import { DEMO_PASSWORD } from './signIns';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

interface Stack {
  name: string;
  dataDir: string;
  password: string;
  child: ChildProcess;
  url: string;
  helperUrl: string;
}

/** Start a stack on free ports; resolves once it printed its trainer page. */
function startStack(name: string): Promise<Stack> {
  const dataDir = mkdtempSync(join(tmpdir(), `gs-${name}-`));
  const password = `${name}-password`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', '--serve-only'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HELPER_HTTP_PORT: '0',
      HELPER_HTTPS_PORT: '0',
      DATA_DIR: dataDir,
      TRAINER_PASSWORD: password,
      SCENARIO: 'demo',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((done, fail) => {
    let out = '';
    child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('exit', (code) => fail(new Error(`${name} exited (${code}): ${out}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /Square9API simulator: (http:\/\/localhost:\d+\/)/.exec(out)?.[1];
      const helperUrl = /Extensions helper: +(http:\/\/localhost:\d+)/.exec(out)?.[1];
      if (url && helperUrl && out.includes('Trainer page:'))
        done({ name, dataDir, password, child, url, helperUrl });
    });
  });
}

const stacks: Stack[] = [];

beforeAll(async () => {
  stacks.push(...(await Promise.all([startStack('room-a'), startStack('room-b')])));
}, 300_000);

afterAll(async () => {
  await Promise.all(
    stacks.map(
      (s) =>
        new Promise<void>((done) => {
          s.child.removeAllListeners('exit');
          s.child.once('exit', () => done());
          s.child.kill('SIGTERM');
        }),
    ),
  );
  for (const s of stacks) rmSync(s.dataDir, { recursive: true, force: true });
});

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const state = async (s: Stack): Promise<TrainerState> =>
  (await (
    await fetch(new URL(trainerPaths.state, s.url), { headers: { Authorization: basic('t', s.password) } })
  ).json()) as TrainerState;
async function signIn(s: Stack): Promise<string> {
  const res = await fetch(new URL('Square9API/api/licenses', s.url), {
    headers: { Authorization: basic('full.user', DEMO_PASSWORD) },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { Token: string }).Token;
}
/** npm run reset's script, asynchronously (a blocked event loop would let idle sockets go stale) */
function runReset(s: Stack, args: string[]): Promise<{ code: number | null; stdout: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/reset.ts', '--url', s.url, ...args], {
    cwd: root,
    env: { ...process.env, TRAINER_PASSWORD: s.password },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let stdout = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  return new Promise((done) => child.once('exit', (code) => done({ code, stdout })));
}
const databases = (s: Stack, token: string) =>
  fetch(new URL('Square9API/api/dbs', s.url), { headers: { 'Auth-Token': token } });

describe('two classrooms side by side', () => {
  it('each has its own data, ports, helper and trainer password; resetting one leaves the other', async () => {
    const [a, b] = stacks as [Stack, Stack];
    expect(a.url).not.toBe(b.url);
    const [stateA, stateB] = await Promise.all([state(a), state(b)]);
    expect(stateA.Helper?.HttpUrl).toBe(a.helperUrl);
    expect(stateB.Helper?.HttpUrl).toBe(b.helperUrl);
    // one room's password opens only that room
    const wrong = await fetch(new URL(trainerPaths.state, b.url), {
      headers: { Authorization: basic('t', a.password) },
    });
    expect(wrong.status).toBe(401);

    const [tokenA, tokenB] = await Promise.all([signIn(a), signIn(b)]);
    // from a second terminal, as the README shows
    const reset = await runReset(a, ['--scenario', 'empty']);
    console.log(reset.stdout.trim());
    expect(reset.code).toBe(0);
    expect(reset.stdout).toContain(`'empty' loaded in`);

    expect((await state(a)).Scenario).toBe('empty');
    expect((await databases(a, tokenA)).status).toBe(401);
    expect((await state(b)).Scenario).toBe('demo');
    const stillB = await databases(b, tokenB);
    expect(stillB.status).toBe(200);
    expect(await stillB.text()).toContain('Finance');
  }, 120_000);
});
