// The batch capture API (contract/capture.ts; decision 028), on the capture http client
// (config.json captureBase): portals, their batches, actions and indexing a captured document.
import {
  capturePaths,
  type Batch,
  type BatchActionCode,
  type BatchDetail,
  type BatchesPage,
  type BatchIndexResponse,
  type BatchOpenResponse,
  type BatchPortal,
  type BatchPortalBody,
  type BatchStatusCode,
  type CaptureChoice,
  type NewBatchBody,
} from '@gs/contract/capture';
import type { ImportBody } from '@gs/contract/upload';
import type { Http } from './http';

export const getPortals = (http: Http, admin = false): Promise<BatchPortal[]> =>
  http.request<BatchPortal[]>(capturePaths.portals, { query: admin ? { admin: true } : undefined });

export interface BatchQuery {
  portalId: number;
  page: number;
  pageSize: number;
  statuses: readonly BatchStatusCode[];
}

export function getBatches(http: Http, q: BatchQuery): Promise<BatchesPage> {
  const status = q.statuses.length ? q.statuses.join(',') : undefined;
  return http.request<BatchesPage>(capturePaths.batches, {
    query: { portalId: q.portalId, page: q.page, pageSize: q.pageSize, status },
  });
}

export const getBatch = (http: Http, portalId: number, batchId: number): Promise<BatchDetail> =>
  http.request<BatchDetail>(capturePaths.batch, { query: { portalId, batchId } });

export const createBatch = (http: Http, portalId: number, body: NewBatchBody): Promise<Batch> =>
  http.request<Batch>(capturePaths.batches, { method: 'POST', query: { portalId }, body });

export const batchAction = (
  http: Http,
  portalId: number,
  batchId: number,
  actionId: BatchActionCode,
): Promise<Batch> =>
  http.request<Batch>(capturePaths.batchAction, { method: 'POST', query: { portalId, batchId, actionId } });

export const openBatchDocument = (
  http: Http,
  portalId: number,
  batchId: number,
  docId: number,
  overrideBatchCriteria = false,
): Promise<BatchOpenResponse> =>
  http.request<BatchOpenResponse>(capturePaths.batchAction, {
    method: 'POST',
    query: {
      portalId,
      batchId,
      docId,
      actionId: 3,
      overrideBatchCriteria: overrideBatchCriteria || undefined,
    },
  });

export const deleteBatch = (http: Http, portalId: number, batchId: number): Promise<unknown> =>
  http.request(capturePaths.batchAction, { method: 'DELETE', query: { portalId, batchId } });

export interface BatchDocRef {
  portalId: number;
  batchId: number;
  docId: number;
  overrideBatchCriteria?: boolean;
}

export const indexBatchDocument = (
  http: Http,
  ref: BatchDocRef,
  body: ImportBody,
): Promise<BatchIndexResponse> =>
  http.request<BatchIndexResponse>(capturePaths.batch, {
    method: 'POST',
    query: {
      portalId: ref.portalId,
      batchId: ref.batchId,
      docId: ref.docId,
      overrideBatchCriteria: ref.overrideBatchCriteria || undefined,
    },
    body,
  });

export const savePortal = (http: Http, body: BatchPortalBody, id?: number): Promise<BatchPortal> =>
  http.request<BatchPortal>(id ? capturePaths.portal(id) : capturePaths.portals, {
    method: id ? 'PUT' : 'POST',
    body,
  });

export const deletePortal = (http: Http, id: number): Promise<unknown> =>
  http.request(capturePaths.portal(id), { method: 'DELETE' });

export const testPortal = (http: Http, id: number): Promise<BatchPortal> =>
  http.request<BatchPortal>(capturePaths.portalTest(id), { method: 'POST' });

export const getInstanceDatabases = (http: Http, instance: number): Promise<CaptureChoice[]> =>
  http.request<CaptureChoice[]>(capturePaths.databases(instance));

export const getCaptureArchives = (
  http: Http,
  instanceId: number,
  databaseId: number,
): Promise<CaptureChoice[]> =>
  http.request<CaptureChoice[]>(capturePaths.archives, { query: { instanceId, databaseId } });

export const getCaptureInboxes = (http: Http, instanceId: number): Promise<CaptureChoice[]> =>
  http.request<CaptureChoice[]>(capturePaths.inboxes, { query: { instanceId } });
