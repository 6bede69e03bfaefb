// The busy-queues scenario's extra tasks enter on the same working days as the demo's own tasks
// (weekdays of the weeks before the demo's seed day), not at their invoices' dates.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@gs/simulator-api/db/connection';
import { demoCopy } from '@gs/simulator-fixtures/demoCopy';
import { fillQueues } from './busyQueues';

const NOW = Date.UTC(2026, 10, 24, 15, 30);
const DAY = 86_400_000;
let db: Db;

// a private copy of the demo seeded at NOW (demoCopy.ts): fillQueues writes to it
beforeAll(async () => {
  ({ db } = await demoCopy(NOW));
}, 60_000);
afterAll(() => {
  db.close();
});

describe('busy queues', () => {
  it('fills the queues with tasks entered on the weekdays before the demo seed day', () => {
    const before = db.prepare(`SELECT count(*) FROM workflow_runs`).pluck().get() as number;
    const added = fillQueues(db);
    expect(added).toBeGreaterThan(before);
    const runs = db.prepare(`SELECT started_at, since, ended_at FROM workflow_runs`).all() as {
      started_at: number;
      since: number;
      ended_at: number;
    }[];
    expect(runs).toHaveLength(before + added);
    for (const r of runs) {
      expect(r.started_at).toBeGreaterThan(NOW - 50 * DAY);
      expect(Math.max(r.since, r.ended_at)).toBeLessThan(NOW - DAY);
      expect([0, 6]).not.toContain(new Date(r.started_at).getUTCDay());
    }
  });
});
