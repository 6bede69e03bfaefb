// User actions (spec §7, wire §2.5; contract/src/userActions.ts): `GET useraction` lists what an
// archive offers (as the queue object HL reads), `PUT useraction?Database&Archive&ActionID&Token`
// starts one on a map of document id -> hash, `POST useraction?...&Document&ActionId&SecureId` on
// one document. A start is recorded with a 'Global Action Entered' history entry per document.
// Bad ids are 400, unknown databases, archives, documents and actions 404, a wrong hash or a
// read-only licence 403. Every start of one call is one transaction.
// Workflows (issue 14, decision 025): an action bound to a workflow (user_actions.workflow_id)
// puts each document into it (workflow/services/workflowEngine.ts; documents already in a workflow are
// left out of the count, 409 when none could start). `GET` of a document waiting in a queue the
// caller works answers that queue's actions; `PUT`/`POST` with a queue action's Key
// ("<workflowId>:<nodeId>:<action>") takes it on each task (workflow/services/workflowActions.ts).
// Who may run a user action (decision 048, workflow/services/userActionRights.ts): Modify data on the archive
// and a user the action lists (or one of their groups, or an action that lists nobody); `GET` lists
// only the actions the caller may run, a start of another is 403. Queue actions need the queue.
import { Router } from 'express';
import type { UserActionQueue } from '@gs/contract/userActions';
import type { RouteDeps } from '../../deps';
import type { ArchiveRow } from '../../catalog/repos/archivesRepo';
import { secureId } from '../../security/repos/secureIds';
import type { UserActionRow } from '../repos/userActionsRepo';
import type { Caller } from '../../domain/caller';
import { badRequest, conflict, forbidden, notFound } from '../../domain/errors';
import { asSent, queryLookup, route, signedIn, type RouteContext } from '../../http/route';
import { parseId, type Lookup } from '../../lib/keys';
import { messages } from '../../security/services/access';
import { documentMessages, requireEditingLicense } from '../../documents/services/documentAccess';
import {
  parseQueueActionKey,
  queueActionsOf,
  takeQueueActions,
  type QueueActionRef,
  type TaskDocument,
} from '../services/workflowActions';
import { actionRefusal, actionRights } from '../services/userActionRights';
import { enterWorkflow } from '../services/workflowEngine';

const required = (q: Lookup, key: string): number => {
  const raw = q(key);
  if (raw === undefined || raw.trim() === '') throw badRequest(`The query parameter '${key}' is required.`);
  return parseId(raw, key);
};

export function createUserActionsRouter(deps: RouteDeps): Router {
  const actions = deps.repos.userActions;
  const router = Router();

  /** The `Database` and `Archive` of the query, which the caller must see (404/403). */
  const archiveOf = ({ access }: RouteContext, q: Lookup): { databaseId: number; archive: ArchiveRow } => {
    const databaseId = access.database(required(q, 'Database')).Id;
    return { databaseId, archive: access.archive(databaseId, required(q, 'Archive')) };
  };

  /**
   * 404 unless the document is in the archive, 403 for a wrong hash. A task (`task`) may have
   * left the archive since the caller listed it (a route-to-archive node): then it is answered
   * as moved, so false, when it is still in the database.
   */
  const checkDocument = (
    databaseId: number,
    archive: ArchiveRow,
    docId: number,
    hash: unknown,
    task = false,
  ): boolean => {
    const here = deps.repos.documents.existsInArchive(databaseId, archive.id, docId);
    if (!here && !(task && deps.repos.documentOps.row(databaseId, docId)))
      throw notFound(messages.document(archive.id, docId));
    if (typeof hash !== 'string' || hash !== secureId(deps.secret, 'doc', databaseId, docId))
      throw forbidden(documentMessages.secureId(docId));
    return here;
  };

  /** the action of `ActionID` (404 unknown), 403 unless the caller may run it */
  const actionOf = (ctx: RouteContext, q: Lookup, databaseId: number, archive: ArchiveRow): UserActionRow => {
    const key = q('ActionID');
    if (key === undefined || key.trim() === '')
      throw badRequest(`The query parameter 'ActionID' is required.`);
    const action = actions
      .forArchive(databaseId, archive.id)
      .find((a) => a.key.toLowerCase() === key.trim().toLowerCase());
    if (!action) throw notFound(`User action '${key}' is not offered in archive '${archive.name}'.`);
    const refusal = actionRefusal(actionRights(deps.repos, ctx.access, archive), action, archive);
    if (refusal) throw forbidden(refusal);
    return action;
  };

  const start = (
    caller: Caller,
    action: UserActionRow,
    databaseId: number,
    archive: ArchiveRow,
    docIds: number[],
  ) => {
    const userName = caller.user.name;
    const now = deps.clock.now();
    return actions.transaction(() => {
      let started = 0;
      for (const documentId of docIds) {
        if (action.workflowId !== 0 && deps.repos.workflows.activeRun(databaseId, documentId)) continue;
        started++;
        actions.addRun({
          actionId: action.id,
          databaseId,
          archiveId: archive.id,
          documentId,
          userName,
          startedAt: now,
        });
        if (action.workflowId !== 0) {
          enterWorkflow(deps.repos, {
            workflowId: action.workflowId,
            databaseId,
            archiveId: archive.id,
            documentId,
            userName,
            now,
          });
          continue;
        }
        deps.repos.audit.add({
          databaseId,
          archiveId: archive.id,
          documentId,
          oldArchiveId: 0,
          oldDocId: 0,
          userName,
          category: 'updated',
          message: `Global Action Entered: ${action.name} (process ${action.processId})`,
          time: now,
          connectionString: '',
        });
      }
      if (started === 0) throw conflict('Every document is already in a workflow.');
      return started;
    });
  };

  /** A queue action on these documents' tasks, or undefined when the key is a user action's. */
  const queueAction = (ref: QueueActionRef, { user }: Caller, databaseId: number, tasks: TaskDocument[]) => {
    return takeQueueActions(deps.repos, {
      databaseId,
      userId: user.id,
      userName: user.name,
      ref,
      tasks,
      now: () => deps.clock.now(),
    });
  };

  // the database and archive are the query's, so the policy is the handler's first step
  const spec = { query: queryLookup, body: asSent, policy: signedIn };
  router.get(
    '/useraction',
    ...route(deps, spec, (ctx, { query: q }) => {
      const { databaseId, archive } = archiveOf(ctx, q);
      const doc = q('Document');
      if (doc !== undefined && doc.trim() !== '') {
        const docId = parseId(doc, 'Document');
        checkDocument(databaseId, archive, docId, ctx.secureId);
        const queue = queueActionsOf(deps.repos, databaseId, ctx.caller.user.id, docId);
        if (queue) return queue;
      }
      const rights = actionRights(deps.repos, ctx.access, archive);
      const offered = actions.forArchive(databaseId, archive.id).filter((a) => rights.mayRun(a));
      const body: UserActionQueue = {
        Key: `${databaseId}:${archive.id}`,
        ProcessId: offered[0]?.processId ?? 0,
        Name: archive.name,
        UsersAndGroups: [...new Set(offered.map((a) => a.usersAndGroups).filter(Boolean))].join(', '),
        Actions: offered.map((a) => ({ Name: a.name, Key: a.key })),
      };
      return body;
    }),
  );

  router.put(
    '/useraction',
    ...route(deps, spec, (ctx, { query: q, body }) => {
      const { databaseId, archive } = archiveOf(ctx, q);
      requireEditingLicense(ctx.caller);
      const ref = parseQueueActionKey(q('ActionID') ?? '');
      const action = ref ? undefined : actionOf(ctx, q, databaseId, archive);
      if (!body || typeof body !== 'object' || Array.isArray(body) || Object.keys(body).length === 0)
        throw badRequest('The body must map each document id to its hash.');
      const docs = Object.entries(body as Record<string, unknown>).map(([id, hash]) => {
        const docId = parseId(id, 'document id');
        return { id: docId, present: checkDocument(databaseId, archive, docId, hash, ref !== undefined) };
      });
      if (ref) return queueAction(ref, ctx.caller, databaseId, docs);
      if (!action) throw new Error('a user action without its action');
      return start(
        ctx.caller,
        action,
        databaseId,
        archive,
        docs.map((d) => d.id),
      );
    }),
  );

  router.post(
    '/useraction',
    ...route(deps, spec, (ctx, { query: q }) => {
      const { databaseId, archive } = archiveOf(ctx, q);
      requireEditingLicense(ctx.caller);
      const docId = required(q, 'Document');
      const ref = parseQueueActionKey(q('ActionID') ?? '');
      const present = checkDocument(databaseId, archive, docId, ctx.secureId, ref !== undefined);
      return ref
        ? queueAction(ref, ctx.caller, databaseId, [{ id: docId, present }])
        : start(ctx.caller, actionOf(ctx, q, databaseId, archive), databaseId, archive, [docId]);
    }),
  );

  return router;
}
