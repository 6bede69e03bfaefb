// The batch capture API (end-user spec §3 batch portal, §4 statuses, §7 batch capture calls;
// admin-spec §3, §4, §7), served under ClientConfig.captureBase (default `/square9capture/`).
// The spec names the calls (batchportals, portal/test, batches, batch, batchaction,
// ssinstance/{id}/databases, archives, inboxes) and the codes (portal Type and Status, batch
// statuses 1-7); no public source shows their wire shapes, so every path, body and answer below
// is OUR DESIGN (decision 028), in the API's PascalCase.

/** Portal Type (spec §3). */
export const PortalType = { Batch: 0, Analytics: 1 } as const;
export type PortalTypeCode = (typeof PortalType)[keyof typeof PortalType];

/** Portal Status (spec §3, §4): a new or edited portal is 0 until portal/test says 1 or 2. */
export const PortalStatus = { Testing: 0, Ok: 1, Failed: 2 } as const;
export type PortalStatusCode = (typeof PortalStatus)[keyof typeof PortalStatus];

/**
 * Batch statuses (spec §4, colours 1-7). The spec names six filters; the seventh status is ours:
 * Validating, a Processed batch some of whose documents are indexed and some not yet (decision 028).
 */
export const BatchStatus = {
  Queued: 1,
  Processing: 2,
  Processed: 3,
  Completed: 4,
  Errored: 5,
  Rejected: 6,
  Validating: 7,
} as const;
export type BatchStatusCode = (typeof BatchStatus)[keyof typeof BatchStatus];
export const BATCH_STATUSES: readonly BatchStatusCode[] = [1, 2, 3, 4, 5, 6, 7];
/** The filter buttons of /batches, in order: the spec's six (§4) and our Validating. */
export const BATCH_FILTERS: readonly BatchStatusCode[] = [1, 2, 3, 4, 5, 6, 7];

/** `actionId` of POST batchaction. */
export const BatchAction = {
  /** Errored or Rejected → Queued (the error text is cleared) */
  Requeue: 1,
  /** Processed, Validating or Errored → Rejected */
  Reject: 2,
  /** copies document `docId` into the caller's upload cache for the indexing view (BatchOpenResponse) */
  Open: 3,
} as const;
export type BatchActionCode = (typeof BatchAction)[keyof typeof BatchAction];

/** The one GlobalSearch instance a simulator portal can name: the simulator itself. */
export const LOCAL_INSTANCE_ID = 1;

export interface BatchPortal {
  Id: number;
  Name: string;
  Type: PortalTypeCode;
  Status: PortalStatusCode;
  /** why the last test failed; empty otherwise */
  StatusMessage: string;
  InstanceId: number;
  /** where the portal's documents are indexed */
  DatabaseId: number;
  ArchiveId: number;
  /** an inbox for rejected documents; 0 none */
  InboxId: number;
}

/** POST batchportals and PUT batchportals/{id}. */
export interface BatchPortalBody {
  Name: string;
  Type: PortalTypeCode;
  InstanceId: number;
  DatabaseId: number;
  ArchiveId: number;
  InboxId?: number;
}

export interface Batch {
  Id: number;
  PortalId: number;
  Name: string;
  Status: BatchStatusCode;
  Documents: number;
  /** documents already indexed into the archive */
  Indexed: number;
  Pages: number;
  CreatedBy: string;
  /** ISO 8601 */
  Created: string;
  Modified: string;
  /** the reason of an Errored batch; empty otherwise */
  Error: string;
}

export const BatchDocStatus = { Pending: 0, Indexed: 1 } as const;

export interface BatchDocument {
  Id: number;
  Pages: number;
  FileType: string;
  Status: (typeof BatchDocStatus)[keyof typeof BatchDocStatus];
  /** the archive document it became; 0 while pending */
  DocumentId: number;
}

/** GET batch?portalId&batchId */
export interface BatchDetail extends Batch {
  Docs: BatchDocument[];
}

/** GET batches?portalId&page&pageSize&status (status repeatable or comma separated) */
export interface BatchesPage {
  Batches: Batch[];
  /** batches matching the filter */
  Total: number;
  /** 1-based */
  Page: number;
  PageSize: number;
  /** every status of the portal with its count, whatever the filter */
  Counts: Record<string, number>;
}
export const BATCHES_PAGE_SIZE = 25;
export const BATCHES_MAX_PAGE_SIZE = 200;

/** POST batches?portalId: a scan or an upload becomes a Queued batch of one document per file. */
export interface NewBatchBody {
  Name?: string;
  /** names in the caller's upload cache (POST files); they move into the batch */
  Files: { Name: string }[];
}

/** POST batchaction?actionId=3 */
export interface BatchOpenResponse {
  CacheName: string;
  DatabaseId: number;
  ArchiveId: number;
}

/** POST batch?portalId&batchId&docId[&overrideBatchCriteria=true]: the import body of contract/upload. */
export interface BatchIndexResponse {
  /** the new archive document */
  DocumentId: number;
  Batch: Batch;
}

/** ssinstance/{id}/databases, archives and inboxes answer plain choices for the portal editor. */
export interface CaptureChoice {
  Id: number;
  Name: string;
}

/** The message of every capture call while config.json hides batch portals (spec §8). */
export const BATCH_PORTALS_HIDDEN = 'Batch portals are hidden.';

/** Paths relative to captureBase. */
export const capturePaths = {
  portals: 'batchportals',
  portal: (id: number) => `batchportals/${id}`,
  portalTest: (id: number) => `portal/test?portalId=${id}`,
  batches: 'batches',
  batch: 'batch',
  batchAction: 'batchaction',
  databases: (instance: number) => `ssinstance/${instance}/databases`,
  archives: 'archives',
  inboxes: 'inboxes',
} as const;
