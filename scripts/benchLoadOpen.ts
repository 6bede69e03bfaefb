// Open-loop load benchmark: requests leave at a fixed arrival rate whatever the answers do (one
// kept-alive node http Agent with many sockets, this process apart from the simulator's), each
// request's latency counted from its PLANNED send time (lib/openLoop.ts: no coordinated omission).
// The mix is the closed loop's (benchLoad.ts): Contains on the name field with varied fragments and
// sorts, equals on a list field, pages 1-5, Count calls, and --edit-share field edits. It prints
// p50/p95/p99/max per kind, errors, the achieved rate, the simulator's CPU (% of one core, from
// /proc/<pid>/stat over the run) and its RSS peak. --find-knee steps the rate up (--start, --step,
// --max-rate) and prints the highest rate whose p99 stays under 100 ms.
// Run: npm run bench -- load --rate 200 [--seconds 10] [--data-dir ./data-large] [--scenario demo]
//      npm run bench -- load --find-knee [--start 100 --step 100 --max-rate 2000]
import { readFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase, type Db } from '@gs/simulator-api/db/connection';
import { secureId, serverSecret } from '@gs/simulator-api/security/repos/secureIds';
import { DEMO_PASSWORD } from './lib/signIns';
import { ensureScenario } from './lib/largeScenario';
import { runOpenLoop, type OpenLoopResult } from './lib/openLoop';
import { percentile, startServer } from './benchHttp';
import { LARGE_NAMES, prepare, type Setup, type SetupNames } from './benchSearch';
import {
  KINDS,
  benchUsers,
  call,
  nextRequest,
  usage,
  type EditFields,
  type Kind,
  type Vocabulary,
} from './benchLoad';

const KNEE_P99_MS = 100;
const DEMO_NAMES: SetupNames = {
  archive: 'Invoices',
  browse: 'Browse Invoices',
  name: 'Vendor Name',
  date: 'Invoice Date',
  region: 'Department',
  equalsSearch: 'Bench: Department equals',
};
/** the fields the edits write: Status, a number and the field the equals searches ask for */
const EDIT_FIELDS = { large: ['Status', 'Quantity', 'Region'], demo: ['Status', 'Line Items', 'Department'] };

interface Mix {
  setup: Setup;
  fields: EditFields;
  maxDoc: number;
  vocabulary?: Vocabulary;
  docHash: (id: number) => string;
}

function readMix(db: Db, scenario: 'large' | 'demo'): Mix {
  const setup = prepare(db, scenario === 'demo' ? DEMO_NAMES : LARGE_NAMES);
  const fieldId = (name: string): number =>
    db
      .prepare(
        `SELECT f.id FROM fields f JOIN archive_fields af ON af.field_id = f.id WHERE af.archive_id = ? AND f.name = ?`,
      )
      .pluck()
      .get(setup.archiveId, name) as number;
  const [status, quantity, region] = EDIT_FIELDS[scenario].map(fieldId) as [number, number, number];
  const table = `doc_${setup.databaseId}`;
  const maxDoc = db.prepare(`SELECT max(id) FROM ${table}`).pluck().get() as number;
  const secret = serverSecret(db);
  const docHash = (id: number): string => secureId(secret, 'doc', setup.databaseId, id);
  const fields = { status, quantity, region };
  if (scenario === 'large') return { setup, fields, maxDoc, docHash };
  // the demo's own values: first words of the names, the list fields' values, its documents
  const values = (id: number): string[] =>
    db
      .prepare(`SELECT DISTINCT f_${id} FROM ${table} WHERE archive_id = ? AND f_${id} <> '' LIMIT 20`)
      .pluck()
      .all(setup.archiveId) as string[];
  const vocabulary: Vocabulary = {
    fragments: [...new Set(values(setup.name.id).map((v) => v.split(' ')[0] ?? v))].slice(0, 10),
    regions: values(region),
    statuses: values(status),
    docIds: db
      .prepare(`SELECT id FROM ${table} WHERE archive_id = ?`)
      .pluck()
      .all(setup.archiveId) as number[],
  };
  return { setup, fields, maxDoc, docHash, vocabulary };
}

interface Step {
  rate: number;
  result: OpenLoopResult<Kind>;
  cpuPercent: number;
  /** this process's own CPU over the run, % of one core */
  benchCpuPercent: number;
  rssPeakMb: number;
  p99: number;
}

export async function run(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      'data-dir': { type: 'string', default: './data-large' },
      scenario: { type: 'string', default: 'large' },
      rate: { type: 'string' },
      'find-knee': { type: 'boolean', default: false },
      start: { type: 'string', default: '100' },
      step: { type: 'string', default: '100' },
      'max-rate': { type: 'string', default: '2000' },
      seconds: { type: 'string', default: '10' },
      'edit-share': { type: 'string', default: '0.1' },
      sockets: { type: 'string', default: '256' },
      users: { type: 'string', default: '10' },
      'warm-seconds': { type: 'string', default: '2' },
    },
  });
  const scenario = values.scenario === 'demo' ? 'demo' : 'large';
  const dataDir = resolve(values['data-dir']);
  const [seconds, editShare, sockets] = [
    Number(values.seconds),
    Number(values['edit-share']),
    Number(values.sockets),
  ];
  await ensureScenario(dataDir, scenario);
  const db = openDatabase(resolve(dataDir, 'simulator.sqlite'));
  const mix = readMix(db, scenario);
  const users = benchUsers(db, mix.setup, Number(values.users));
  db.close();
  const server = await startServer(dataDir);
  const pid = server.child.pid ?? 0;
  const base = `http://127.0.0.1:${server.port}/`;
  const agent = new Agent({ keepAlive: true, maxSockets: sockets, maxFreeSockets: sockets });
  try {
    const tokens: string[] = [];
    for (const user of users) {
      const auth = `Basic ${Buffer.from(`${user}:${DEMO_PASSWORD}`).toString('base64')}`;
      const res = await fetch(`${base}Square9API/api/licenses`, { headers: { Authorization: auth } });
      if (res.ok) tokens.push(((await res.json()) as { Token: string }).Token);
    }
    if (tokens.length === 0) throw new Error('no licence could be taken');
    console.log(
      `open loop on the ${scenario} data (${dataDir}): ${seconds} s a rate, ${editShare * 100}% edits, ${tokens.length} licences, up to ${sockets} sockets; simulator pid ${pid}; bench pid ${process.pid}; load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
    );
    const once = async (rate: number, secs = seconds): Promise<Step> => {
      const before = usage(pid);
      let rssPeakMb = before.rssMb;
      const sampler = setInterval(() => (rssPeakMb = Math.max(rssPeakMb, usage(pid).rssMb)), 250);
      const t0 = performance.now();
      const ownBefore = process.cpuUsage();
      const result = await runOpenLoop<Kind>({
        rate,
        seconds: secs,
        next: (i) => {
          const token = tokens[i % tokens.length] as string;
          const r = nextRequest(
            mix.setup,
            base,
            token,
            editShare,
            mix.docHash,
            mix.maxDoc,
            mix.fields,
            0,
            mix.vocabulary,
          );
          return { kind: r.kind, send: () => call(agent, r.url, r.method, r.body) };
        },
      });
      const wall = (performance.now() - t0) / 1000;
      const own = process.cpuUsage(ownBefore);
      const benchCpuPercent = ((own.user + own.system) / 1e6 / wall) * 100;
      clearInterval(sampler);
      const after = usage(pid);
      rssPeakMb = Math.max(rssPeakMb, after.rssMb);
      const all = [...result.times.values()].flat().sort((a, b) => a - b);
      return {
        rate,
        result,
        cpuPercent: ((after.cpuSeconds - before.cpuSeconds) / wall) * 100,
        benchCpuPercent,
        rssPeakMb,
        p99: percentile(all, 99),
      };
    };
    const print = (step: Step): void => {
      const { result } = step;
      const all = [...result.times.values()].flat().sort((a, b) => a - b);
      const errors = [...result.errors.values()].reduce((a, b) => a + b, 0);
      const rows: Record<string, string | number>[] = [
        {
          kind: 'all',
          planned: result.planned,
          'achieved req/s': +result.achievedRate.toFixed(0),
          errors,
          p50: +percentile(all, 50).toFixed(1),
          p95: +percentile(all, 95).toFixed(1),
          p99: +percentile(all, 99).toFixed(1),
          max: +(all[all.length - 1] ?? NaN).toFixed(1),
          'late sends': result.lateSends,
          'max send lag': +result.maxSendLagMs.toFixed(1),
          CPU: `${step.cpuPercent.toFixed(0)}%`,
          'RSS peak MB': +step.rssPeakMb.toFixed(0),
          'bench CPU': `${step.benchCpuPercent.toFixed(0)}%`,
        },
      ];
      for (const kind of KINDS) {
        const xs = (result.times.get(kind) ?? []).sort((a, b) => a - b);
        if (xs.length === 0 && !result.errors.get(kind)) continue;
        rows.push({
          kind,
          requests: xs.length,
          errors: result.errors.get(kind) ?? 0,
          p50: +percentile(xs, 50).toFixed(1),
          p95: +percentile(xs, 95).toFixed(1),
          p99: +percentile(xs, 99).toFixed(1),
          max: +(xs[xs.length - 1] ?? NaN).toFixed(1),
        });
      }
      console.log(`\nrate ${step.rate} req/s:`);
      console.table(rows);
      if (result.firstError) console.log(`first error ${result.firstError}`);
    };
    // unmeasured: the simulator's first calls prepare statements and warm its caches and JIT
    const warm = Number(values['warm-seconds']);
    if (warm > 0) await once(Number(values.rate ?? values.start), warm);
    if (!values['find-knee']) {
      print(await once(Number(values.rate)));
    } else {
      let knee = 0;
      for (let rate = Number(values.start); rate <= Number(values['max-rate']); rate += Number(values.step)) {
        const step = await once(rate);
        print(step);
        const errors = [...step.result.errors.values()].reduce((a, b) => a + b, 0);
        if (!(step.p99 < KNEE_P99_MS) || errors > 0 || step.result.achievedRate < rate * 0.9) break;
        knee = rate;
      }
      console.log(
        `\nknee: ${knee > 0 ? `${knee} req/s` : `below ${values.start} req/s`} is the highest rate tried whose p99 stayed under ${KNEE_P99_MS} ms (no errors, at least 90% of the rate achieved)`,
      );
    }
    console.log(
      "\nTimes in ms from each request's PLANNED send time to its answer (open loop: a late send counts its lag).\n" +
        "CPU: the simulator's user+system time over the run, % of one core (200% = both cores); RSS peak: its VmRSS sampled every 250 ms;\n" +
        "bench CPU: this process's own (the sender's); late sends: sent over 1 ms after their planned time.",
    );
  } finally {
    agent.destroy();
    server.child.kill('SIGTERM');
  }
}
