// The analytics service (decision 039). The public community page propagated/Square9Analytics
// calls a separate service beside the Square9API, `../../square9analytics/analytics/Actions/GetData`
// (relative to the API), which answers the audit entries of one action in a date range; that one
// call is mirrored here. Everything else in this file (Counts, Capture, Workflow, tzoffset, the
// limits) is OUR DESIGN: no public source shows more of that service.
import type { HistoryCategory } from './history';

/** Where the service lives, relative to the API base (`/Square9API/api/` → `/square9analytics/analytics/`). */
export const ANALYTICS_BASE_FROM_API = '../../square9analytics/analytics/';
/** The simulator's mount path. */
export const ANALYTICS_MOUNT = '/square9analytics/analytics';

/** A range covers at most this many days (start and end included). */
export const ANALYTICS_MAX_DAYS = 366;
/** GetData refuses (400) a range holding more entries than this rather than send them all. */
export const GETDATA_MAX_ROWS = 50_000;

/** GetData's `action` values and the audit action strings the public page charts. */
export const GETDATA_ACTIONS = {
  indexed: { category: 'indexed', label: 'Document Indexed' },
  viewed: { category: 'viewed', label: 'Document Viewed' },
  annotationupdate: { category: 'annotation', label: 'Document Annotation Data Updated' },
  deleted: { category: 'deleted', label: 'Document Deleted' },
  printed: { category: 'printed', label: 'Document Printed' },
  emailed: { category: 'email', label: 'Document Emailed' },
} as const satisfies Record<string, { category: HistoryCategory; label: string }>;
export type GetDataAction = keyof typeof GETDATA_ACTIONS;

/**
 * `GET Actions/GetData[/{user}]?startdate=&enddate=&action=[&database=][&tzoffset=]`: one Log row
 * per audit entry of the action in the range (oldest first), and the users who appear in it.
 * Dates are MM/DD/YYYY (the public page) or YYYY-MM-DD, both days included. Date is the entry's
 * local day and time as `MM/DD/YYYY HH:mm:ss` (our choice; the page groups rows by date).
 */
export interface GetDataResponse {
  Users: string[];
  Log: { Date: string; Action: string }[];
}

/**
 * The action checkboxes of /analytics, in order: history categories (contract/history.ts).
 * "Updated" counts index-data changes and workflow steps, "annotation" annotation changes.
 */
export const ANALYTICS_ACTIONS = [
  'indexed',
  'viewed',
  'updated',
  'annotation',
  'deleted',
  'printed',
  'email',
  'exported',
  'copied',
  'moved',
  'version',
] as const satisfies readonly HistoryCategory[];
export type AnalyticsAction = (typeof ANALYTICS_ACTIONS)[number];

/** One day of a range: `YYYY-MM-DD` in the caller's time zone (tzoffset). */
export interface ActionDay {
  Date: string;
  /** every asked action, 0 included */
  Counts: Record<string, number>;
}

/**
 * `GET Actions/Counts?database=&startdate=&enddate=&actions=viewed,updated[&archive=][&user=][&tzoffset=]`
 * (our design): history entries per day and category, over the archives of the database whose
 * history the caller may read (View History; a database administrator reads every archive).
 * `actions` is a comma list of history categories (default: ANALYTICS_ACTIONS); `tzoffset` is the
 * browser's Date#getTimezoneOffset() in minutes (default 0, UTC days).
 */
export interface ActionCountsResponse {
  StartDate: string;
  EndDate: string;
  Actions: string[];
  /** every day of the range, oldest first */
  Days: ActionDay[];
  Totals: Record<string, number>;
  Total: number;
  /** who wrote the entries counted (before the user filter), sorted */
  Users: string[];
}

/** One day of capture figures. */
export interface CaptureDay {
  Date: string;
  /** batches created that day */
  Created: number;
  /** batches that reached Completed that day */
  Completed: number;
  /** batches that went to Errored that day */
  Errored: number;
  /** documents and pages of the batches created that day */
  Documents: number;
  Pages: number;
}

/**
 * `GET Actions/Capture?database=&startdate=&enddate=[&archive=][&portal=][&tzoffset=]` (our design):
 * the batches of the batch portals (Type 0) into the database (and archive) the caller may see.
 * `portal` may name an analytics portal (Type 1): its database and archive then filter.
 */
export interface CaptureFiguresResponse {
  Days: CaptureDay[];
  Totals: Omit<CaptureDay, 'Date'>;
  /** mean milliseconds from creation (Queued) to Completed of the batches completed in the range; null when none */
  MeanQueuedToCompletedMs: number | null;
}

/** One day of workflow figures: all queues, and each queue that had any. */
export interface WorkflowDay {
  Date: string;
  Entered: number;
  Ended: number;
  Queues: Record<string, { Entered: number; Ended: number }>;
}

/** One queue's figures over the range. */
export interface QueueFigures {
  Queue: string;
  /** tasks that entered the queue */
  Entered: number;
  /** tasks that left it by a queue action */
  Ended: number;
  /** mean milliseconds from entering the queue to the action that took the task out; null when none */
  MeanWaitMs: number | null;
}

/**
 * `GET Actions/Workflow?database=&startdate=&enddate=[&archive=][&tzoffset=]` (our design): from the
 * workflow history lines (contract workflow.ts workflowAudit) of archives whose history the caller
 * may read: per day, tasks that entered a queue and tasks a queue action ended; per queue (by name),
 * the same totals and the mean wait.
 */
export interface WorkflowFiguresResponse {
  /** every day of the range; Queues holds the queues that had any, by name */
  Days: WorkflowDay[];
  Queues: QueueFigures[];
}
