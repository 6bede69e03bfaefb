// The kit's shared types: a check, its outcome, and what a check may use (the wire client and
// what the kit discovered on the server). Checks throw Mismatch (expected vs actual) or Skip.
import type { Discovery } from './discover';
import type { Wire } from './wire';

export interface KitOptions {
  /** the API base, e.g. https://server/Square9API/api/ */
  url: string;
  user: string;
  password: string;
  /** the database to use, by name; default the first the user sees */
  database?: string;
  /** also import, edit, copy and delete documents the kit creates (and removes) */
  write: boolean;
}

export interface Context {
  wire: Wire;
  options: KitOptions;
  /** what the server holds that checks need (database, archives, a search with documents) */
  found(): Promise<Discovery>;
  /** state the write checks hand on to each other (created documents) */
  shared: Map<string, unknown>;
}

export interface Check {
  id: string;
  group: string;
  /** what is checked, ending with the wire reference section it rests on */
  title: string;
  /** the wire reference's section, e.g. "§2.1" */
  ref: string;
  /** only with --write */
  write?: boolean;
  /** set when the check depends on work on another branch: a failure is reported as pending */
  pending?: string;
  run(ctx: Context): Promise<void>;
}

export type Outcome = 'pass' | 'fail' | 'pending' | 'skip';

export interface CheckResult {
  id: string;
  group: string;
  title: string;
  ref: string;
  outcome: Outcome;
  /** for a failure: what the wire reference expects and what the server answered */
  expected?: string;
  actual?: string;
  /** for a skip or an unexpected error */
  detail?: string;
  /** keys beyond the reference's (not a failure) */
  notes?: string[];
  /** why a failure is only pending */
  pending?: string;
}

/** The server answered otherwise than the wire reference says. */
export class Mismatch extends Error {
  constructor(
    readonly what: string,
    readonly expected: string,
    readonly actual: string,
  ) {
    super(`${what}: expected ${expected}, got ${actual}`);
  }
}

/** The check cannot run here (nothing on the server to run it on). */
export class Skip extends Error {}
