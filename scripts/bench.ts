// Runs one named benchmark and prints its figures (no pass/fail: the numbers are the result).
// Run: npm run bench -- <name> [options]   e.g. npm run bench -- search --data-dir ./data-large
// The environment (BENCH_SERVER_NODE_ARGS, CHROMIUM_PATH: docs/configuration.md) is parsed here once.
import { loadConfig } from '@gs/simulator-config/load';
import type { SimConfig } from '@gs/simulator-config/variables';
import { setServerNodeArgs } from './benchHttp';

const BENCHES: Record<
  string,
  { about: string; load: () => Promise<{ run(args: string[], config: SimConfig): Promise<void> }> }
> = {
  search: {
    about: 'search execution on the large scenario (1,000,000 documents): HTTP and raw SQLite p50/p95',
    load: () => import('./benchSearch'),
  },
  load: {
    about:
      'issue 17: N concurrent clients on the large scenario, search-only then 10% field edits: req/s, p50-p99 per kind, errors, simulator RSS/CPU; --rate R / --find-knee: open loop at a fixed arrival rate (issue 32)',
    load: () => import('./benchLoad'),
  },
  grid: {
    about: 'results grid in Chromium: response to first painted rows of a 10,000-row, 12-column page',
    load: () => import('./bench/grid'),
  },
  bulk: {
    about:
      'bulk through the helper on the large scenario: csvupdate of 100,000 documents, import of 100,000 rows',
    load: () => import('./benchBulk'),
  },
  security: {
    about:
      'issues 21 and 26 on the demo data: API memory around an anonymous 150 MB body, GET dbs latency while 40 wrong passwords arrive; longest GET /config.json stall and peak RSS during four hostile calls (--only a,b,c,d,body,passwords)',
    load: () => import('./benchSecurity'),
  },
  admin: {
    about:
      'admin API on the large scenario: add a field to the 1,000,000-document archive while searches run (time, longest search)',
    load: () => import('./benchAdmin'),
  },
  workflow: {
    about:
      'workflow queues on the large scenario (100,000 tasks in one queue): queue list with counts and a 25-row task page, HTTP p50',
    load: () => import('./benchWorkflow'),
  },
  analytics: {
    about:
      'analytics on the large scenario: history counts per day, workflow figures and GetData for 90 and 365 days, HTTP p50',
    load: () => import('./benchAnalytics'),
  },
  rollupwrites: {
    about:
      'what the analytics roll-up triggers add to bulk writes of 10,000 rows (update, import, queue action, batches): CPU ms with and without, %',
    load: () => import('./benchRollupWrites'),
  },
  package: {
    about:
      'issue 16: export a 10,000-document database as a .gs package and import it into a new one: times, size',
    load: () => import('./benchPackage'),
  },
  scan: {
    about: 'scanner simulator: a 50-page 200-dpi bilevel scan through the helper chunk API: pages/s, MiB/s',
    load: () => import('./benchScan'),
  },
  pages: {
    about:
      'issue 28: longest GET /config.json stall while a 2,000-page PDF is viewed page by page (target < 20 ms), idle noise beside it',
    load: () => import('./benchPages'),
  },
  render: {
    about:
      'PDF rendering: 150x150 thumbnails and 150-dpi pages per second (demo PDFs, Chromium prints), install size',
    load: () => import('./benchRender'),
  },
};

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  setServerNodeArgs(config.BENCH_SERVER_NODE_ARGS);
  const [name, ...rest] = process.argv.slice(2).filter((a) => a !== '--');
  const bench = name ? BENCHES[name] : undefined;
  if (!bench) {
    console.log('Usage: npm run bench -- <name> [options]\n');
    for (const [key, b] of Object.entries(BENCHES)) console.log(`  ${key.padEnd(8)} ${b.about}`);
    if (name && name !== '--help' && name !== '-h') process.exitCode = 1;
    return;
  }
  await (await bench.load()).run(rest, config);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
