// Queue lists and task results (end-user spec §4 queue search; contract/src/workflow.ts):
// `GET dbs/{db}/searches?workflowId&queueKey&count=true` -> the caller's tasks of the queue per
// archive (QueueArchiveCount[]); `GET dbs/{db}/searches?workflowId&queueKey&ArchiveId&Page&
// RecordsPerPage&Sort` -> a SearchResult of the queue's tasks in that archive (process order
// unless Sort names fields). Without workflowId or queueKey the request is the saved-searches list
// (search/routes/searches.ts), unchanged. A queue the caller does not work is 404, as is an archive they
// cannot view. PdfConvertStatus reports the page's documents (a queue of 100,000 is not scanned).
import { Router } from 'express';
import { WorkflowState } from '@gs/contract/searches';
import { fieldRef } from '../../search/services/conditions';
import type { RouteDeps } from '../../deps';
import { searchNames } from '../../search/repos/docSearchSchema';
import { orderBy } from '../../search/repos/docSql';
import { badRequest } from '../../http/errors';
import { boolOf, parseId, pathInt } from '../../http/query';
import { pathAsSent, route, signedIn, type RouteContext } from '../../http/route';
import { caselessQuery, lookupOf, type Lookup } from '../../lib/keys';
import { parseInput } from '../../lib/zodInput';
import { pagingOf, pagingQuery, parseSort } from '../../search/services/params';
import { toResult } from '../../search/services/result';
import { assignedQueue, queueArchiveCounts } from '../services/workflowQueues';

const QUEUE_KEYS = ['workflowId', 'queueKey'];

/** the query as sent */
type Sent = Record<string, unknown>;

export function createWorkflowTasksRouter(deps: RouteDeps): Router {
  const { repos } = deps;
  const router = Router();

  const sortedPage = (
    databaseId: number,
    q: { workflowId: number; nodeId: number; archiveId: number },
    order: string,
    limit: number,
    offset: number,
  ): number[] => {
    const sql = `SELECT r.document_id FROM workflow_runs r JOIN ${searchNames(databaseId).doc} d ON d.id = r.document_id
      WHERE r.workflow_id = ? AND r.node_id = ? AND r.archive_id = ? AND r.status = 2 ${order} LIMIT ? OFFSET ?`;
    return repos.workflows.query(sql, [q.workflowId, q.nodeId, q.archiveId, limit, offset]);
  };

  const handle = ({ access, caller }: RouteContext, params: Record<string, string>, raw: Sent) => {
    const query = lookupOf(raw);
    const databaseId = access.database(pathInt(params, 'db')).Id;
    const rawKey = query('queueKey');
    const rawWorkflow = query('workflowId');
    if (rawKey === undefined || rawKey.trim() === '')
      throw badRequest(`The query parameter 'queueKey' is required.`);
    const workflowId =
      rawWorkflow === undefined || rawWorkflow.trim() === '' ? undefined : parseId(rawWorkflow, 'workflowId');
    const q = assignedQueue(repos, databaseId, caller.user.id, rawKey, workflowId);
    if (boolOf(query, 'count') === true) return queueArchiveCounts(repos, access, q);
    const rawArchive = query('ArchiveId');
    if (rawArchive === undefined || rawArchive.trim() === '')
      throw badRequest(`The query parameter 'ArchiveId' is required (or count=true).`);
    const archive = access.archive(databaseId, parseId(rawArchive, 'ArchiveId'));
    const fields = repos.archives.fields(archive.id);
    const paging = pagingOf(parseInput(pagingQuery, caselessQuery(raw), 'query'));
    const limit = paging.recordsPerPage;
    const offset = (paging.page - 1) * limit;
    const where = { workflowId: q.workflow.id, nodeId: q.node.Id, archiveId: archive.id };
    const rawSort = query('Sort');
    const ids =
      rawSort === undefined || rawSort.trim() === ''
        ? repos.workflows.taskPage(where.workflowId, where.nodeId, where.archiveId, limit, offset)
        : sortedPage(databaseId, where, orderBy(parseSort(rawSort, fields, archive.name)), limit, offset);
    const count = repos.workflows.archiveCount(where.workflowId, where.nodeId, where.archiveId);
    const columns = fields.map((f) => fieldRef(f.ID, f.Type, f.Prop));
    const rows = repos.docSearch.rows.byIds({ databaseId, columns }, ids);
    const ctx = {
      secret: deps.secret,
      databaseId,
      archive,
      fields,
      permissions: access.archivePermissions(archive),
      terms: false,
    };
    const pdfPending = rows.some((r) => repos.docStates.statusOf(databaseId, r.id).pdfPending);
    return toResult(ctx, count, rows, {
      pdfPending,
      workflowStatus: count > 0 ? WorkflowState.Queued : WorkflowState.None,
    });
  };

  // only a queue search (workflowId or queueKey), asked after authenticating as it always was: any
  // other call of the path is the saved-searches list of search/routes/searches.ts
  const spec = {
    match: (q: Lookup) => QUEUE_KEYS.some((k) => q(k) !== undefined),
    matchAfterAuth: true,
    params: pathAsSent,
    query: (raw: unknown) => raw as Sent,
    policy: signedIn,
  };
  router.get(
    '/dbs/:db/searches',
    ...route(deps, spec, (ctx, { params, query }) => handle(ctx, params, query)),
  );
  return router;
}
