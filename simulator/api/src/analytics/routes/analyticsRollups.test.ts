// Actions/Counts read from the daily roll-ups (decision 073) gives the figures of counting the
// history entries one by one (decision 039) over varied data: times at any minute, archives the
// caller may and may not read, users whose names differ only in case, categories not asked,
// time zones on and off the hour, entries deleted and changed, and a migration's back-fill.
import { beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import { ANALYTICS_ACTIONS, type ActionCountsResponse } from '@gs/contract/analytics';
import { auditInserter } from '@gs/simulator-fixtures/builders';
import { createAuditRollups } from '../repos/auditRollups';
import { makeEditApp, type EditTestApp } from '../../testing/editWorld';
import { basic } from '../../testing/testApp';

const DAY = 86_400_000;
const BASE = '/square9analytics/analytics/Actions/';
const USERS = ['full.user', 'grouped', 'Grouped', 'Émile', 'émile', 'x'];
const CATEGORIES = [...ANALYTICS_ACTIONS, 'login'];

let t: EditTestApp;
beforeEach(() => {
  t = makeEditApp();
});

/** a fixed pseudo-random stream (mulberry32) */
function stream(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

function writeHistory(count: number, seed: number): void {
  const next = stream(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const add = auditInserter(t.db);
  const archives = [t.e.ledger, t.w.open];
  for (let i = 0; i < count; i++)
    add({
      databaseId: pick([t.w.alpha, t.w.alpha, t.w.alpha, t.w.beta]),
      archiveId: pick(archives),
      documentId: 1 + Math.floor(next() * 50),
      userName: pick(USERS),
      category: pick(CATEGORIES),
      message: 'Entry',
      // up to 40 days back and 5 ahead, at any millisecond
      time: t.clock.now() - 40 * DAY + Math.floor(next() * 45 * DAY),
    });
}

interface Entry {
  archive_id: number;
  user_name: string;
  category: string;
  time: number;
}

/** decision 039's answer, counted here one entry at a time from the history table */
function expected(
  q: { first: number; days: number; tz: number; actions: string[]; user?: string },
  archives: number[] | null,
): ActionCountsResponse {
  const label = (i: number) => new Date(q.first + i * DAY).toISOString().slice(0, 10);
  const start = q.first + q.tz * 60_000;
  const end = start + q.days * DAY;
  const zeros = () => Object.fromEntries(q.actions.map((a) => [a, 0]));
  const days = Array.from({ length: q.days }, (_, i) => ({ Date: label(i), Counts: zeros() }));
  const totals = zeros();
  const users = new Set<string>();
  const rows = t.db
    .prepare(`SELECT archive_id, user_name, category, time FROM audit WHERE database_id = ?`)
    .all(t.w.alpha) as Entry[];
  for (const r of rows) {
    if (r.time < start || r.time >= end || !q.actions.includes(r.category)) continue;
    if (archives && !archives.includes(r.archive_id)) continue;
    users.add(r.user_name);
    if (q.user !== undefined && r.user_name.toLowerCase() !== q.user.toLowerCase()) continue;
    const day = days[Math.floor((r.time - start) / DAY)];
    if (!day) continue;
    day.Counts[r.category] = (day.Counts[r.category] ?? 0) + 1;
    totals[r.category] = (totals[r.category] ?? 0) + 1;
  }
  return {
    StartDate: label(0),
    EndDate: label(q.days - 1),
    Actions: q.actions,
    Days: days,
    Totals: totals,
    Total: Object.values(totals).reduce((s, n) => s + n, 0),
    // a person's order, then names equal but for case or accents by their code units
    Users: [...users].sort(
      (a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }) || (a < b ? -1 : a > b ? 1 : 0),
    ),
  };
}

/** every case asked through HTTP and compared with the one-by-one answer */
async function compareAll(): Promise<number> {
  const today = t.clock.now() - (t.clock.now() % DAY);
  const ranges = [
    { first: today - 35 * DAY, days: 41 },
    { first: today - DAY, days: 3 },
    { first: today - 10 * DAY, days: 1 },
  ];
  const offsets = [0, 840, -330, 345, 1];
  const callers: [string, number[] | null][] = [
    ['full.user', [t.e.ledger]],
    ['dbadmin', null],
  ];
  const filters: { actions: string[]; user?: string }[] = [
    { actions: [...ANALYTICS_ACTIONS] },
    { actions: ['viewed', 'updated'], user: 'GROUPED' },
    { actions: [...ANALYTICS_ACTIONS], user: 'émile' },
    { actions: ['printed'], user: 'nobody.here' },
  ];
  let total = 0;
  for (const range of ranges)
    for (const tz of offsets)
      for (const [caller, archives] of callers)
        for (const filter of filters) {
          const q = { ...range, tz, ...filter };
          const iso = (day: number) => new Date(day).toISOString().slice(0, 10);
          const url =
            `Counts?database=${t.w.alpha}&startdate=${iso(q.first)}&enddate=${iso(q.first + (q.days - 1) * DAY)}` +
            `&tzoffset=${tz}&actions=${q.actions.join(',')}` +
            (q.user === undefined ? '' : `&user=${encodeURIComponent(q.user)}`);
          const res = await request(t.app)
            .get(`${BASE}${url}`)
            .set('Authorization', basic(caller))
            .expect(200);
          expect(res.body, `${caller} ${url}`).toEqual(expected(q, archives));
          total += (res.body as ActionCountsResponse).Total;
        }
  return total;
}

/** the roll-up tables as a fresh count of the history would make them (rows emptied by deletes aside) */
function rollupsMatchHistory(): void {
  const parts = Array.from({ length: 96 }, (_, i) => `q${i}`);
  const fresh = (keys: string) =>
    t.db
      .prepare(
        `SELECT ${keys}, count(*) AS n, ${parts.map((q, i) => `sum((time % ${DAY}) / 900000 = ${i}) AS ${q}`).join(', ')}
         FROM (SELECT *, time / ${DAY} AS day FROM audit) GROUP BY ${keys} ORDER BY ${keys}`,
      )
      .all();
  const kept = (table: string, keys: string) =>
    t.db.prepare(`SELECT ${keys}, n, ${parts.join(', ')} FROM ${table} WHERE n > 0 ORDER BY ${keys}`).all();
  const perArchive = 'database_id, day, archive_id, category';
  const perUser = 'database_id, user_name, archive_id, category, day';
  expect(kept('audit_days', perArchive)).toEqual(fresh(perArchive));
  expect(kept('audit_user_days', perUser)).toEqual(fresh(perUser));
}

describe('Actions/Counts from the daily roll-ups', () => {
  it('keeps the roll-ups on every write to the history and answers as counting entry by entry', async () => {
    writeHistory(1500, 7);
    rollupsMatchHistory();
    expect(await compareAll()).toBeGreaterThan(1000);
    // entries deleted and changed (archive, user, category, time): the triggers follow
    t.db.exec(`DELETE FROM audit WHERE id % 7 = 0`);
    t.db.exec(`UPDATE audit SET archive_id = ${t.e.ledger}, time = time + 5400000 WHERE id % 5 = 0`);
    t.db.exec(`UPDATE audit SET user_name = 'Grouped', category = 'viewed' WHERE id % 11 = 0`);
    rollupsMatchHistory();
    await compareAll();
  }, 120_000);

  it('fills the roll-ups from the history already there (migration 17)', async () => {
    t.db.exec(`DROP TABLE audit_days; DROP TABLE audit_user_days;
      DROP TRIGGER audit_rollup_ai; DROP TRIGGER audit_rollup_ad; DROP TRIGGER audit_rollup_au`);
    writeHistory(800, 11);
    createAuditRollups(t.db);
    rollupsMatchHistory();
    await compareAll();
  }, 120_000);
});
