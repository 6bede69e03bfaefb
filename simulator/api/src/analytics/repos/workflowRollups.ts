// The workflow figures' daily roll-up (decision 083): per database, UTC day, line head and archive
// ('Queue Entered: Q' or 'Action Taken: A in Q', a workflow history line without its ' (process N)'
// tail) the lines (`lines`), the action lines whose task had entered a queue before (`measured`)
// and the sum of their waits since that entry (`waited`), summed per quarter of an hour
// (quarterRollups.ts). Kept by the audit table's triggers in the write's own transaction, with the
// same reading of a line as Actions/Workflow had from the raw history (decision 039): a wait is
// the time since the document's latest 'Queue Entered' line written before it (by id), so
// removing, adding before or changing such a line changes the waits of the actions after it.
// Migration 19 makes the table and fills it from the history.
import type { Db } from '../../db/connection';
import { addRows, dayTotals, rollupTable, shiftRows, type RollupShape } from './quarterRollups';

export const WORKFLOW_DAYS: RollupShape = {
  table: 'workflow_days',
  keys: ['database_id'],
  // day then head: Actions/Workflow groups by them, so the key's order streams its GROUP BY
  tail: ['head', 'archive_id'],
  figures: ['lines', 'measured', 'waited'],
};

const ENTERED = `'Queue Entered: %'`;
const TAKEN = `'Action Taken: %'`;
/** a workflow line's text without its ' (process N)' tail (as Actions/Workflow always read it) */
export const lineHead = (r: string) => `substr(${r}.message, 1, instr(${r}.message, ' (process ') - 1)`;
/** the lines Actions/Workflow counts */
export const isLine = (r: string) =>
  `${r}.category = 'updated' AND (${r}.message LIKE ${ENTERED} OR ${r}.message LIKE ${TAKEN})`;
const isAction = (r: string) => `${r}.category = 'updated' AND ${r}.message LIKE ${TAKEN}`;
/** the ms since the task's entry in a queue, for an action line (null: no entry before it) */
export const waitOf = (r: string, extra = '') => `CASE WHEN ${r}.message LIKE ${TAKEN} THEN ${r}.time - (
    SELECT e.time FROM audit e WHERE e.database_id = ${r}.database_id AND e.document_id = ${r}.document_id
      AND e.id < ${r}.id AND e.message LIKE ${ENTERED} ${extra} ORDER BY e.time DESC, e.id DESC LIMIT 1) END`;

/** The rows of `from` where `where` holds, as roll-up figures; `lines` 0 counts their waits only. */
function lineSource(r: string, from: string, where: string, lines: 0 | 1, extra = ''): string {
  return `SELECT database_id, archive_id, head, t, lines, w IS NOT NULL AS measured, coalesce(w, 0) AS waited
    FROM (SELECT ${r}.database_id AS database_id, ${r}.archive_id AS archive_id, ${lineHead(r)} AS head,
      ${r}.time AS t, ${lines} AS lines, ${waitOf(r, extra)} AS w FROM ${from} WHERE ${where})`;
}

/** the action lines of `r`'s document written after it (by id) */
const laterActions = (r: string) =>
  `a.database_id = ${r}.database_id AND a.document_id = ${r}.document_id AND a.id > ${r}.id AND ${isAction('a')}`;
const touches = (r: string) => `${r}.message LIKE ${ENTERED} OR ${r}.message LIKE ${TAKEN}`;
/** every workflow line of the documents of OLD and NEW (an update may move a line between them) */
const linesOfBoth = `(a.database_id = OLD.database_id AND a.document_id = OLD.document_id
    OR a.database_id = NEW.database_id AND a.document_id = NEW.document_id) AND ${isLine('a')}`;
const UPDATED = 'database_id, document_id, archive_id, category, message, time';

const TRIGGERS = `
  CREATE TRIGGER workflow_rollup_ai AFTER INSERT ON audit WHEN ${touches('NEW')} BEGIN
    ${addRows(WORKFLOW_DAYS, lineSource('a', 'audit a', `a.id = NEW.id AND ${isLine('a')}`, 1))}
  END;
  -- an entry written under an id below actions already there (an id given): their waits change
  CREATE TRIGGER workflow_rollup_ai_waits AFTER INSERT ON audit WHEN NEW.message LIKE ${ENTERED} BEGIN
    ${shiftRows(WORKFLOW_DAYS, lineSource('a', 'audit a', laterActions('NEW'), 0, 'AND e.id <> NEW.id'), -1)}
    ${shiftRows(WORKFLOW_DAYS, lineSource('a', 'audit a', laterActions('NEW'), 0), 1)}
  END;
  CREATE TRIGGER workflow_rollup_bd BEFORE DELETE ON audit WHEN OLD.message LIKE ${ENTERED} BEGIN
    ${shiftRows(WORKFLOW_DAYS, lineSource('a', 'audit a', laterActions('OLD'), 0), -1)}
  END;
  CREATE TRIGGER workflow_rollup_ad AFTER DELETE ON audit WHEN ${touches('OLD')} BEGIN
    ${shiftRows(WORKFLOW_DAYS, lineSource('OLD', '(SELECT 1)', isLine('OLD'), 1), -1)}
  END;
  CREATE TRIGGER workflow_rollup_ad_waits AFTER DELETE ON audit WHEN OLD.message LIKE ${ENTERED} BEGIN
    ${shiftRows(WORKFLOW_DAYS, lineSource('a', 'audit a', laterActions('OLD'), 0), 1)}
  END;
  CREATE TRIGGER workflow_rollup_bu BEFORE UPDATE OF ${UPDATED} ON audit
    WHEN ${touches('OLD')} OR ${touches('NEW')} BEGIN
    ${shiftRows(WORKFLOW_DAYS, lineSource('a', 'audit a', linesOfBoth, 1), -1)}
  END;
  CREATE TRIGGER workflow_rollup_au AFTER UPDATE OF ${UPDATED} ON audit
    WHEN ${touches('OLD')} OR ${touches('NEW')} BEGIN
    ${addRows(WORKFLOW_DAYS, lineSource('a', 'audit a', linesOfBoth, 1))}
  END;`;

/** Migration 19 (with captureRollups.ts): the table, filled from the history, and its triggers. */
export function createWorkflowRollups(db: Db): void {
  db.exec(`${rollupTable(WORKFLOW_DAYS, { head: 'TEXT' })}
    ${addRows(WORKFLOW_DAYS, lineSource('a', 'audit a', isLine('a'), 1), true)}
    ${dayTotals(WORKFLOW_DAYS)}
    ${TRIGGERS}`);
}
