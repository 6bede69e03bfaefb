// The triggers that keep pdf_workflow_states (docStatesRepo.ts) in step with one database's document
// table: a document that lands in a convert-PDF archive (ArchiveFlags.PdfConvert) with a file the
// converter can turn into a PDF is queued, whichever route wrote it (import, bulk import, merge,
// append, copy, move); a deleted document's row goes, so a reused id never inherits a state.
// A document's workflow run (workflow_runs, decision 025) follows it too: a move to another
// archive carries its task along, a deletion ends its run (ended_at: when it entered its node).
// Made and dropped with the table's search structures (docSearchSchema.ts, the seed's bulk load).
import { ArchiveFlags } from '@gs/contract/flags';
import type { Db } from '../../db/connection';

/** File types the converter turns into PDF (TIFF and the images sharp reads; with the dot, lower case). */
export const CONVERTIBLE_TYPES = ['.tif', '.tiff', '.jpg', '.jpeg', '.png', '.gif'] as const;

export const isConvertible = (fileType: string): boolean =>
  (CONVERTIBLE_TYPES as readonly string[]).includes(fileType.toLowerCase());

const STATE_TRIGGERS = ['state_ai', 'state_au', 'state_ad', 'state_run_au'];

/** The CREATE statements of the triggers that keep pdf_workflow_states in step with one database. */
export function stateTriggerSql(dbId: number): string[] {
  if (!Number.isSafeInteger(dbId) || dbId < 0) throw new Error(`not an id: ${dbId}`);
  const doc = `doc_${dbId}`;
  const types = CONVERTIBLE_TYPES.map((t) => `'${t}'`).join(', ');
  const converts = `lower(new.file_type) IN (${types})
    AND (SELECT flags & ${ArchiveFlags.PdfConvert} FROM archives WHERE id = new.archive_id) <> 0`;
  // the conversion waits from the document's last change (the route's clock)
  const queue = `INSERT INTO pdf_workflow_states(database_id, doc_id, pdf_pending, pdf_queued_at)
    VALUES (${dbId}, new.id, 1, new.modified_at)
    ON CONFLICT(database_id, doc_id) DO UPDATE SET pdf_pending = 1, pdf_queued_at = excluded.pdf_queued_at;`;
  return [
    `CREATE TRIGGER ${doc}_state_ai AFTER INSERT ON ${doc} WHEN ${converts} BEGIN ${queue} END`,
    `CREATE TRIGGER ${doc}_state_au AFTER UPDATE OF archive_id, file_type ON ${doc}
      WHEN (new.archive_id <> old.archive_id OR new.file_type <> old.file_type) AND ${converts}
      BEGIN ${queue} END`,
    `CREATE TRIGGER ${doc}_state_ad AFTER DELETE ON ${doc} BEGIN
      DELETE FROM pdf_workflow_states WHERE database_id = ${dbId} AND doc_id = old.id;
      UPDATE workflow_runs SET status = 0, ended_at = since, version = version + 1
        WHERE database_id = ${dbId} AND document_id = old.id AND status > 0; END`,
    `CREATE TRIGGER ${doc}_state_run_au AFTER UPDATE OF archive_id ON ${doc}
      WHEN new.archive_id <> old.archive_id BEGIN
      UPDATE workflow_runs SET archive_id = new.archive_id
        WHERE database_id = ${dbId} AND document_id = new.id AND status > 0; END`,
  ];
}

/** (Re)create the triggers that keep pdf_workflow_states in step with one database's document table. */
export function createStateTriggers(db: Db, dbId: number, statements = stateTriggerSql(dbId)): void {
  const doc = `doc_${dbId}`;
  db.exec(`${STATE_TRIGGERS.map((t) => `DROP TRIGGER IF EXISTS ${doc}_${t};`).join('\n')}
    ${statements.join(';\n    ')};`);
}
