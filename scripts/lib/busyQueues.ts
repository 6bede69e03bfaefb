// The busy-queues training scenario (issue 18): the demo with its AP invoice approval workflow
// (issue 14, the engine's) holding every invoice of the archives it runs in, not a few hundred:
// thousands of tasks spread over Review, "Approve over 5,000 $" and Exceptions, each entered and
// moved by the engine itself, so runs, states, history and queue counts agree. Baked once into its
// own template (scenarios.ts), so a reset stays a copy. The tasks enter on the working days the
// demo's own tasks entered on (taskEntered, from the demo's seed day, read back from its runs).
import type { Db } from '@gs/simulator-api/db/connection';
import { createRepos } from '@gs/simulator-api/db/repos';
import { docTable } from '@gs/simulator-api/documents/repos/docTables';
import { enterWorkflow, takeQueueAction } from '@gs/simulator-api/workflow/services/workflowEngine';
import { APPROVAL_WORKFLOW, taskEntered } from '@gs/simulator-fixtures/scenarios/demo/approvalWorkflow';
import { addDays, startOfDay } from '@gs/simulator-fixtures/dates';

const MINUTE = 60_000;

/** Every not yet entered document of the approval workflow's archives enters it; returns how many. */
export function fillQueues(db: Db): number {
  const repos = createRepos(db);
  const workflow = db
    .prepare(`SELECT id, database_id AS databaseId FROM workflows WHERE name = ?`)
    .get(APPROVAL_WORKFLOW.name) as { id: number; databaseId: number } | undefined;
  if (!workflow) throw new Error(`The demo has no '${APPROVAL_WORKFLOW.name}' workflow.`);
  const archives = db
    .prepare(`SELECT DISTINCT archive_id FROM workflow_runs WHERE workflow_id = ? ORDER BY archive_id`)
    .pluck()
    .all(workflow.id) as number[];
  const docs = db
    .prepare(
      `SELECT id, archive_id AS archiveId FROM ${docTable(workflow.databaseId)}
        WHERE archive_id IN (${archives.map(() => '?').join(',')})
          AND id NOT IN (SELECT document_id FROM workflow_runs WHERE workflow_id = ?)
        ORDER BY id`,
    )
    .all(...archives, workflow.id) as { id: number; archiveId: number }[];
  // the demo's seed day: its tasks entered up to two days before it (taskEntered)
  const lastEntered = db
    .prepare(`SELECT max(started_at) FROM workflow_runs WHERE workflow_id = ?`)
    .pluck()
    .get(workflow.id) as number;
  const seedDay = addDays(startOfDay(lastEntered), 2);
  const { review } = APPROVAL_WORKFLOW;
  db.transaction(() => {
    docs.forEach((doc, n) => {
      const base = { workflowId: workflow.id, databaseId: workflow.databaseId, documentId: doc.id };
      const userName = n % 2 === 0 ? 'full.user' : 'web.user';
      const entered = taskEntered(seedDay, n);
      enterWorkflow(repos, { ...base, archiveId: doc.archiveId, userName, now: entered });
      const act = (actionKey: string) =>
        takeQueueAction(repos, {
          ...base,
          nodeId: review.id,
          actionKey,
          userName,
          now: entered + 60 * MINUTE,
        });
      // a quarter approved (over the limit they wait for the second approval), a tenth to exceptions
      if (n % 4 === 0) act('approve');
      else if (n % 10 === 1) act('exceptions');
    });
  })();
  return docs.length;
}
