// A training room end to end in one process: the API with its trainer page and the helper beside
// it, switched through every scenario and reset, each switch's duration printed (the assertions
// are on the state: counts, seats, licences, faults). The first run seeds the templates; later runs
// reuse them while the fixtures are unchanged. The large scenario is seeded with 20,000 documents
// instead of its million (decision 088): what is asserted is the switch to it, which copies and
// renames its template whatever its size; its million rows cost 45 s of CPU and 750 MB to copy, and
// the benches (npm run bench) seed and use the real one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ALL_LICENSES_IN_USE } from '@gs/contract/licenses';
import { trainerPaths, type TrainerLoadResponse, type TrainerState } from '@gs/contract/trainer';
import { startApi, type RunningApi } from '@gs/simulator-api/server';
import { startHelper, type RunningHelper } from '@gs/simulator-helper/server';
import { DEMO_PASSWORD } from './signIns';
import { createRoom, type Room } from './rooms';
import { copyTemplate } from './templates';
import { roomScenarioNames } from './scenarios';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const templatesDir = resolve(root, process.env.TEMPLATES_DIR || 'data-templates');
const LARGE_DOCUMENTS = 20_000;
/** the smaller large template has its own folder: a developer's data-templates/large stays theirs */
const templateDir = (key: string) =>
  join(templatesDir, key === 'large' ? `test-large-${LARGE_DOCUMENTS}` : key);
const documents = { large: LARGE_DOCUMENTS };
const PASSWORD = 'trainer-secret';
const trainerAuth = `Basic ${Buffer.from(`trainer:${PASSWORD}`).toString('base64')}`;
const userAuth = (user: string) => `Basic ${Buffer.from(`${user}:${DEMO_PASSWORD}`).toString('base64')}`;

let dataDir: string;
let api: RunningApi;
let helper: RunningHelper | undefined;
let room: Room;

async function trainer<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(new URL(path, api.url), {
    method: body === undefined ? 'GET' : 'POST',
    headers: { Authorization: trainerAuth, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function load(scenario: string): Promise<TrainerLoadResponse> {
  // the spare copies a room makes in the background after each switch are ready (a trainer does
  // not switch twice within seconds)
  await room.prepareSpares();
  const started = performance.now();
  const answer = await trainer<TrainerLoadResponse>(trainerPaths.scenario, { Scenario: scenario });
  const ms = Math.round(performance.now() - started);
  console.log(`switch to ${scenario}: ${ms} ms${answer.Seeded ? ' (its template was seeded first)' : ''}`);
  return answer;
}

const signIn = (user: string) =>
  fetch(new URL('Square9API/api/licenses', api.url), { headers: { Authorization: userAuth(user) } });
const count = (sql: string): number => api.live.db().prepare(sql).pluck().get() as number;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'gs-room-'));
  let roomOf: Room | undefined;
  // as scripts/start.ts does: the data folder starts as a copy of the demo template
  const seedRoom = createRoom({
    root,
    live: { dataDir } as never,
    templateDir,
    documents,
    initial: 'demo',
  });
  await seedRoom.ensureTemplate('demo');
  await copyTemplate(templateDir('demo'), dataDir);
  api = await startApi({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    trainer: {
      password: PASSWORD,
      room: (live) =>
        (roomOf = createRoom({ root, live, templateDir, documents, initial: 'demo', helper: () => helper })),
    },
  });
  room = roomOf as Room;
  helper = await startHelper({
    dataDir,
    httpPort: 0,
    httpsPort: 0,
    apiPath: `${api.url}Square9API/`,
    signIn: false,
  });
}, 300_000);

afterAll(async () => {
  room.stop();
  await Promise.all([api.close(), helper?.close()]);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a training room', () => {
  it('switches through every scenario and resets, signing everyone out each time', async () => {
    expect(roomScenarioNames()).toEqual([
      'demo',
      'empty',
      'large',
      'licenses-exhausted',
      'scanner-faults',
      'busy-queues',
    ]);
    // templates first (the first run seeds them), so the switches below measure switching only
    for (const name of roomScenarioNames()) await room.ensureTemplate(name);
    // and their spare databases, as a running room keeps them ready in the background
    await room.prepareSpares();

    const held = await signIn('full.user');
    expect(held.status).toBe(200);
    const { Token } = (await held.json()) as { Token: string };
    const stillSignedIn = () =>
      fetch(new URL('Square9API/api/dbs', api.url), { headers: { 'Auth-Token': Token } });
    expect((await stillSignedIn()).status).toBe(200);

    await load('empty');
    expect((await stillSignedIn()).status).toBe(401);
    expect(count('SELECT count(*) FROM databases')).toBe(0);
    expect(count('SELECT count(*) FROM licenses')).toBe(0);

    await load('large');
    expect(count(`SELECT value FROM settings WHERE key = 'scenario'`)).toBe('large');
    expect(count('SELECT count(*) FROM databases')).toBe(1);
    // its template, seeded with the count given
    expect(count('SELECT count(*) FROM doc_1')).toBe(LARGE_DOCUMENTS);

    await load('licenses-exhausted');
    const exhausted = await trainer<TrainerState>(trainerPaths.state);
    expect(exhausted.Scenario).toBe('licenses-exhausted');
    for (const seats of exhausted.Seats) expect(seats.InUse).toBe(seats.Seats);
    expect(exhausted.Seats.every((s) => s.Seats > 0)).toBe(true);
    const refused = await signIn('full.user');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toBe(ALL_LICENSES_IN_USE);
    // the trainer frees one seat: the next Full sign-in gets it
    const phantom = exhausted.Licenses.find((l) => l.Type === 1);
    await trainer(trainerPaths.release, { Id: phantom?.Id });
    expect((await signIn('full.user')).status).toBe(200);

    await load('scanner-faults');
    expect(helper?.scanner.faultSchedule()).toEqual(['PaperJam', 'ScannerInUse', 'EmptyFeeder']);
    const faults = await trainer<TrainerState>(trainerPaths.state);
    expect(faults.Faults).toEqual(['PaperJam', 'ScannerInUse', 'EmptyFeeder']);
    expect(faults.Licenses).toEqual([]);

    // the room drifts: fewer seats, a licence, the clock moved; a reset brings it back
    await trainer(trainerPaths.seats, { Type: 1, Seats: 2 });
    await trainer(trainerPaths.clock, { OffsetMs: 3_600_000 });
    expect((await signIn('full.user')).status).toBe(200);
    await room.prepareSpares();
    const started = performance.now();
    const reset = await trainer<TrainerLoadResponse>(trainerPaths.reset, {});
    console.log(`reset of ${reset.Scenario}: ${Math.round(performance.now() - started)} ms`);
    const after = await trainer<TrainerState>(trainerPaths.state);
    expect(after.Scenario).toBe('scanner-faults');
    expect(after.Seats.find((s) => s.Type === 1)?.Seats).toBe(10);
    expect(after.Licenses).toEqual([]);
    expect(after.ClockOffsetMs).toBe(0);
    expect(after.Faults).toEqual(['PaperJam', 'ScannerInUse', 'EmptyFeeder']);

    const waiting = () => count('SELECT count(*) FROM workflow_runs WHERE status = 2');
    const demoTasks = waiting();
    await load('busy-queues');
    const busy = waiting();
    console.log(`busy-queues: ${busy} tasks waiting (the demo: ${demoTasks})`);
    expect(busy).toBeGreaterThan(demoTasks * 3);
    // the queue counts the queue lists read agree with the runs
    expect(count('SELECT sum(count) FROM workflow_queue_counts')).toBe(busy);
    expect(helper?.scanner.faultSchedule()).toEqual([]);

    await load('demo');
    expect(waiting()).toBe(demoTasks);
    expect(helper?.scanner.faultSchedule()).toEqual([]);
    expect(count('SELECT count(*) FROM databases')).toBeGreaterThan(1);
    expect(count(`SELECT count(*) FROM users WHERE name LIKE 'phantom.%'`)).toBe(0);
    expect((await signIn('full.user')).status).toBe(200);
  }, 300_000);
});
