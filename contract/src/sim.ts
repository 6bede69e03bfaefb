// Test-only endpoints of the simulator, mounted at the host root when SIM_TEST_ENDPOINTS=1
// (e2e uses them to take every seat, drop every licence, or move the licence clock).
import type { LicenseTypeCode } from './flags';

export const simPaths = {
  seats: '/__sim/seats',
  clearLicenses: '/__sim/licenses/clear',
  clock: '/__sim/clock',
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
