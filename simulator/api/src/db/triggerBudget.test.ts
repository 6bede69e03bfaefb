// The schema's triggers stay small (decision 083): SQLite re-parses the whole schema on every
// ALTER TABLE (a field deleted or retyped drops a column), so its cost grows with the triggers'
// SQL. The workflow and capture roll-ups in their first form (96 running-total columns a figure)
// had 645 KB of trigger SQL, up to 85 KB a trigger, and a field's removal took about 5 s; one row
// per quarter of an hour makes each a small upsert or update. Main had 57 KB of triggers before
// them (49 KB of it decision 073's three audit roll-up triggers) and they add 22 KB: the bounds
// leave room for a few more small triggers, not for a return of the wide form.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate, type Db } from './connection';

/** every trigger's SQL size, by name */
function triggers(): Map<string, number> {
  const db: Db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  migrate(db);
  const rows = db
    .prepare(`SELECT name, length(sql) AS size FROM sqlite_schema WHERE type = 'trigger'`)
    .all() as {
    name: string;
    size: number;
  }[];
  db.close();
  return new Map(rows.map((r) => [r.name, r.size]));
}

describe("the schema's trigger SQL", () => {
  it('stays within its budget, whole and per trigger', () => {
    const sizes = triggers();
    const total = [...sizes.values()].reduce((a, b) => a + b, 0);
    expect(total).toBeLessThanOrEqual(100_000);
    for (const [name, size] of sizes) expect(size, name).toBeLessThanOrEqual(25_000);
  });

  it('keeps each workflow and capture roll-up trigger to a few KB', () => {
    const rollups = [...triggers()].filter(([name]) => /^(workflow|batch)_.*rollup_/.test(name));
    expect(rollups.length).toBeGreaterThanOrEqual(20);
    expect(rollups.reduce((a, [, size]) => a + size, 0)).toBeLessThanOrEqual(30_000);
    for (const [name, size] of rollups) expect(size, name).toBeLessThanOrEqual(3_000);
  });
});
