// The capture figures' daily roll-ups (decision 083): per batch portal and UTC day, the batches
// created that day with their documents and pages (`batch_created_days`, dated by created_at), and
// the batches that ended Completed (4, with the sum of their ms from creation) or Errored (5) that
// day (`batch_finished_days`, dated by modified_at), summed per quarter of
// an hour (quarterRollups.ts). Kept by the triggers of batches and batch_documents in the write's own
// transaction: a batch's documents count on its creation day whenever they are added. Deleting a
// batch takes it and its documents off before the cascade removes them (whose own triggers then
// find no batch). Migration 19 makes the tables and fills them from the batches there are.
import type { Db } from '../../db/connection';
import { addRows, dayTotals, rollupTable, shiftRows, type RollupShape } from './quarterRollups';

export const CREATED_DAYS: RollupShape = {
  table: 'batch_created_days',
  keys: ['portal_id'],
  figures: ['batches', 'documents', 'pages'],
};
export const FINISHED_DAYS: RollupShape = {
  table: 'batch_finished_days',
  keys: ['portal_id'],
  figures: ['completed', 'completed_ms', 'errored'],
};

/** a batch with all its documents, on its creation day */
const created = (where: string) => `SELECT b.portal_id AS portal_id, b.created_at AS t, 1 AS batches,
    count(d.id) AS documents, coalesce(sum(d.pages), 0) AS pages
  FROM batches b LEFT JOIN batch_documents d ON d.batch_id = b.id WHERE ${where} GROUP BY b.id`;
/** a Completed or Errored batch, on the day it ended */
const finished = (where: string) => `SELECT portal_id, modified_at AS t, status = 4 AS completed,
    CASE WHEN status = 4 THEN modified_at - created_at ELSE 0 END AS completed_ms, status = 5 AS errored
  FROM batches WHERE status IN (4, 5) AND ${where}`;
/** one document of a batch, on its batch's creation day */
const document = (r: 'NEW' | 'OLD') => `SELECT b.portal_id AS portal_id, b.created_at AS t, 0 AS batches,
    1 AS documents, ${r}.pages AS pages FROM batches b WHERE b.id = ${r}.batch_id`;

const ENDED = (r: string) => `${r}.status IN (4, 5)`;

const TRIGGERS = `
  CREATE TRIGGER batch_rollup_ai AFTER INSERT ON batches BEGIN
    ${addRows(CREATED_DAYS, created('b.id = NEW.id'))}
    ${addRows(FINISHED_DAYS, finished('id = NEW.id'))}
  END;
  CREATE TRIGGER batch_rollup_bd BEFORE DELETE ON batches BEGIN
    ${shiftRows(CREATED_DAYS, created('b.id = OLD.id'), -1)}
    ${shiftRows(FINISHED_DAYS, finished('id = OLD.id'), -1)}
  END;
  CREATE TRIGGER batch_rollup_bu_created BEFORE UPDATE OF portal_id, created_at ON batches BEGIN
    ${shiftRows(CREATED_DAYS, created('b.id = OLD.id'), -1)}
  END;
  CREATE TRIGGER batch_rollup_au_created AFTER UPDATE OF portal_id, created_at ON batches BEGIN
    ${addRows(CREATED_DAYS, created('b.id = NEW.id'))}
  END;
  CREATE TRIGGER batch_rollup_bu_finished BEFORE UPDATE OF portal_id, created_at, status, modified_at
    ON batches WHEN ${ENDED('OLD')} BEGIN
    ${shiftRows(FINISHED_DAYS, finished('id = OLD.id'), -1)}
  END;
  CREATE TRIGGER batch_rollup_au_finished AFTER UPDATE OF portal_id, created_at, status, modified_at
    ON batches WHEN ${ENDED('NEW')} BEGIN
    ${addRows(FINISHED_DAYS, finished('id = NEW.id'))}
  END;
  CREATE TRIGGER batch_document_rollup_ai AFTER INSERT ON batch_documents BEGIN
    ${addRows(CREATED_DAYS, document('NEW'))}
  END;
  CREATE TRIGGER batch_document_rollup_ad AFTER DELETE ON batch_documents BEGIN
    ${shiftRows(CREATED_DAYS, document('OLD'), -1)}
  END;
  CREATE TRIGGER batch_document_rollup_au AFTER UPDATE OF batch_id, pages ON batch_documents BEGIN
    ${shiftRows(CREATED_DAYS, document('OLD'), -1)}
    ${addRows(CREATED_DAYS, document('NEW'))}
  END;`;

/** Migration 19 (with workflowRollups.ts): the tables, filled from the batches, and their triggers. */
export function createCaptureRollups(db: Db): void {
  db.exec(`${rollupTable(CREATED_DAYS, {})}
    ${rollupTable(FINISHED_DAYS, {})}
    ${addRows(CREATED_DAYS, created('true'), true)}
    ${addRows(FINISHED_DAYS, finished('true'), true)}
    ${dayTotals(CREATED_DAYS)}
    ${dayTotals(FINISHED_DAYS)}
    ${TRIGGERS}`);
}
