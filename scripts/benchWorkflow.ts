// Workflow benchmark on the large scenario (issue 14): 100,000 tasks wait in one queue
// (fixtures largeWorkflow.ts). Times over HTTP, against the simulator in its own process, as
// full.user: the queue list with its counts (GET workflowdesigner?nodeType=queue), the queue's
// counts per archive (searches?count=true), and a 25-row task page (first and a deep one), and
// prints p50/p95 of each. Target: queue list and a 25-row page each at most 20 ms p50. Reads only.
// Run: npm run bench -- workflow [--data-dir ./data-large] [--runs 60]
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { DatabasesResponse } from '@gs/contract/databases';
import type { SearchResult } from '@gs/contract/searches';
import type { QueueArchiveCount, WorkflowQueue } from '@gs/contract/workflow';
import { ensureLarge } from './lib/largeScenario';
import { DEMO_PASSWORD } from './lib/signIns';
import { fetchJson, percentile, startServer, stopHttp, timedGets } from './benchHttp';

const TARGET_MS = 20;

const timed = (url: string, headers: Record<string, string>, runs: number): Promise<number[]> =>
  timedGets(url, headers, runs, 5);

export async function run(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      'data-dir': { type: 'string', default: './data-large' },
      runs: { type: 'string', default: '60' },
    },
  });
  const dataDir = resolve(values['data-dir']);
  const runs = Math.max(5, Number(values.runs) || 60);
  await ensureLarge(dataDir);
  const { port, child } = await startServer(dataDir);
  try {
    const api = `http://127.0.0.1:${port}/Square9API/api/`;
    const basic = `Basic ${Buffer.from(`full.user:${DEMO_PASSWORD}`).toString('base64')}`;
    const signIn = await fetch(`${api}licenses`, { headers: { Authorization: basic } });
    const token = ((await signIn.json()) as { Token: string }).Token;
    const auth = { 'Auth-Token': token };
    const { Databases: dbs } = (await fetchJson(`${api}dbs`, auth)) as DatabasesResponse;
    let found: { db: number; queue: WorkflowQueue } | undefined;
    for (const d of dbs) {
      const queues = (await fetchJson(
        `${api}workflowdesigner?dbid=${d.Id}&nodeType=queue`,
        auth,
      )) as WorkflowQueue[];
      const biggest = [...queues].sort((a, b) => b.Count - a.Count)[0];
      if (biggest && biggest.Count > (found?.queue.Count ?? 0)) found = { db: d.Id, queue: biggest };
    }
    if (!found) throw new Error('full.user works no queue with tasks: seed the large scenario again.');
    const { db, queue } = found;
    const base = `${api}dbs/${db}/searches?workflowId=${queue.WorkflowId}&queueKey=${encodeURIComponent(queue.Key)}`;
    const [counts] = (await fetchJson(`${base}&count=true`, auth)) as QueueArchiveCount[];
    if (!counts) throw new Error(`queue ${queue.Name} has no tasks in an archive full.user may view`);
    const page = (n: number) => `${base}&ArchiveId=${counts.ArchiveId}&Page=${n}&RecordsPerPage=25`;
    const first = (await fetchJson(page(1), auth)) as SearchResult;
    console.log(
      `Queue '${queue.Name}' of '${queue.WorkflowName}': ${queue.Count.toLocaleString('en')} tasks; ` +
        `archive ${counts.ArchiveId}: ${counts.Count.toLocaleString('en')}; a page holds ${first.Docs.length} rows.`,
    );
    const deep = Math.max(1, Math.floor(counts.Count / 25 / 2));
    const cases: [string, string, boolean][] = [
      ['queue list with counts', `${api}workflowdesigner?dbid=${db}&nodeType=queue`, true],
      ['queue counts per archive', `${base}&count=true`, false],
      ['25-row task page (page 1)', page(1), true],
      [`25-row task page (page ${deep})`, page(deep), false],
    ];
    // one warm-up round of every case first: the server has just started (JIT, caches)
    for (const [, url] of cases) await timed(url, auth, runs);
    const rows: Record<string, Record<string, number | string>> = {};
    for (const [name, url, targeted] of cases) {
      const times = await timed(url, auth, runs);
      const p50 = percentile(times, 50);
      rows[name] = {
        'HTTP p50 ms': +p50.toFixed(2),
        'HTTP p95 ms': +percentile(times, 95).toFixed(2),
        target: targeted ? (p50 <= TARGET_MS ? `<= ${TARGET_MS} ms: met` : `<= ${TARGET_MS} ms: MISSED`) : '',
      };
    }
    console.table(rows);
  } finally {
    stopHttp();
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}
