// Bulk update, import and export as the Extensions helper runs them (spec §3-5, §7-9): the client
// hands a job to the helper, the helper reads the CSV from its data folder and calls the API's
// batch endpoints, and the client polls the job. Paths are the simulator's own (the spec leaves
// the helper's import/export/update/count paths open); option names follow the spec's import/export
// option object (Database, Archive, csvPath, errorPath, fieldDelimiter, ...). The helper accepts
// any key casing. Errors answer 400 `{ Message, Key }` where Key is one of BulkErrorKey.
import type { SearchCriteria } from './searches';

// ---- helper paths ----

const job = (id: string) => `/api/bulk/jobs/${encodeURIComponent(id)}`;

export const bulkPaths = {
  /** POST multipart/form-data, one file part (any name): stored in the helper's data folder → BulkUploadResponse */
  upload: '/api/bulk/upload',
  /** POST BulkCsvPreviewRequest → BulkCsvPreviewResponse ("Load CSV Fields": columns and first rows) */
  csvPreview: '/api/bulk/csv',
  /** POST BulkUpdateRequest → BulkJobStarted; the job's Count is the number of documents the update touches */
  count: '/api/bulk/count',
  /** POST BulkUpdateRequest → BulkJobStarted; with DryRun the job only fills Preview */
  update: '/api/bulk/update',
  /** POST BulkImportRequest → BulkJobStarted */
  import: '/api/bulk/import',
  /** POST BulkExportRequest → BulkJobStarted; files land in `exports/` of the helper's data folder */
  export: '/api/bulk/export',
  /** GET → BulkJobStatus; DELETE cancels a running job (it stops after the batch in flight) */
  job,
  /** GET ?path= → the text of a log or CSV inside the helper's data folder (text/plain) */
  file: '/api/bulk/file',
  /** GET → ExportProfile[]; POST an ExportProfile adds or replaces the one of (DatabaseID, ArchiveID) */
  exportProfiles: '/api/bulk/export/profiles',
} as const;

// ---- options shared by the CSV modes ----

export const BULK_DEFAULT_FIELD_DELIMITER = ',';
export const BULK_DEFAULT_STRING_DELIMITER = '"';
/** documents per batch the helper sends to the API (each batch is one transaction) */
export const BULK_BATCH_SIZE = 5000;
/** the client polls a job this often */
export const BULK_POLL_INTERVAL_MS = 1000;
/** rows of a dry-run Preview at most */
export const BULK_PREVIEW_LIMIT = 500;

/** Folder names inside the helper's data folder (DATA_DIR/helper-data/…). */
export const BULK_FOLDERS = { uploads: 'uploads', logs: 'logs', exports: 'exports' } as const;

/** Where a CSV column goes. RowID is the 0-based column index. FieldID -1 DocID, 0 archive ID (PseudoField). */
export interface FieldMapping {
  FieldID: number;
  RowID: number;
  Checked: boolean;
}

/** csvsearchupdate: the data columns that replace field values. ColumnID is the 0-based column index. */
export interface ReplaceInfo {
  FieldID: number;
  ColumnID: number;
}

/** csvsearchupdate: the search each row runs and which column fills each prompt. */
export interface SearchInfo {
  SearchID: number;
  /** the archive the search runs in (default: every archive of the search) */
  ArchiveID?: number;
  Prompts: { PromptID: number; ColumnID: number }[];
}

export interface BulkDocRef {
  ArchiveID: number;
  DocID: number;
}

export interface BulkCsvOptions {
  /** a path inside the helper's data folder (as BulkUploadResponse.Path, or typed: `uploads\\a.csv`) */
  csvPath?: string;
  /** the error log; default `logs\\bulk-{JobID}.log`. Same format rules as csvPath */
  errorPath?: string;
  /** default ',' */
  fieldDelimiter?: string;
  /** default '"'; must differ from fieldDelimiter */
  stringDelimiter?: string;
  /** the first row is headers (skipped) */
  HeadersIncluded?: boolean;
  /**
   * CSV cells are used exactly as they are (spaces kept; an empty cell clears its field). Without
   * it cells are trimmed and an empty cell leaves its field as it is.
   */
  UseString?: boolean;
  /** system fields (Prop bits in SYSTEM_FIELD_PROPS) may be mapped and overwritten */
  OverwriteSystem?: boolean;
}

// ---- bulk update and count ----

export const BULK_UPDATE_TYPES = ['simple', 'documentSelectUpdate', 'csvupdate', 'csvsearchupdate'] as const;
export type BulkUpdateType = (typeof BULK_UPDATE_TYPES)[number];
/** basic: simple, documentSelectUpdate; advanced: csvupdate, csvsearchupdate */
export type BulkUpdateMode = 'basic' | 'advanced';

export interface BulkFieldValue {
  FieldID: number;
  Value: string;
}

export interface BulkUpdateRequest extends BulkCsvOptions {
  Type: BulkUpdateType;
  Database: number;
  /** simple: the archive searched (default every archive of the search) */
  Archive?: number;
  /** simple: the search; csvsearchupdate uses SearchInfo.SearchID */
  SearchID?: number;
  /** simple: prompt values, as the search endpoints take them */
  SearchCriteria?: SearchCriteria;
  /** simple, documentSelectUpdate: the values set on every document */
  Values?: BulkFieldValue[];
  /** documentSelectUpdate: the checked documents */
  Docs?: BulkDocRef[];
  /** csvupdate: columns → fields, with -1 (DocID) and 0 (archive ID) mapped */
  FieldMapping?: FieldMapping[];
  /** csvsearchupdate */
  SearchInfo?: SearchInfo;
  /** csvsearchupdate: data columns → fields */
  ReplaceInfo?: ReplaceInfo[];
  /** only fill Preview; nothing is written */
  DryRun?: boolean;
  /** the user's Square9API token (or header Auth-Token); without one the helper signs in itself */
  Token?: string;
}

/** One document of a dry run: every changed field with its old and new value. */
export interface BulkPreviewRow {
  ArchiveID: number;
  DocID: number;
  Fields: { FieldID: number; Name: string; Old: string; New: string }[];
  /** set when the document would fail (the text its error-log line would carry) */
  Error?: string;
}

// ---- import utility ----

export interface BulkImportRequest extends BulkCsvOptions {
  Database: number;
  Archive: number;
  /** columns → fields; RowID is the column index. Unchecked entries are ignored */
  FieldMapping: FieldMapping[];
  /** the column holding each document's file path (relative to the CSV's folder, or inside the zip) */
  FilePathColumn?: number;
  /** a zip (inside the helper's data folder) holding the document files named by FilePathColumn */
  ZipPath?: string;
  Token?: string;
}

// ---- export utility ----

export interface BulkExportRequest {
  Database: number;
  /** the documents to export (or SearchID + SearchCriteria [+ Archive]) */
  Docs?: (BulkDocRef & { Hash?: string })[];
  SearchID?: number;
  Archive?: number;
  SearchCriteria?: SearchCriteria;
  /** folder inside `exports/`; default `exports` itself. No / : * ? " < > | */
  FilePath?: string;
  /** file name pattern with brace tokens: {FieldName} of any field, {DocID}, {ArchiveID}, {ArchiveName}, {Date} */
  Filename?: string;
  ConvertToPDF?: boolean;
  WithAnnotations?: boolean;
  ConvertToBW?: boolean;
  /** also write index data as CSV (`{Filename or export}.csv`) */
  ExportWithCSV?: boolean;
  /** the CSV holds only the fields of the export profile (DatabaseID, ArchiveID) */
  ExportWithMappedFields?: boolean;
  /** CSV name inside the folder (default export-{JobID}.csv) */
  CsvFile?: string;
  Token?: string;
}

export interface ExportProfile {
  DatabaseID: number;
  ArchiveID: number;
  FieldIDs: number[];
}

// ---- answers ----

export interface BulkUploadResponse {
  /** the stored file's path inside the helper's data folder, for csvPath/ZipPath */
  Path: string;
  Name: string;
  Size: number;
}

export interface BulkCsvPreviewRequest {
  csvPath: string;
  fieldDelimiter?: string;
  stringDelimiter?: string;
  HeadersIncluded?: boolean;
  /** rows to return (default 5, at most 100) */
  Rows?: number;
}

export interface BulkCsvPreviewResponse {
  /** headers, or Column 1..n without headers */
  Columns: string[];
  /** the first data rows (the mapping dropdowns show the first row's values); the helper reads
   *  no further than these (and the first 100 rows, for the columns), so no total is given */
  Rows: string[][];
}

export interface BulkJobStarted {
  JobID: string;
}

export const BULK_JOB_STATUSES = ['Queued', 'Running', 'Completed', 'Failed', 'Cancelled'] as const;
export type BulkJobStatusName = (typeof BULK_JOB_STATUSES)[number];

export interface BulkJobStatus {
  JobID: string;
  Kind: 'count' | 'update' | 'import' | 'export';
  Status: BulkJobStatusName;
  /** rows or documents handled so far */
  Processed: number;
  /** rows or documents to handle (known after the first phase; 0 until then) */
  Total: number;
  Succeeded: number;
  Failed: number;
  /** the error log inside the helper's data folder ('' when nothing failed) */
  ErrorPath: string;
  /** a summary, or why the job failed (an error key when there is one) */
  Message: string;
  /** count jobs: the documents the update would touch */
  Count?: number;
  /** dry runs: per document the old and new values (first BULK_PREVIEW_LIMIT documents) */
  Preview?: BulkPreviewRow[];
  /** export jobs: files written, relative to the helper's data folder */
  Files?: string[];
  /** export jobs: the folder written into, relative to the helper's data folder */
  OutputPath?: string;
}

/** 400 body of every validation failure. */
export interface BulkErrorBody {
  Message: string;
  Key: BulkErrorKeyName;
}

/** Validation and run-time error keys (spec §8 names plus the simulator's own for §5's rules). */
export const BulkErrorKey = {
  // spec §8
  RevisionArchive: 'ERROR_UPDATE_REVISION_ARCHIVE',
  DirectSearchRequired: 'ERROR_CSV_UPDATE_DIRECT_SEARCH_REQUIRED',
  InvalidData: 'INVALID_DATA',
  ImportMissingFields: 'ERROR_IMPORT_MISSING_FIELDS',
  ImportDatatypeMismatch: 'ERROR_IMPORT_DATATYPE_MISMATCH',
  NoDocumentsSelected: 'ERROR_NO_DOCUMENTS_SELECTED',
  FailedDueToPermissions: 'ERROR_FAILED_DUE_TO_PERMISSIONS',
  IncorrectParameters: 'ERROR_INCORRECT_PARAMETERS',
  ExportNoResults: 'ERROR_EXPORT_NO_RESULTS',
  ExportPdfPending: 'ERROR_EXPORT_PDF_PENDING',
  ExportInWorkflow: 'ERROR_EXPORT_IN_WORKFLOW',
  ExportPdfWorkflowPending: 'ERROR_EXPORT_PDF_WORKFLOW_PENDING',
  // spec §5 rules (keys chosen here)
  InvalidCsvPath: 'BULK_INVALID_CSV_PATH',
  InvalidErrorPath: 'BULK_INVALID_ERROR_PATH',
  PathOutsideData: 'BULK_PATH_OUTSIDE_DATA',
  FileNotFound: 'BULK_FILE_NOT_FOUND',
  DelimiterRequired: 'BULK_DELIMITER_REQUIRED',
  DelimitersMatch: 'BULK_DELIMITERS_MATCH',
  MappingRequired: 'BULK_MAPPING_REQUIRED',
  SearchRequired: 'BULK_SEARCH_REQUIRED',
  SearchMappingRequired: 'BULK_SEARCH_MAPPING_REQUIRED',
  IdsRequired: 'BULK_CSVUPDATE_IDS_REQUIRED',
  ValuesRequired: 'BULK_VALUES_REQUIRED',
  InvalidValue: 'BULK_INVALID_VALUE',
  SystemField: 'BULK_SYSTEM_FIELD_NOT_MAPPABLE',
  FieldNotImportable: 'BULK_FIELD_NOT_IMPORTABLE',
  FilePathRequired: 'BULK_FILEPATH_REQUIRED',
  InvalidFolder: 'BULK_INVALID_FOLDER',
  InvalidFilename: 'BULK_INVALID_FILENAME',
  ReadOnlyLicense: 'BULK_READ_ONLY_LICENSE',
  ApiUnavailable: 'BULK_API_UNAVAILABLE',
} as const;
export type BulkErrorKeyName = (typeof BulkErrorKey)[keyof typeof BulkErrorKey];

/** English texts of the keys (the helper's Message; the client translates the Key). */
export const BULK_ERROR_MESSAGES: Record<BulkErrorKeyName, string> = {
  ERROR_UPDATE_REVISION_ARCHIVE: 'Revision Control documents cannot be updated via Bulk Update.',
  ERROR_CSV_UPDATE_DIRECT_SEARCH_REQUIRED: 'A CSV search update needs a search to run for each row.',
  INVALID_DATA: 'The CSV file holds no data.',
  ERROR_IMPORT_MISSING_FIELDS: 'Required fields are not mapped.',
  ERROR_IMPORT_DATATYPE_MISMATCH: 'A value does not match the data type of its field.',
  ERROR_NO_DOCUMENTS_SELECTED: 'No documents are selected.',
  ERROR_FAILED_DUE_TO_PERMISSIONS: 'The action failed due to permissions.',
  ERROR_INCORRECT_PARAMETERS: 'Incorrect parameters.',
  ERROR_EXPORT_NO_RESULTS: 'There are no documents to export.',
  ERROR_EXPORT_PDF_PENDING: 'A document is still being converted to PDF.',
  ERROR_EXPORT_IN_WORKFLOW: 'A document is in a workflow and cannot be exported.',
  ERROR_EXPORT_PDF_WORKFLOW_PENDING:
    'Documents are still being converted to PDF or are in a workflow, and cannot be exported.',
  BULK_INVALID_CSV_PATH: 'The CSV path is not valid.',
  BULK_INVALID_ERROR_PATH: 'The error file path is not valid.',
  BULK_PATH_OUTSIDE_DATA: "The path is outside the helper's data folder.",
  BULK_FILE_NOT_FOUND: 'The file was not found.',
  BULK_DELIMITER_REQUIRED: 'Enter a field delimiter and a string delimiter.',
  BULK_DELIMITERS_MATCH: 'The field and string delimiters must differ.',
  BULK_MAPPING_REQUIRED: 'Map at least one column to a field.',
  BULK_SEARCH_REQUIRED: 'Choose a search.',
  BULK_SEARCH_MAPPING_REQUIRED: 'Map a column to every prompt of the search.',
  BULK_CSVUPDATE_IDS_REQUIRED: 'Map the archive ID and DocID columns.',
  BULK_VALUES_REQUIRED: 'Enter at least one value.',
  BULK_INVALID_VALUE: 'A value is not valid for its field.',
  BULK_SYSTEM_FIELD_NOT_MAPPABLE: 'System fields can be mapped only when overwriting system fields.',
  BULK_FIELD_NOT_IMPORTABLE: 'This field cannot be imported.',
  BULK_FILEPATH_REQUIRED: 'Map the file path column.',
  BULK_INVALID_FOLDER: 'The folder path is not valid.',
  BULK_INVALID_FILENAME: 'The file name is not valid.',
  BULK_READ_ONLY_LICENSE: 'A read-only licence cannot bulk update or import.',
  BULK_API_UNAVAILABLE: 'The GlobalSearch server could not be reached.',
};

/** Field Prop bits that disable a field in the import mapping (spec §5). */
export const IMPORT_DISABLED_FIELD_PROPS = 4 | 8 | 16 | 256 | 1024 | 2048 | 4096 | 8192;

/** Format of the CSV and error paths (spec §5): optional drive letter, backslash-separated segments. */
export const BULK_CSV_PATH_PATTERN = /^(?:[A-Za-z]:)?\\?(?:[\w\-. {}&]+\\)*[\w\-. {}&]+$/;
/** Folder path: like a drive or UNC path, none of / : * ? " < > | beyond the drive colon. */
export const BULK_FOLDER_PATTERN = /^(?:[A-Za-z]:|\\\\[^\\/:*?"<>|]+)?(?:\\?[^\\/:*?"<>|]+)*\\?$/;
/** File name: none of \ / : * ? " < > | (brace tokens allowed). */
export const BULK_FILENAME_PATTERN = /^[^\\/:*?"<>|]+$/;

/** One line of an error log. */
export const bulkErrorLine = (docId: number | string, text: string): string => `DocID ${docId}: ${text}`;

// ---- Square9API batch endpoints the helper calls (simulator additions; relative to …/api/) ----

export const bulkApiPaths = {
  /** POST BulkResolveRequest → BulkResolveResponse: every (ArchiveID, DocID) of a search, all pages */
  resolve: (db: number) => `dbs/${db}/bulk/resolve`,
  /** POST BulkApiUpdateRequest → BulkApiUpdateResponse; one transaction per call */
  update: (db: number) => `dbs/${db}/bulk/update`,
  /** POST BulkApiImportRequest → BulkApiImportResponse; one transaction per call */
  import: (db: number) => `dbs/${db}/bulk/import`,
  /** POST body [{Archive, Id, Hash}] with alwaysExportZip, field, auditEntry → the job id (JSON string) */
  export: (db: number) => `dbs/${db}/export`,
  /** GET: while running 202 `{ Status, Processed, Total, Missing }` (Missing: documents left out, their file is not there; the zip then lists them in missing-files.txt); when done the zip (or the single file) */
  exportJob: (db: number, jobId: string) => `dbs/${db}/export?jobid=${encodeURIComponent(jobId)}`,
  /** POST { Documents: [{Archive, Id}], Fields?: number[] } → an .xlsx (permission 64) */
  exportXlsx: (db: number) => `dbs/${db}/export/xlsx`,
};

export interface BulkResolveRequest {
  SearchID: number;
  Archive?: number;
  SearchCriteria?: SearchCriteria;
}
export interface BulkResolveResponse {
  Documents: BulkDocRef[];
}

export interface BulkApiUpdateRequest {
  Updates: { ArchiveID: number; DocID: number; Fields: BulkFieldValue[] }[];
  OverwriteSystem?: boolean;
  /** validate and report old/new values without writing */
  DryRun?: boolean;
}
export interface BulkApiDocResult {
  ArchiveID: number;
  DocID: number;
  Ok: boolean;
  /** the failure text ('' when Ok) */
  Message: string;
  /** changed fields (DryRun: always; otherwise only when asked) */
  Fields?: BulkPreviewRow['Fields'];
}
export interface BulkApiUpdateResponse {
  Results: BulkApiDocResult[];
}

export interface BulkApiImportRequest {
  ArchiveID: number;
  OverwriteSystem?: boolean;
  /** upload-cache files to remove after the commit; default every file the rows name */
  Release?: string[];
  Rows: {
    /** caller's row number, echoed in the result */
    Row: number;
    Fields: BulkFieldValue[];
    /** an upload-cache file name (POST files) that becomes the document's file */
    File?: string;
    /** the original file name */
    FileName?: string;
  }[];
}
export interface BulkApiImportResponse {
  Results: { Row: number; Ok: boolean; DocID: number; Message: string }[];
}
