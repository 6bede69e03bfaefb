// A document entering or leaving a GlobalAction workflow: its state in pdf_workflow_states (what
// search Results report as WorkflowStatus) and the history periods the timeline shows — 'Global
// Action Entered: {workflow} (process {id})' when it goes in (the same text a user action's start
// writes, workflow/routes/userActions.ts) and 'Workflow Ended: {workflow} (process {id})' when it leaves.
// Each call is one transaction (joining the caller's when there is one). The workflow engine
// (workflowEngine.ts) drives these states as runs move; the test endpoint (sim/routes/sim.ts) still
// sets one directly.
import { WorkflowState } from '@gs/contract/searches';
import { workflowAudit } from '@gs/contract/workflow';
import type { Repos } from '../../db/repos';
import type { DocState } from '../../documents/repos/docStatesRepo';

export interface WorkflowMove {
  databaseId: number;
  archiveId: number;
  docId: number;
  /** WorkflowState.Processing or Queued; None takes the document out */
  status: number;
  name: string;
  processId: number;
  queue: string;
  userName: string;
  now: number;
}

export const workflowEnteredMessage = workflowAudit.entered;
export const workflowEndedMessage = workflowAudit.ended;

/** Put the document into the workflow (or out of it, status None); its state afterwards. */
export function moveThroughWorkflow(repos: Repos, m: WorkflowMove): DocState | undefined {
  const { docStates, audit } = repos;
  return docStates.transaction(() => {
    const before = docStates.ofDocument(m.databaseId, m.docId);
    const log = (message: string) =>
      audit.add({
        databaseId: m.databaseId,
        archiveId: m.archiveId,
        documentId: m.docId,
        oldArchiveId: 0,
        oldDocId: 0,
        userName: m.userName,
        category: 'updated',
        message,
        time: m.now,
        connectionString: '',
      });
    const inside = before !== undefined && before.workflowStatus !== WorkflowState.None;
    if (m.status === WorkflowState.None) {
      if (inside) {
        docStates.leaveWorkflow(m.databaseId, m.docId);
        log(workflowEndedMessage(before.workflowName, before.workflowProcessId));
      }
    } else {
      // a move to another queue of the same workflow is no new entry
      const same = inside && before.workflowName === m.name && before.workflowProcessId === m.processId;
      docStates.enterWorkflow(m.databaseId, m.docId, {
        status: m.status,
        name: m.name,
        processId: m.processId,
        queue: m.queue,
        since: same ? before.workflowSince : m.now,
      });
      if (!same) {
        if (inside) log(workflowEndedMessage(before.workflowName, before.workflowProcessId));
        log(workflowEnteredMessage(m.name, m.processId));
      }
    }
    return docStates.ofDocument(m.databaseId, m.docId);
  });
}
