// System test of the conformance kit (issue 30, decision 057): `npm run conformance` against a fresh
// simulator on a copy of the demo passes every check, the parallel sign-ins of one user included
// (a token per sign-in, decision 056); --record then --compare against a second fresh stack finds no
// difference; and --compare does report a difference once the recording is edited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { freshStack, type FreshStack } from './freshStack';
import { ALL_CHECKS, runKit } from './kit';
import { main } from './main';
import type { Recording } from './record';
import { formatTable } from './table';

// no check waits on work elsewhere any more; a check marked pending again must be named here
const PENDING: string[] = [];
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

  it('passes every check, parallel sign-ins included, and records what it saw', async () => {
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

/** A proxy in front of `target` that lower-cases the key ArchiveId and drops Cache-Control. */
async function skewedProxy(target: string): Promise<{ url: string; server: Server }> {
  const upstream = new URL(target);
  const server = createServer((req, res) => {
    const out = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: req.url,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (c: Buffer) => chunks.push(c));
        answer.on('end', () => {
          const { 'cache-control': _dropped, 'content-length': _length, ...headers } = answer.headers;
          const body = Buffer.concat(chunks);
          const json = /json/.test(String(answer.headers['content-type']));
          const sent = json
            ? Buffer.from(body.toString('utf8').replaceAll('"ArchiveId":', '"archiveId":'))
            : body;
          res.writeHead(answer.statusCode ?? 500, { ...headers, 'content-length': String(sent.length) });
          res.end(sent);
        });
      },
    );
    req.pipe(out);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}${upstream.pathname}`, server };
}

describe('the checks fail on a server that differs from the wire reference', () => {
  it('names the expected and actual key casing and header', async () => {
    const proxy = await skewedProxy((stacks[1] as FreshStack).url);
    try {
      const checks = ALL_CHECKS.filter((c) => ['conventions.json-headers', 'searches.count'].includes(c.id));
      const run = await runKit(
        { url: proxy.url, user: 'SSAdministrator', password: 'Demo@1234', write: false },
        checks,
      );
      expect(run.results.map((r) => [r.id, r.outcome])).toEqual([
        ['conventions.json-headers', 'fail'],
        ['searches.count', 'fail'],
      ]);
      const table = formatTable(run.results);
      expect(table).toContain('GET dbs: header Cache-Control');
      expect(table).toMatch(/expected: no-cache\n +actual: +\(absent\)/);
      expect(table).toMatch(/Count=true: key casing\n +expected: 'ArchiveId'\n +actual: +'archiveId'/);
    } finally {
      proxy.server.close();
    }
  }, 120_000);
});
