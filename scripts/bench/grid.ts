// Results grid benchmark: Chromium (Playwright) opens a results page of 10,000 rows x 12 columns and
// times response-to-first-painted-rows, on a fresh load and on a page change; target <= 150 ms.
// The same rows rendered by AG Grid Community (agGrid.ts) are timed alike, and the ratio printed.
// Run: npm run bench -- grid [--data-dir ./data] [--runs 10]
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Page } from '@playwright/test';
import { FieldType, SearchSettings } from '@gs/contract/flags';
import type { FieldDefinition } from '@gs/contract/fields';
import type { Search, SearchPageResult } from '@gs/contract/searches';
import { startApi } from '@gs/simulator-api/server';
import type { SimConfig } from '@gs/simulator-config/variables';
import { isSeeded, seedScenario } from '@gs/simulator-fixtures/seed';
import { buildClient, clientBuildIsStale } from '../lib/clientBuild';
import { DEMO_PASSWORD } from '../lib/signIns';
import { agGridAssets, sampleAgGrid } from './agGrid';

const ROWS = 10_000;
const SEARCH_ID = 990_001;
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const field = (
  ID: number,
  Name: string,
  Type: FieldDefinition['Type'],
  extra: Partial<FieldDefinition> = {},
): FieldDefinition => ({
  ID,
  Name,
  List: 0,
  Type,
  Mask: '',
  Size: 50,
  RegEx: '',
  Prop: 0,
  Parent: 0,
  ListF1: 0,
  ListF2: 0,
  ...extra,
});

const FIELDS: FieldDefinition[] = [
  field(1, 'Vendor Name', FieldType.Character),
  field(2, 'Vendor Number', FieldType.Character),
  field(3, 'Document Type', FieldType.Character, { List: 1, Prop: 64 }),
  field(4, 'Invoice Number', FieldType.Character),
  field(5, 'Invoice Date', FieldType.Date, { Mask: 'd' }),
  field(6, 'Due Date', FieldType.Date, { Mask: 'd' }),
  field(7, 'Invoice Amount', FieldType.Decimal, { Mask: 'C' }),
  field(8, 'PO Number', FieldType.Character),
  field(9, 'Department', FieldType.Character),
  field(10, 'Status', FieldType.Character),
  field(11, 'Check Number', FieldType.Integer),
  field(12, 'Notes', FieldType.Character, { Size: 500 }),
];

function valueOf(f: FieldDefinition, i: number): string {
  switch (f.ID) {
    case 5:
    case 6:
      return `${(i % 12) + 1}/${(i % 28) + 1}/2025`;
    case 7:
      return (((i * 7919) % 100000) / 100).toFixed(2);
    case 11:
      return String(100000 + i);
    default:
      return `${f.Name} ${i % 997}`;
  }
}

function resultBody(): string {
  const page: SearchPageResult = {
    Count: ROWS * 3,
    Fields: FIELDS,
    Docs: Array.from({ length: ROWS }, (_, i) => ({
      Id: i + 1,
      Hash: `bench-doc-${i + 1}`,
      Tid: 0,
      Version: 0,
      RootVersionId: 0,
      User_Name: '',
      Hits: 0,
      Permissions: 1048575,
      RevisionOptions: 0,
      Revisions: false,
      VersionArchive: 0,
      FileType: '.pdf',
      Fields: FIELDS.map((f) => ({ ID: f.ID, VAL: valueOf(f, i), MVAL: [] })),
    })),
    FolderOptions: '',
    PdfConvertStatus: false,
    Terms: false,
    WorkflowStatus: 0,
    Permissions: 1048575,
  };
  return JSON.stringify(page);
}

const benchSearch = (archive: number): Search => ({
  Id: SEARCH_ID,
  Name: 'Grid bench',
  Parent: archive,
  Hash: 'grid-bench',
  Props: 2,
  Fuzzy: 0,
  Settings: SearchSettings.ShowInList,
  Grouping: '',
  Archives: [{ ID: archive, Name: 'Bench' }],
  Detail: [],
});

/**
 * The browser talks to a small front server: it answers the search and its 10,000-row page itself
 * (a real HTTP response, so "response end" is the network's) and hands everything else to the real
 * simulator, which signs in and serves the client.
 */
async function startFront(
  apiPort: number,
  archive: number,
): Promise<{ port: number; close: () => Promise<void> }> {
  const body = Buffer.from(resultBody());
  const definition = Buffer.from(JSON.stringify([benchSearch(archive)]));
  const count = Buffer.from(JSON.stringify({ ArchiveId: archive, Count: ROWS * 3 }));
  console.log(
    `  a page of ${ROWS} rows x ${FIELDS.length} columns: ${(body.length / 1e6).toFixed(1)} MB of JSON`,
  );
  const json = (b: Buffer) => ({ type: 'application/json; charset=utf-8', body: b });
  const agGrid = agGridAssets(FIELDS, body);
  const canned = (url: string): { type: string; body: Buffer } | null => {
    if (new RegExp(`/searches/${SEARCH_ID}/archive/\\d+/documents`, 'i').test(url))
      return json(/count=true/i.test(url) ? count : body);
    if (new RegExp(`/searches/${SEARCH_ID}(\\?|$)`, 'i').test(url)) return json(definition);
    return agGrid(url);
  };
  const server = createServer((req, res) => {
    const own = canned(req.url ?? '');
    if (own) {
      const answer = own.body;
      res.writeHead(200, {
        'Content-Type': own.type,
        'Content-Length': answer.length,
        'Cache-Control': 'no-cache',
      });
      res.end(answer);
      return;
    }
    const upstream = request(
      { host: '127.0.0.1', port: apiPort, path: req.url, method: req.method, headers: req.headers },
      (reply) => {
        res.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

async function signIn(page: Page, baseUrl: string): Promise<number> {
  await page.goto(`${baseUrl}login`);
  await page.getByLabel('User name').fill('full.user');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/\/(select|view)/);
  if (page.url().includes('/select'))
    await page.getByRole('list', { name: 'Databases' }).getByRole('button').first().click();
  await page.waitForURL(/\/view\?db=\d+/);
  return Number(new URL(page.url()).searchParams.get('db'));
}

interface Sample {
  fromData: number;
  fromResponse: number | null;
  rows: number;
}

/** Runs in the page (a string: the scripts have no DOM types). */
const READ_TIMES = `(() => {
  const measure = performance.getEntriesByName('gs:grid-render')[0];
  const painted = performance.getEntriesByName('gs:grid-painted')[0].startTime;
  const response = performance.getEntriesByType('resource')
    .filter((e) => /\\/documents\\?/.test(e.name) && !/count=true/i.test(e.name)).at(-1);
  return {
    fromData: measure.duration,
    fromResponse: response && response.responseEnd > 0 ? painted - response.responseEnd : null,
    rows: document.querySelectorAll('[data-testid="results-grid"] .data-grid__body [role="row"]').length,
  };
})()`;

async function sample(page: Page, navigate: () => Promise<unknown>): Promise<Sample> {
  await page.evaluate(
    'performance.clearMarks(); performance.clearMeasures(); performance.clearResourceTimings();',
  );
  await navigate();
  await page.waitForFunction("performance.getEntriesByName('gs:grid-render').length > 0", null, {
    timeout: 60_000,
  });
  return page.evaluate(READ_TIMES) as Promise<Sample>;
}

const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { p50: at(0.5), p95: at(0.95), min: sorted[0] ?? NaN, max: sorted.at(-1) ?? NaN };
};

function report(label: string, samples: Sample[]): number {
  const data = stats(samples.map((s) => s.fromData));
  const response = samples.map((s) => s.fromResponse).filter((v): v is number => v !== null);
  const r = response.length ? stats(response) : null;
  const f = (n: number) => `${n.toFixed(1)} ms`;
  console.log(`\n${label} (${samples.length} runs, ${samples[0]?.rows ?? 0} rows in the DOM of ${ROWS})`);
  if (r)
    console.log(
      `  response end -> first painted rows: p50 ${f(r.p50)}  p95 ${f(r.p95)}  min ${f(r.min)}  max ${f(r.max)}`,
    );
  console.log(
    `  data parsed  -> first painted rows: p50 ${f(data.p50)}  p95 ${f(data.p95)}  min ${f(data.min)}  max ${f(data.max)}`,
  );
  return r?.p50 ?? data.p50;
}

export async function run(args: string[], config: SimConfig): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { 'data-dir': { type: 'string', default: './data' }, runs: { type: 'string', default: '10' } },
  });
  const root = resolve(import.meta.dirname, '..', '..');
  const dataDir = resolve(values['data-dir'] ?? './data');
  const runs = Math.max(1, Number(values.runs) || 10);
  if (!isSeeded(dataDir)) {
    console.log(`Seeding the demo scenario into ${dataDir} (first run only)...`);
    await seedScenario({ dataDir, scenario: 'demo', log: () => undefined });
  }
  if (clientBuildIsStale(root)) {
    console.log('Building the client...');
    buildClient(root);
  }
  const api = await startApi({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    clientDir: resolve(root, 'client', 'dist'),
  });
  const browser = await chromium.launch({
    executablePath: config.CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  const front = await startFront(api.port, 1);
  try {
    const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
    const baseUrl = `http://127.0.0.1:${front.port}/`;
    const db = await signIn(page, baseUrl);
    const url = `${baseUrl}results/grid-bench?db=${db}&archive=1&Id=${SEARCH_ID}&size=${ROWS}`;
    await sample(page, () => page.goto(url)); // warm-up: chunks, fonts, JIT
    const loads: Sample[] = [];
    for (let i = 0; i < runs; i++) loads.push(await sample(page, () => page.reload()));
    const changes: Sample[] = [];
    for (let i = 0; i < runs; i++)
      changes.push(
        await sample(page, () =>
          page.getByRole('button', { name: i % 2 ? 'Previous page' : 'Next page' }).click(),
        ),
      );
    const ours = report('Fresh load of a results page', loads);
    report('Page change in a loaded grid', changes);
    const ag = report(
      'AG Grid Community, the same rows, fresh load of a bare page',
      await sampleAgGrid<Sample>(page, baseUrl, runs),
    );
    console.log(
      `\nResponse end -> first painted rows, p50: ours ${ours.toFixed(1)} ms, AG Grid ${ag.toFixed(1)} ms, ours/AG Grid ${(ours / ag).toFixed(2)}`,
    );
    console.log(`Target: at most 150 ms from response to first painted rows, and no slower than AG Grid.`);
  } finally {
    await browser.close();
    await front.close();
    await api.close();
  }
}
