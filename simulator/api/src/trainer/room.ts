// What the trainer page drives: the training room a start script builds on the live data (the
// scenarios, their templates and the helper beside the API live outside the API package).
import type { ScanFault } from '@gs/contract/helper';
import type { TrainerHelperStatus } from '@gs/contract/trainer';

export interface TrainerRoom {
  scenarios(): readonly string[];
  current(): string;
  /** load a scenario afresh from its template (the current one: a reset); seeded: the template was made first */
  load(name: string): Promise<{ seeded: boolean }>;
  /** the helper beside the API, when there is one */
  helper(): TrainerHelperStatus | null;
  /** the faults the scanner's schedule may hold (empty: no helper) */
  faultChoices(): readonly ScanFault[];
  faults(): readonly ScanFault[];
  setFaults(faults: readonly ScanFault[]): void;
}
