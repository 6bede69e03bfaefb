import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addUser, setSeats } from '@gs/simulator-fixtures/builders';
import { LicenseType } from '@gs/contract/flags';
import type { ScanFault } from '@gs/contract/helper';
import { trainerPaths, type TrainerLoadResponse, type TrainerState } from '@gs/contract/trainer';
import { startApi, type RunningApi } from '../server';
import type { TrainerRoom } from './room';
import { TRAINER_LANGUAGES, TRAINER_STRINGS, trainerLanguage } from './strings';

const auth = (password: string) => `Basic ${Buffer.from(`anyone:${password}`).toString('base64')}`;
const dirs: string[] = [];
const dataDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'gs-trainer-'));
  dirs.push(dir);
  return dir;
};

function fakeRoom(): TrainerRoom & { loads: string[] } {
  let current = 'demo';
  let faults: readonly ScanFault[] = [];
  const loads: string[] = [];
  return {
    loads,
    scenarios: () => ['demo', 'empty'],
    current: () => current,
    load: async (name) => {
      loads.push(name);
      current = name;
      return { seeded: false };
    },
    helper: () => null,
    faultChoices: () => ['PaperJam', 'EmptyFeeder'],
    faults: () => faults,
    setFaults: (f) => {
      faults = f;
    },
  };
}

let on: RunningApi;
let off: RunningApi;
const room = fakeRoom();

beforeAll(async () => {
  on = await startApi({
    port: 0,
    host: '127.0.0.1',
    dataDir: dataDir(),
    trainer: { password: 'sesame', room: () => room },
  });
  off = await startApi({ port: 0, host: '127.0.0.1', dataDir: dataDir() });
});
afterAll(async () => {
  await Promise.all([on.close(), off.close()]);
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const call = (api: RunningApi, path: string, init: RequestInit = {}) => fetch(new URL(path, api.url), init);
const post = (path: string, body: unknown, password = 'sesame') =>
  call(on, path, {
    method: 'POST',
    headers: { Authorization: auth(password), 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('the trainer page', () => {
  it('is not there without a trainer password: a 404 with a Message, whatever the casing', async () => {
    for (const path of ['/trainer', '/Trainer/api/state', '/trainer?lang=fr']) {
      const res = await call(off, path, { headers: { Authorization: auth('') } });
      expect(res.status).toBe(404);
      expect(((await res.json()) as { Message: string }).Message).toMatch(/No HTTP resource/);
    }
    expect((await call(off, '/trainers')).status).not.toBe(401);
  });

  it('answers an unknown trainer path 404 without echoing its query, and says nosniff (issue 26)', async () => {
    const res = await call(on, '/trainer/api/nothing?token=0123-secret', {
      headers: { Authorization: auth('sesame') },
    });
    expect(res.status).toBe(404);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const { Message } = (await res.json()) as { Message: string };
    expect(Message).toMatch(/trainer\/api\/nothing'\.$/);
    expect(Message).not.toContain('secret');
    const off404 = await call(off, '/trainer?token=0123-secret');
    expect(off404.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('asks for the trainer password, and refuses a wrong one', async () => {
    const none = await call(on, trainerPaths.page);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Basic realm="Trainer"/);
    expect(((await none.json()) as { Message: string }).Message).toBeTruthy();
    expect((await post(trainerPaths.reset, {}, 'sesame2')).status).toBe(401);
    expect(room.loads).toEqual([]);
  });

  it('speaks the language asked for, else the browser’s, else English', async () => {
    const page = (init: RequestInit, query = '') =>
      call(on, `${trainerPaths.page}${query}`, init).then((r) => r.text());
    const headers = (lang: string) => ({ Authorization: auth('sesame'), 'Accept-Language': lang });
    expect(await page({ headers: headers('fr-FR,fr;q=0.9') })).toContain(
      `<h1>${TRAINER_STRINGS.fr.title}</h1>`,
    );
    expect(await page({ headers: headers('fr') }, '?lang=nl')).toContain('lang="nl"');
    expect(await page({ headers: headers('ja') })).toContain(`<h1>${TRAINER_STRINGS.en.title}</h1>`);
    expect(trainerLanguage(undefined, 'ja, de-CH;q=0.8')).toBe('de');
    for (const lang of TRAINER_LANGUAGES) {
      expect(Object.keys(TRAINER_STRINGS[lang]).sort(), lang).toEqual(Object.keys(TRAINER_STRINGS.en).sort());
      for (const text of Object.values(TRAINER_STRINGS[lang])) expect(text.trim(), lang).not.toBe('');
    }
  });

  it('takes only JSON bodies, and refuses bad ones with a Message, changing nothing', async () => {
    const form = await call(on, trainerPaths.reset, {
      method: 'POST',
      headers: { Authorization: auth('sesame'), 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'x=1',
    });
    expect(form.status).toBe(415);
    for (const [path, body] of [
      [trainerPaths.scenario, { Scenario: 'nowhere' }],
      [trainerPaths.scenario, {}],
      [trainerPaths.seats, { Type: 3, Seats: 1 }],
      [trainerPaths.seats, { Type: 1, Seats: -1 }],
      [trainerPaths.faults, { Faults: ['Gremlins'] }],
      [trainerPaths.faults, { Faults: ['DeviceError'] }],
      [trainerPaths.clock, { OffsetMs: 'soon' }],
      [trainerPaths.release, {}],
    ] as const) {
      const res = await post(path, body);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(((await res.json()) as { Message: string }).Message).toBe('The request is invalid.');
    }
    expect((await post(trainerPaths.release, { Id: 'no-such' })).status).toBe(404);
    expect(room.loads).toEqual([]);
  });

  it('switches and resets the room, sets seats, faults and the clock', async () => {
    const loaded = async (res: Promise<Response>) =>
      ((await (await res).json()) as TrainerLoadResponse).Scenario;
    expect(await loaded(post(trainerPaths.scenario, { scenario: 'empty' }))).toBe('empty');
    expect(await loaded(post(trainerPaths.reset, {}))).toBe('empty');
    expect(room.loads).toEqual(['empty', 'empty']);
    expect((await post(trainerPaths.seats, { Type: 2, Seats: 7 })).status).toBe(200);
    expect((await post(trainerPaths.faults, { Faults: ['EmptyFeeder'] })).status).toBe(200);
    expect((await post(trainerPaths.clock, { OffsetMs: 7_200_000 })).status).toBe(200);
    const state = (await (
      await call(on, trainerPaths.state, { headers: { Authorization: auth('sesame') } })
    ).json()) as TrainerState;
    expect(state.Scenario).toBe('empty');
    expect(state.Seats.find((s) => s.Type === 2)).toEqual({ Type: 2, Seats: 7, InUse: 0 });
    expect(state.Faults).toEqual(['EmptyFeeder']);
    expect(state.ClockOffsetMs).toBe(7_200_000);
    expect(state.Now - Date.now()).toBeGreaterThan(7_000_000);
    expect(state.Helper).toBeNull();
  });
});

describe('the trainer page’s guards (decision 045)', () => {
  it('answers 429 after repeated wrong passwords, the right one too while the wait lasts', async () => {
    const guarded = await startApi({
      port: 0,
      host: '127.0.0.1',
      dataDir: dataDir(),
      // a wait longer than the test, so no timing decides the outcome
      config: { loginBackoff: { firstWaitMs: 60_000 } },
      trainer: { password: 'sesame', room: () => fakeRoom() },
    });
    try {
      const state = (password: string) =>
        call(guarded, trainerPaths.state, { headers: { Authorization: auth(password) } });
      for (let i = 0; i < 5; i++) expect((await state(`guess-${i}`)).status).toBe(401);
      const refused = await state('guess-5');
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('60');
      expect(((await refused.json()) as { Message: string }).Message).toMatch(
        /Too many failed sign-in attempts/,
      );
      expect((await state('sesame')).status).toBe(429);
    } finally {
      await guarded.close();
    }
  });

  it('lists seats per user by an opaque id, never a token, and releases every sign-in of one by that id', async () => {
    const db = on.live.db();
    addUser(db, { name: 'student', password: 'Student@123', licenseType: LicenseType.Full });
    setSeats(db, LicenseType.Full, 5);
    const signInOnce = async (): Promise<string> => {
      const res = await call(on, '/Square9API/api/licenses', {
        headers: { Authorization: `Basic ${Buffer.from('student:Student@123').toString('base64')}` },
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { Token: string }).Token;
    };
    // two sign-ins of one user (a browser and a script): one seat, two tokens (decision 056)
    const Token = await signInOnce();
    const Other = await signInOnce();
    expect(Other).not.toBe(Token);
    const trainerGet = (path: string) => call(on, path, { headers: { Authorization: auth('sesame') } });

    const text = await (await trainerGet(trainerPaths.state)).text();
    expect(text).not.toContain(Token);
    expect(await (await trainerGet(trainerPaths.page)).text()).not.toContain(Token);
    const state = JSON.parse(text) as TrainerState;
    const rows = state.Licenses.filter((l) => l.User === 'student');
    expect(rows).toHaveLength(1);
    const listed = rows[0];
    expect(listed?.SignIns).toBe(2);
    expect(state.Seats.find((s) => s.Type === LicenseType.Full)?.InUse).toBe(
      new Set(state.Licenses.filter((l) => l.Type === LicenseType.Full).map((l) => l.User)).size,
    );
    expect(listed?.Id).toMatch(/^[\w-]{32}$/);
    expect(Object.keys(listed ?? {})).not.toContain('Token');

    // a token is no way to release: the body must name the id
    expect((await post(trainerPaths.release, { Token })).status).toBe(400);
    expect((await post(trainerPaths.release, { Id: listed?.Id })).status).toBe(200);
    expect((await call(on, `/Square9API/api/dbs?token=${Token}`)).status).toBe(401);
    expect((await call(on, `/Square9API/api/dbs?token=${Other}`)).status).toBe(401);
    const after = (await (await trainerGet(trainerPaths.state)).json()) as TrainerState;
    expect(after.Licenses.filter((l) => l.User === 'student')).toEqual([]);
  });
});
