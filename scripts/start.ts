// Starts the whole system on one URL: builds the client when needed, seeds the data folder on first
// run, then runs the Square9API simulator (serving the client) and the Extensions helper. Ctrl-C stops.
// Run: npm start   (npm run dev: Vite's dev server with reload; env PORT, HELPER_HTTP_PORT,
// HELPER_HTTPS_PORT, DATA_DIR, SCENARIO, LICENSE_IDLE_MINUTES, PDF_CONVERT_DELAY_SECONDS,
// SIM_TEST_ENDPOINTS=1, CORS_ORIGINS (origins whose pages may call the API and the helper; default
// http://localhost:$PORT and http://127.0.0.1:$PORT, plus Vite's in `npm run dev`), and
// DATA_TEMPLATE_DIR: seed that folder instead, reseeding it when the fixtures or the schema change,
// and start every run from a fresh copy of it in DATA_DIR, as the end-to-end tests do)
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startApi } from '@gs/simulator-api/server';
import { corsOriginsFromEnv, parseAllowList } from '@gs/simulator-api/config';
import { startHelper } from '@gs/simulator-helper/server';
import { isSeeded, seedScenario } from '@gs/simulator-fixtures/seed';
import { buildClient, clientBuildIsStale } from './lib/clientBuild';
import { DEMO_SIGN_INS } from './lib/signIns';

type Scenario = 'demo' | 'empty' | 'large';
const SCENARIOS: readonly string[] = ['demo', 'empty', 'large'];

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const env = process.env;
const args = new Set(process.argv.slice(2));

function intEnv(name: string, fallback: number): number {
  const raw = env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65535)
    throw new Error(`${name} must be a port number, got '${raw}'.`);
  return value;
}

const port = intEnv('PORT', 8080);
const helperHttpPort = intEnv('HELPER_HTTP_PORT', 9080);
const helperHttpsPort = intEnv('HELPER_HTTPS_PORT', 9443);
const dataDir = resolve(root, env.DATA_DIR || 'data');
const scenario = env.SCENARIO || 'demo';
if (!SCENARIOS.includes(scenario))
  throw new Error(`SCENARIO must be one of ${SCENARIOS.join(', ')}, got '${scenario}'.`);

const VITE_PORT = 5173;
/** the API's allow-list ('*': anyone, the real server's way); the helper never takes '*' */
const corsOrigins = corsOriginsFromEnv(env.CORS_ORIGINS, port);
/** where `npm start` serves the client on `p` */
const servedOrigins = (p: number): string[] => [`http://localhost:${p}`, `http://127.0.0.1:${p}`];
const helperOrigins: readonly string[] = corsOrigins === '*' ? servedOrigins(port) : corsOrigins;

const templateDir = env.DATA_TEMPLATE_DIR ? resolve(root, env.DATA_TEMPLATE_DIR) : null;
const FINGERPRINT_FILE = '.template-fingerprint';

/** A hash of what decides a seeded folder's content: the fixtures and the database code. */
function seedFingerprint(): string {
  const hash = createHash('sha1').update(scenario);
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (!entry.name.endsWith('.test.ts')) hash.update(entry.name).update(readFileSync(path));
    }
  };
  walk(join(root, 'simulator', 'fixtures', 'src'));
  walk(join(root, 'simulator', 'api', 'src', 'db'));
  // the demo's workflow tasks are made by the API's engine (fixtures approvalWorkflow.ts)
  for (const file of ['workflowEngine.ts', 'workflow.ts'])
    hash.update(file).update(readFileSync(join(root, 'simulator', 'api', 'src', 'services', file)));
  return hash.digest('hex');
}

async function seedInto(dir: string, force = false): Promise<void> {
  console.log(`Seeding the '${scenario}' scenario into ${dir}...`);
  const summary = await seedScenario({
    dataDir: dir,
    scenario: scenario as Scenario,
    force,
    log: (line: string) => console.log(`  ${line}`),
  });
  console.log(`Seeded in ${summary.seconds.toFixed(1)} s.`);
}

async function ensureSeeded(): Promise<void> {
  if (!templateDir) {
    if (!isSeeded(dataDir)) await seedInto(dataDir);
    return;
  }
  const fingerprint = seedFingerprint();
  const marker = join(templateDir, FINGERPRINT_FILE);
  const current = existsSync(marker) ? readFileSync(marker, 'utf8') : '';
  if (!isSeeded(templateDir) || current !== fingerprint) {
    await seedInto(templateDir, true);
    writeFileSync(marker, fingerprint);
  }
  rmSync(dataDir, { recursive: true, force: true });
  cpSync(templateDir, dataDir, { recursive: true });
}

/** Runs the API and helper in this process; returns a stopper. */
async function serve(clientDir: string | undefined): Promise<() => Promise<void>> {
  const api = await startApi({
    port,
    dataDir,
    clientDir,
    testEndpoints: env.SIM_TEST_ENDPOINTS === '1',
    searchWorkers: env.SEARCH_READ_WORKERS ? Number(env.SEARCH_READ_WORKERS) : undefined,
    config: {
      licenseIdleMinutes: env.LICENSE_IDLE_MINUTES ? Number(env.LICENSE_IDLE_MINUTES) : undefined,
      pdfConvertDelayMs: env.PDF_CONVERT_DELAY_SECONDS
        ? Number(env.PDF_CONVERT_DELAY_SECONDS) * 1000
        : undefined,
      uploadUrlAllow: parseAllowList(env.UPLOAD_URL_ALLOW),
      helperHttpPort,
      helperHttpsPort,
      corsOrigins,
    },
  });
  const helper = await startHelper({
    dataDir,
    httpPort: helperHttpPort,
    httpsPort: helperHttpsPort,
    apiPath: `http://localhost:${api.port}/Square9API/`,
    // one flag turns on the test endpoints of both services (e2e picks scanner faults through it)
    testEndpoints: env.SIM_TEST_ENDPOINTS === '1',
    allowedOrigins: helperOrigins,
  });
  console.log(`Square9API simulator: ${api.url}Square9API/api/`);
  console.log(`Extensions helper:    ${helper.httpUrl} and ${helper.httpsUrl}`);
  return async () => {
    await Promise.all([api.close(), helper.close()]);
  };
}

function printWelcome(url: string): void {
  console.log(`\nGlobalSearch is ready at ${url}\n`);
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
        CORS_ORIGINS: env.CORS_ORIGINS || [...servedOrigins(port), ...servedOrigins(VITE_PORT)].join(','),
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

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
