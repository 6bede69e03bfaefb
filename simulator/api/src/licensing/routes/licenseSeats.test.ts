// Licence seats under concurrency: 200 sign-ins at once over real HTTP, across users of every
// licence type. No type may ever have more users holding live licences than it has seats, every
// refusal is the real server's 400 "All licenses are in use.", and a user signing in twice holds
// one seat with a token per sign-in (decision 056).
// 50 users each sign in four times, all from one address (as a classroom behind one NAT would).
import { afterAll, describe, expect, it } from 'vitest';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { addUser, setSeats } from '@gs/simulator-fixtures/builders';
import { createRng } from '@gs/simulator-fixtures/random';
import { LicenseType, type LicenseTypeCode } from '@gs/contract/flags';
import { ALL_LICENSES_IN_USE, type License } from '@gs/contract/licenses';
import { API, basic, makeTestApp, PASSWORD, TEST_PASSWORD_COST } from '../../testing/testApp';

const SEATS: Record<LicenseTypeCode, number> = {
  [LicenseType.Full]: 4,
  [LicenseType.WebEdit]: 3,
  [LicenseType.ReadOnly]: 2,
};
const USERS_PER_TYPE = 17;
const SIGN_INS_PER_USER = 4;

const users: { name: string; type: LicenseTypeCode }[] = [];
const t = makeTestApp({}, (db) => {
  for (const [type, seats] of Object.entries(SEATS)) {
    const code = Number(type) as LicenseTypeCode;
    setSeats(db, code, seats);
    for (let i = 1; i <= USERS_PER_TYPE - (code === LicenseType.ReadOnly ? 1 : 0); i++) {
      const name = `seat-${code}-${i}`;
      addUser(db, {
        name,
        password: PASSWORD,
        passwordCost: TEST_PASSWORD_COST,
        licenseType: code,
        passwordSalt: 'seat-test',
      });
      users.push({ name, type: code });
    }
  }
});
const server: Server = t.app.listen(0, '127.0.0.1');
afterAll(
  () =>
    new Promise<void>((done) => {
      server.closeAllConnections();
      server.close(() => done());
    }),
);

const liveByType = (): Map<number, number> =>
  new Map(
    (
      t.db
        .prepare(`SELECT type, COUNT(DISTINCT user_id) AS n FROM licenses WHERE active = 1 GROUP BY type`)
        .all() as {
        type: number;
        n: number;
      }[]
    ).map((r) => [r.type, r.n]),
  );

describe('licence seats under 200 concurrent sign-ins', () => {
  it('never holds more licences of a type than its seats, and refuses with the exact answer', async () => {
    await new Promise<void>((done) => (server.listening ? done() : server.once('listening', done)));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}${API}licenses`;
    const rng = createRng('seats');
    const overSeats: string[] = [];
    const check = (): void => {
      for (const [type, n] of liveByType())
        if (n > (SEATS[type as LicenseTypeCode] ?? 0)) overSeats.push(`type ${type}: ${n} live`);
    };
    const picks = users.flatMap((u) => Array.from({ length: SIGN_INS_PER_USER }, () => u));
    for (let i = picks.length - 1; i > 0; i--) {
      const j = rng.int(0, i);
      [picks[i], picks[j]] = [picks[j]!, picks[i]!];
    }
    expect(picks).toHaveLength(200);
    const answers = await Promise.all(
      picks.map(async (u) => {
        const res = await fetch(base, { headers: { Authorization: basic(u.name) } });
        const text = await res.text();
        check();
        return { u, status: res.status, text };
      }),
    );
    check();
    expect(overSeats).toEqual([]);

    const granted = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    for (const a of refused) {
      expect(a.status).toBe(400);
      expect(JSON.parse(a.text)).toBe(ALL_LICENSES_IN_USE);
    }
    // every seat of every type was wanted by more users than it has, so all of them are taken
    expect(liveByType()).toEqual(new Map(Object.entries(SEATS).map(([k, v]) => [Number(k), v])));
    // a user holds one seat however often they sign in, with a token for each sign-in
    const tokensOf = new Map<string, Set<string>>();
    for (const a of granted) {
      const licence = JSON.parse(a.text) as License;
      expect(licence.Username).toBe(a.u.name);
      expect(licence.Type).toBe(a.u.type);
      tokensOf.set(a.u.name, (tokensOf.get(a.u.name) ?? new Set()).add(licence.Token));
    }
    for (const [name, tokens] of tokensOf)
      expect(tokens.size).toBe(granted.filter((a) => a.u.name === name).length);
    // 50 users wanted 9 seats: some must have been refused, or the test proved nothing
    expect(refused.length).toBeGreaterThan(0);
    console.log(
      `seats: ${picks.length} concurrent sign-ins, ${granted.length} granted to ${tokensOf.size} users, ` +
        `${refused.length} refused with 400 "${ALL_LICENSES_IN_USE}"`,
    );
    // 200 password checks run two at a time on the pool: give a loaded machine time
  }, 120_000);
});
