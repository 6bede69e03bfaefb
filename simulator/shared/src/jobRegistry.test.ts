// The job registry (decision 061): owners, the time to live after a job ends, its files, the start sweep.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { JobRegistry } from './jobRegistry';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function setUp(ttlMs = 1000) {
  const root = mkdtempSync(join(tmpdir(), 'gs-jobs-'));
  dirs.push(root);
  let now = 5_000;
  const dir = join(root, 'jobs');
  const registry = new JobRegistry<{ n: number }>({ dir, ttlMs, now: () => now, sweepEveryMs: 0 });
  return { root, dir, registry, advance: (ms: number) => (now += ms) };
}

describe('JobRegistry', () => {
  it('answers a job to its owner only', async () => {
    const { registry } = setUp();
    const job = await registry.create(7, () => ({ n: 1 }));
    expect(registry.get(job.id, 7)?.state.n).toBe(1);
    expect(registry.get(job.id, 8)).toBeUndefined();
    expect(registry.get('nope', 7)).toBeUndefined();
  });

  it('drops an ended job with its files after the time to live, and keeps a running one', async () => {
    const { registry, advance } = setUp(1000);
    const ended = await registry.create('a', () => ({ n: 1 }));
    const running = await registry.create('a', () => ({ n: 2 }));
    const file = registry.file(ended, `${ended.id}.zip`);
    writeFileSync(file, 'zip');
    registry.end(ended);
    advance(999);
    await registry.expire();
    expect(registry.get(ended.id, 'a')).toBeDefined();
    expect(existsSync(file)).toBe(true);
    advance(1);
    await registry.expire();
    expect(registry.get(ended.id, 'a')).toBeUndefined();
    expect(existsSync(file)).toBe(false);
    advance(10_000);
    expect(registry.get(running.id, 'a')).toBeDefined();
  });

  it('empties its folder at start: files of a previous run are removed', async () => {
    const root = mkdtempSync(join(tmpdir(), 'gs-jobs-'));
    dirs.push(root);
    const dir = join(root, 'jobs');
    mkdirSync(join(dir, 'sub'), { recursive: true });
    writeFileSync(join(dir, 'old.zip'), 'left over');
    writeFileSync(join(dir, 'sub', 'x'), 'left over');
    writeFileSync(join(root, 'beside.txt'), 'not ours');
    const registry = new JobRegistry({ dir, ttlMs: 1000, sweepEveryMs: 0 });
    await registry.started();
    expect(existsSync(join(dir, 'old.zip'))).toBe(false);
    expect(existsSync(join(dir, 'sub'))).toBe(false);
    expect(existsSync(join(root, 'beside.txt'))).toBe(true);
  });

  it('never removes a file outside its folder', async () => {
    const { root, registry, advance } = setUp(10);
    const job = await registry.create('a', () => ({ n: 1 }));
    expect(() => registry.file(job, '../escape')).toThrow();
    const outside = join(root, 'document.pdf');
    writeFileSync(outside, 'a stored document');
    job.files.push(outside);
    registry.end(job);
    advance(11);
    await registry.expire();
    expect(existsSync(outside)).toBe(true);
  });
});
