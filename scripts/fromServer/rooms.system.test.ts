// A scenario made by `npm run seed -- --from-server` (the real command, a child process) is used
// like the built-in ones: `SCENARIO=NAME npm start` starts on it, and with a trainer, one made
// while the room runs shows on the trainer page's list and `npm run reset -- --scenario NAME`
// switches to it. Stacks are scripts/start.ts --serve-only (no client build), as twoRooms' are.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { trainerPaths, type TrainerState } from '@gs/contract/trainer';
import { freshStack, type FreshStack } from '../conformance/freshStack';
import { client } from './testSupport';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const templates = mkdtempSync(join(tmpdir(), 'gs-from-server-rooms-'));
const COPY_PASSWORD = 'Room@2468';
let source: FreshStack;
const children: ChildProcess[] = [];
const dirs: string[] = [templates];

function run(script: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', join('scripts', script), ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
  return new Promise<{ code: number | null; out: string }>((done) =>
    child.once('exit', (code) => done({ code, out })),
  );
}

const seed = (scenario: string, ...extra: string[]) =>
  run(
    'seed.ts',
    [
      '--from-server',
      source.url,
      '--user',
      'SSAdministrator',
      '--scenario',
      scenario,
      '--user-password',
      COPY_PASSWORD,
      '--templates-dir',
      templates,
      ...extra,
    ],
    { SEED_SOURCE_PASSWORD: 'Demo@1234' },
  );

/** scripts/start.ts --serve-only on free ports; resolves with its API's origin once it listens. */
function start(env: NodeJS.ProcessEnv): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gs-from-server-data-'));
  dirs.push(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', '--serve-only'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HELPER_HTTP_PORT: '0',
      HELPER_HTTPS_PORT: '0',
      DATA_DIR: dataDir,
      TEMPLATES_DIR: templates,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise((done, fail) => {
    let out = '';
    child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
    child.once('exit', (code) => fail(new Error(`start exited (${code}): ${out}`)));
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
      const url = /Square9API simulator: (http:\/\/localhost:\d+\/)/.exec(out)?.[1];
      if (url && (!env.TRAINER_PASSWORD || out.includes('Trainer page:'))) done(url);
    });
  });
}

beforeAll(async () => {
  source = await freshStack();
}, 300_000);

afterAll(async () => {
  await Promise.all(
    children.map(
      (c) =>
        new Promise<void>((done) => {
          c.removeAllListeners('exit');
          if (c.exitCode !== null) return done();
          c.once('exit', () => done());
          c.kill('SIGTERM');
        }),
    ),
  );
  await source?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const dbNames = async (url: string, user: string, password: string) =>
  (await client(url, user, password).json<{ Databases: { Name: string }[] }>('dbs')).Databases.map(
    (d) => d.Name,
  );

describe('a scenario made from a server, in use', () => {
  it('is written by npm run seed -- --from-server with its summary', async () => {
    const { code, out } = await seed('acme');
    expect(code, out).toBe(0);
    expect(out).toMatch(/Scenario 'acme' written to .* in [\d.]+ s/);
    expect(out).toMatch(/3 databases, \d+ archives/);
    expect(out).toContain('Left out:');
    expect(existsSync(join(templates, 'acme', '.from-server.json'))).toBe(true);
    // an existing one is not replaced without --force
    const again = await seed('acme');
    expect(again.code).not.toBe(0);
    expect(again.out).toContain('use --force');
  }, 120_000);

  it('starts with SCENARIO=NAME npm start', async () => {
    const api = `${await start({ SCENARIO: 'acme' })}Square9API/api/`;
    expect(await dbNames(api, 'reader', COPY_PASSWORD)).toEqual(
      await dbNames(source.url, 'reader', 'Demo@1234'),
    );
  }, 120_000);

  it('is offered by the trainer page and loaded by npm run reset -- --scenario NAME', async () => {
    const password = 'trainer-pass';
    const origin = await start({ SCENARIO: 'acme', TRAINER_PASSWORD: password });
    const auth = { Authorization: `Basic ${Buffer.from(`trainer:${password}`).toString('base64')}` };
    const state = async () =>
      (await (await fetch(new URL(trainerPaths.state, origin), { headers: auth })).json()) as TrainerState;
    expect((await state()).Scenario).toBe('acme');
    // made while the room runs: the list reads the templates folder each time
    expect((await seed('acme-two', '--synthesize', '3')).code).toBe(0);
    expect((await state()).Scenarios).toEqual(expect.arrayContaining(['demo', 'acme', 'acme-two']));
    const reset = await run('reset.ts', ['--url', origin, '--scenario', 'acme-two'], {
      TRAINER_PASSWORD: password,
    });
    expect(reset.code, reset.out).toBe(0);
    expect((await state()).Scenario).toBe('acme-two');
    const c = client(`${origin}Square9API/api/`, 'SSAdministrator', COPY_PASSWORD);
    const count = await c.json<{ Count: number }>('dbs/1/searches/1/archive/1/documents', {
      SecureId:
        (await c.json<{ Id: number; Hash: string }[]>('dbs/1/searches')).find((s) => s.Id === 1)?.Hash ?? '',
      SearchCriteria: '{}',
      Count: 'true',
    });
    expect(count.Count).toBe(3);
  }, 180_000);
});
