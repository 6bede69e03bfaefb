// The history's daily roll-ups (decision 073), kept on write by the audit table's triggers in the
// write's own transaction: per database, UTC day (time / 86,400,000), archive and category the
// entries of each quarter of an hour of that day (q0..q95) and their sum n, in `audit_days`, and
// the same per user in `audit_user_days`. The quarters let a caller's day (any tzoffset) be put
// together from two UTC days (analyticsRollupRepo.ts): every time zone's offset is a multiple of
// 15 minutes. Migration 17 makes them and fills them from the history.
import type { Db } from '../../db/connection';

export const DAY_MS = 86_400_000;
export const PART_MS = 900_000;
/** the columns of a day's quarters of an hour */
export const PARTS = Array.from({ length: DAY_MS / PART_MS }, (_, i) => `q${i}`);

const PART_COLUMNS = PARTS.map((h) => `${h} INTEGER NOT NULL DEFAULT 0`).join(', ');

/** `part = 0, part = 1, ...`: a 1 in the column of the quarter `time` falls in, 0 elsewhere */
const partFlags = (time: string) => PARTS.map((_, i) => `((${time}) % ${DAY_MS}) / ${PART_MS} = ${i}`);

const ADD = `n = n + excluded.n, ${PARTS.map((h) => `${h} = ${h} + excluded.${h}`).join(', ')}`;

/** One entry's row written (or its counts taken off) in both tables, for a trigger's OLD or NEW. */
function addEntry(row: 'NEW' | 'OLD'): string {
  const flags = partFlags(`${row}.time`).join(', ');
  const day = `${row}.time / ${DAY_MS}`;
  return `
    INSERT INTO audit_days(database_id, day, archive_id, category, n, ${PARTS.join(', ')})
      VALUES (${row}.database_id, ${day}, ${row}.archive_id, ${row}.category, 1, ${flags})
      ON CONFLICT DO UPDATE SET ${ADD};
    INSERT INTO audit_user_days(database_id, user_name, archive_id, category, day, n, ${PARTS.join(', ')})
      VALUES (${row}.database_id, ${row}.user_name, ${row}.archive_id, ${row}.category, ${day}, 1, ${flags})
      ON CONFLICT DO UPDATE SET ${ADD};`;
}

function takeEntry(row: 'NEW' | 'OLD'): string {
  const day = `${row}.time / ${DAY_MS}`;
  const take = `n = n - 1, ${partFlags(`${row}.time`)
    .map((flag, i) => `q${i} = q${i} - (${flag})`)
    .join(', ')}`;
  return `
    UPDATE audit_days SET ${take} WHERE database_id = ${row}.database_id AND day = ${day}
      AND archive_id = ${row}.archive_id AND category = ${row}.category;
    UPDATE audit_user_days SET ${take} WHERE database_id = ${row}.database_id
      AND user_name = ${row}.user_name AND archive_id = ${row}.archive_id
      AND category = ${row}.category AND day = ${day};`;
}

const TRIGGERS = `
  CREATE TRIGGER audit_rollup_ai AFTER INSERT ON audit BEGIN ${addEntry('NEW')} END;
  CREATE TRIGGER audit_rollup_ad AFTER DELETE ON audit BEGIN ${takeEntry('OLD')} END;
  CREATE TRIGGER audit_rollup_au AFTER UPDATE OF database_id, archive_id, category, user_name, time
    ON audit BEGIN ${takeEntry('OLD')} ${addEntry('NEW')} END;`;

const SUMS = `count(*), ${partFlags('time')
  .map((flag) => `sum(${flag})`)
  .join(', ')}`;

/** Migration 17: the tables, filled from the history there is, and the triggers that keep them. */
export function createAuditRollups(db: Db): void {
  db.exec(`
    CREATE TABLE audit_days (
      database_id INTEGER NOT NULL, day INTEGER NOT NULL, archive_id INTEGER NOT NULL,
      category TEXT NOT NULL, n INTEGER NOT NULL, ${PART_COLUMNS},
      PRIMARY KEY (database_id, day, archive_id, category)
    ) STRICT, WITHOUT ROWID;
    CREATE TABLE audit_user_days (
      database_id INTEGER NOT NULL, user_name TEXT NOT NULL, archive_id INTEGER NOT NULL,
      category TEXT NOT NULL, day INTEGER NOT NULL, n INTEGER NOT NULL, ${PART_COLUMNS},
      PRIMARY KEY (database_id, user_name, archive_id, category, day)
    ) STRICT, WITHOUT ROWID;
    -- a range's first and last day, read whole for the users of a part of a day
    CREATE INDEX audit_user_days_by_day ON audit_user_days(database_id, day);
    INSERT INTO audit_days(database_id, day, archive_id, category, n, ${PARTS.join(', ')})
      SELECT database_id, time / ${DAY_MS}, archive_id, category, ${SUMS}
      FROM audit GROUP BY 1, 2, 3, 4;
    INSERT INTO audit_user_days(database_id, user_name, archive_id, category, day, n, ${PARTS.join(', ')})
      SELECT database_id, user_name, archive_id, category, time / ${DAY_MS}, ${SUMS}
      FROM audit GROUP BY 1, 2, 3, 4, 5;
    ${TRIGGERS}`);
}
