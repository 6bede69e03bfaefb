// The workflow designer calls (end-user spec §7; contract/src/workflow.ts, our design where the
// spec only names them): `GET workflowdesigner?dbid&nodeType=queue` (the caller's queues with
// their counts), `GET workflowdesigner?dbid[&workflowid]` (the database's workflows, or one
// definition), `POST workflowdesigner?dbid` (a definition; Id 0 creates), `DELETE
// workflowdesigner?dbid&workflowid`, `GET workflowdesigner/adminFields?dbid[&archiveid]` and
// `GET workflowdesigner/FreeForms?dbid`. Reading the list and the definitions needs access to the
// database; writing, adminFields and FreeForms an administrator of it. A workflow with documents
// inside cannot be deleted (409). Each write is one transaction.
import { Router } from 'express';
import {
  WorkflowNodeType,
  queueKeyOf,
  type WorkflowDefinition,
  type WorkflowFreeForm,
  type WorkflowSummary,
} from '@gs/contract/workflow';
import type { RouteDeps } from '../../deps';
import { badRequest, conflict, notFound } from '../../domain/errors';
import { asSent, queryLookup, route, signedIn } from '../../http/route';
import { parseId, type Lookup } from '../../lib/keys';
import type { UserAccess } from '../../security/services/access';
import { dbAdminOf, dbAdminWriterOf } from '../../security/services/adminRights';
import { parseWorkflowDefinition } from '../services/workflowDefinitions';
import { assignedQueues, toWorkflowQueue } from '../services/workflowQueues';

const requiredId = (q: Lookup, key: string): number => {
  const raw = q(key);
  if (raw === undefined || raw.trim() === '') throw badRequest(`The query parameter '${key}' is required.`);
  return parseId(raw, key);
};

const optionalId = (q: Lookup, key: string): number | undefined => {
  const raw = q(key);
  return raw === undefined || raw.trim() === '' ? undefined : parseId(raw, key);
};

export function createWorkflowDesignerRouter(deps: RouteDeps): Router {
  const { repos } = deps;
  const router = Router();

  /** the database the caller may see (404 otherwise) */
  const databaseOf = (access: UserAccess, q: Lookup): number => access.database(requiredId(q, 'dbid')).Id;
  // the database is the query's, so the handler checks it first, as the route always did
  const spec = { query: queryLookup, body: asSent, policy: signedIn };

  const workflowOf = (databaseId: number, workflowId: number) => {
    const w = repos.workflows.byId(workflowId);
    if (!w || w.databaseId !== databaseId)
      throw notFound(`Workflow ${workflowId} was not found in database ${databaseId}.`);
    return w;
  };

  const summary = (databaseId: number): WorkflowSummary[] =>
    repos.workflows.inDatabase(databaseId).map((w) => {
      const counts = new Map(repos.workflows.queueCounts(w.id).map((c) => [c.nodeId, c.count]));
      return {
        Id: w.id,
        Name: w.name,
        BoundArchives: repos.workflows.definition(w).BoundArchives,
        Queues: repos.workflows
          .nodesOf(w.id)
          .filter((n) => n.Type === WorkflowNodeType.Queue)
          .map((n) => ({ Key: queueKeyOf(w.id, n.Id), Name: n.Name, Count: counts.get(n.Id) ?? 0 })),
      };
    });

  router.get(
    '/workflowdesigner',
    ...route(deps, spec, ({ caller, access }, { query: q }) => {
      const databaseId = databaseOf(access, q);
      const nodeType = q('nodeType');
      if (nodeType !== undefined && nodeType.trim() !== '') {
        if (nodeType.trim().toLowerCase() !== WorkflowNodeType.Queue)
          throw badRequest(`nodeType must be 'queue'; got '${nodeType}'.`);
        return assignedQueues(repos, databaseId, caller.user.id).map((queue) =>
          toWorkflowQueue(repos, access, queue),
        );
      }
      const workflowId = optionalId(q, 'workflowid');
      if (workflowId === undefined) {
        return summary(databaseId);
      }
      const definition: WorkflowDefinition = repos.workflows.definition(workflowOf(databaseId, workflowId));
      return definition;
    }),
  );

  router.post(
    '/workflowdesigner',
    ...route(deps, spec, ({ caller }, { query: q, body }) => {
      const databaseId = dbAdminWriterOf(deps, caller, requiredId(q, 'dbid'));
      const def = parseWorkflowDefinition(repos, databaseId, body);
      const inQuery = optionalId(q, 'workflowid');
      if (inQuery !== undefined && def.Id !== 0 && inQuery !== def.Id)
        throw badRequest(`The query names workflow ${inQuery} but the body workflow ${def.Id}.`);
      const id = def.Id || inQuery || 0;
      const saved = repos.workflows.transaction(() => {
        if (id !== 0) workflowOf(databaseId, id);
        const clash = repos.workflows.idByName(databaseId, def.Name);
        if (clash !== undefined && clash !== id)
          throw conflict(`A workflow named '${def.Name}' already exists.`);
        // a queue with documents waiting cannot go away
        if (id !== 0) {
          const kept = new Set(def.Nodes.filter((n) => n.Type === WorkflowNodeType.Queue).map((n) => n.Id));
          const stranded = repos.workflows.queueCounts(id).find((c) => !kept.has(c.nodeId));
          if (stranded) throw conflict(`Queue node ${stranded.nodeId} still holds ${stranded.count} tasks.`);
        }
        const savedId = repos.workflows.save(databaseId, { ...def, Id: id });
        return repos.workflows.definition(workflowOf(databaseId, savedId));
      });
      return saved;
    }),
  );

  router.delete(
    '/workflowdesigner',
    ...route(deps, spec, ({ caller }, { query: q }) => {
      const databaseId = dbAdminWriterOf(deps, caller, requiredId(q, 'dbid'));
      const workflowId = requiredId(q, 'workflowid');
      repos.workflows.transaction(() => {
        workflowOf(databaseId, workflowId);
        const waiting = repos.workflows.queueCounts(workflowId).reduce((n, c) => n + c.count, 0);
        if (waiting > 0) throw conflict(`Workflow ${workflowId} still holds ${waiting} tasks.`);
        repos.workflows.remove(workflowId);
      });
      return true;
    }),
  );

  router.get(
    '/workflowdesigner/adminFields',
    ...route(deps, spec, ({ caller }, { query: q }) => {
      const databaseId = dbAdminOf(deps, caller, requiredId(q, 'dbid'));
      const archiveId = optionalId(q, 'archiveid');
      if (archiveId !== undefined) {
        const archive = repos.archives.byId(archiveId);
        if (!archive || archive.databaseId !== databaseId)
          throw notFound(`Archive ${archiveId} was not found in database ${databaseId}.`);
      }
      return repos.workflows.fields(databaseId, archiveId);
    }),
  );

  router.get(
    '/workflowdesigner/FreeForms',
    ...route(deps, spec, ({ caller }, { query: q }) => {
      const databaseId = dbAdminOf(deps, caller, requiredId(q, 'dbid'));
      const forms: WorkflowFreeForm[] = repos.workflows.inDatabase(databaseId).flatMap((w) =>
        repos.workflows.nodesOf(w.id).flatMap((n) =>
          (n.Actions ?? []).map((a) => ({
            WorkflowId: w.id,
            QueueKey: queueKeyOf(w.id, n.Id),
            Key: a.Key,
            Name: a.Name,
          })),
        ),
      );
      return forms;
    }),
  );

  return router;
}
