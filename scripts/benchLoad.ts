// Load benchmark on the large scenario (1,000,000 invoices in one archive): N concurrent clients
// (each with its own licence while seats allow: bench users load.NN are added to the data folder
// once, the rest share theirs) send searches back to back or with a think time: Contains on
// Customer Name with varied fragments and sorts, Region equals, pages 1-5, and Count calls; a
// second phase in the same run makes every tenth request a field edit (PUT …/FieldData on
// Status or Quantity, which no search of the mix uses), and a third the same with half of the edits
// on Region, which the equals searches ask for (their counts are adjusted on write, decision 067). For each phase it prints requests/s, p50/p95/p99/max per kind, errors and
// the simulator's RSS and CPU (its own process, sampled from /proc).
// Run: npm run bench -- load [--data-dir ./data-large] [--clients 100] [--seconds 20] [--think-ms 0]
// With --rate R or --find-knee: the open-loop mode instead (benchLoadOpen.ts).
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { addUser, grantArchive, grantDatabase, grantSearch } from '@gs/simulator-fixtures/builders';
import { LicenseType } from '@gs/contract/flags';
import { formatSort } from '@gs/contract/searches';
import { openDatabase, type Db } from '@gs/simulator-api/db/connection';
import { secureId, serverSecret } from '@gs/simulator-api/security/repos/secureIds';
import { DEMO_PASSWORD } from './lib/signIns';
import { startServer, percentile } from './benchHttp';
import { prepare, type Setup } from './benchSearch';
import { ensureLarge } from './lib/largeScenario';

const FRAGMENTS = [
  'Hospital',
  'hotel',
  'Summit',
  'Cedar',
  'Clinic',
  'Foods',
  'Marine',
  'Bay',
  'Pack',
  'Ridge',
];
const REGIONS = ['Northwest', 'Mountain', 'California', 'Southwest', 'Alaska & Hawaii'];
const STATUSES = ['Open', 'Paid', 'Past Due', 'Void'];
export type Kind = 'contains' | 'equals' | 'count' | 'edit';
export const KINDS: Kind[] = ['contains', 'equals', 'count', 'edit'];

interface Phase {
  name: string;
  editShare: number;
  /** the share of edits on Region, a field the equals searches ask for */
  searchedShare: number;
}

export interface EditFields {
  status: number;
  quantity: number;
  region: number;
}

interface Tally {
  times: Record<Kind, number[]>;
  errors: Record<Kind, number>;
  firstError?: string;
}

/** The values the mix searches for and writes: the large scenario's by default. */
export interface Vocabulary {
  fragments: readonly string[];
  regions: readonly string[];
  statuses: readonly string[];
  /** the documents edits pick from (default: ids 1 to maxDoc) */
  docIds?: readonly number[];
}
const LARGE_VOCABULARY: Vocabulary = { fragments: FRAGMENTS, regions: REGIONS, statuses: STATUSES };

/** Bench users (load.NN) for the seats no user holds yet; every user that may run the searches. */
export function benchUsers(db: Db, s: Setup, clients: number): string[] {
  const seats = (type: number): number =>
    (db.prepare(`SELECT seats FROM license_seats WHERE type = ?`).pluck().get(type) as number | undefined) ??
    0;
  const users = (type: number): number =>
    db.prepare(`SELECT count(*) FROM users WHERE license_type = ?`).pluck().get(type) as number;
  const full = db.prepare(`SELECT id FROM users WHERE name = 'full.user'`).pluck().get() as number;
  const perms = db
    .prepare(`SELECT permissions FROM archive_security WHERE archive_id = ? AND principal_id = ?`)
    .pluck()
    .get(s.archiveId, full) as number;
  const existing = db
    .prepare(`SELECT name FROM users WHERE name LIKE 'load.%' ORDER BY name`)
    .pluck()
    .all() as string[];
  const wanted = Math.min(
    clients,
    existing.length +
      seats(LicenseType.Full) -
      users(LicenseType.Full) +
      seats(LicenseType.WebEdit) -
      users(LicenseType.WebEdit),
  );
  if (wanted > existing.length) {
    console.log(`Adding ${wanted - existing.length} bench users (load.NN) to the data folder.`);
    db.transaction(() => {
      for (let i = existing.length; i < wanted; i++) {
        const name = `load.${String(i + 1).padStart(2, '0')}`;
        const type =
          users(LicenseType.Full) < seats(LicenseType.Full) ? LicenseType.Full : LicenseType.WebEdit;
        const id = addUser(db, { name, password: DEMO_PASSWORD, licenseType: type });
        grantDatabase(db, s.databaseId, id);
        grantArchive(db, s.archiveId, id, perms);
        grantSearch(db, s.browse.id, id);
        grantSearch(db, s.equals.id, id);
        existing.push(name);
      }
    })();
  }
  return ['full.user', ...existing].slice(0, Math.max(1, clients));
}

/** One HTTP call on the client's own kept-alive connection; rejects on a status other than 200. */
export function call(agent: Agent, url: URL, method = 'GET', body?: string): Promise<void> {
  return new Promise((done, fail) => {
    const req = request(
      url,
      { agent, method, headers: body ? { 'Content-Type': 'application/json' } : {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          res.statusCode === 200
            ? done()
            : fail(new Error(`${res.statusCode} ${Buffer.concat(chunks).toString().slice(0, 200)}`)),
        );
      },
    );
    req.on('error', fail);
    req.end(body);
  });
}

const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)] as T;

/** The next request of a client: its kind, address, method and body. */
export function nextRequest(
  s: Setup,
  base: string,
  token: string,
  editShare: number,
  docHash: (id: number) => string,
  maxDoc: number,
  fields: EditFields,
  searchedShare: number,
  vocabulary: Vocabulary = LARGE_VOCABULARY,
): { kind: Kind; url: URL; method?: string; body?: string } {
  const api = `${base}Square9API/api/`;
  const r = Math.random();
  if (r < editShare) {
    const doc = vocabulary.docIds ? pick(vocabulary.docIds) : 1 + Math.floor(Math.random() * maxDoc);
    const value =
      Math.random() < searchedShare
        ? { ID: fields.region, VAL: pick(vocabulary.regions) }
        : Math.random() < 0.5
          ? { ID: fields.status, VAL: pick(vocabulary.statuses) }
          : { ID: fields.quantity, VAL: String(1 + Math.floor(Math.random() * 50)) };
    const url = new URL(
      `${api}UpdateDocument/databases/${s.databaseId}/archive/${s.archiveId}/document/${doc}/FieldData`,
    );
    url.search = new URLSearchParams({ SecureId: docHash(doc), Token: token }).toString();
    return { kind: 'edit', url, method: 'PUT', body: JSON.stringify([{ ...value, MVAL: [] }]) };
  }
  const search = (id: number, hash: string, params: Record<string, string>): URL => {
    const url = new URL(`${api}dbs/${s.databaseId}/searches/${id}/archive/${s.archiveId}/documents`);
    url.search = new URLSearchParams({
      SecureId: hash,
      Token: token,
      RecordsPerPage: '25',
      ...params,
    }).toString();
    return url;
  };
  const page = String(1 + Math.floor(Math.random() * 5));
  const rest = (r - editShare) / (1 - editShare);
  if (rest < 0.2) {
    const criteria = `{${s.equals.prompt}:"${pick(vocabulary.regions)}"}`;
    return { kind: 'equals', url: search(s.equals.id, s.equals.hash, { SearchCriteria: criteria, page }) };
  }
  const criteria = JSON.stringify({ [s.browse.namePrompt]: pick(vocabulary.fragments) });
  if (rest < 0.35)
    return {
      kind: 'count',
      url: search(s.browse.id, s.browse.hash, { SearchCriteria: criteria, Count: 'true' }),
    };
  const sortField = pick([s.date.id, s.name.id, s.region.id]);
  const sort = formatSort([{ fieldId: sortField, descending: Math.random() < 0.5 }]);
  return {
    kind: 'contains',
    url: search(s.browse.id, s.browse.hash, { SearchCriteria: criteria, page, Sort: sort }),
  };
}

/** The simulator's resident memory (MB) and its CPU seconds so far, from /proc. */
export function usage(pid: number): { rssMb: number; cpuSeconds: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rss = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  // fields 14 and 15 (utime, stime) after the command name's closing parenthesis; 100 ticks a second
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return { rssMb: rss, cpuSeconds: ticks / 100 };
}

export async function run(argv: string[]): Promise<void> {
  // an arrival rate (or the knee search) runs the open-loop mode (benchLoadOpen.ts)
  if (argv.some((a) => a === '--rate' || a.startsWith('--rate=') || a === '--find-knee'))
    return (await import('./benchLoadOpen')).run(argv);
  const { values } = parseArgs({
    args: argv,
    options: {
      'data-dir': { type: 'string', default: './data-large' },
      clients: { type: 'string', default: '100' },
      seconds: { type: 'string', default: '20' },
      'think-ms': { type: 'string', default: '0' },
    },
  });
  const dataDir = resolve(values['data-dir']);
  const [clients, seconds, thinkMs] = [
    Number(values.clients),
    Number(values.seconds),
    Number(values['think-ms']),
  ];
  await ensureLarge(dataDir);
  const db = openDatabase(resolve(dataDir, 'simulator.sqlite'));
  const setup = prepare(db);
  const users = benchUsers(db, setup, clients);
  const secret = serverSecret(db);
  const fieldId = (name: string): number =>
    db
      .prepare(
        `SELECT f.id FROM fields f JOIN archive_fields af ON af.field_id = f.id WHERE af.archive_id = ? AND f.name = ?`,
      )
      .pluck()
      .get(setup.archiveId, name) as number;
  const fields: EditFields = {
    status: fieldId('Status'),
    quantity: fieldId('Quantity'),
    region: fieldId('Region'),
  };
  const maxDoc = db.prepare(`SELECT max(id) FROM doc_${setup.databaseId}`).pluck().get() as number;
  db.close();
  const server = await startServer(dataDir);
  const pid = server.child.pid ?? 0;
  const base = `http://127.0.0.1:${server.port}/`;
  try {
    const tokens: string[] = [];
    for (const user of users) {
      const auth = `Basic ${Buffer.from(`${user}:${DEMO_PASSWORD}`).toString('base64')}`;
      const res = await fetch(`${base}Square9API/api/licenses`, { headers: { Authorization: auth } });
      if (res.ok) tokens.push(((await res.json()) as { Token: string }).Token);
    }
    if (tokens.length === 0) throw new Error('no licence could be taken');
    console.log(
      `${clients} clients on ${tokens.length} licences, ${seconds} s a phase, think ${thinkMs} ms; simulator pid ${pid}; load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
    );
    const docHash = (id: number): string => secureId(secret, 'doc', setup.databaseId, id);
    const rows: Record<string, string | number>[] = [];
    const phases: Phase[] = [
      { name: 'search only', editShare: 0, searchedShare: 0 },
      { name: 'mixed (10% edits)', editShare: 0.1, searchedShare: 0 },
      { name: 'mixed, half the edits on Region', editShare: 0.1, searchedShare: 0.5 },
    ];
    for (const phase of phases) {
      const tally: Tally = {
        times: { contains: [], equals: [], count: [], edit: [] },
        errors: { contains: 0, equals: 0, count: 0, edit: 0 },
      };
      const before = usage(pid);
      let peakRss = before.rssMb;
      const sampler = setInterval(() => (peakRss = Math.max(peakRss, usage(pid).rssMb)), 250);
      const start = performance.now();
      const end = start + seconds * 1000;
      const client = async (i: number): Promise<void> => {
        const agent = new Agent({ keepAlive: true, maxSockets: 1 });
        const token = tokens[i % tokens.length] as string;
        while (performance.now() < end) {
          const r = nextRequest(
            setup,
            base,
            token,
            phase.editShare,
            docHash,
            maxDoc,
            fields,
            phase.searchedShare,
          );
          const t = performance.now();
          try {
            await call(agent, r.url, r.method, r.body);
            tally.times[r.kind].push(performance.now() - t);
          } catch (e) {
            tally.errors[r.kind]++;
            tally.firstError ??= `${r.kind}: ${e instanceof Error ? e.message : String(e)}`;
          }
          if (thinkMs > 0) await new Promise((w) => setTimeout(w, thinkMs));
        }
        agent.destroy();
      };
      await Promise.all(Array.from({ length: clients }, (_, i) => client(i)));
      const elapsed = (performance.now() - start) / 1000;
      clearInterval(sampler);
      const after = usage(pid);
      const total = KINDS.reduce((n, k) => n + tally.times[k].length, 0);
      const cpu = `${(((after.cpuSeconds - before.cpuSeconds) / elapsed) * 100).toFixed(0)}%`;
      rows.push({
        phase: phase.name,
        kind: 'all',
        'req/s': +(total / elapsed).toFixed(0),
        requests: total,
        errors: KINDS.reduce((n, k) => n + tally.errors[k], 0),
        'RSS peak MB': +peakRss.toFixed(0),
        CPU: cpu,
      });
      for (const kind of KINDS) {
        const xs = tally.times[kind].sort((a, b) => a - b);
        if (xs.length === 0 && tally.errors[kind] === 0) continue;
        rows.push({
          phase: phase.name,
          kind,
          'req/s': +(xs.length / elapsed).toFixed(0),
          requests: xs.length,
          errors: tally.errors[kind],
          p50: +percentile(xs, 50).toFixed(1),
          p95: +percentile(xs, 95).toFixed(1),
          p99: +percentile(xs, 99).toFixed(1),
          max: +(xs[xs.length - 1] ?? NaN).toFixed(1),
        });
      }
      if (tally.firstError) console.log(`${phase.name}: first error ${tally.firstError}`);
    }
    console.table(rows);
    const rate = (name: string): number =>
      Number(rows.find((r) => r.phase === name && r.kind === 'all')?.['req/s'] ?? 0);
    const only = rate(phases[0]!.name);
    for (const p of phases.slice(1))
      console.log(
        `${p.name}: ${only > 0 ? ((rate(p.name) / only) * 100).toFixed(0) : '-'}% of the search-only throughput (target at least 80%)`,
      );
    console.log(
      'Times in ms per request, measured by the clients (this process). RSS peak: the simulator\n' +
        "process's VmRSS sampled every 250 ms; CPU: its user+system time over the phase (200% = both cores).",
    );
  } finally {
    server.child.kill('SIGTERM');
  }
}
