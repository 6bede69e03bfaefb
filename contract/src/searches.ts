// Search wire types: square9api-wire.md §2.4.
import type { FieldDefinition, FieldValue } from './fields';
import type { OperatorCode } from './flags';

export interface SearchArchiveRef {
  ID: number;
  Name: string;
}

/** A search prompt (`Detail[]`). `ID` is the prompt id used as the SearchCriteria key. */
export interface SearchPrompt {
  ID: number;
  FID: number;
  ListID: number;
  ListF1: number;
  ListF2: number;
  Parent: number;
  Operator: OperatorCode;
  Prompt: string;
  /** default or static value; a value wrapped in braces is a static condition, never prompted */
  VAL: string;
  Prop: number;
  FieldType: number;
  Mask: string;
  /** the field's name; the web client reads it alongside the wire doc's keys (spec §3) */
  Name: string;
  /** same as FieldType, under the name the web client reads */
  Type: number;
  MultiValue: boolean;
  MVAL: string[];
}

export interface Search {
  Id: number;
  Name: string;
  /** archive the search belongs to */
  Parent: number;
  /** the search's SecureId */
  Hash: string;
  /** SearchProps bits for the calling user */
  Props: number;
  Fuzzy: number;
  /** SearchSettings bits */
  Settings: number;
  Grouping: string;
  Archives: SearchArchiveRef[];
  Detail: SearchPrompt[];
}

export interface ResultDoc {
  Id: number;
  Hash: string;
  Tid: number;
  Fields: FieldValue[];
  Version: number;
  RootVersionId: number;
  User_Name: string;
  Hits: number;
  Permissions: number;
  RevisionOptions: number;
  Revisions: boolean;
  VersionArchive: number;
  /** with a leading dot */
  FileType: string;
}

/**
 * `WorkflowStatus` of a Result (and of a document's own Result): 0 when no document of it is in a
 * GlobalAction workflow, else the furthest state any is in (the simulator's codes).
 */
export const WorkflowState = {
  None: 0,
  /** a workflow is processing the document */
  Processing: 1,
  /** the document waits in a workflow queue (for a user's decision) */
  Queued: 2,
} as const;
export type WorkflowStateCode = (typeof WorkflowState)[keyof typeof WorkflowState];

export interface SearchResult {
  Count: number;
  Docs: ResultDoc[];
  Fields: FieldDefinition[];
  FolderOptions: string;
  PdfConvertStatus: boolean;
  Terms: boolean;
  WorkflowStatus: number;
}

export interface SearchCountResult {
  ArchiveId: number;
  Count: number;
}

/** Prompt id (as a string) to entered value. */
export type SearchCriteria = Record<string, string>;

/** What the server answers (in Message) when a Sort names no column of the search; the client then
 * shows the discard-sort alert, clears the saved grid state and reloads. */
export const INVALID_SORT_MESSAGE = 'Invalid search string, Sort field';

export interface SortSpec {
  fieldId: number;
  descending: boolean;
}

/** The `Sort` query value of search execution: "<fieldId> ASC|DESC" entries joined by commas. */
export const formatSort = (sorts: SortSpec[]): string =>
  sorts.map((s) => `${s.fieldId} ${s.descending ? 'DESC' : 'ASC'}`).join(',');

/**
 * The Result of a search page as the simulator sends it: the wire doc's Result plus the caller's
 * archive permission bits, which the web client reads from a search's return (spec §3).
 */
export interface SearchPageResult extends SearchResult {
  Permissions: number;
}

// Query parameters of `dbs/{db}/searches/{id}/archive/{a}/documents` (any key casing):
// SecureId (the search Hash, required), SearchCriteria, page (1-based), RecordsPerPage,
// Sort, tabId, Count=true, time (ignored), Token.

/** RecordsPerPage when absent; values outside 1..MAX_RECORDS_PER_PAGE are refused with a 400. */
export const DEFAULT_RECORDS_PER_PAGE = 50;
export const MAX_RECORDS_PER_PAGE = 10000;

/**
 * SearchCriteria key carrying content-search terms (searches with Settings & 1): `"content"` or
 * `"0"`. Terms are words ANDed, `"a phrase"` in quotes, `word*` a prefix.
 */
/**
 * Characters of one SearchCriteria value at most (decision 046): a longer one is a 400 before any
 * search runs. Our limit; no public source gives the real server's.
 */
export const MAX_CRITERION_LENGTH = 4096;

export const CONTENT_CRITERIA_KEY = 'content';
export const CONTENT_CRITERIA_KEY_ALT = '0';

// `Sort` (formatSort): keys separated by commas; a key is a field id, a field name, or
// `DocumentID` (also `-1`), optionally followed by ` ASC` (the default) or ` DESC`. Without Sort,
// documents come most recent first (document id descending). An unknown field: a 400 whose
// Message starts with INVALID_SORT_MESSAGE.

/** Field `VAL` of dates in results: `M/D/YYYY`, or `M/D/YYYY h:mm:ss AM` for a date with a time. */
export const RESULT_DATE_FORMAT = 'M/D/YYYY';
