// The workflows of a .gs package (issues 14 + 16, decision 031): `workflows/definitions.json`
// holds each workflow of the database as the designer's WorkflowDefinition (GET
// workflowdesigner), with the source's ids like the catalogue rows: its own id (what
// user_actions.workflow_id names), its bound archives and its nodes' FieldId and ArchiveId.
// Node ids are per workflow and travel as they are. The import maps the archive and field ids
// through the import's IdMap, checks the definition with the designer's own check
// (parseWorkflowDefinition) and writes each workflow as its own transaction; a workflow whose name
// the target database already has is kept as it is (warning, skipped). Runs, queue counts and the
// documents' workflow states are state, not configuration: they do not travel, so imported
// documents arrive outside any workflow (our design; see docs/gs-package.md).
import type { WorkflowDefinition, WorkflowNode } from '@gs/contract/workflow';
import type { Db } from '../../db/connection';
import { createWorkflowsRepo } from '../../workflow/repos/workflowsRepo';
import { DomainError } from '../../domain/errors';
import { parseWorkflowDefinition } from '../../workflow/services/workflowDefinitions';
import { group } from './importPrincipals';
import type { ImportLogger } from './packageImport';
import type { IdMap } from './packageRows';

/** The package entry holding the workflows. */
export const WORKFLOWS_ENTRY = 'workflows/definitions.json';

/** The database's workflows with the source's ids, in name order. */
export function exportWorkflows(db: Db, databaseId: number): WorkflowDefinition[] {
  const repo = createWorkflowsRepo(db);
  return repo.inDatabase(databaseId).map((w) => repo.definition(w));
}

/** A node with its field and archive ids mapped to the target's; a reason when one is missing. */
function mapNode(node: WorkflowNode, ids: IdMap): WorkflowNode | string {
  const out: WorkflowNode = { ...node };
  if (node.FieldId !== undefined) {
    const to = ids.get('field', node.FieldId);
    if (to === undefined) return `node ${node.Id} (${node.Name}) names field ${node.FieldId}, not imported`;
    out.FieldId = to;
  }
  if (node.ArchiveId !== undefined) {
    const to = ids.get('archive', node.ArchiveId);
    if (to === undefined)
      return `node ${node.Id} (${node.Name}) routes to archive ${node.ArchiveId}, not imported`;
    out.ArchiveId = to;
  }
  return out;
}

const reasonOf = (e: unknown): string => {
  if (e instanceof DomainError && typeof e.fields.MessageDetail === 'string') return e.fields.MessageDetail;
  return e instanceof Error ? e.message : String(e);
};

/**
 * Write the package's workflows into the database, each as one transaction, and record each one's
 * new id in `ids` (space 'workflow', for user_actions.workflow_id); the count of failed ones.
 */
export function importWorkflows(
  db: Db,
  databaseId: number,
  workflows: WorkflowDefinition[],
  ids: IdMap,
  log: ImportLogger,
): number {
  const repo = createWorkflowsRepo(db);
  let failures = 0;
  for (const w of workflows) {
    if (repo.idByName(databaseId, w.Name) !== undefined) {
      log.warn(`Workflow ${w.Name}: a workflow of that name exists in the database; kept as it is, skipped.`);
      continue;
    }
    const bound = w.BoundArchives.flatMap((a) => {
      const to = ids.get('archive', a);
      if (to === undefined) log.warn(`Workflow ${w.Name}: archive ${a} was not imported; not bound to it.`);
      return to === undefined ? [] : [to];
    });
    const ok = group(db, log, `Workflow ${w.Name}`, () => {
      const nodes = w.Nodes.map((n) => mapNode(n, ids));
      const missing = nodes.find((n) => typeof n === 'string');
      if (missing !== undefined) throw new Error(missing);
      let def: WorkflowDefinition;
      try {
        // the designer's own check of a definition (POST workflowdesigner)
        def = parseWorkflowDefinition({ workflows: repo }, databaseId, {
          Id: 0,
          Name: w.Name,
          BoundArchives: bound,
          Nodes: nodes,
        });
      } catch (e) {
        throw new Error(`not a valid workflow: ${reasonOf(e)}`, { cause: e });
      }
      ids.set('workflow', w.Id, repo.save(databaseId, { ...def, Id: 0 }));
      log.info(`Workflow ${w.Name}: ${def.Nodes.length} nodes, ${bound.length} bound archives.`);
    });
    if (!ok) failures++;
  }
  return failures;
}
