// The batches of a portal (end-user spec §4, §7; decision 028, our design): GET batches (paging,
// status filters, counts), POST batches (a scan or upload from the caller's cache becomes a Queued
// batch), GET batch (one batch with its documents), POST batch?docId (index a document into the
// portal's archive), POST batchaction?actionId (re-queue, reject, open a document) and DELETE
// batchaction (delete the batch). Transitions that are not allowed are 409 with a Message.
import { Router } from 'express';
import { copyFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import {
  BATCH_STATUSES,
  BATCHES_MAX_PAGE_SIZE,
  BATCHES_PAGE_SIZE,
  BatchAction,
  BatchStatus,
  PortalType,
  type Batch,
  type BatchDetail,
  type BatchIndexResponse,
  type BatchOpenResponse,
  type BatchesPage,
  type BatchStatusCode,
} from '@gs/contract/capture';
import type { RouteDeps } from '../../deps';
import type { BatchRow, PortalRow } from '../repos/batchesRepo';
import type { Caller } from '../../domain/caller';
import { badRequest, conflict, notFound } from '../../domain/errors';
import { asSent, route, signedIn, withStatus } from '../../http/route';
import { lookupOf, lowerKeys, parseId, type Lookup } from '../../lib/keys';
import { captureDir, type BatchProcessor } from '../services/batchProcessing';
import { batchMessages, batchRights, type BatchRights } from '../services/batchRights';
import {
  actionRefusal,
  actionTarget,
  deleteRefusal,
  isBatchAction,
  statusAfterIndexing,
} from '../services/batchRules';
import { indexBatchDocument } from '../services/batchIndexing';
import { createPdfTextJobs } from '../../pdf/services/pdfTextJobs';

const iso = (ms: number): string => new Date(ms).toISOString();
export const toBatch = (b: BatchRow): Batch => ({
  Id: b.id,
  PortalId: b.portalId,
  Name: b.name,
  Status: b.status,
  Documents: b.documents,
  Indexed: b.indexed,
  Pages: b.pages,
  CreatedBy: b.createdBy,
  Created: iso(b.createdAt),
  Modified: iso(b.modifiedAt),
  Error: b.error,
});

const newBatchBody = z.object({
  name: z.string().trim().max(200).optional(),
  files: z
    .array(z.object({ name: z.string().min(1).max(255) }))
    .min(1)
    .max(500),
});

/** The query as sent, and read as a Lookup: the portal is the query's, checked by the handler first. */
const batchQuery = (raw: unknown): { record: Record<string, unknown>; q: Lookup } => {
  const record = (raw ?? {}) as Record<string, unknown>;
  return { record, q: lookupOf(record) };
};

function requiredInt(q: Lookup, key: string): number {
  const raw = q(key);
  if (raw === undefined) throw badRequest(`The parameter '${key}' is missing.`);
  return parseId(raw, key);
}

/** `status=1&status=3` or `status=1,3`; 400 for anything but 1-7. */
function statusFilter(query: Record<string, unknown>): BatchStatusCode[] {
  const values = Object.entries(query)
    .filter(([k]) => k.toLowerCase() === 'status')
    .flatMap(([, v]) => (Array.isArray(v) ? v : [v]))
    .flatMap((v) => (typeof v === 'string' ? v.split(',') : []))
    .filter((v) => v.trim() !== '');
  return [
    ...new Set(
      values.map((v) => {
        const n = parseId(v, 'status');
        if (!BATCH_STATUSES.includes(n as BatchStatusCode))
          throw badRequest(`The status '${v}' is not a batch status (1-7).`);
        return n as BatchStatusCode;
      }),
    ),
  ];
}

export function createCaptureBatchesRouter(deps: RouteDeps, processor: BatchProcessor): Router {
  const router = Router();
  const { repos } = deps;
  const spec = { query: batchQuery, body: asSent, policy: signedIn };
  // an indexed document's text is read after the answer, as an import's (decision 040)
  const textJobs = createPdfTextJobs(repos);

  /** the caller's rights and the batch portal of `portalId` (not an analytics one) */
  const portalOf = (caller: Caller, q: Lookup): { rights: BatchRights; portal: PortalRow } => {
    const rights = batchRights(deps, caller);
    const portal = rights.portal(requiredInt(q, 'portalId'));
    if (portal.type === PortalType.Analytics) throw badRequest(batchMessages.analytics(portal.name));
    return { rights, portal };
  };
  const batchOf = (portal: PortalRow, batchId: number): BatchRow => {
    const batch = repos.batches.batch(portal.id, batchId);
    if (!batch) throw notFound(batchMessages.batch(portal.id, batchId));
    return batch;
  };
  const detail = (portal: PortalRow, batchId: number): BatchDetail => ({
    ...toBatch(batchOf(portal, batchId)),
    Docs: repos.batches.docs(batchId).map((d) => ({
      Id: d.id,
      Pages: d.pages,
      FileType: d.fileType,
      Status: d.status,
      DocumentId: d.documentId,
    })),
  });

  router.get(
    '/batches',
    ...route(deps, spec, async ({ caller }, { query: { q, record } }) => {
      const { portal } = portalOf(caller, q);
      const statuses = statusFilter(record);
      const page = Math.max(1, Number(q('page') ?? 1) || 1);
      const rawSize = q('pageSize');
      const size = rawSize === undefined ? BATCHES_PAGE_SIZE : parseId(rawSize, 'pageSize');
      if (size < 1 || size > BATCHES_MAX_PAGE_SIZE)
        throw badRequest(`pageSize must be between 1 and ${BATCHES_MAX_PAGE_SIZE}.`);
      await processor.advance();
      const { total, rows } = repos.batches.page(portal.id, statuses, (page - 1) * size, size);
      const counts: Record<string, number> = Object.fromEntries(BATCH_STATUSES.map((s) => [String(s), 0]));
      for (const c of repos.batches.counts(portal.id)) counts[String(c.status)] = c.n;
      const out: BatchesPage = {
        Batches: rows.map(toBatch),
        Total: total,
        Page: page,
        PageSize: size,
        Counts: counts,
      };
      return out;
    }),
  );

  router.post(
    '/batches',
    ...route(deps, spec, async ({ caller }, { query: { q }, body }) => {
      const { rights, portal } = portalOf(caller, q);
      rights.requireAct(portal, 'A read-only license cannot add batches.');
      const parsed = newBatchBody.safeParse(lowerKeys(body));
      if (!parsed.success)
        throw badRequest(`The body must be {"Name","Files":[{"Name"}]}: ${z.prettifyError(parsed.error)}`);
      const userId = rights.user.id;
      const files = await Promise.all(parsed.data.files.map((f) => deps.uploads.file(userId, f.name)));
      if (new Set(files).size !== files.length) throw badRequest('A file is named more than once.');
      const name =
        parsed.data.name ||
        `Batch ${new Date(deps.clock.now()).toISOString().slice(0, 19).replace('T', ' ')}`;
      const id = await processor.create(portal, name, rights.user.name, files);
      return withStatus(201, toBatch(batchOf(portal, id)));
    }),
  );

  router.get(
    '/batch',
    ...route(deps, spec, async ({ caller }, { query: { q } }) => {
      const { portal } = portalOf(caller, q);
      await processor.advance();
      return detail(portal, requiredInt(q, 'batchId'));
    }),
  );

  // index document `docId` of the batch into the portal's archive with the import body's values
  router.post(
    '/batch',
    ...route(deps, spec, async ({ caller }, { query: { q }, body }) => {
      const { rights, portal } = portalOf(caller, q);
      rights.requireAct(portal);
      await processor.advance();
      const batchId = requiredInt(q, 'batchId');
      const docId = requiredInt(q, 'docId');
      const override = (q('overrideBatchCriteria') ?? '').toLowerCase() === 'true';
      const batch = batchOf(portal, batchId);
      const refusal = actionRefusal(BatchAction.Open, batch.status, override);
      if (refusal) throw conflict(refusal.replace('opened for indexing', 'indexed'));
      const doc = repos.batches.docs(batchId).find((d) => d.id === docId);
      if (!doc) throw notFound(batchMessages.document(batchId, docId));
      if (doc.status !== 0) throw conflict(`Document ${docId} of batch ${batchId} is indexed already.`);
      const documentId = await indexBatchDocument(deps, {
        portal,
        body,
        userName: rights.user.name,
        licenseType: caller.license?.type ?? rights.user.licenseType,
        source: join(captureDir(deps.files.dataDir), doc.filePath),
        // inside the import's transaction: the batch counts change with the new document
        afterInsert: (newId) => {
          if (!repos.batches.indexDoc(doc.id, newId))
            throw conflict(`Document ${docId} of batch ${batchId} is indexed already.`);
          const now = batchOf(portal, batchId);
          repos.batches.setStatus(
            batchId,
            statusAfterIndexing(now.documents, now.indexed),
            '',
            deps.clock.now(),
          );
        },
        imported: (docs) => textJobs.add(docs),
      });
      const out: BatchIndexResponse = { DocumentId: documentId, Batch: toBatch(batchOf(portal, batchId)) };
      return out;
    }),
  );

  router.post(
    '/batchaction',
    ...route(deps, spec, async ({ caller }, { query: { q } }) => {
      const { rights, portal } = portalOf(caller, q);
      rights.requireAct(portal);
      await processor.advance();
      const batchId = requiredInt(q, 'batchId');
      const action = requiredInt(q, 'actionId');
      if (!isBatchAction(action)) throw badRequest(`The action '${action}' is not a batch action (1-3).`);
      const override = (q('overrideBatchCriteria') ?? '').toLowerCase() === 'true';
      if (action === BatchAction.Open) {
        const batch = batchOf(portal, batchId);
        const refusal = actionRefusal(action, batch.status, override);
        if (refusal) throw conflict(refusal);
        const docId = requiredInt(q, 'docId');
        const doc = repos.batches.docs(batchId).find((d) => d.id === docId);
        if (!doc) throw notFound(batchMessages.document(batchId, docId));
        if (doc.status !== 0) throw conflict(`Document ${docId} of batch ${batchId} is indexed already.`);
        const dir = await deps.uploads.prepare(rights.user.id);
        await deps.uploads.room(rights.user.id);
        const cacheName = `batch${batchId}-doc${docId}-${deps.clock.now()}${doc.fileType}`;
        const target = join(dir, cacheName);
        const source = join(captureDir(deps.files.dataDir), doc.filePath);
        if (!(await stat(source).catch(() => undefined))?.isFile())
          throw notFound(`The file of document ${docId} of batch ${batchId} is missing.`);
        await copyFile(source, target);
        await deps.uploads.settle(rights.user.id, [target]);
        const out: BatchOpenResponse = {
          CacheName: cacheName,
          DatabaseId: portal.databaseId,
          ArchiveId: portal.archiveId,
        };
        return out;
      }
      const to = actionTarget(action) ?? BatchStatus.Queued;
      repos.batches.transaction(() => {
        const refusal = actionRefusal(action, batchOf(portal, batchId).status);
        if (refusal) throw conflict(refusal);
        repos.batches.setStatus(batchId, to, '', deps.clock.now());
      });
      return toBatch(batchOf(portal, batchId));
    }),
  );

  router.delete(
    '/batchaction',
    ...route(deps, spec, async ({ caller }, { query: { q } }) => {
      const { rights, portal } = portalOf(caller, q);
      rights.requireDelete(portal);
      const batchId = requiredInt(q, 'batchId');
      const files = repos.batches.transaction(() => {
        const refusal = deleteRefusal(batchOf(portal, batchId).status);
        if (refusal) throw conflict(refusal);
        const paths = repos.batches.docs(batchId).map((d) => d.filePath);
        repos.batches.deleteBatch(batchId);
        return paths;
      });
      await processor.removeFiles(files);
      return withStatus(204);
    }),
  );

  return router;
}
