// Admin benchmark on the large scenario (1,000,000 invoices in one archive): POST a new field to
// the archive's database through the admin API (its column is added to the 1,000,000-row document
// table, with its search index and triggers) while a second connection runs a search back to
// back. Prints how long the add took and the longest any search waited during it (the API is
// one process: what the add holds, it holds from every request). Runs on a COPY of the data
// folder's database, so the large data stays as seeded. Target: both under 2 s.
// Run: npm run bench -- admin [--data-dir ./data-large] [--adds 3]
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import type { DatabasesResponse } from '@gs/contract/databases';
import type { Search } from '@gs/contract/searches';
import { ensureLarge } from './lib/largeScenario';
import { DEMO_PASSWORD } from './lib/signIns';
import { fetchJson, startServer, stopHttp } from './benchHttp';

const ARCHIVE = 'Customer Invoices';
const SEARCH = 'Browse Customer Invoices';

/** A copy of the database file (and its WAL) in a fresh folder the bench may change. */
function copyData(dataDir: string): string {
  const copy = mkdtempSync(join(tmpdir(), 'gs-bench-admin-'));
  for (const suffix of ['', '-wal', '-shm']) {
    const from = resolve(dataDir, `simulator.sqlite${suffix}`);
    if (existsSync(from)) copyFileSync(from, join(copy, `simulator.sqlite${suffix}`));
  }
  mkdirSync(join(copy, 'files'), { recursive: true });
  return copy;
}

interface Timed {
  start: number;
  end: number;
}

const ms = (n: number): string => `${n.toFixed(0)} ms`;

export async function run(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      'data-dir': { type: 'string', default: './data-large' },
      adds: { type: 'string', default: '3' },
    },
  });
  const dataDir = resolve(values['data-dir']);
  await ensureLarge(dataDir);
  const copy = copyData(dataDir);
  const { port, child } = await startServer(copy);
  try {
    const api = `http://127.0.0.1:${port}/Square9API/api/`;
    const basic = `Basic ${Buffer.from(`SSAdministrator:${DEMO_PASSWORD}`).toString('base64')}`;
    const signIn = await fetch(`${api}licenses`, { headers: { Authorization: basic } });
    const token = ((await signIn.json()) as { Token: string }).Token;
    const auth = { 'Auth-Token': token };
    const { Databases: dbs } = (await fetchJson(`${api}dbs`, auth)) as DatabasesResponse;
    let found: { db: number; archive: number; search: Search } | undefined;
    for (const d of dbs) {
      const searches = (await fetchJson(`${api}dbs/${d.Id}/searches`, auth)) as Search[];
      const s = searches.find((x) => x.Name === SEARCH);
      const archive = s?.Archives.find((a) => a.Name === ARCHIVE);
      if (s && archive) found = { db: d.Id, archive: archive.ID, search: s };
    }
    if (!found) throw new Error(`no search '${SEARCH}' over '${ARCHIVE}'`);
    const { db, archive, search } = found;
    const countUrl = `${api}dbs/${db}/searches/${search.Id}/archive/${archive}/documents?${new URLSearchParams({ SecureId: search.Hash, Count: 'true', SearchCriteria: '{}' }).toString()}`;
    const docs = (await fetchJson(countUrl, auth)) as { Count: number };
    console.log(`Archive '${ARCHIVE}' of database ${db}: ${docs.Count.toLocaleString('en')} documents.`);
    const searchUrl = `${api}dbs/${db}/searches/${search.Id}/archive/${archive}/documents?${new URLSearchParams({ SecureId: search.Hash, SearchCriteria: '{}', RecordsPerPage: '25', page: '1' }).toString()}`;

    const searchOnce = async (): Promise<Timed> => {
      const start = performance.now();
      await fetchJson(searchUrl, auth);
      return { start, end: performance.now() };
    };
    const baseline: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t = await searchOnce();
      baseline.push(t.end - t.start);
    }
    baseline.sort((a, b) => a - b);
    console.log(`Search alone (25 rows of ${docs.Count.toLocaleString('en')}): p50 ${ms(baseline[10] ?? 0)}`);

    const adds = Number(values.adds);
    for (let i = 1; i <= adds; i++) {
      let running = true;
      const searches: Timed[] = [];
      const loop = (async () => {
        while (running) searches.push(await searchOnce());
      })();
      await new Promise((r) => setTimeout(r, 300));
      const start = performance.now();
      const res = await fetch(`${api}admin/databases/${db}/fields`, {
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/json' },
        body: JSON.stringify({ Name: `Bench field ${Date.now()}`, Type: i % 2 ? 'character' : 'numeric' }),
      });
      const end = performance.now();
      if (!res.ok) throw new Error(`adding a field failed: ${res.status} ${await res.text()}`);
      await new Promise((r) => setTimeout(r, 300));
      running = false;
      await loop;
      const during = searches.filter((s) => s.end > start && s.start < end);
      const longest = Math.max(0, ...during.map((s) => s.end - s.start));
      console.log(
        `Add a field #${i}: ${ms(end - start)} (target < 2000 ms); longest search during it ${ms(longest)} over ${during.length} searches (target < 2000 ms)`,
      );
    }
    const after = (await fetchJson(countUrl, auth)) as { Count: number };
    console.log(
      `Documents after the adds: ${after.Count.toLocaleString('en')} (before: ${docs.Count.toLocaleString('en')}).`,
    );
  } finally {
    stopHttp();
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    const check = new Database(join(copy, 'simulator.sqlite'), { readonly: true });
    console.log(`quick_check of the changed copy: ${String(check.pragma('quick_check', { simple: true }))}`);
    check.close();
    rmSync(copy, { recursive: true, force: true });
  }
}
