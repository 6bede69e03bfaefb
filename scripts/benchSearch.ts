// Search benchmark on the large scenario (1,000,000 invoices in one archive): for (a) a 25-row page
// with Contains on Customer Name sorted by Invoice Date, (b) Region equals a value, (c) Count=true,
// it times p50/p95 over HTTP (the simulator in its own process, on 127.0.0.1) and through raw SQLite
// for the same answer. Run: npm run bench -- search [--data-dir ./data-large] [--requests 200]
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { addSearch, grantSearch } from '@gs/simulator-fixtures/builders';
import { Operator } from '@gs/contract/flags';
import { formatSort, type SearchPageResult } from '@gs/contract/searches';
import { openDatabase, type Db } from '@gs/simulator-api/db/connection';
import type { DocPageQuery, FieldRef } from '@gs/simulator-api/search/repos/docQueryModel';
import { createDocSearchRepo } from '@gs/simulator-api/search/repos/docSearchRepo';
import { secureId, serverSecret } from '@gs/simulator-api/security/repos/secureIds';
import { likePattern } from '@gs/simulator-api/search/services/conditions';
import { ensureLarge } from './lib/largeScenario';
import { DEMO_PASSWORD } from './lib/signIns';
import { fetchJson, newConnection, startServer, stopHttp, percentile } from './benchHttp';

const USER = 'full.user';
const BENCH_SEARCH = 'Bench: Region equals';

export interface Setup {
  databaseId: number;
  archiveId: number;
  columns: FieldRef[];
  name: FieldRef;
  date: FieldRef;
  region: FieldRef;
  browse: { id: number; hash: string; namePrompt: number };
  equals: { id: number; hash: string; prompt: number };
}

const one = <T>(db: Db, sql: string, ...params: unknown[]): T => {
  const row = db.prepare(sql).get(...params) as T | undefined;
  if (row === undefined) throw new Error(`not in the data folder: ${sql} ${params.join(', ')}`);
  return row;
};

/** The archive, fields and search the benches use, by name: the large scenario's by default. */
export interface SetupNames {
  archive: string;
  browse: string;
  name: string;
  date: string;
  /** a list field the added equals search asks for */
  region: string;
  equalsSearch: string;
}
export const LARGE_NAMES: SetupNames = {
  archive: 'Customer Invoices',
  browse: 'Browse Customer Invoices',
  name: 'Customer Name',
  date: 'Invoice Date',
  region: 'Region',
  equalsSearch: BENCH_SEARCH,
};

/** Ids of the archive, its fields and searches; adds the equals-on-a-list search if missing. */
export function prepare(db: Db, names: SetupNames = LARGE_NAMES): Setup {
  const archive = one<{ id: number; databaseId: number }>(
    db,
    `SELECT id, database_id AS databaseId FROM archives WHERE name = ?`,
    names.archive,
  );
  const fields = db
    .prepare(
      `SELECT f.id, f.name, f.type, f.prop FROM archive_fields af JOIN fields f ON f.id = af.field_id WHERE af.archive_id = ? ORDER BY af.ordinal`,
    )
    .all(archive.id) as { id: number; name: string; type: 1 | 2 | 3 | 4; prop: number }[];
  const ref = (name: string): FieldRef => {
    const f = fields.find((x) => x.name === name);
    if (!f) throw new Error(`no field ${name}`);
    return { id: f.id, type: f.type, multi: (f.prop & 32) !== 0 };
  };
  const browse = one<{ id: number }>(db, `SELECT id FROM searches WHERE name = ?`, names.browse).id;
  const namePrompt = one<{ id: number }>(
    db,
    `SELECT id FROM search_prompts WHERE search_id = ? AND field_id = ?`,
    browse,
    ref(names.name).id,
  ).id;
  let equals = (
    db.prepare(`SELECT id FROM searches WHERE name = ?`).get(names.equalsSearch) as { id: number } | undefined
  )?.id;
  if (equals === undefined) {
    console.log(`Adding the search '${names.equalsSearch}' (${names.region} equals) to the data folder.`);
    equals = db.transaction(() => {
      const id = addSearch(db, archive.databaseId, {
        name: names.equalsSearch,
        archiveId: archive.id,
        settings: 0,
        prompts: [{ fieldId: ref(names.region).id, operator: Operator.Equals, prompt: names.region }],
      });
      grantSearch(db, id, one<{ id: number }>(db, `SELECT id FROM users WHERE name = ?`, USER).id);
      return id;
    })();
  }
  const secret = serverSecret(db);
  return {
    databaseId: archive.databaseId,
    archiveId: archive.id,
    columns: fields.map((f) => ({ id: f.id, type: f.type, multi: (f.prop & 32) !== 0 })),
    name: ref(names.name),
    date: ref(names.date),
    region: ref(names.region),
    browse: { id: browse, hash: secureId(secret, 'search', archive.databaseId, browse), namePrompt },
    equals: {
      id: equals,
      hash: secureId(secret, 'search', archive.databaseId, equals),
      prompt: one<{ id: number }>(db, `SELECT id FROM search_prompts WHERE search_id = ?`, equals).id,
    },
  };
}

interface Case {
  label: string;
  url: string;
  query: DocPageQuery;
  countOnly: boolean;
}

function cases(s: Setup, base: string, token: string, term: string, region: string): Case[] {
  const url = (search: { id: number; hash: string }, params: Record<string, string>): string =>
    `${base}Square9API/api/dbs/${s.databaseId}/searches/${search.id}/archive/${s.archiveId}/documents?${new URLSearchParams({ SecureId: search.hash, Token: token, ...params }).toString()}`;
  const contains: DocPageQuery = {
    databaseId: s.databaseId,
    archiveId: s.archiveId,
    columns: s.columns,
    offset: 0,
    limit: 25,
    conditions: [{ field: s.name, pred: { op: 'like', pattern: `%${likePattern(term)}%` } }],
    sort: [{ field: s.date, desc: true }],
  };
  const equals: DocPageQuery = {
    ...contains,
    conditions: [{ field: s.region, pred: { op: 'eq', value: region } }],
    sort: [{ field: 'id', desc: true }],
  };
  const containsParams = {
    SearchCriteria: JSON.stringify({ [s.browse.namePrompt]: term }),
    RecordsPerPage: '25',
    page: '1',
    Sort: formatSort([{ fieldId: s.date.id, descending: true }]),
  };
  return [
    {
      label: `(a) Contains '${term}' + sort by date, 25 rows`,
      url: url(s.browse, containsParams),
      query: contains,
      countOnly: false,
    },
    {
      label: `(b) Region equals '${region}', 25 rows`,
      url: url(s.equals, { SearchCriteria: `{${s.equals.prompt}:"${region}"}`, RecordsPerPage: '25' }),
      query: equals,
      countOnly: false,
    },
    {
      label: `(c) Count=true, Contains '${term}'`,
      url: url(s.browse, { ...containsParams, Count: 'true' }),
      query: contains,
      countOnly: true,
    },
  ];
}

async function time(n: number, f: () => unknown): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await f();
    out.push(performance.now() - t);
  }
  return out.sort((a, b) => a - b);
}

export async function run(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      'data-dir': { type: 'string', default: './data-large' },
      requests: { type: 'string', default: '200' },
      warmup: { type: 'string', default: '20' },
      term: { type: 'string', default: 'Hospital' },
      region: { type: 'string', default: 'Mountain' },
    },
  });
  const dataDir = resolve(values['data-dir']);
  const [n, warm] = [Number(values.requests), Number(values.warmup)];
  await ensureLarge(dataDir);
  const db = openDatabase(resolve(dataDir, 'simulator.sqlite'));
  const setup = prepare(db);
  let t = performance.now();
  const server = await startServer(dataDir);
  const base = `http://127.0.0.1:${server.port}/`;
  console.log(
    `Server up in ${(performance.now() - t).toFixed(0)} ms at ${base}; ${n} requests per case after ${warm} warm-up.`,
  );
  try {
    const auth = `Basic ${Buffer.from(`${USER}:${DEMO_PASSWORD}`).toString('base64')}`;
    const license = (await fetchJson(`${base}Square9API/api/licenses`, { Authorization: auth })) as {
      Token: string;
    };
    const repo = createDocSearchRepo(db);
    const rows: Record<string, string | number>[] = [];
    for (const c of cases(setup, base, license.Token, values.term, values.region)) {
      newConnection();
      t = performance.now();
      const first = (await fetchJson(c.url)) as SearchPageResult & { Count: number };
      const cold = performance.now() - t;
      for (let i = 0; i < warm; i++) await fetchJson(c.url);
      const http = await time(n, () => fetchJson(c.url));
      // raw SQLite: the statements the engine runs for this answer, counting afresh every time
      const plan = repo.explain(c.query);
      const count = repo.explainCount(c.query);
      const page = plan.sql ? db.prepare(plan.sql).raw() : undefined;
      const counter = count ? db.prepare(count.sql).pluck() : undefined;
      const pageOnce = () => (c.countOnly ? undefined : page?.all(...(plan.params ?? [])));
      const countOnce = () => counter?.get(...(count?.params ?? []));
      const rawOnce = () => [pageOnce(), countOnce()];
      const [rawRows, rawTotal] = rawOnce() as [unknown[][] | undefined, number];
      if (
        rawTotal !== first.Count ||
        (!c.countOnly &&
          JSON.stringify(rawRows?.map((r) => r[0])) !== JSON.stringify(first.Docs.map((d) => d.Id)))
      )
        throw new Error(`raw SQLite and HTTP disagree for ${c.label}`);
      for (let i = 0; i < warm; i++) rawOnce();
      const raw = await time(n, rawOnce);
      const rawPage = c.countOnly ? [NaN] : await time(n, pageOnce);
      const rawCount = await time(n, countOnce);
      const engine = c.countOnly ? [NaN] : await time(n, () => repo.page(c.query));
      // '—' where a column does not apply (a Count has no page query)
      const ms = (xs: number[], p: number): number | string => {
        const v = percentile(xs, p);
        return Number.isNaN(v) ? '—' : +v.toFixed(2);
      };
      const ratio = (a: number, b: number): number | string => (Number.isNaN(b) ? '—' : +(a / b).toFixed(2));
      rows.push({
        case: c.label,
        matches: first.Count,
        plan: c.countOnly ? 'count' : plan.plan,
        'HTTP cold ms': +cold.toFixed(1),
        'HTTP p50': +percentile(http, 50).toFixed(2),
        'HTTP p95': +percentile(http, 95).toFixed(2),
        'engine p50': ms(engine, 50),
        'raw page p50': ms(rawPage, 50),
        'raw count p50': ms(rawCount, 50),
        'raw p50': ms(raw, 50),
        'raw p95': ms(raw, 95),
        'HTTP/raw p50': ratio(percentile(http, 50), percentile(raw, 50)),
        'HTTP/raw page p50': ratio(percentile(http, 50), percentile(rawPage, 50)),
      });
    }
    console.table(rows);
    console.log(
      'HTTP: the simulator in its own process (token auth, JSON over a kept-alive connection); its count\n' +
        'is cached by data version after the cold call. engine: docSearchRepo.page in this process, no HTTP.\n' +
        'raw: the page and count statements the engine chose, prepared once, both run every time (no\n' +
        'count cache): the same answer straight from SQLite; (c) is the count statement alone.',
    );
  } finally {
    server.child.kill('SIGTERM');
    stopHttp();
    db.close();
  }
}
