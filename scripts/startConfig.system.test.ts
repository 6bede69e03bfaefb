// `npm start` parses the environment first (decision 060): a bad value stops it at once, with exit
// code 2 and the variable's name, value and form on stderr, before it seeds or listens. The child
// gets only PATH and HOME besides the variables under test, so the runner's environment plays no part.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

interface Ended {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** scripts/start.ts as `npm start` runs it; killed (and reported so) if still running after 60 s (a SCENARIO is checked once the system's modules load, which takes a while on a busy machine). */
function start(env: Record<string, string>): Promise<Ended> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const guard = setTimeout(() => child.kill('SIGKILL'), 60_000);
  return new Promise((done) =>
    child.once('close', (code, signal) => {
      clearTimeout(guard);
      done({ code, signal, stdout, stderr });
    }),
  );
}

let work: string;
beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'gs-start-config-'));
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

describe('npm start with a bad variable', () => {
  it('LICENSE_IDLE_MINUTES=20m exits at once naming it, before seeding or listening', async () => {
    const dataDir = join(work, 'data');
    const ended = await start({ LICENSE_IDLE_MINUTES: '20m', DATA_DIR: dataDir, PORT: '0' });
    expect(ended.signal).toBeNull();
    expect(ended.code).toBe(2);
    expect(ended.stderr.trim()).toBe(
      'LICENSE_IDLE_MINUTES must be a whole number of minutes, at least 1 (got "20m")',
    );
    expect(ended.stdout).not.toMatch(/Seeding|Building|listening|ready/i);
    expect(existsSync(dataDir)).toBe(false);
  });

  it('names every bad variable, and a SCENARIO it does not know, the same way', async () => {
    const dataDir = join(work, 'data');
    const two = await start({ PORT: '80a', UPLOAD_QUOTA_MB: '1GB', DATA_DIR: dataDir });
    expect(two.code).toBe(2);
    expect(two.stderr.trim().split('\n')).toEqual([
      'PORT must be a port number from 0 to 65535 (0: any free port) (got "80a")',
      'UPLOAD_QUOTA_MB must be a number of MiB (like 24 or 0.5), more than 0 (got "1GB")',
    ]);
    const scenario = await start({ SCENARIO: 'demoo', DATA_DIR: dataDir });
    expect(scenario.code).toBe(2);
    expect(scenario.stderr.trim()).toBe('SCENARIO must be one of demo, empty, large (got "demoo")');
    expect(existsSync(dataDir)).toBe(false);
  });
});
