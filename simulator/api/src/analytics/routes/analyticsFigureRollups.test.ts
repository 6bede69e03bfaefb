// Actions/Workflow and Actions/Capture read from their daily roll-ups (decision 083) answer as the
// raw computation of decision 039 (testing/rawAnalytics.ts) over varied data: times at any ms and
// on the edges (midnights, quarters, a caller's midnight and a ms either side), time zones on and
// off the quarter, archives the caller may not read, queue names differing in case or accents,
// lines the raw reading skips, then every kind of write the triggers follow (deletes, updates, an
// entry written under an id below actions already there, batches ending, documents added, a
// portal removed) and the migration's back-fill.
import { beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { BatchStatusCode } from '@gs/contract/capture';
import { auditInserter } from '@gs/simulator-fixtures/builders';
import { addBatchPortal, addBatches } from '@gs/simulator-fixtures/batchBuilders';
import { createCaptureRollups } from '../repos/captureRollups';
import { createWorkflowRollups } from '../repos/workflowRollups';
import { rangeOf } from '../services/range';
import { makeEditApp, type EditTestApp } from '../../testing/editWorld';
import { rawCaptureFigures, rawWorkflowFigures } from '../../testing/rawAnalytics';
import { basic } from '../../testing/testApp';

const DAY = 86_400_000;
const MINUTE = 60_000;
const BASE = '/square9analytics/analytics/Actions/';
const QUEUES = ['Approve', 'approve', 'Pay', 'Pày', 'Ünicode ✓', 'Z'];
const OFFSETS = [0, 840, -330, 345, 1, -1];

let t: EditTestApp;
// the world is made afresh for each test; a loaded machine may take over the default 10 s
beforeEach(() => {
  t = makeEditApp();
}, 60_000);

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

function picker(seed: number) {
  const next = stream(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const today = t.clock.now() - (t.clock.now() % DAY);
  /** up to 40 days back and 5 ahead: at any ms, or on an edge (a ms either side) */
  const time = (): number => {
    if (next() < 0.5) return today - 40 * DAY + Math.floor(next() * 45 * DAY);
    const day = today - 40 * DAY + Math.floor(next() * 45) * DAY;
    const edge = pick([0, 15 * MINUTE * Math.floor(next() * 96), ...OFFSETS.map((o) => o * MINUTE)]);
    return day + edge + pick([-1, 0, 0, 1]);
  };
  return { next, pick, time };
}

function writeWorkflow(count: number, seed: number): void {
  const { next, pick, time } = picker(seed);
  const add = auditInserter(t.db);
  for (let i = 0; i < count; i++) {
    const q = pick(QUEUES);
    add({
      databaseId: pick([t.w.alpha, t.w.alpha, t.w.alpha, t.w.beta]),
      archiveId: pick([t.e.ledger, t.w.open]),
      documentId: 1 + Math.floor(next() * 25),
      userName: 'full.user',
      category: pick(['updated', 'updated', 'updated', 'updated', 'viewed']),
      message: pick([
        `Queue Entered: ${q} (process ${i})`,
        `Queue Entered: ${q} (process ${i})`,
        `Action Taken: ${pick(['Approve', 'Reject', 'Go in'])} in ${q} (process ${i})`,
        `Action Taken: ${pick(['Approve', 'Reject'])} in ${q} (process ${i})`,
        `queue entered: ${q} (process ${i})`,
        `Action Taken: nowhere (process ${i})`,
        `Queue Entered: ${q}`,
        `Waiting: ${q} (process ${i})`,
      ]),
      time: time(),
    });
  }
}

function writeBatches(count: number, seed: number): number[] {
  const { next, pick, time } = picker(seed);
  const portals = [
    addBatchPortal(t.db, { name: 'Scans', databaseId: t.w.alpha, archiveId: t.w.invoices }),
    addBatchPortal(t.db, { name: 'More scans', databaseId: t.w.alpha, archiveId: t.w.invoices }),
    addBatchPortal(t.db, { name: 'Contracts in', databaseId: t.w.alpha, archiveId: t.w.contracts }),
  ];
  const ids = addBatches(
    t.db,
    Array.from({ length: count }, (_, i) => ({
      portalId: pick(portals),
      name: `b${i}`,
      status: (1 + Math.floor(next() * 7)) as BatchStatusCode,
      createdBy: 'full.user',
      createdAt: time(),
      docs: Array.from({ length: Math.floor(next() * 4) }, () => ({
        filePath: 'x.tif',
        pages: Math.floor(next() * 9),
      })),
    })),
  );
  const ended = t.db.prepare(`UPDATE batches SET modified_at = created_at + ? WHERE id = ?`);
  for (const id of ids) ended.run(Math.floor(next() * 3 * DAY), id);
  return portals;
}

const iso = (epoch: number) => new Date(epoch).toISOString().slice(0, 10);

/** every range, offset and scope asked through HTTP and compared with the raw computation */
async function compareAll(portals: number[]): Promise<{ lines: number; batches: number }> {
  const today = t.clock.now() - (t.clock.now() % DAY);
  const ranges = [
    { first: today - 35 * DAY, days: 41 },
    { first: today - DAY, days: 3 },
    { first: today - 10 * DAY, days: 1 },
  ];
  let lines = 0;
  let batches = 0;
  for (const { first, days } of ranges)
    for (const tz of OFFSETS) {
      const q = { startdate: iso(first), enddate: iso(first + (days - 1) * DAY), tzoffset: String(tz) };
      const range = rangeOf((k) => q[k as keyof typeof q]);
      const query = `startdate=${q.startdate}&enddate=${q.enddate}&tzoffset=${tz}`;
      for (const [user, archives] of [
        ['full.user', JSON.stringify([t.e.ledger])],
        ['dbadmin', null],
      ] as const) {
        const url = `Workflow?database=${t.w.alpha}&${query}`;
        const res = await request(t.app).get(`${BASE}${url}`).set('Authorization', basic(user)).expect(200);
        expect(res.body, `${user} ${url}`).toEqual(rawWorkflowFigures(t.db, t.w.alpha, archives, range));
        for (const d of res.body.Days as { Entered: number; Ended: number }[]) lines += d.Entered + d.Ended;
      }
      const live = new Set(
        (t.db.prepare(`SELECT id FROM batch_portals`).all() as { id: number }[]).map((p) => p.id),
      );
      for (const [scope, ids] of [
        [`database=${t.w.alpha}`, portals.filter((p) => live.has(p))],
        ...portals.filter((p) => live.has(p)).map((p) => [`portal=${p}`, [p]] as const),
      ] as const) {
        const url = `Capture?${scope}&${query}`;
        const res = await request(t.app)
          .get(`${BASE}${url}`)
          .set('Authorization', basic('full.user'))
          .expect(200);
        expect(res.body, url).toEqual(rawCaptureFigures(t.db, ids, range));
        batches += (res.body as { Totals: { Created: number } }).Totals.Created;
      }
    }
  return { lines, batches };
}

describe('Actions/Workflow and Actions/Capture from the daily roll-ups', () => {
  it('keeps the roll-ups on every write and answers as the raw computation', async () => {
    writeWorkflow(1200, 3);
    const portals = writeBatches(400, 5);
    const first = await compareAll(portals);
    expect(first.lines).toBeGreaterThan(1000);
    expect(first.batches).toBeGreaterThan(300);

    // history lines deleted, moved, re-dated and rewritten; entries written under freed ids
    t.db.exec(`DELETE FROM audit WHERE id % 7 = 0`);
    t.db.exec(`UPDATE audit SET time = time + 5400000, archive_id = ${t.e.ledger} WHERE id % 5 = 0`);
    t.db.exec(`UPDATE audit SET document_id = document_id + 1 WHERE id % 11 = 0`);
    t.db.exec(`UPDATE audit SET message = 'Queue Entered: Pay (process 0)' WHERE id % 13 = 0`);
    t.db.exec(`UPDATE audit SET category = 'viewed' WHERE id % 17 = 0`);
    t.db.exec(`INSERT INTO audit(id, database_id, archive_id, document_id, user_name, category, message, time)
      SELECT id - 1, database_id, archive_id, document_id, user_name, 'updated',
        'Queue Entered: Approve (process 9)', time - 3600000
      FROM audit WHERE id % 14 = 1 AND id > 14`);
    // batches ending, moved and removed; documents added, re-paged and removed; a portal removed
    t.db.exec(`UPDATE batches SET status = 4, modified_at = modified_at + 7200000 WHERE id % 3 = 0`);
    t.db.exec(`UPDATE batches SET status = 2 WHERE id % 10 = 1`);
    t.db.exec(
      `UPDATE batches SET created_at = created_at - 86400000, portal_id = ${portals[0]} WHERE id % 8 = 0`,
    );
    t.db.exec(`INSERT INTO batch_documents(batch_id, ordinal, file_path, file_type, pages)
      SELECT id, 99, 'y.tif', 'tif', id % 5 FROM batches WHERE id % 4 = 0`);
    t.db.exec(`UPDATE batch_documents SET pages = pages + 3 WHERE id % 6 = 0`);
    t.db.exec(`UPDATE batch_documents SET batch_id = batch_id + 1 WHERE id % 19 = 0
      AND batch_id + 1 IN (SELECT id FROM batches)`);
    t.db.exec(`DELETE FROM batch_documents WHERE id % 9 = 0`);
    t.db.exec(`DELETE FROM batches WHERE id % 12 = 0`);
    t.db.exec(`DELETE FROM batch_portals WHERE id = ${portals[1]}`);
    const second = await compareAll(portals);
    expect(second.lines).not.toBe(first.lines);
    expect(second.batches).not.toBe(first.batches);
  }, 300_000);

  it('fills the roll-ups from the history and batches already there (migration 18)', async () => {
    t.db.exec(`DROP TABLE workflow_days; DROP TABLE batch_created_days; DROP TABLE batch_finished_days;`);
    for (const { name } of t.db
      .prepare(
        `SELECT name FROM sqlite_master WHERE type = 'trigger' AND name GLOB '*rollup*' AND name NOT GLOB 'audit_*'`,
      )
      .all() as { name: string }[])
      t.db.exec(`DROP TRIGGER ${name}`);
    writeWorkflow(800, 11);
    const portals = writeBatches(300, 13);
    createWorkflowRollups(t.db);
    createCaptureRollups(t.db);
    const { lines, batches } = await compareAll(portals);
    expect(lines).toBeGreaterThan(500);
    expect(batches).toBeGreaterThan(200);
  }, 300_000);
});
