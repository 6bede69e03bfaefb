// The whole system on one URL for `npm start` (scripts/start.ts, which parses the environment
// first and loads this only then, so that a bad variable stops it before these modules load):
// builds the client when needed, seeds the data folder on first run, then runs the Square9API
// simulator (serving the client) and the Extensions helper. Ctrl-C stops. DATA_TEMPLATE_DIR: seed
// that folder instead, reseeding it when the fixtures or the schema change, and start every run
// from a fresh copy of it in DATA_DIR, as the end-to-end tests do; TRAINER_PASSWORD: the trainer
// page at /trainer and `npm run reset` (training rooms, decision 034), SCENARIO may then name any
// room scenario; TEMPLATES_DIR: where the rooms' templates are seeded, default ./data-templates,
// shared by every stack on the machine. The variables: docs/configuration.md (decision 060).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startApi } from '@gs/simulator-api/server';
import { apiStartOptions } from '@gs/simulator-api/startOptions';
import { startHelper, type RunningHelper } from '@gs/simulator-helper/server';
import { uploadLimits } from '@gs/simulator-helper/bulk/uploads';
import { helperCorsOrigins, servedOrigins } from '@gs/simulator-config/derived';
import { exitWithConfigError, type Env } from '@gs/simulator-config/load';
import type { SimConfig } from '@gs/simulator-config/variables';
import { isSeeded, seedScenario } from '@gs/simulator-fixtures/seed';
import type { ScenarioName } from '@gs/simulator-fixtures/seed';
import { TRAINER_ROOT } from '@gs/contract/trainer';
import { buildClient, clientBuildIsStale } from './clientBuild';
import { DEMO_SIGN_INS } from './signIns';
import { createRoom, ROOM_FILE, type Room } from './rooms';
import { ROOM_SCENARIOS, roomScenarios } from './scenarios';
import { fromServerScenarios, readMarker } from '../fromServer/template';
import { copyTemplate, ensureTemplate } from './templates';

const SCENARIOS: readonly string[] = ['demo', 'empty', 'large'];

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The whole system under `config` (parsed by scripts/start.ts); `env` goes to the children of `--dev`. */
export async function startSystem(config: SimConfig, env: Env, argv: readonly string[]): Promise<void> {
  const args = new Set(argv);

  const port = config.PORT;
  const helperHttpPort = config.HELPER_HTTP_PORT;
  const helperHttpsPort = config.HELPER_HTTPS_PORT;
  const dataDir = resolve(root, config.DATA_DIR);
  const scenario = config.SCENARIO;
  const trainerPassword = config.TRAINER_PASSWORD ?? '';

  const VITE_PORT = 5173;
  /** the helper's allow-list: the API's (apiStartOptions), but never '*' */
  const helperOrigins: readonly string[] = helperCorsOrigins(config);

  const templateDir = config.DATA_TEMPLATE_DIR ? resolve(root, config.DATA_TEMPLATE_DIR) : null;
  const templatesDir = resolve(
    root,
    config.TEMPLATES_DIR ?? (templateDir ? join(dirname(templateDir), 'templates') : 'data-templates'),
  );
  /** the scenarios made from servers into the templates folder (npm run seed -- --from-server) */
  const madeFromServers = fromServerScenarios(templatesDir);
  /** with a trainer, any room scenario (its template is one of the seeded ones); any made from a server */
  const allowed = [...(trainerPassword ? ROOM_SCENARIOS.map((s) => s.name) : SCENARIOS), ...madeFromServers];
  if (!allowed.includes(scenario)) exitWithConfigError('SCENARIO', `one of ${allowed.join(', ')}`, scenario);
  const baseScenario = (ROOM_SCENARIOS.find((s) => s.name === scenario)?.template ??
    scenario) as ScenarioName;
  const fromServer = madeFromServers.includes(scenario);

  /** a base scenario's template folder: DATA_TEMPLATE_DIR for the starting one when set */
  const templateDirOf = (key: string): string =>
    templateDir && key === baseScenario ? templateDir : join(templatesDir, key);

  async function seedInto(dir: string): Promise<void> {
    console.log(`Seeding the '${baseScenario}' scenario into ${dir}...`);
    const summary = await seedScenario({
      dataDir: dir,
      scenario: baseScenario,
      log: (line: string) => console.log(`  ${line}`),
    });
    console.log(`Seeded in ${summary.seconds.toFixed(1)} s.`);
  }

  async function ensureSeeded(): Promise<void> {
    if (fromServer) {
      // its template is never seeded: it is what the server showed (decision 065)
      if (isSeeded(dataDir) && !templateDir) return;
      console.log(
        `Copying the '${scenario}' template made from ${readMarker(join(templatesDir, scenario))?.source}...`,
      );
      await copyTemplate(join(templatesDir, scenario), dataDir);
    } else if (templateDir) {
      // every run from a fresh copy of the template (the end-to-end tests)
      await ensureTemplate(root, baseScenario, templateDir);
      rmSync(dataDir, { recursive: true, force: true });
      await copyTemplate(templateDir, dataDir);
    } else if (!isSeeded(dataDir)) {
      if (!trainerPassword) return seedInto(dataDir);
      // a training room starts from its template, which its resets copy again
      await ensureTemplate(root, baseScenario, templateDirOf(baseScenario));
      await copyTemplate(templateDirOf(baseScenario), dataDir);
    }
  }

  /** Runs the API and helper in this process; returns a stopper. */
  async function serve(clientDir: string | undefined): Promise<() => Promise<void>> {
    /** started after the API, which the room is built with */
    const helperRef: { current?: RunningHelper } = {};
    let room: Room | undefined;
    const api = await startApi({
      ...apiStartOptions(config),
      port,
      dataDir,
      clientDir,
      trainer: trainerPassword
        ? {
            password: trainerPassword,
            room: (live) =>
              (room = createRoom({
                root,
                live,
                templateDir: templateDirOf,
                initial: scenario,
                helper: () => helperRef.current,
                scenarios: () => roomScenarios(templatesDir),
              })),
          }
        : undefined,
    });
    const helper = await startHelper({
      dataDir,
      httpPort: helperHttpPort,
      httpsPort: helperHttpsPort,
      apiPath: `http://localhost:${api.port}/Square9API/`,
      // one flag turns on the test endpoints of both services (e2e picks scanner faults through it)
      testEndpoints: config.SIM_TEST_ENDPOINTS,
      allowedOrigins: helperOrigins,
      allowedHosts: config.HELPER_HOSTS,
      uploads: uploadLimits(config.UPLOAD_QUOTA_MB, config.UPLOAD_CACHE_HOURS),
    });
    console.log(`Square9API simulator: ${api.url}Square9API/api/`);
    console.log(`Extensions helper:    ${helper.httpUrl} and ${helper.httpsUrl}`);
    helperRef.current = helper;
    if (room) {
      // a fresh data folder gets the scenario loaded in full; a kept one its running part back
      if (existsSync(join(dataDir, ROOM_FILE))) room.resume();
      else await room.load(scenario);
      void room.prepareSpares();
      console.log(`Trainer page:         ${api.url}${TRAINER_ROOT.slice(1)} (scenario '${room.current()}')`);
    }
    return async () => {
      room?.stop();
      await Promise.all([api.close(), helper.close()]);
    };
  }

  function printWelcome(url: string): void {
    console.log(`\nGlobalSearch is ready at ${url}\n`);
    if (fromServer) {
      console.log(`'${scenario}' holds the users of the server it was made from, each with the password`);
      console.log('the seed was given (--user-password, default Demo@1234).');
      console.log('\nPress Ctrl-C to stop.');
      return;
    }
    console.log('Sign in with any of these (password Demo@1234):');
    for (const s of DEMO_SIGN_INS) console.log(`  ${s.user.padEnd(16)} ${s.description}`);
    console.log('\nPress Ctrl-C to stop.');
  }

  function onStop(stop: () => Promise<void>): void {
    let stopping = false;
    const handler = () => {
      if (stopping) return;
      stopping = true;
      console.log('\nStopping...');
      stop().then(
        () => process.exit(0),
        (err: unknown) => {
          console.error(err);
          process.exit(1);
        },
      );
    };
    process.on('SIGINT', handler);
    process.on('SIGTERM', handler);
  }

  /** npm run dev: the API and helper restart on change (tsx watch), the client reloads (Vite). */
  function dev(): void {
    const children: ChildProcess[] = [
      spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'scripts/start.ts', '--serve-only'], {
        cwd: root,
        stdio: 'inherit',
        // the pages come from Vite's origin: the helper (and the API) must let them read answers
        env: {
          ...env,
          CORS_ORIGINS:
            config.CORS_ORIGINS === undefined
              ? [...servedOrigins(port), ...servedOrigins(VITE_PORT)].join(',')
              : env.CORS_ORIGINS,
        },
      }),
      spawn('npx', ['vite', '--host', '127.0.0.1', '--port', String(VITE_PORT), '--strictPort'], {
        cwd: join(root, 'client'),
        stdio: 'inherit',
        env: { ...env, API_PORT: String(port) },
      }),
    ];
    printWelcome('http://localhost:5173/');
    onStop(async () => {
      children.forEach((c) => c.kill('SIGTERM'));
    });
  }

  async function main(): Promise<void> {
    await ensureSeeded();
    if (args.has('--dev')) return dev();
    if (args.has('--serve-only')) {
      onStop(await serve(undefined));
      return;
    }
    if (clientBuildIsStale(root)) {
      console.log('Building the client...');
      buildClient(root);
    }
    const stop = await serve(join(root, 'client', 'dist'));
    printWelcome(`http://localhost:${port}/`);
    onStop(stop);
  }

  await main();
}
