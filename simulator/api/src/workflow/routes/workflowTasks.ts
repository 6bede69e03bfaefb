// Queue lists and task results (end-user spec §4 queue search; contract/src/workflow.ts):
// `GET dbs/{db}/searches?workflowId&queueKey&count=true` -> the caller's tasks of the queue per
// archive (QueueArchiveCount[]); `GET dbs/{db}/searches?workflowId&queueKey&ArchiveId&Page&
// RecordsPerPage&Sort` -> a SearchResult of the queue's tasks in that archive (process order
// unless Sort names fields). Without workflowId or queueKey the request is the saved-searches list
// (search/routes/searches.ts), unchanged. A queue the caller does not work is 404, as is an archive they
// cannot view. PdfConvertStatus reports the page's documents (a queue of 100,000 is not scanned).
import { Router, type Request, type Response, type NextFunction } from 'express';
import { WorkflowState } from '@gs/contract/searches';
import { fieldRef } from '../../search/services/conditions';
import { accessOf, type RouteDeps } from '../../deps';
import { searchNames } from '../../search/repos/docSearchSchema';
import { orderBy } from '../../search/repos/docSql';
import { callerOf } from '../../http/auth';
import { badRequest } from '../../http/errors';
import { intParam, parseId, parseQuery, query, queryBool } from '../../http/query';
import { pagingOf, pagingQuery, parseSort } from '../../search/services/params';
import { toResult } from '../../search/services/result';
import { assignedQueue, queueArchiveCounts } from '../services/workflowQueues';

const QUEUE_KEYS = ['workflowId', 'queueKey'];

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

  const handle = (req: Request, res: Response, next: NextFunction): void => {
    if (QUEUE_KEYS.every((k) => query(req, k) === undefined)) {
      next();
      return;
    }
    const access = accessOf(deps, res);
    const databaseId = access.database(intParam(req, 'db')).Id;
    const rawKey = query(req, 'queueKey');
    const rawWorkflow = query(req, 'workflowId');
    if (rawKey === undefined || rawKey.trim() === '')
      throw badRequest(`The query parameter 'queueKey' is required.`);
    const workflowId =
      rawWorkflow === undefined || rawWorkflow.trim() === '' ? undefined : parseId(rawWorkflow, 'workflowId');
    const q = assignedQueue(repos, databaseId, callerOf(res).user.id, rawKey, workflowId);
    if (queryBool(req, 'count') === true) {
      res.json(queueArchiveCounts(repos, access, q));
      return;
    }
    const rawArchive = query(req, 'ArchiveId');
    if (rawArchive === undefined || rawArchive.trim() === '')
      throw badRequest(`The query parameter 'ArchiveId' is required (or count=true).`);
    const archive = access.archive(databaseId, parseId(rawArchive, 'ArchiveId'));
    const fields = repos.archives.fields(archive.id);
    const paging = pagingOf(parseQuery(req, pagingQuery));
    const limit = paging.recordsPerPage;
    const offset = (paging.page - 1) * limit;
    const where = { workflowId: q.workflow.id, nodeId: q.node.Id, archiveId: archive.id };
    const rawSort = query(req, 'Sort');
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
    res.json(
      toResult(ctx, count, rows, {
        pdfPending,
        workflowStatus: count > 0 ? WorkflowState.Queued : WorkflowState.None,
      }),
    );
  };

  router.get('/dbs/:db/searches', deps.auth.requireAuth, handle);
  return router;
}
