import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lockTemplate } from './seedLock';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function templateDir(): string {
  const base = mkdtempSync(join(tmpdir(), 'gs-seed-lock-'));
  dirs.push(base);
  return join(base, 'demo');
}

/** a pid no process has: above Linux's pid_max ceiling (2^22) */
const DEAD_PID = 4_194_305;

describe('the seeding lock of a template folder', () => {
  it('names its holder and makes a second caller wait until the holder releases it', async () => {
    const dir = templateDir();
    const release = await lockTemplate(dir);
    expect(readFileSync(`${dir}.lock`, 'utf8')).toBe(String(process.pid));
    let second = false;
    const waiting = lockTemplate(dir).then((releaseSecond) => {
      second = true;
      return releaseSecond;
    });
    await new Promise((done) => setTimeout(done, 600));
    expect(second).toBe(false);
    release();
    const releaseSecond = await waiting;
    expect(second).toBe(true);
    releaseSecond();
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });

  it('waits for a lock held by another live process', async () => {
    const dir = templateDir();
    // pid 1 runs on every machine (here: another user's process may answer EPERM, still alive)
    writeFileSync(`${dir}.lock`, '1');
    let taken = false;
    const waiting = lockTemplate(dir).then((release) => {
      taken = true;
      return release;
    });
    await new Promise((done) => setTimeout(done, 600));
    expect(taken).toBe(false);
    rmSync(`${dir}.lock`);
    (await waiting)();
    expect(taken).toBe(true);
  });

  it('takes over a lock left by a process that died', async () => {
    const dir = templateDir();
    writeFileSync(`${dir}.lock`, String(DEAD_PID));
    const release = await lockTemplate(dir);
    expect(readFileSync(`${dir}.lock`, 'utf8')).toBe(String(process.pid));
    release();
  });

  it('takes over a lock older than half an hour, whatever process its pid now names', async () => {
    const dir = templateDir();
    writeFileSync(`${dir}.lock`, '1');
    const hourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(`${dir}.lock`, hourAgo, hourAgo);
    const release = await lockTemplate(dir);
    expect(readFileSync(`${dir}.lock`, 'utf8')).toBe(String(process.pid));
    release();
  });
});
