// The trainer page of a training room (issue 18, decision 034; our design, no GlobalSearch
// counterpart): served by the simulator at /trainer when TRAINER_PASSWORD is set, HTTP Basic with
// that password (any user name). Its JSON API takes POSTs with a JSON body only.
import type { LicenseTypeCode } from './flags';
import type { ScanFault } from './helper';

export const TRAINER_ROOT = '/trainer';

export const trainerPaths = {
  page: TRAINER_ROOT,
  /** GET: TrainerState */
  state: `${TRAINER_ROOT}/api/state`,
  /** POST TrainerScenarioRequest: switch to a scenario (the current one: a reset); TrainerLoadResponse */
  scenario: `${TRAINER_ROOT}/api/scenario`,
  /** POST {}: the current scenario afresh; TrainerLoadResponse */
  reset: `${TRAINER_ROOT}/api/reset`,
  /** POST TrainerSeatsRequest */
  seats: `${TRAINER_ROOT}/api/seats`,
  /** POST TrainerReleaseRequest: every sign-in of the seat with that Id is signed out */
  release: `${TRAINER_ROOT}/api/licenses/release`,
  /** POST TrainerFaultsRequest: the scanner's fault schedule */
  faults: `${TRAINER_ROOT}/api/faults`,
  /** POST TrainerClockRequest: the simulator clock's offset from the real time */
  clock: `${TRAINER_ROOT}/api/clock`,
} as const;

/** The user name a trainer's Basic credentials carry (any is accepted; the password decides). */
export const TRAINER_USER = 'trainer';

export interface TrainerScenarioRequest {
  Scenario: string;
}
export interface TrainerLoadResponse {
  Scenario: string;
  /** how long the switch took on the server, milliseconds (seeding a missing template included) */
  Ms: number;
  /** the template had to be seeded first */
  Seeded: boolean;
}
export interface TrainerSeatsRequest {
  Type: LicenseTypeCode;
  Seats: number;
}
export interface TrainerReleaseRequest {
  /** the seat's Id in TrainerState (never a token) */
  Id: string;
}
export interface TrainerFaultsRequest {
  Faults: ScanFault[];
}
export interface TrainerClockRequest {
  OffsetMs: number;
}

export interface TrainerSeats {
  Type: LicenseTypeCode;
  Seats: number;
  InUse: number;
}
/** A seat in use: one user, however many sign-ins (tokens) they hold (decision 056). */
export interface TrainerLicense {
  /** an opaque id (an HMAC of the user's id); the page never shows a licence's token */
  Id: string;
  User: string;
  Type: LicenseTypeCode;
  /** the last use of any of the user's tokens, epoch ms on the simulator's clock */
  LastAccess: number;
  /** how many live tokens (sign-ins) the user holds */
  SignIns: number;
}
export interface TrainerHelperStatus {
  HttpUrl: string;
  HttpsUrl: string;
  Version: string;
  ScanSessions: number;
  ScanJobs: number;
}
export interface TrainerState {
  Scenario: string;
  Scenarios: string[];
  Seats: TrainerSeats[];
  Licenses: TrainerLicense[];
  /** the faults the schedule may hold; empty when no helper runs beside the API */
  FaultChoices: ScanFault[];
  Faults: ScanFault[];
  ClockOffsetMs: number;
  /** the simulator's time, epoch ms */
  Now: number;
  Helper: TrainerHelperStatus | null;
}
