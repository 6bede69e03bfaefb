// What the analytics roll-ups' triggers cost bulk writes (issue 32, item 4; decisions 073, 083): on
// a COPY of a data folder's database (the large scenario, migrated), each bulk write of --rows rows
// runs in one transaction, as the simulator's own statements write it, with every roll-up trigger
// (history: audit_rollup_*, workflow: workflow_rollup_*, capture: batch_*rollup_*) and with them
// dropped, then is rolled back; rounds alternate the two and the median of each is printed with the
// share the roll-ups add. The writes: a bulk update (one field of N documents and their N 'updated'
// history entries, bulkUpdate.ts), a bulk import (N document rows and their N 'indexed' entries,
// bulkImport.ts), a bulk queue action (an 'Action Taken' and a 'Queue Entered' line for each of N
// tasks, workflowActions.ts) and N batches made with a document each, then Completed (capture).
// The endpoints' other work (HTTP, checks, files, search index) is not in the base, so the shares
// are upper bounds for a whole call. Run: npm run bench -- rollupwrites [--data-dir ./data-large]
// [--rows 10000] [--rounds 5]
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { migrate, openDatabase, type Db } from '@gs/simulator-api/db/connection';
import { createAuditRepo } from '@gs/simulator-api/documents/repos/auditRepo';
import { ensureLarge } from './lib/largeScenario';

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
};

interface Write {
  name: string;
  run: (db: Db, rows: number, round: number) => void;
}

function writes(db: Db): Write[] {
  const audit = createAuditRepo(db);
  const { id: databaseId } = db
    .prepare(`SELECT database_id AS id FROM audit GROUP BY database_id ORDER BY count(*) DESC LIMIT 1`)
    .get() as { id: number };
  const doc = `doc_${databaseId}`;
  const field = (
    db
      .prepare(`SELECT name FROM pragma_table_info(?) WHERE name GLOB 'f_*' AND type = 'TEXT' LIMIT 1`)
      .get(doc) as {
      name: string;
    }
  ).name;
  const now = Date.now();
  const documents = (n: number) =>
    db.prepare(`SELECT id, archive_id AS archiveId FROM ${doc} ORDER BY id DESC LIMIT ?`).all(n) as {
      id: number;
      archiveId: number;
    }[];
  return [
    {
      name: 'bulk update (field + history)',
      run: (_, n, round) => {
        const docs = documents(n);
        db.prepare(
          `UPDATE ${doc} SET ${field} = j.value->>1, modified_at = ? FROM json_each(?) AS j WHERE ${doc}.id = j.value->>0`,
        ).run(now, JSON.stringify(docs.map((d) => [d.id, `Bench ${round}`])));
        audit.addMany(
          { databaseId, userName: 'full.user', category: 'updated', time: now },
          docs.map((d) => [d.archiveId, d.id, `Field ${field} changed to 'Bench ${round}'.`]),
        );
      },
    },
    {
      name: 'bulk import (documents + history)',
      run: (_, n) => {
        const top = (db.prepare(`SELECT max(id) AS top FROM ${doc}`).get() as { top: number }).top;
        db.prepare(
          `INSERT INTO ${doc}(archive_id, file_path, file_type, file_size, page_count, created_at, modified_at, ${field})
          SELECT archive_id, file_path, file_type, file_size, page_count, ?, ?, ${field} FROM ${doc} ORDER BY id LIMIT ?`,
        ).run(now, now, n);
        const added = db.prepare(`SELECT id, archive_id AS archiveId FROM ${doc} WHERE id > ?`).all(top) as {
          id: number;
          archiveId: number;
        }[];
        audit.addMany(
          { databaseId, userName: 'full.user', category: 'indexed', time: now },
          added.map((d) => [d.archiveId, d.id, 'Document imported.']),
        );
      },
    },
    {
      name: 'bulk queue action (history lines)',
      run: (_, n, round) => {
        const docs = documents(n);
        const common = { databaseId, userName: 'full.user', category: 'updated', time: now };
        audit.addMany(
          common,
          docs.map((d) => [d.archiveId, d.id, `Action Taken: Approve in Review (process ${d.id}${round})`]),
        );
        audit.addMany(
          common,
          docs.map((d) => [d.archiveId, d.id, `Queue Entered: Pay (process ${d.id}${round})`]),
        );
      },
    },
    {
      name: 'batches made and Completed (capture)',
      run: (_, n) => {
        const portal = db.prepare(`SELECT id FROM batch_portals ORDER BY id LIMIT 1`).get() as
          { id: number } | undefined;
        const portalId =
          portal?.id ??
          Number(
            db
              .prepare(
                `INSERT INTO batch_portals(name, type, database_id, archive_id) VALUES ('Bench', 0, ?, 1)`,
              )
              .run(databaseId).lastInsertRowid,
          );
        const top = (db.prepare(`SELECT coalesce(max(id), 0) AS top FROM batches`).get() as { top: number })
          .top;
        const batch =
          db.prepare(`INSERT INTO batches(portal_id, name, status, created_by, created_at, modified_at)
          VALUES (?, ?, 1, 'full.user', ?, ?)`);
        const document =
          db.prepare(`INSERT INTO batch_documents(batch_id, ordinal, file_path, file_type, pages)
          VALUES (?, 1, 'bench.tif', 'tif', 3)`);
        for (let i = 0; i < n; i++) {
          const id = Number(batch.run(portalId, `b${i}`, now - i * 1000, now - i * 1000).lastInsertRowid);
          document.run(id);
        }
        const setStatus = db.prepare(
          `UPDATE batches SET status = ?, error = ?, modified_at = ? WHERE id = ?`,
        );
        for (let id = top + 1; id <= top + n; id++) setStatus.run(4, '', now, id);
      },
    },
  ];
}

const ROLLUP_TRIGGERS = `SELECT name FROM sqlite_schema WHERE type = 'trigger' AND name GLOB '*rollup*'`;

export async function run(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      'data-dir': { type: 'string', default: './data-large' },
      rows: { type: 'string', default: '10000' },
      rounds: { type: 'string', default: '5' },
    },
  });
  const source = resolve(values['data-dir']);
  const rows = Math.max(1, Number(values.rows) || 10_000);
  const rounds = Math.max(1, Number(values.rounds) || 5);
  await ensureLarge(source);
  const dir = mkdtempSync(join(tmpdir(), 'rollup-writes-'));
  try {
    console.log(`Copying ${source}/simulator.sqlite to ${dir} ...`);
    copyFileSync(join(source, 'simulator.sqlite'), join(dir, 'simulator.sqlite'));
    const db = openDatabase(join(dir, 'simulator.sqlite'));
    migrate(db);
    const triggers = (db.prepare(ROLLUP_TRIGGERS).all() as { name: string }[]).map((t) => t.name);
    console.log(`${triggers.length} roll-up triggers: ${triggers.join(', ')}`);
    const table: Record<string, Record<string, number | string>> = {};
    for (const w of writes(db)) {
      const times = { with: [] as number[], without: [] as number[] };
      for (let round = 0; round < rounds; round++)
        for (const mode of round % 2 ? (['without', 'with'] as const) : (['with', 'without'] as const)) {
          db.exec('BEGIN');
          try {
            if (mode === 'without') for (const t of triggers) db.exec(`DROP TRIGGER ${t}`);
            const cpu = process.cpuUsage();
            w.run(db, rows, round);
            const used = process.cpuUsage(cpu);
            times[mode].push((used.user + used.system) / 1000);
          } finally {
            db.exec('ROLLBACK');
          }
        }
      const on = median(times.with);
      const off = median(times.without);
      table[w.name] = {
        rows,
        'CPU ms with roll-ups': +on.toFixed(0),
        'CPU ms without': +off.toFixed(0),
        'roll-ups add ms': +(on - off).toFixed(0),
        'roll-ups add %': +((100 * (on - off)) / off).toFixed(1),
      };
    }
    db.close();
    console.log(`Median of ${rounds} rounds each (process CPU time of the transaction, rolled back after).`);
    console.table(table);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
