// The GlobalSearch Extensions helper's API, shared by the client and the helper simulator.
export const HELPER_DEFAULT_HTTP_PORT = 9080;
export const HELPER_DEFAULT_HTTPS_PORT = 9443;

/** Version the helper reports; the client needs at least MIN_HELPER_VERSION (else GSE_WRONG_VERSION). */
export const HELPER_VERSION = '3.2.0.12';
export const MIN_HELPER_VERSION = '3.0.0.0';

export const helperPaths = {
  managementTest: '/api/Management/test',
  getApi: '/api/Management/GetApi',
  checkPackages: '/api/Management/CheckPackages',
  updateApi: '/api/Management/UpdateApi',
  install: '/api/Management/Install',
  uninstall: '/api/Management/Uninstall',
  launchTest: '/api/launch/test',
  launchTable: '/api/launch/launchTable',
  launchEntry: '/api/launch/launchEntry',
  launchEmail: '/api/launch/email',
  launchInboxEmail: '/api/launch/inboxemail',
} as const;

export interface HelperTestResponse {
  Version: string;
  Mode: 'GlobalSearch' | 'GlobalCapture';
  ApiPath: string;
}

export interface HelperPackage {
  AppName: string;
  Installed: boolean;
  Version: string;
}

/** Extension packages the helper can install (Extensions Manager's list). */
export const HELPER_PACKAGES = [
  'Scanning',
  'ImportExport',
  'BulkUpdate',
  'Launch',
  'DataExtraction',
] as const;
export type HelperPackageName = (typeof HELPER_PACKAGES)[number];

export interface HelperInstallRequest {
  AppNames: HelperPackageName[];
}

// ---- Scan API (scanner simulator): paths chosen here, the spec leaves them open ----

/** Files are fetched in chunks of exactly this many bytes (the last one may be shorter). */
export const SCAN_CHUNK_SIZE = 1_048_576;
/** The client asks for the next chunk this long after the previous one arrived. */
export const SCAN_CHUNK_INTERVAL_MS = 500;
/** A session unused this long expires (seconds). */
export const SCAN_SESSION_TIMEOUT_SECONDS = 3600;
/** Status polling: the first poll after 5 s, then every 3 s. */
export const SCAN_FIRST_POLL_MS = 5000;
export const SCAN_POLL_INTERVAL_MS = 3000;

const scanSession = (id: string) => `/api/scan/session/${encodeURIComponent(id)}`;
const scanJob = (id: string, job: string) => `${scanSession(id)}/job/${encodeURIComponent(job)}`;
const scanFile = (id: string, name: string) => `${scanSession(id)}/files/${encodeURIComponent(name)}`;

export const scanPaths = {
  serial: '/api/scan/serial',
  scanners: '/api/scan/scanners',
  sessions: '/api/scan/session',
  /** DELETE ends the session and drops its files */
  session: scanSession,
  jobs: (id: string) => `${scanSession(id)}/job`,
  start: (id: string, job: string) => `${scanJob(id, job)}/start`,
  status: (id: string, job: string) => `${scanJob(id, job)}/status`,
  merge: (id: string, job: string) => `${scanJob(id, job)}/merge`,
  /** POST { Jobs }: the pages of several jobs, in that order, joined into one file */
  sessionMerge: (id: string) => `${scanSession(id)}/merge`,
  /** GET with ?chunk=N (0-based) */
  file: scanFile,
  /** GET with ?page=N (1-based) */
  words: (id: string, name: string) => `${scanFile(id, name)}/words`,
  /** only when the helper runs with HELPER_TEST_ENDPOINTS=1 */
  testFault: '/api/scan/test/fault',
} as const;

/** Status of a job: anything but Scanning, Completed and ScannerInUse means cancelled or error. */
export const SCAN_STATUSES = ['Scanning', 'Completed', 'ScannerInUse', 'Cancelled', 'Error'] as const;
export type ScanStatusName = (typeof SCAN_STATUSES)[number];

export const SCAN_FAULTS = ['ScannerInUse', 'Cancelled', 'PaperJam', 'EmptyFeeder', 'DeviceError'] as const;
export type ScanFault = (typeof SCAN_FAULTS)[number];

export type ScanColour = 'bilevel' | 'grey' | 'colour';
export type PaperSize = 'Letter' | 'Legal' | 'A4';
export type ScanFormat = 'tiff' | 'pdf';

export interface ScannerProfile {
  Name: string;
  /** pages a batch holds (sheets × sides) */
  Pages: number;
  Duplex: boolean;
  Colour: ScanColour;
  Dpi: number;
  Paper: PaperSize;
}

export interface ScanSerialResponse {
  Serial: string;
  Version: string;
}

export interface ScanScannersResponse {
  Default: string;
  Scanners: ScannerProfile[];
}

export interface ScanSessionRequest {
  /** pages are deterministic per (Seed, page index); default: a fresh seed */
  Seed?: number;
}

export interface ScanSessionResponse {
  SessionID: string;
  Timeout: number;
}

export interface ScanJobRequest {
  /** profile name; default the first */
  Scanner?: string;
  Format?: ScanFormat;
  /** pages to scan; default the profile's Pages */
  Pages?: number;
  Fault?: ScanFault;
  /** pages scanned before the fault strikes (Cancelled, PaperJam) */
  FaultAfter?: number;
}

export interface ScanJobResponse {
  JobID: string;
  Scanner: string;
  Format: ScanFormat;
  Pages: number;
}

export interface ScanStatusResponse {
  Status: ScanStatusName;
  PagesScanned: number;
  Message: string;
  Fault?: ScanFault;
}

export interface ScanFileInfo {
  Name: string;
  Size: number;
  Pages: number;
  ContentType: string;
  ChunkSize: number;
  ChunkCount: number;
}

/** Body of the session merge: the jobs whose pages make one file, in page order. */
export interface ScanSessionMergeRequest {
  Jobs: string[];
}

export interface ScanMergeResponse {
  Files: ScanFileInfo[];
}

/** Response headers of a chunk; the body is the chunk's bytes (application/octet-stream). */
export const SCAN_CHUNK_HEADERS = {
  totalSize: 'X-Total-Size',
  chunkCount: 'X-Chunk-Count',
  chunkIndex: 'X-Chunk-Index',
} as const;

/** A printed word and its box in pixels of the page image (for KeyFree indexing). */
export interface ScanWord {
  Top: number;
  Left: number;
  Width: number;
  Height: number;
  /** 1-based line number on the page */
  Line: number;
  Value: string;
}

export interface ScanWordsResponse {
  Page: number;
  Width: number;
  Height: number;
  Dpi: number;
  Words: ScanWord[];
}

export interface ScanTestFaultRequest {
  /** null clears the pending fault */
  Fault: ScanFault | null;
  FaultAfter?: number;
}

// ---- Launch API ----

export interface LaunchEmailDocument {
  Archive: number;
  Id: number;
  Hash?: string;
}

export interface LaunchEmailRequest {
  Documents: LaunchEmailDocument[];
  SearchCriteria?: unknown;
}

export interface LaunchInboxEmailRequest {
  Documents: { InboxID: number; Filename: string }[];
}

export interface LaunchEmailResponse {
  /** the .eml written into the helper's outbox */
  File: string;
  Attachments: number;
}

export interface LaunchEntry {
  Id: string;
  [key: string]: unknown;
}
export * from './helperBulk';
