// The training rooms' scenarios (issue 18): each is a seeded base template plus, optionally, a
// change to the fresh data and something kept running while it is loaded. Adding one is an entry.
import type { ScanFault } from '@gs/contract/helper';
import type { ScenarioName } from '@gs/simulator-fixtures/seed';
import type { Db } from '@gs/simulator-api/db/connection';
import type { LiveData } from '@gs/simulator-api/rooms/liveData';
import { fillEverySeat, touchPhantoms } from '@gs/simulator-api/rooms/phantoms';
import { fromServerScenarios } from '../fromServer/template';
import { fillQueues } from './busyQueues';

export interface RoomScenario {
  name: string;
  /** the seeded template it starts from (a scenario made from a server: its own name) */
  template: ScenarioName;
  /** made by `npm run seed -- --from-server` (decision 065): its template is never seeded */
  fromServer?: boolean;
  /**
   * a change too slow for each reset: made once to a copy of the template, which becomes this
   * scenario's own template (kept while the base template and this function are unchanged)
   */
  bake?: (db: Db) => void;
  /** changes the fresh copy once, right after a switch or reset (one transaction) */
  prepare?: (live: LiveData) => void;
  /** the helper's scanner fault schedule while loaded (none: no faults) */
  faults?: readonly ScanFault[];
  /** runs while the scenario is loaded, also after a restart; returns its stopper */
  run?: (live: LiveData) => () => void;
}

/** How often the phantoms' licences are used (well inside the shortest idle timeout). */
const PHANTOM_KEEPALIVE_MS = 30_000;

export const ROOM_SCENARIOS: readonly RoomScenario[] = [
  { name: 'demo', template: 'demo' },
  { name: 'empty', template: 'empty' },
  { name: 'large', template: 'large' },
  {
    name: 'licenses-exhausted',
    template: 'demo',
    prepare: (live) => void fillEverySeat(live.db(), live.clock.now()),
    run: (live) => {
      const timer = setInterval(() => touchPhantoms(live.db(), live.clock.now()), PHANTOM_KEEPALIVE_MS);
      timer.unref();
      return () => clearInterval(timer);
    },
  },
  { name: 'scanner-faults', template: 'demo', faults: ['PaperJam', 'ScannerInUse', 'EmptyFeeder'] },
  // the demo's approval workflow holding every invoice of its archives (busyQueues.ts)
  { name: 'busy-queues', template: 'demo', bake: (db) => void fillQueues(db) },
];

/** The folder name of a scenario's template: its own when it bakes one, else its base's. */
export const templateKey = (s: RoomScenario): string => (s.bake ? s.name : s.template);

export const roomScenarioNames = (): string[] => ROOM_SCENARIOS.map((s) => s.name);

/** The built-in scenarios and those made from servers into `templatesDir`, read now. */
export function roomScenarios(templatesDir: string): RoomScenario[] {
  const builtIn = new Set(ROOM_SCENARIOS.map((s) => s.name));
  const made = fromServerScenarios(templatesDir).filter((name) => !builtIn.has(name));
  // its template folder is its own name, which templateKey gives for a template named so
  return [
    ...ROOM_SCENARIOS,
    ...made.map((name) => ({ name, template: name as ScenarioName, fromServer: true })),
  ];
}
