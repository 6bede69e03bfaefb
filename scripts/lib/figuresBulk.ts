// The analytics bench's workflow and capture volume (issue 32, item 4; decision 083): tops a data
// folder's busiest database up to `target` workflow history lines ('Queue Entered' then 'Action
// Taken' of each task, hours apart) and a batch portal of it up to `target` batches (one document
// each, most Completed, some Errored), over the 365 days before `end`. Written by SQLite itself
// (`WITH RECURSIVE`, 200,000 rows a transaction) through the tables' triggers, so the roll-ups are
// kept as the simulator keeps them. Bench only: a fixed hash chooses each row's archive, document,
// queue and times, so two runs make the same data. Never used by a shipped scenario.
import { resolve } from 'node:path';
import Database from 'better-sqlite3';

const DAY = 86_400_000;
const STEP = 200_000;
const QUEUES = ['Approve', 'Review', 'Pay', 'Archive', 'Check', 'Sign', 'Scan QA', 'Escalate'];
const LINES = `(message LIKE 'Queue Entered: %' OR message LIKE 'Action Taken: %')`;

export interface FiguresTopUp {
  databaseId: number;
  portalId: number;
  lines: { before: number; added: number };
  batches: { before: number; added: number };
}

function busiest(db: Database.Database): number {
  const row = db
    .prepare(`SELECT database_id AS id FROM audit GROUP BY database_id ORDER BY count(*) DESC LIMIT 1`)
    .get() as { id: number } | undefined;
  return row?.id ?? 1;
}

/** Adds workflow lines and batches until the busiest database's last year holds `lines` and `batches`. */
export function topUpFigures(dataDir: string, lines: number, batches: number, end: number): FiguresTopUp {
  const db = new Database(resolve(dataDir, 'simulator.sqlite'));
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    const databaseId = busiest(db);
    const from = end - 365 * DAY;
    const archives = (
      db.prepare(`SELECT id FROM archives WHERE database_id = ? ORDER BY id`).all(databaseId) as {
        id: number;
      }[]
    ).map((a) => a.id);
    const { n: linesBefore } = db
      .prepare(
        `SELECT count(*) AS n FROM audit WHERE database_id = ? AND time >= ? AND time < ? AND ${LINES}`,
      )
      .get(databaseId, from, end) as { n: number };
    const lineCount = Math.max(0, lines - linesBefore) & ~1;
    // row i: task i / 2 enters a queue (even i) or is acted on 0-8 hours later (odd i)
    const insertLines = db.prepare(`WITH RECURSIVE n(i) AS (
        SELECT CAST(@first AS INTEGER) UNION ALL SELECT i + 1 FROM n WHERE i < @last),
      h(i, task, x) AS (SELECT i, i / 2, ((i / 2) * 2654435761 + 40503) % 4294967296 FROM n)
      INSERT INTO audit(database_id, archive_id, document_id, user_name, category, message, time)
      SELECT @db, json_extract(@archives, '$[' || (x % CAST(@archiveCount AS INTEGER)) || ']'),
        1 + (x / 7) % 100000, 'full.user', 'updated',
        CASE WHEN i % 2 = 0
          THEN 'Queue Entered: ' || json_extract(@queues, '$[' || ((x / 11) % 8) || ']') || ' (process ' || task || ')'
          ELSE 'Action Taken: ' || json_extract('["Approve","Reject","Done"]', '$[' || ((x / 13) % 3) || ']')
            || ' in ' || json_extract(@queues, '$[' || ((x / 11) % 8) || ']') || ' (process ' || task || ')' END,
        CAST(@from AS INTEGER) + CAST(task * @span / @tasks AS INTEGER) + (i % 2) * ((x / 17) % 28800000)
      FROM h`);
    for (let first = 0; first < lineCount; first += STEP) {
      const last = Math.min(lineCount, first + STEP) - 1;
      db.transaction(() =>
        insertLines.run({
          first,
          last,
          db: databaseId,
          archives: JSON.stringify(archives),
          archiveCount: archives.length,
          queues: JSON.stringify(QUEUES),
          from,
          span: 365 * DAY - 9 * 3_600_000,
          tasks: lineCount / 2,
        }),
      )();
      console.log(
        `  workflow lines: ${(last + 1).toLocaleString('en')} of ${lineCount.toLocaleString('en')} added`,
      );
    }

    const portal = db
      .prepare(`SELECT id FROM batch_portals WHERE database_id = ? AND type = 0 ORDER BY id LIMIT 1`)
      .get(databaseId) as { id: number } | undefined;
    const portalId =
      portal?.id ??
      Number(
        db
          .prepare(
            `INSERT INTO batch_portals(name, type, status, database_id, archive_id) VALUES (?, 0, 1, ?, ?)`,
          )
          .run('Bench scans', databaseId, archives[0] ?? 1).lastInsertRowid,
      );
    const { n: batchesBefore } = db
      .prepare(`SELECT count(*) AS n FROM batches WHERE portal_id = ? AND created_at >= ? AND created_at < ?`)
      .get(portalId, from, end) as { n: number };
    const batchCount = Math.max(0, batches - batchesBefore);
    // status 4 (Completed) 7 in 10, 5 (Errored) 1 in 10, else still in work; ended 0-6 hours later
    const insertBatches = db.prepare(`WITH RECURSIVE n(i) AS (
        SELECT CAST(@first AS INTEGER) UNION ALL SELECT i + 1 FROM n WHERE i < @last),
      h(i, x) AS (SELECT i, (i * 2654435761 + 40503) % 4294967296 FROM n)
      INSERT INTO batches(portal_id, name, status, created_by, created_at, modified_at)
      SELECT @portal, 'Bench batch ' || i,
        CASE WHEN x % 10 < 7 THEN 4 WHEN x % 10 = 7 THEN 5 ELSE 1 + (x / 10) % 3 END, 'full.user',
        CAST(@from AS INTEGER) + CAST(i * @span / @count AS INTEGER),
        CAST(@from AS INTEGER) + CAST(i * @span / @count AS INTEGER) + (x / 19) % 21600000
      FROM h`);
    const insertDocuments =
      db.prepare(`INSERT INTO batch_documents(batch_id, ordinal, file_path, file_type, pages)
      SELECT id, 1, 'bench.tif', 'tif', 1 + id % 9 FROM batches WHERE id > ? AND portal_id = ?`);
    for (let first = 0; first < batchCount; first += STEP) {
      const last = Math.min(batchCount, first + STEP) - 1;
      db.transaction(() => {
        const { top } = db.prepare(`SELECT coalesce(max(id), 0) AS top FROM batches`).get() as {
          top: number;
        };
        insertBatches.run({
          first,
          last,
          portal: portalId,
          from,
          span: 365 * DAY - 7 * 3_600_000,
          count: batchCount,
        });
        insertDocuments.run(top, portalId);
      })();
      console.log(
        `  batches: ${(last + 1).toLocaleString('en')} of ${batchCount.toLocaleString('en')} added`,
      );
    }
    return {
      databaseId,
      portalId,
      lines: { before: linesBefore, added: lineCount },
      batches: { before: batchesBefore, added: batchCount },
    };
  } finally {
    db.close();
  }
}
