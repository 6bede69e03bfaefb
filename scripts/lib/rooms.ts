// A training room (issue 18, decision 033): the scenario loaded into the live data of a running
// simulator, switched or reset in place from its template while the server keeps listening.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { HELPER_VERSION, SCAN_FAULTS, type ScanFault } from '@gs/contract/helper';
import type { TrainerHelperStatus } from '@gs/contract/trainer';
import type { LiveData } from '@gs/simulator-api/rooms/liveData';
import type { TrainerRoom } from '@gs/simulator-api/trainer/room';
import type { RunningHelper } from '@gs/simulator-helper/server';
import type { ScenarioName } from '@gs/simulator-fixtures/seed';
import { ROOM_SCENARIOS, templateKey, type RoomScenario } from './scenarios';
import { copyTemplate, ensureBaked, ensureTemplate, prepareSpare } from './templates';
import { FROM_SERVER_FILE } from '../fromServer/template';

/** The faults the trainer page offers, in the order a schedule of them runs (a jam first). */
const FIRST_FAULTS: readonly ScanFault[] = ['PaperJam', 'ScannerInUse', 'EmptyFeeder'];
const FAULT_CHOICES: readonly ScanFault[] = [
  ...FIRST_FAULTS,
  ...SCAN_FAULTS.filter((f) => !FIRST_FAULTS.includes(f)),
];

/** Where the data folder remembers its room's scenario across restarts. */
export const ROOM_FILE = '.room-scenario';

export interface RoomOptions {
  root: string;
  live: LiveData;
  /** the template folder of a base scenario, or of a scenario that bakes its own (templateKey) */
  templateDir: (key: string) => string;
  /** the scenario when the data folder names none */
  initial: string;
  /** the helper beside the API (started after it), when there is one */
  helper?: () => RunningHelper | undefined;
  /**
   * base templates seeded with another document count than their scenario's own (into their own
   * template folder: the count is part of the template's fingerprint); none: the scenarios' counts
   */
  documents?: Partial<Record<ScenarioName, number>>;
  /** the scenarios offered; a function is asked each time (templates made from servers come and go) */
  scenarios?: readonly RoomScenario[] | (() => readonly RoomScenario[]);
  log?: (line: string) => void;
}

export interface Room extends TrainerRoom {
  /** the scenario's template, seeded first when missing or stale; true when it was seeded */
  ensureTemplate(name: string): Promise<boolean>;
  /** the running part of the current scenario (after a restart; load does it itself) */
  resume(): void;
  /** spare copies of every seeded template's database, made in the background (load renames one) */
  prepareSpares(): Promise<void>;
  stop(): void;
}

export function createRoom(options: RoomOptions): Room {
  const { live, root } = options;
  const given = options.scenarios ?? ROOM_SCENARIOS;
  const list = (): readonly RoomScenario[] => (typeof given === 'function' ? given() : given);
  const log = options.log ?? console.log;
  const roomFile = join(live.dataDir, ROOM_FILE);
  const saved = existsSync(roomFile) ? readFileSync(roomFile, 'utf8').trim() : '';
  let current = list().some((s) => s.name === saved) ? saved : options.initial;
  let stopRunning: (() => void) | undefined;
  /** loads run one after the other (a double click, the page and npm run reset at once) */
  let queue: Promise<unknown> = Promise.resolve();

  const find = (name: string): RoomScenario => {
    const scenario = list().find((s) => s.name === name);
    if (!scenario) throw new Error(`Unknown scenario '${name}'.`);
    return scenario;
  };
  const scanner = () => options.helper?.()?.scanner;
  const start = (scenario: RoomScenario): void => {
    stopRunning?.();
    scanner()?.setFaultSchedule(scenario.faults ?? []);
    stopRunning = scenario.run?.(live);
  };
  const ensure = async (name: string): Promise<boolean> => {
    const scenario = find(name);
    const baseDir = options.templateDir(scenario.template);
    if (scenario.fromServer) {
      if (!existsSync(join(baseDir, FROM_SERVER_FILE)))
        throw new Error(
          `The template of '${name}' is gone from ${baseDir}; make it again with npm run seed -- --from-server.`,
        );
      return false;
    }
    const seeded = await ensureTemplate(root, scenario.template, baseDir, log, {
      documents: options.documents?.[scenario.template],
    });
    if (!scenario.bake) return seeded;
    const baked = await ensureBaked(baseDir, options.templateDir(templateKey(scenario)), scenario.bake, log);
    return seeded || baked;
  };

  const prepareSpares = async (): Promise<void> => {
    const templates = [...new Set(list().map(templateKey))];
    await Promise.all(templates.map((t) => prepareSpare(options.templateDir(t), live.dataDir)));
  };

  const load = async (name: string): Promise<{ seeded: boolean }> => {
    const scenario = find(name);
    const seeded = await ensure(name);
    stopRunning?.();
    stopRunning = undefined;
    let cleanUp: Promise<void> = Promise.resolve();
    await live.swap(() => {
      cleanUp = copyTemplate(options.templateDir(templateKey(scenario)), live.dataDir);
    });
    // a known state: the simulator's time is the real time again
    live.clock.setOffset(0);
    scenario.prepare?.(live);
    writeFileSync(roomFile, scenario.name);
    current = scenario.name;
    start(scenario);
    void cleanUp.catch((err: unknown) => log(`Could not delete the old data: ${String(err)}`));
    void prepareSpares();
    return { seeded };
  };

  return {
    prepareSpares,
    scenarios: () => list().map((s) => s.name),
    current: () => current,
    ensureTemplate: ensure,
    load(name) {
      const run = queue.then(() => load(name));
      queue = run.catch(() => undefined);
      return run;
    },
    resume: () => start(find(current)),
    stop() {
      stopRunning?.();
      stopRunning = undefined;
    },
    helper(): TrainerHelperStatus | null {
      const helper = options.helper?.();
      if (!helper) return null;
      const activity = helper.scanner.activity();
      return {
        HttpUrl: helper.httpUrl,
        HttpsUrl: helper.httpsUrl,
        Version: HELPER_VERSION,
        ScanSessions: activity.sessions,
        ScanJobs: activity.jobs,
      };
    },
    faultChoices: () => (scanner() ? FAULT_CHOICES : []),
    faults: () => scanner()?.faultSchedule() ?? [],
    setFaults: (faults) => scanner()?.setFaultSchedule(faults),
  };
}
