// Documents put into a workflow by API (issue 14; our design, no public source shows the call):
// `POST workflowdesigner/documents?dbid=D&workflowid=W&archiveid=A` with the UserActionDocuments
// body (document id -> hash) starts the workflow on each document of archive A the caller may view
// (not with a read-only licence) and answers how many started; documents already in a workflow
// are left out, 409 when none could start. Bad ids 400, unknown ones 404, a wrong hash 403;
// every document is checked before anything starts, and all start in one transaction. The caller
// needs Modify data on the archive, and the workflow must be bound to the archive unless the
// caller administers the database (403 otherwise; decision 048, workflow/services/userActionRights.ts).
import { Router } from 'express';
import type { RouteDeps } from '../../deps';
import { secureId } from '../../security/repos/secureIds';
import { badRequest, conflict, forbidden, notFound } from '../../domain/errors';
import { asSent, queryLookup, route, signedIn } from '../../http/route';
import { parseId, type Lookup } from '../../lib/keys';
import { messages } from '../../security/services/access';
import { documentMessages, requireEditingLicense } from '../../documents/services/documentAccess';
import { workflowStartRefusal } from '../services/userActionRights';
import { enterWorkflow } from '../services/workflowEngine';

const requiredId = (q: Lookup, key: string): number => {
  const raw = q(key);
  if (raw === undefined || raw.trim() === '') throw badRequest(`The query parameter '${key}' is required.`);
  return parseId(raw, key);
};

export function createWorkflowRunsRouter(deps: RouteDeps): Router {
  const { repos } = deps;
  const router = Router();

  // the database and archive are the query's, so the policy is the handler's first step
  const spec = { query: queryLookup, body: asSent, policy: signedIn };
  router.post(
    '/workflowdesigner/documents',
    ...route(deps, spec, ({ access, caller }, { query: q, body }) => {
      const databaseId = access.database(requiredId(q, 'dbid')).Id;
      const workflowId = requiredId(q, 'workflowid');
      const archive = access.archive(databaseId, requiredId(q, 'archiveid'));
      requireEditingLicense(caller);
      const workflow = repos.workflows.byId(workflowId);
      if (!workflow || workflow.databaseId !== databaseId)
        throw notFound(`Workflow ${workflowId} was not found in database ${databaseId}.`);
      const refusal = workflowStartRefusal(repos, access, archive, workflow);
      if (refusal) throw forbidden(refusal);
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
      const userName = caller.user.name;
      const now = deps.clock.now();
      const started = repos.workflows.transaction(() => {
        const free = docIds.filter((d) => !repos.workflows.activeRun(databaseId, d));
        for (const documentId of free)
          enterWorkflow(repos, { workflowId, databaseId, archiveId: archive.id, documentId, userName, now });
        return free.length;
      });
      if (started === 0) throw conflict('Every document is already in a workflow.');
      return started;
    }),
  );

  return router;
}
