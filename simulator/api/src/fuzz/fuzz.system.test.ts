// Bounded fuzz of every registered route of the API (with the batch capture and analytics
// services it mounts), the trainer page's app (on only with TRAINER_PASSWORD: here on its own
// live data, with the fuzz's password) and the Extensions helper, over real HTTP on the loopback,
// with a fixed seed: valid and malformed paths, queries, credentials and bodies. Fails on any 5xx,
// on a 4xx without `Message`, and on a service that stops answering; prints how many requests it
// sent and the status histogram. Run alone: npx vitest run simulator/api/src/fuzz
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Express } from 'express';
import { BatchStatus } from '@gs/contract/capture';
import type { ScanFault } from '@gs/contract/helper';
import { ANALYTICS_MOUNT } from '@gs/contract/analytics';
import { addBatches, addBatchPortal } from '@gs/simulator-fixtures/batchBuilders';
import { createRng } from '@gs/simulator-fixtures/random';
import { createHelperApp } from '../../../helper/src/app';
import { createHelperState } from '../../../helper/src/state';
import { httpFetcher } from '../../../helper/src/launch/fetcher';
import { ScanService } from '../../../helper/src/scanner/service';
import { openLiveData, type LiveData } from '../rooms/liveData';
import { IDLE_CONNECTION_MS } from '../server';
import { createOffsetClock } from '../testClock';
import type { TrainerRoom } from '../trainer/room';
import { createTrainerApp } from '../trainer/trainerApp';
import { makeBulkApp, writeImageFile, type BulkTestApp } from '../testing/bulkWorld';
import { basic, PASSWORD } from '../testing/testApp';
import { registeredRoutes, type RegisteredRoute } from '../testing/routes';
import { Harvest, makeRequest, type FuzzIdentity } from './inputs';
import { closeAgent, judge, send, type Finding } from './runner';

const SEED = 20261124;
const REQUESTS = 12_000;
const PARALLEL = 8;
const TIMEOUT_MS = 20_000;

interface Service {
  name: string;
  base: string;
  routes: RegisteredRoute[];
  /** a cheap call that must answer while the service is alive */
  alive: string;
}

const servers: Server[] = [];
async function serve(app: Express): Promise<string> {
  const server = app.listen(0, '127.0.0.1');
  // idle kept-alive connections stay open as the API's server keeps them (server.ts), not Node's
  // 5 s: on a loaded machine a service the fuzz had not called for 5 s closed its connection as
  // the next request went out on it, an ECONNRESET that is the harness's race, not an answer
  server.keepAliveTimeout = IDLE_CONNECTION_MS;
  server.headersTimeout = IDLE_CONNECTION_MS + 1000;
  servers.push(server);
  await new Promise<void>((done) => server.once('listening', () => done()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

let api: Service;
let helper: Service;
let trainer: Service;
let trainerLive: LiveData | undefined;
const identities: Record<'admin' | 'user', FuzzIdentity> = {} as never;

async function signIn(login: string): Promise<string> {
  const res = await fetch(`${api.base}/Square9API/api/licenses`, {
    headers: { Authorization: basic(login) },
  });
  if (!res.ok) throw new Error(`sign-in of ${login}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { Token: string }).Token;
}

/** The fuzz may release or revoke its own licences; take new ones when it did. */
async function keepSignedIn(): Promise<void> {
  for (const [key, login] of [
    ['admin', 'SSAdministrator'],
    ['user', 'full.user'],
  ] as const) {
    const id = identities[key];
    const live = await fetch(
      `${api.base}/Square9API/api/licenses?validate=${encodeURIComponent(id.token)}`,
    ).then((r) => r.text());
    if (live !== 'true') id.token = await signIn(login);
  }
}

/** A batch portal on Invoices with a batch in each status that acts on it, one document each. */
function seedCapture(t: BulkTestApp): void {
  const portalId = addBatchPortal(t.db, {
    name: 'Fuzz scans',
    databaseId: t.w.alpha,
    archiveId: t.w.invoices,
  });
  addBatchPortal(t.db, { name: 'Fuzz analytics', type: 1, databaseId: t.w.alpha, archiveId: t.w.invoices });
  const dir = join(t.dataDir, 'capture');
  mkdirSync(dir, { recursive: true });
  const statuses = [BatchStatus.Queued, BatchStatus.Processed, BatchStatus.Errored, BatchStatus.Rejected];
  statuses.forEach((status, i) => writeFileSync(join(dir, `fuzz${i}.pdf`), '%PDF-1.4\n%%EOF\n'));
  addBatches(
    t.db,
    statuses.map((status, i) => ({
      portalId,
      name: `fuzz ${i}`,
      status,
      createdBy: 'full.user',
      createdAt: 0,
      docs: [{ filePath: `fuzz${i}.pdf`, pages: 1 }],
    })),
  );
}

/** The training room the trainer app drives: scenarios are only names here (no templates). */
function fuzzRoom(): TrainerRoom {
  let current = 'demo';
  let faults: readonly ScanFault[] = [];
  return {
    scenarios: () => ['demo', 'empty'],
    current: () => current,
    load: (name) => {
      current = name;
      return Promise.resolve({ seeded: false });
    },
    helper: () => null,
    faultChoices: () => ['PaperJam', 'EmptyFeeder'],
    faults: () => faults,
    setFaults: (f) => {
      faults = f;
    },
  };
}

beforeAll(async () => {
  const t = makeBulkApp();
  await writeImageFile(t);
  seedCapture(t);
  const apiBase = await serve(t.app);
  const apiPath = `${apiBase}/Square9API/`;
  const helperDir = mkdtempSync(join(tmpdir(), 'gs-fuzz-helper-'));
  const state = createHelperState(undefined, {
    apiPath,
    installed: ['Scanning', 'ImportExport', 'BulkUpdate', 'Launch'],
  });
  const helperApp = createHelperApp({
    state,
    // a slow feeder: started scan jobs stay cheap while the fuzz runs
    scanner: new ScanService({ msPerPage: 60_000 }),
    launch: {
      outboxDir: join(helperDir, 'outbox'),
      tableFile: join(helperDir, 'launch-table.json'),
      fetcher: httpFetcher(() => state.get().apiPath),
    },
    bulk: { dataDir: join(helperDir, 'data'), apiPath: () => state.get().apiPath },
  });
  api = {
    name: 'api',
    base: apiBase,
    routes: registeredRoutes(t.app),
    alive: '/Square9API/api/licenses?validate=x',
  };
  helper = {
    name: 'helper',
    base: await serve(helperApp),
    routes: registeredRoutes(helperApp),
    alive: '/api/Management/test',
  };
  // the trainer password is the users' one, so a Basic header of the fuzz's identities opens it
  trainerLive = openLiveData({
    dataDir: mkdtempSync(join(tmpdir(), 'gs-fuzz-trainer-')),
    clock: createOffsetClock(),
    searchWorkers: 0,
  });
  const trainerApp = createTrainerApp({ password: PASSWORD, live: trainerLive, room: fuzzRoom() });
  trainer = {
    name: 'trainer',
    base: await serve(trainerApp),
    routes: registeredRoutes(trainerApp),
    alive: '/trainer/api/state',
  };
  const wrongBasic = basic('full.user', `${PASSWORD}-wrong`);
  identities.admin = {
    token: await signIn('SSAdministrator'),
    basic: basic('SSAdministrator'),
    wrongBasic,
    apiPath,
  };
  identities.user = { token: await signIn('full.user'), basic: basic('full.user'), wrongBasic, apiPath };
}, 60_000);

afterAll(async () => {
  closeAgent();
  await trainerLive?.close();
  await Promise.all(
    servers.map(
      (s) =>
        new Promise<void>((done) => {
          s.closeAllConnections();
          s.close(() => done());
        }),
    ),
  );
});

/** The histogram's rows: the API's capture and analytics services apart from the rest. */
const areaOf = (s: Service, route: RegisteredRoute): string =>
  route.path.startsWith('/square9capture/')
    ? 'capture'
    : route.path.startsWith(`${ANALYTICS_MOUNT}/`)
      ? 'analytics'
      : s.name;

/** Read what the GET routes answer with valid credentials, so the fuzz reuses real ids and hashes. */
async function harvestFrom(service: Service, harvest: Harvest): Promise<void> {
  const rng = createRng(`${SEED}-harvest-${service.name}`);
  for (let round = 0; round < 3; round++)
    for (const route of service.routes.filter((r) => r.method === 'GET')) {
      const r = makeRequest(rng, route, harvest, identities.admin);
      r.headers = { 'Auth-Token': identities.admin.token };
      delete r.body;
      const answer = await send(service.base, r, TIMEOUT_MS);
      if (answer.status === 200 && answer.contentType.includes('json')) {
        try {
          harvest.take(JSON.parse(answer.body.toString('utf8')));
        } catch {
          // not JSON after all
        }
      }
    }
}

describe('fuzz of every route of the API and the helper', () => {
  it(`answers ${REQUESTS} seeded requests without a 5xx, a 4xx without Message, or silence`, async () => {
    const harvest = new Harvest();
    await harvestFrom(api, harvest);
    await harvestFrom(helper, harvest);
    const rng = createRng(SEED);
    const services = [api, trainer, helper];
    // the capture, analytics and trainer routes are walked with the rest
    const paths = services.flatMap((s) => s.routes.map((r) => `${r.method} ${r.path}`));
    for (const route of [
      'POST /square9capture/batchaction',
      'DELETE /square9capture/batchaction',
      'POST /square9capture/batches',
      'PUT /square9capture/batchportals/:portal',
      `GET ${ANALYTICS_MOUNT}/Actions/Capture`,
      'POST /trainer/api/seats',
      'POST /trainer/api/clock',
    ])
      expect(paths).toContain(route);
    const routes = services.flatMap((s) => s.routes.map((route) => ({ s, route })));
    const histogram = new Map<string, number>();
    const findings: Finding[] = [];
    let sent = 0;
    let refusedByClient = 0;
    const started = Date.now();
    while (sent < REQUESTS) {
      await keepSignedIn();
      for (let i = 0; i < 25 && sent < REQUESTS; i++) {
        const batch = Array.from({ length: PARALLEL }, () => {
          const { s, route } = routes[sent++ % routes.length]!;
          const who = rng.chance(0.5) ? identities.admin : identities.user;
          const r = makeRequest(rng, route, harvest, who);
          // the trainer takes only its password (Basic): most of its requests carry it
          if (s === trainer && rng.chance(0.75)) r.headers.Authorization = who.basic;
          // the parameters without which capture and analytics answer 400 before doing anything
          const needs = {
            capture: () => `portalId=${rng.pick([...harvest.ints])}`,
            analytics: () =>
              `database=${rng.pick(['1', ...harvest.ints])}&startdate=2026-11-01&enddate=${rng.pick(['2026-11-24', '11/30/2026', '2026-02-30'])}`,
          }[areaOf(s, route)];
          if (needs && rng.chance(0.6)) r.target += `${r.target.includes('?') ? '&' : '?'}${needs()}`;
          return { s, route, r };
        });
        const answers = await Promise.all(batch.map(({ s, r }) => send(s.base, r, TIMEOUT_MS)));
        answers.forEach((a, k) => {
          const { s, route, r } = batch[k]!;
          if (a.status === -1) refusedByClient++;
          const key = `${areaOf(s, route)} ${a.status}`;
          histogram.set(key, (histogram.get(key) ?? 0) + 1);
          const why = judge(a);
          if (why && findings.length < 200)
            findings.push({
              service: s.name,
              route: `${route.method} ${route.path}`,
              request: `${r.method} ${r.target.slice(0, 160)}`,
              bodyKind: r.bodyKind,
              status: a.status,
              why,
              answer: a.body.toString('utf8').slice(0, 200),
            });
        });
      }
      for (const s of services) {
        const a = await send(s.base, { method: 'GET', target: s.alive, headers: {}, bodyKind: 'none' }, 5000);
        expect(a.status, `${s.name} stopped answering after ${sent} requests`).toBeGreaterThan(0);
      }
    }
    const rows = [...histogram.entries()].sort(([a], [b]) => a.localeCompare(b));
    console.log(
      `fuzz: ${sent} requests (${refusedByClient} refused by the HTTP client before sending) over ` +
        `${api.routes.length} API, ${trainer.routes.length} trainer and ${helper.routes.length} helper routes in ` +
        `${((Date.now() - started) / 1000).toFixed(1)} s, seed ${SEED}\n` +
        rows.map(([k, n]) => `  ${k}: ${n}`).join('\n'),
    );
    if (findings.length) console.log(JSON.stringify(findings, null, 1));
    expect(sent - refusedByClient).toBeGreaterThanOrEqual(10_000);
    expect(findings).toEqual([]);
  }, 600_000);
});
