// Two processes that need the same missing template at once (two test workers, two stacks started
// together on a fresh clone) seed it once: the second waits for the first's seed and uses it
// (seedLock.ts, decision 088). The empty scenario keeps the seeding short.
import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const templates = join(root, 'scripts', 'lib', 'templates.ts');
const base = mkdtempSync(join(tmpdir(), 'gs-seed-lock-'));

afterAll(() => rmSync(base, { recursive: true, force: true }));

/** ensureTemplate of the empty scenario in a process of its own; what it answered (true: it seeded). */
function ensureInChild(dir: string): Promise<string> {
  const code = `import(${JSON.stringify(templates)}).then(async (t) => {
    const seeded = await t.ensureTemplate(${JSON.stringify(root)}, 'empty', ${JSON.stringify(dir)}, () => {});
    process.stdout.write('seeded=' + seeded);
  })`;
  const child = spawn(process.execPath, ['--import', 'tsx', '-e', code], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  return new Promise((done, fail) =>
    child.once('exit', (status) =>
      status === 0 ? done(out.trim()) : fail(new Error(`exit ${status}: ${out}`)),
    ),
  );
}

describe('a template two processes need at once', () => {
  it('is seeded by one of them; the other waits and uses it', async () => {
    const dir = join(base, 'empty');
    const answers = await Promise.all([ensureInChild(dir), ensureInChild(dir)]);
    expect(answers.sort()).toEqual(['seeded=false', 'seeded=true']);
    expect(existsSync(join(dir, 'simulator.sqlite'))).toBe(true);
    // nothing left aside, and the lock is released
    expect(readdirSync(base)).toEqual(['empty']);
  }, 120_000);
});
