// Test-only endpoints of the simulator, mounted at the host root when SIM_TEST_ENDPOINTS=1
// (e2e uses them to take every seat, drop every licence, or move the licence clock).
import type { LicenseTypeCode } from './flags';

export const simPaths = {
  seats: '/__sim/seats',
  clearLicenses: '/__sim/licenses/clear',
  clock: '/__sim/clock',
  /** POST: convert every document whose PDF conversion is due now (SimPdfConversionResponse) */
  pdfConversion: '/__sim/pdf-conversion',
  /** POST: put a document into a workflow or take it out (SimWorkflowRequest) */
  workflow: '/__sim/workflow',
} as const;

/** POST simPaths.seats */
export interface SimSeatsRequest {
  Type: LicenseTypeCode;
  Seats: number;
}

/** POST simPaths.clock: moves the simulator's clock forward (licence idle time). */
export interface SimClockRequest {
  advanceMs: number;
}
export interface SimClockResponse {
  /** the simulator's current time, epoch ms */
  now: number;
}

/** POST simPaths.clearLicenses */
export interface SimClearLicensesResponse {
  Released: number;
}

/** POST simPaths.pdfConversion: what the converter did (it runs on its own too, every second). */
export interface SimPdfConversionResponse {
  /** documents converted to PDF */
  Converted: number;
  /** documents still waiting (their delay has not passed yet) */
  Pending: number;
}

/**
 * POST simPaths.workflow (any casing): `Status` 1 (processing) or 2 (waiting in `Queue`) puts the
 * document into the workflow `Name` with 'Global Action Entered' history; 0 ends it ('Workflow
 * Ended'). Answers the document's state.
 */
export interface SimWorkflowRequest {
  Database: number;
  Archive: number;
  Document: number;
  Status: 0 | 1 | 2;
  Name?: string;
  ProcessId?: number;
  Queue?: string;
}
export interface SimWorkflowResponse {
  Document: number;
  WorkflowStatus: number;
  PdfConvertStatus: boolean;
}
