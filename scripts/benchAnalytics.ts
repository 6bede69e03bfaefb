// Analytics benchmark on the large scenario (decision 039): the history counts per day of the
// database holding the 100,000 workflow tasks (their history lines are its audit entries), the
// workflow figures and GetData, over HTTP as full.user and as SSAdministrator (every archive, no
// archive filter), for a 90-day and a 365-day range ending today. Prints p50/p95 of each; target:
// Counts at most 50 ms p50. Reads only. --history N first tops the busiest database up to N history
// entries over the last 365 days (scripts/lib/historyBulk.ts; issue 32's case is ten million, in
// a data folder of its own: the rows stay there), and adds Counts in a time zone of the Americas
// and of India and with a user filter. --figures N tops it up to N workflow history lines and a
// batch portal of it to N batches (scripts/lib/figuresBulk.ts, decision 083) and adds Workflow and
// Capture over 365 days in those time zones and as SSAdministrator.
// Run: npm run bench -- analytics [--data-dir ./data-large] [--runs 40] [--warm 3] [--history 10000000]
//      [--figures 1000000] [--server ../other-checkout/simulator/api/src/main.ts]
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { ActionCountsResponse } from '@gs/contract/analytics';
import type { DatabasesResponse } from '@gs/contract/databases';
import { topUpFigures } from './lib/figuresBulk';
import { topUpHistory } from './lib/historyBulk';
import { ensureLarge } from './lib/largeScenario';
import { DEMO_PASSWORD } from './lib/signIns';
import { fetchJson, percentile, startServer, stopHttp, timedGets } from './benchHttp';

const TARGET_MS = 50;
const DAY = 86_400_000;

const timed = (url: string, headers: Record<string, string>, runs: number, warm: number): Promise<number[]> =>
  timedGets(url, headers, runs, warm);

const isoDay = (epoch: number): string => new Date(epoch).toISOString().slice(0, 10);

/** what an answer counts: history entries, workflow lines or batches created */
async function countedOf(url: string, headers: Record<string, string>): Promise<number | string> {
  if (url.includes('/GetData')) return '';
  const body = (await fetchJson(url, headers)) as {
    Total?: number;
    Days?: { Entered?: number; Ended?: number }[];
    Totals?: { Created?: number };
  };
  if (url.includes('/Counts')) return body.Total ?? 0;
  if (url.includes('/Capture')) return body.Totals?.Created ?? 0;
  return (body.Days ?? []).reduce((n, d) => n + (d.Entered ?? 0) + (d.Ended ?? 0), 0);
}

async function tokenOf(api: string, user: string): Promise<string> {
  const basic = `Basic ${Buffer.from(`${user}:${DEMO_PASSWORD}`).toString('base64')}`;
  const res = await fetch(`${api}licenses`, { headers: { Authorization: basic } });
  return ((await res.json()) as { Token: string }).Token;
}

export async function run(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      'data-dir': { type: 'string', default: './data-large' },
      runs: { type: 'string', default: '40' },
      history: { type: 'string' },
      figures: { type: 'string' },
      warm: { type: 'string', default: '3' },
      // another checkout's simulator (its simulator/api/src/main.ts), e.g. the code before a change
      server: { type: 'string' },
    },
  });
  const dataDir = resolve(values['data-dir']);
  const runs = Math.max(3, Number(values.runs) || 40);
  await ensureLarge(dataDir);
  const history = Number(values.history ?? 0);
  if (history > 0) {
    const started = performance.now();
    const top = topUpHistory(dataDir, history, Date.now());
    console.log(
      `Database ${top.databaseId}: ${top.before.toLocaleString('en')} history entries in the last year,` +
        ` ${top.added.toLocaleString('en')} added in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
    );
  }
  const figures = Number(values.figures ?? 0);
  if (figures > 0) {
    const started = performance.now();
    const top = topUpFigures(dataDir, figures, figures, Date.now());
    console.log(
      `Database ${top.databaseId}: ${top.lines.before.toLocaleString('en')} workflow lines in the last year,` +
        ` ${top.lines.added.toLocaleString('en')} added; portal ${top.portalId}: ` +
        `${top.batches.before.toLocaleString('en')} batches, ${top.batches.added.toLocaleString('en')} added` +
        ` (${((performance.now() - started) / 1000).toFixed(1)} s).`,
    );
  }
  const warm = Math.max(0, Number(values.warm) || 0);
  const { port, child } = await startServer(dataDir, values.server && resolve(values.server));
  try {
    const origin = `http://127.0.0.1:${port}`;
    const api = `${origin}/Square9API/api/`;
    const analytics = `${origin}/square9analytics/analytics/Actions/`;
    const users = {
      'full.user': await tokenOf(api, 'full.user'),
      SSAdministrator: await tokenOf(api, 'SSAdministrator'),
    };
    const { Databases: dbs } = (await fetchJson(`${api}dbs`, {
      'Auth-Token': users['full.user'],
    })) as DatabasesResponse;
    const end = Date.now();
    // the database with the most history over the year
    let db = 0;
    let most = -1;
    for (const d of dbs) {
      const q = `Counts?database=${d.Id}&startdate=${isoDay(end - 365 * DAY)}&enddate=${isoDay(end)}`;
      const c = (await fetchJson(`${analytics}${q}`, {
        'Auth-Token': users.SSAdministrator,
      })) as ActionCountsResponse;
      if (c.Total > most) [db, most] = [d.Id, c.Total];
    }
    const rows: Record<string, Record<string, number | string>> = {};
    for (const days of [90, 365]) {
      const range = `database=${db}&startdate=${isoDay(end - (days - 1) * DAY)}&enddate=${isoDay(end)}`;
      const cases: [string, string, string, boolean][] = [
        [`Counts ${days} d, full.user`, `Counts?${range}`, users['full.user'], true],
        [`Counts ${days} d, admin`, `Counts?${range}`, users.SSAdministrator, true],
        ...(history > 0 && days === 365
          ? ([
              [
                `Counts ${days} d, full.user, tzoffset 300`,
                `Counts?${range}&tzoffset=300`,
                users['full.user'],
                true,
              ],
              [
                `Counts ${days} d, full.user, tzoffset -330`,
                `Counts?${range}&tzoffset=-330`,
                users['full.user'],
                true,
              ],
              [
                `Counts ${days} d, full.user, user filter`,
                `Counts?${range}&user=bench.user07`,
                users['full.user'],
                true,
              ],
            ] as [string, string, string, boolean][])
          : []),
        // the workflow and capture figures read their roll-ups (decision 083)
        [`Workflow ${days} d, full.user`, `Workflow?${range}`, users['full.user'], true],
        [`Capture ${days} d, full.user`, `Capture?${range}`, users['full.user'], true],
        ...(figures > 0 && days === 365
          ? ([
              [`Workflow ${days} d, admin`, `Workflow?${range}`, users.SSAdministrator, true],
              [
                `Workflow ${days} d, tzoffset -330`,
                `Workflow?${range}&tzoffset=-330`,
                users['full.user'],
                true,
              ],
              [`Capture ${days} d, tzoffset 300`, `Capture?${range}&tzoffset=300`, users['full.user'], true],
            ] as [string, string, string, boolean][])
          : []),
        // with the added volume GetData refuses (more than GETDATA_MAX_ROWS entries): its 400 by design
        ...(history > 0
          ? []
          : ([
              [
                `GetData viewed ${days} d, full.user`,
                `GetData?${range}&action=viewed`,
                users['full.user'],
                false,
              ],
            ] as [string, string, string, boolean][])),
      ];
      for (const [name, path, token, targeted] of cases) {
        const headers = { 'Auth-Token': token };
        const counted = await countedOf(`${analytics}${path}`, headers);
        const times = await timed(`${analytics}${path}`, headers, runs, warm);
        const p50 = percentile(times, 50);
        rows[name] = {
          entries: counted,
          'HTTP p50 ms': +p50.toFixed(2),
          'HTTP p95 ms': +percentile(times, 95).toFixed(2),
          target: targeted
            ? p50 <= TARGET_MS
              ? `<= ${TARGET_MS} ms: met`
              : `<= ${TARGET_MS} ms: MISSED`
            : '',
        };
      }
    }
    console.log(`Database ${db}: ${most.toLocaleString('en')} history entries in the last 365 days.`);
    console.table(rows);
  } finally {
    stopHttp();
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}
