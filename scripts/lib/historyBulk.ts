// The analytics bench's history volume (issue 32, item 4): tops a data folder's busiest database
// up to `target` history entries over the 365 days before `end`, written by SQLite itself
// (`WITH RECURSIVE`, a million rows a transaction) so ten million take minutes, not hours. Bench
// only: the rows are spread evenly over the year with a fixed hash choosing the archive, user,
// category and document of each, so two runs make the same data. Never used by a shipped scenario.
import { resolve } from 'node:path';
import Database from 'better-sqlite3';
import { ANALYTICS_ACTIONS } from '@gs/contract/analytics';

const DAY = 86_400_000;
const STEP = 1_000_000;
/** synthetic users beside the scenario's own, so the Users list and the user filter have work */
const USERS = 40;

export interface HistoryTopUp {
  databaseId: number;
  before: number;
  added: number;
}

/** Adds history entries to the database with the most of them until its last year holds `target`. */
export function topUpHistory(dataDir: string, target: number, end: number): HistoryTopUp {
  const db = new Database(resolve(dataDir, 'simulator.sqlite'));
  try {
    db.pragma('journal_mode = WAL');
    const busiest = db
      .prepare(`SELECT database_id AS id FROM audit GROUP BY database_id ORDER BY count(*) DESC LIMIT 1`)
      .get() as { id: number } | undefined;
    const databaseId = busiest?.id ?? 1;
    const from = end - 365 * DAY;
    const { n: before } = db
      .prepare(`SELECT count(*) AS n FROM audit WHERE database_id = ? AND time >= ? AND time < ?`)
      .get(databaseId, from, end) as { n: number };
    const archives = (
      db.prepare(`SELECT id FROM archives WHERE database_id = ? ORDER BY id`).all(databaseId) as {
        id: number;
      }[]
    ).map((a) => a.id);
    const names = [
      'full.user',
      'SSAdministrator',
      ...Array.from({ length: USERS }, (_, i) => `bench.user${String(i + 1).padStart(2, '0')}`),
    ];
    const count = Math.max(0, target - before);
    const insert = db.prepare(`WITH RECURSIVE n(i) AS (
        SELECT CAST(@first AS INTEGER) UNION ALL SELECT i + 1 FROM n WHERE i < @last),
      h(i, x) AS (SELECT i, (i * 2654435761 + 40503) % 4294967296 FROM n)
      INSERT INTO audit(database_id, archive_id, document_id, user_name, category, message, time)
      SELECT @db, json_extract(@archives, '$[' || (x % CAST(@archiveCount AS INTEGER)) || ']'), 1 + (x / 7) % 100000,
        json_extract(@names, '$[' || ((x / 13) % CAST(@nameCount AS INTEGER)) || ']'),
        json_extract(@categories, '$[' || ((x / 17) % CAST(@categoryCount AS INTEGER)) || ']'),
        'Bench history entry', @from + CAST(i * @span / @count AS INTEGER)
      FROM h`);
    // better-sqlite3 binds a JS number as REAL, which would make the JSON paths '$[1.0]'
    for (let first = 0; first < count; first += STEP) {
      const last = Math.min(count, first + STEP) - 1;
      db.transaction(() =>
        insert.run({
          first,
          last,
          db: databaseId,
          archives: JSON.stringify(archives),
          archiveCount: archives.length,
          names: JSON.stringify(names),
          nameCount: names.length,
          categories: JSON.stringify(ANALYTICS_ACTIONS),
          categoryCount: ANALYTICS_ACTIONS.length,
          from,
          span: 365 * DAY,
          count,
        }),
      )();
      console.log(`  history: ${(last + 1).toLocaleString('en')} of ${count.toLocaleString('en')} added`);
    }
    return { databaseId, before, added: count };
  } finally {
    db.close();
  }
}
