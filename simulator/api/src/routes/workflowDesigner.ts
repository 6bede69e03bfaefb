// The workflow designer calls (end-user spec §7; contract/src/workflow.ts, our design where the
// spec only names them): `GET workflowdesigner?dbid&nodeType=queue` (the caller's queues with
// their counts), `GET workflowdesigner?dbid[&workflowid]` (the database's workflows, or one
// definition), `POST workflowdesigner?dbid` (a definition; Id 0 creates), `DELETE
// workflowdesigner?dbid&workflowid`, `GET workflowdesigner/adminFields?dbid[&archiveid]` and
// `GET workflowdesigner/FreeForms?dbid`. Reading the list and the definitions needs access to the
// database; writing, adminFields and FreeForms an administrator of it. A workflow with documents
// inside cannot be deleted (409). Each write is one transaction.
import { Router, type Request, type Response } from 'express';
import {
  WorkflowNodeType,
  queueKeyOf,
  type WorkflowDefinition,
  type WorkflowFreeForm,
  type WorkflowSummary,
} from '@gs/contract/workflow';
import { accessOf, type RouteDeps } from '../deps';
import { callerOf } from '../http/auth';
import { HttpError, badRequest, notFound } from '../http/errors';
import { parseId, query } from '../http/query';
import { dbAdminOf, dbAdminWriterOf } from '../services/adminRights';
import { parseWorkflowDefinition } from '../services/workflowDefinitions';
import { assignedQueues, toWorkflowQueue } from '../services/workflowQueues';

const requiredId = (req: Request, key: string): number => {
  const raw = query(req, key);
  if (raw === undefined || raw.trim() === '') throw badRequest(`The query parameter '${key}' is required.`);
  return parseId(raw, key);
};

const optionalId = (req: Request, key: string): number | undefined => {
  const raw = query(req, key);
  return raw === undefined || raw.trim() === '' ? undefined : parseId(raw, key);
};

export function createWorkflowDesignerRouter(deps: RouteDeps): Router {
  const { repos } = deps;
  const router = Router();

  /** the database the caller may see (404 otherwise) */
  const databaseOf = (req: Request, res: Response): number =>
    accessOf(deps, res).database(requiredId(req, 'dbid')).Id;

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

  router.get('/workflowdesigner', deps.auth.requireAuth, (req, res) => {
    const databaseId = databaseOf(req, res);
    const nodeType = query(req, 'nodeType');
    if (nodeType !== undefined && nodeType.trim() !== '') {
      if (nodeType.trim().toLowerCase() !== WorkflowNodeType.Queue)
        throw badRequest(`nodeType must be 'queue'; got '${nodeType}'.`);
      const access = accessOf(deps, res);
      res.json(
        assignedQueues(repos, databaseId, callerOf(res).user.id).map((q) =>
          toWorkflowQueue(repos, access, q),
        ),
      );
      return;
    }
    const workflowId = optionalId(req, 'workflowid');
    if (workflowId === undefined) {
      res.json(summary(databaseId));
      return;
    }
    const body: WorkflowDefinition = repos.workflows.definition(workflowOf(databaseId, workflowId));
    res.json(body);
  });

  router.post('/workflowdesigner', deps.auth.requireAuth, (req, res) => {
    const databaseId = dbAdminWriterOf(deps, callerOf(res), requiredId(req, 'dbid'));
    const def = parseWorkflowDefinition(repos, databaseId, req.body);
    const inQuery = optionalId(req, 'workflowid');
    if (inQuery !== undefined && def.Id !== 0 && inQuery !== def.Id)
      throw badRequest(`The query names workflow ${inQuery} but the body workflow ${def.Id}.`);
    const id = def.Id || inQuery || 0;
    const saved = repos.workflows.transaction(() => {
      if (id !== 0) workflowOf(databaseId, id);
      const clash = repos.workflows.idByName(databaseId, def.Name);
      if (clash !== undefined && clash !== id)
        throw new HttpError(409, { Message: `A workflow named '${def.Name}' already exists.` });
      // a queue with documents waiting cannot go away
      if (id !== 0) {
        const kept = new Set(def.Nodes.filter((n) => n.Type === WorkflowNodeType.Queue).map((n) => n.Id));
        const stranded = repos.workflows.queueCounts(id).find((c) => !kept.has(c.nodeId));
        if (stranded)
          throw new HttpError(409, {
            Message: `Queue node ${stranded.nodeId} still holds ${stranded.count} tasks.`,
          });
      }
      const savedId = repos.workflows.save(databaseId, { ...def, Id: id });
      return repos.workflows.definition(workflowOf(databaseId, savedId));
    });
    res.json(saved);
  });

  router.delete('/workflowdesigner', deps.auth.requireAuth, (req, res) => {
    const databaseId = dbAdminWriterOf(deps, callerOf(res), requiredId(req, 'dbid'));
    const workflowId = requiredId(req, 'workflowid');
    repos.workflows.transaction(() => {
      workflowOf(databaseId, workflowId);
      const waiting = repos.workflows.queueCounts(workflowId).reduce((n, c) => n + c.count, 0);
      if (waiting > 0)
        throw new HttpError(409, { Message: `Workflow ${workflowId} still holds ${waiting} tasks.` });
      repos.workflows.remove(workflowId);
    });
    res.json(true);
  });

  router.get('/workflowdesigner/adminFields', deps.auth.requireAuth, (req, res) => {
    const databaseId = dbAdminOf(deps, callerOf(res), requiredId(req, 'dbid'));
    const archiveId = optionalId(req, 'archiveid');
    if (archiveId !== undefined) {
      const archive = repos.archives.byId(archiveId);
      if (!archive || archive.databaseId !== databaseId)
        throw notFound(`Archive ${archiveId} was not found in database ${databaseId}.`);
    }
    res.json(repos.workflows.fields(databaseId, archiveId));
  });

  router.get('/workflowdesigner/FreeForms', deps.auth.requireAuth, (req, res) => {
    const databaseId = dbAdminOf(deps, callerOf(res), requiredId(req, 'dbid'));
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
    res.json(forms);
  });

  return router;
}
