// A template is seeded aside (`<template>.seeding-<pid>`) by a child process and renamed into
// place (templates.ts). When the seeding processes are killed first (a stack or test worker
// killed with its children), the next seed of that template removes the folder they left aside:
// nothing else would, its pid is never that of a later seed, and a large template's is some
// 750 MB. Linux: the seed's child process is found through /proc.
import { afterAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pidAlive } from './seedLock';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const templates = join(root, 'scripts', 'lib', 'templates.ts');
const base = mkdtempSync(join(tmpdir(), 'gs-seed-child-'));

afterAll(() => rmSync(base, { recursive: true, force: true }));

/** A process calling ensureTemplate, its log lines on stdout. */
function seeder(scenario: string, dir: string, documents?: number): ChildProcess {
  const choice = documents === undefined ? '{}' : `{ documents: ${documents} }`;
  const code = `import(${JSON.stringify(templates)}).then(async (t) => {
    await t.ensureTemplate(${JSON.stringify(root)}, ${JSON.stringify(scenario)}, ${JSON.stringify(dir)},
      (line) => process.stdout.write(line + '\\n'), ${choice});
  })`;
  return spawn(process.execPath, ['--import', 'tsx', '-e', code], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

const untilOutput = (child: ChildProcess, pattern: RegExp): Promise<void> =>
  new Promise((done, fail) => {
    let out = '';
    const seen = (chunk: Buffer) => {
      out += chunk.toString();
      if (pattern.test(out)) done();
    };
    child.stdout?.on('data', seen);
    child.stderr?.on('data', seen);
    child.once('exit', (code) => fail(new Error(`exited ${code} before ${pattern}: ${out}`)));
  });

/** The pids whose parent is `pid` (/proc/N/stat: "pid (name) state ppid ..."). */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false; // gone meanwhile
      }
    })
    .map(Number);
}

async function goneWithin(pid: number, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (!pidAlive(pid)) return true;
    await new Promise((done) => setTimeout(done, 100));
  }
  return !pidAlive(pid);
}

describe('a seed killed before its rename', () => {
  it('leaves a folder aside that the next seed of its template removes', async () => {
    const dir = join(base, 'large');
    // half a million documents: over a minute of seeding, killed early
    const parent = seeder('large', dir, 500_000);
    // the seed's own first line: its child runs and writes aside
    await untilOutput(parent, /Seeding 'large' into/);
    const [seed] = childrenOf(parent.pid!);
    expect(seed).toBeGreaterThan(0);
    parent.kill('SIGKILL');
    process.kill(seed!, 'SIGKILL');
    expect(await goneWithin(seed!, 10_000)).toBe(true);

    const aside = `large.seeding-${parent.pid}`;
    expect(readdirSync(base)).toContain(aside);
    const next = seeder('empty', dir);
    await new Promise((done) => next.once('exit', done));
    expect(next.exitCode).toBe(0);
    expect(existsSync(join(dir, 'simulator.sqlite'))).toBe(true);
    // nothing left aside, and the dead parent's lock was taken over and released
    expect(readdirSync(base)).toEqual(['large']);
  }, 120_000);
});
