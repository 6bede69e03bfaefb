// Documents put into a workflow by API (issue 14; our design, no public source shows the call):
// `POST workflowdesigner/documents?dbid=D&workflowid=W&archiveid=A` with the UserActionDocuments
// body (document id -> hash) starts the workflow on each document of archive A the caller may view
// (not with a read-only licence) and answers how many started; documents already in a workflow
// are left out, 409 when none could start. Bad ids 400, unknown ones 404, a wrong hash 403;
// every document is checked before anything starts, and all start in one transaction. The caller
// needs Modify data on the archive, and the workflow must be bound to the archive unless the
// caller administers the database (403 otherwise; decision 048, services/userActionRights.ts).
import { Router, type Request } from 'express';
import { accessOf, type RouteDeps } from '../deps';
import { secureId } from '../db/secureIds';
import { callerOf } from '../http/auth';
import { HttpError, badRequest, forbidden, notFound } from '../http/errors';
import { parseId, query } from '../http/query';
import { messages } from '../services/access';
import { documentMessages, requireEditingLicense } from '../services/documentAccess';
import { workflowStartRefusal } from '../services/userActionRights';
import { enterWorkflow } from '../services/workflowEngine';

const requiredId = (req: Request, key: string): number => {
  const raw = query(req, key);
  if (raw === undefined || raw.trim() === '') throw badRequest(`The query parameter '${key}' is required.`);
  return parseId(raw, key);
};

export function createWorkflowRunsRouter(deps: RouteDeps): Router {
  const { repos } = deps;
  const router = Router();

  router.post('/workflowdesigner/documents', deps.auth.requireAuth, (req, res) => {
    const access = accessOf(deps, res);
    const databaseId = access.database(requiredId(req, 'dbid')).Id;
    const workflowId = requiredId(req, 'workflowid');
    const archive = access.archive(databaseId, requiredId(req, 'archiveid'));
    requireEditingLicense(callerOf(res));
    const workflow = repos.workflows.byId(workflowId);
    if (!workflow || workflow.databaseId !== databaseId)
      throw notFound(`Workflow ${workflowId} was not found in database ${databaseId}.`);
    const refusal = workflowStartRefusal(repos, access, archive, workflow);
    if (refusal) throw forbidden(refusal);
    const body: unknown = req.body;
    if (!body || typeof body !== 'object' || Array.isArray(body) || Object.keys(body).length === 0)
      throw badRequest('The body must map each document id to its hash.');
    const docIds = Object.entries(body as Record<string, unknown>).map(([id, hash]) => {
      const docId = parseId(id, 'document id');
      if (!repos.documents.existsInArchive(databaseId, archive.id, docId))
        throw notFound(messages.document(archive.id, docId));
      if (typeof hash !== 'string' || hash !== secureId(deps.secret, 'doc', databaseId, docId))
        throw forbidden(documentMessages.secureId(docId));
      return docId;
    });
    const userName = callerOf(res).user.name;
    const now = deps.clock.now();
    const started = repos.workflows.transaction(() => {
      const free = docIds.filter((d) => !repos.workflows.activeRun(databaseId, d));
      for (const documentId of free)
        enterWorkflow(repos, { workflowId, databaseId, archiveId: archive.id, documentId, userName, now });
      return free.length;
    });
    if (started === 0) throw new HttpError(409, { Message: 'Every document is already in a workflow.' });
    res.json(started);
  });

  return router;
}
