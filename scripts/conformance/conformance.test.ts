// System test of the conformance kit (issue 30, decision 057): `npm run conformance` against a fresh
// simulator on a copy of the demo passes every check but the parallel sign-ins (pending issue 30
// item 1 on another branch); --record then --compare against a second fresh stack finds no
// difference; and --compare does report a difference once the recording is edited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freshStack, type FreshStack } from './freshStack';
import { main } from './main';
import type { Recording } from './record';

const PENDING = ['licences.parallel'];
const dir = mkdtempSync(join(tmpdir(), 'gs-conformance-rec-'));
const stacks: FreshStack[] = [];

async function kit(stack: FreshStack, ...extra: string[]): Promise<{ code: number; out: string }> {
  const lines: string[] = [];
  const args = ['--url', stack.url, '--user', 'SSAdministrator', '--password', 'Demo@1234', '--write'];
  const code = await main([...args, ...extra], (text) => lines.push(text));
  return { code, out: lines.join('\n') };
}

beforeAll(async () => {
  stacks.push(await freshStack(), await freshStack());
}, 300_000);

afterAll(async () => {
  await Promise.all(stacks.map((s) => s.close()));
  rmSync(dir, { recursive: true, force: true });
});

describe('npm run conformance against the simulator', () => {
  const first = join(dir, 'first.json');

  it('passes every check but the pending parallel sign-ins, and records what it saw', async () => {
    const { code, out } = await kit(stacks[0] as FreshStack, '--record', first);
    const count = /^(\d+) checks: (\d+) passed, (\d+) failed, (\d+) pending.*, (\d+) skipped$/m.exec(out);
    console.log(count?.[0]);
    expect(count, out).not.toBeNull();
    const [total, pass, fail, pending, skip] = (count ?? []).slice(1).map(Number);
    expect(total).toBeGreaterThanOrEqual(50);
    expect({ fail, skip, pass }, out).toEqual({ fail: 0, skip: 0, pass: (total ?? 0) - PENDING.length });
    expect(pending).toBe(PENDING.length);
    for (const id of PENDING) expect(out).toMatch(new RegExp(`^PENDING +${id.replace('.', '\\.')} `, 'm'));
    expect(code).toBe(0);
    // nothing secret is kept: no token, password or host in the recording
    const text = readFileSync(first, 'utf8');
    expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i);
    expect(text).not.toContain('Demo@1234');
    expect(text).not.toContain('127.0.0.1');
    expect(text).toContain('«masked»');
  }, 240_000);

  it('--compare against a second fresh stack reports no difference (masked values do not count)', async () => {
    const { code, out } = await kit(stacks[1] as FreshStack, '--compare', first);
    expect(out).toContain('No differences from the recording');
    expect(code).toBe(0);
  }, 240_000);

  it('--compare reports a key whose casing was changed in the recording, and a changed status', async () => {
    const changed = JSON.parse(readFileSync(first, 'utf8')) as Recording;
    const dbs = changed.exchanges.find((e) => e.key === 'databases.list dbs');
    const obtain = changed.exchanges.find((e) => e.key === 'licences.obtain obtain');
    const shape = dbs?.shape;
    if (!obtain || !shape || typeof shape !== 'object' || !('object' in shape) || !shape.object.Databases)
      throw new Error('the recording lacks GET dbs or GET licenses');
    shape.object = { databases: shape.object.Databases };
    obtain.status = 201;
    const file = join(dir, 'edited.json');
    writeFileSync(file, JSON.stringify(changed));
    const { code, out } = await kit(stacks[1] as FreshStack, '--compare', file);
    expect(out).toContain(
      "databases.list dbs: GET dbs: $: key casing differs: recording 'databases', this server 'Databases'",
    );
    expect(out).toContain('licences.obtain obtain: GET licenses: status: recording 201, this server 200');
    expect(out).toMatch(/^2 difference\(s\) from the recording:$/m);
    expect(code).toBe(1);
  }, 240_000);
});
