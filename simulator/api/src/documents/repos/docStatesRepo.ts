// Per-document states a search reports (square9api-wire §2.4 Result `PdfConvertStatus` and
// `WorkflowStatus`): a PDF conversion waiting or under way, and membership of a GlobalAction
// workflow. They live in the side table pdf_workflow_states (migrations.ts), one row per document
// while it has any such state, so a search pays one indexed look-up when nothing is pending and
// never a join over its rows. Triggers on each document table (made with its search structures,
// docSearchSchema.ts) queue a non-PDF document that lands in a convert-PDF archive
// (ArchiveFlags.PdfConvert) — whichever route wrote it: import, bulk import, merge, append, copy,
// move — and drop a deleted document's row, so a reused id never inherits a state.
import type { Statement } from 'better-sqlite3';
import { WorkflowState } from '@gs/contract/searches';
import type { Db } from '../../db/connection';
import type { DocFilter } from '../../search/repos/docQueryModel';
import { fromWhere, type Params } from '../../search/repos/docSql';

export { CONVERTIBLE_TYPES, isConvertible } from './docStateTriggers';

export interface DocState {
  databaseId: number;
  docId: number;
  pdfPending: boolean;
  /** epoch ms */
  pdfQueuedAt: number;
  workflowStatus: number;
  workflowName: string;
  workflowProcessId: number;
  workflowQueue: string;
  /** epoch ms */
  workflowSince: number;
}

/** What a Result says about its documents. */
export interface ResultStatus {
  pdfPending: boolean;
  workflowStatus: number;
}

export const NO_STATUS: ResultStatus = { pdfPending: false, workflowStatus: WorkflowState.None };

export interface WorkflowEntry {
  status: number;
  name: string;
  processId: number;
  queue: string;
  since: number;
}

export interface DueConversion {
  databaseId: number;
  docId: number;
  queuedAt: number;
}

const COLUMNS = `database_id AS databaseId, doc_id AS docId, pdf_pending AS pdfPending,
  pdf_queued_at AS pdfQueuedAt, workflow_status AS workflowStatus, workflow_name AS workflowName,
  workflow_process_id AS workflowProcessId, workflow_queue AS workflowQueue,
  workflow_since AS workflowSince`;

type RawState = Omit<DocState, 'pdfPending'> & { pdfPending: number };
const toState = (r: RawState): DocState => ({ ...r, pdfPending: r.pdfPending === 1 });

export function createDocStatesRepo(db: Db) {
  const one = db.prepare(`SELECT ${COLUMNS} FROM pdf_workflow_states WHERE database_id = ? AND doc_id = ?`);
  const anyIn = db.prepare(`SELECT 1 FROM pdf_workflow_states WHERE database_id = ? LIMIT 1`).pluck();
  const due = db.prepare(`SELECT database_id AS databaseId, doc_id AS docId, pdf_queued_at AS queuedAt
    FROM pdf_workflow_states WHERE pdf_pending = 1 AND pdf_queued_at <= ? ORDER BY pdf_queued_at, doc_id LIMIT ?`);
  const pending = db.prepare(`SELECT count(*) FROM pdf_workflow_states WHERE pdf_pending = 1`).pluck();
  const clearPdf = db.prepare(`UPDATE pdf_workflow_states SET pdf_pending = 0, pdf_queued_at = 0
    WHERE database_id = ? AND doc_id = ?`);
  const setWorkflow = db.prepare(`INSERT INTO pdf_workflow_states(database_id, doc_id, workflow_status,
      workflow_name, workflow_process_id, workflow_queue, workflow_since)
    VALUES (@databaseId, @docId, @status, @name, @processId, @queue, @since)
    ON CONFLICT(database_id, doc_id) DO UPDATE SET workflow_status = excluded.workflow_status,
      workflow_name = excluded.workflow_name, workflow_process_id = excluded.workflow_process_id,
      workflow_queue = excluded.workflow_queue, workflow_since = excluded.workflow_since`);
  const clearWorkflow = db.prepare(`UPDATE pdf_workflow_states SET workflow_status = 0, workflow_name = '',
    workflow_process_id = 0, workflow_queue = '', workflow_since = 0 WHERE database_id = ? AND doc_id = ?`);
  // a row without any state left goes
  const prune = db.prepare(`DELETE FROM pdf_workflow_states
    WHERE database_id = ? AND doc_id = ? AND pdf_pending = 0 AND workflow_status = 0`);
  const statements = new Map<string, Statement>();
  const prepared = (sql: string): Statement => {
    let s = statements.get(sql);
    if (!s) {
      if (statements.size >= 500) statements.clear();
      statements.set(sql, (s = db.prepare(sql)));
    }
    return s;
  };

  const status = (raw: { pdf: number; wf: number } | undefined): ResultStatus => ({
    pdfPending: (raw?.pdf ?? 0) > 0,
    workflowStatus: raw?.wf ?? 0,
  });

  const ofDocument = (databaseId: number, docId: number): DocState | undefined => {
    const r = one.get(databaseId, docId) as RawState | undefined;
    return r && toState(r);
  };

  return {
    transaction: <T>(fn: () => T): T => db.transaction(fn)(),
    ofDocument,
    /** The Result status of one document. */
    statusOf(databaseId: number, docId: number): ResultStatus {
      const s = ofDocument(databaseId, docId);
      return s ? { pdfPending: s.pdfPending, workflowStatus: s.workflowStatus } : NO_STATUS;
    },
    /**
     * The Result status of every document a search's filter matches (not only one page's): the
     * rows of pdf_workflow_states in this database, kept only when the filter matches them (read by
     * rowid, whatever the archive's size). Nothing pending in the database: one index probe.
     */
    statusOfFilter(filter: DocFilter): ResultStatus {
      if (anyIn.get(filter.databaseId) === undefined) return NO_STATUS;
      const matchedParams: Params = [];
      const matched = fromWhere(
        {
          dbId: filter.databaseId,
          archiveId: filter.archiveId,
          conditions: filter.conditions,
          content: filter.content,
        },
        { kind: 'scan' },
        matchedParams,
      );
      // each question stops at the first state row whose document the filter matches (a queue of
      // 100,000 documents in a searched archive costs one probe when the first one matches)
      const exists = (state: string, index = ''): string =>
        `EXISTS (SELECT 1 FROM pdf_workflow_states s ${index} WHERE s.database_id = ? AND ${state}
          AND EXISTS (SELECT 1 ${matched} AND d.id = s.doc_id))`;
      // the rare states are read through their partial indexes, never by a scan of every queued row
      const sql = `SELECT ${exists('s.pdf_pending = 1', 'INDEXED BY pdf_workflow_states_due')} AS pdf,
        CASE WHEN ${exists('s.workflow_status = 2')} THEN 2
          WHEN ${exists('s.workflow_status = 1', 'INDEXED BY pdf_workflow_states_processing')} THEN 1 ELSE 0 END AS wf`;
      const one: Params = [filter.databaseId, ...matchedParams];
      return status(prepared(sql).get(...one, ...one, ...one) as { pdf: number; wf: number } | undefined);
    },
    /** Conversions queued at or before `cutoff`, oldest first. */
    dueConversions(cutoff: number, limit: number): DueConversion[] {
      return due.all(cutoff, limit) as DueConversion[];
    },
    pendingConversions(): number {
      return pending.get() as number;
    },
    clearConversion(databaseId: number, docId: number): void {
      clearPdf.run(databaseId, docId);
      prune.run(databaseId, docId);
    },
    enterWorkflow(databaseId: number, docId: number, entry: WorkflowEntry): void {
      setWorkflow.run({ databaseId, docId, ...entry });
    },
    leaveWorkflow(databaseId: number, docId: number): void {
      clearWorkflow.run(databaseId, docId);
      prune.run(databaseId, docId);
    },
  };
}
export type DocStatesRepo = ReturnType<typeof createDocStatesRepo>;
