// Playwright in Debian's Chromium against the whole system of scripts/start.ts, started on test
// ports (e2e/stacks.ts) with a data folder of its own per stack, in two projects:
// - `shipped` (every spec but specs/controlled/), one stack per worker: started exactly as a user or trainer starts it,
//   `npm start` with only its ports, data folder, templates folder and a trainer password set
//   (README, Training rooms): no test endpoints, the default PDF delay, the browser trusting no
//   certificate it was not shown (ignoreHTTPSErrors false). Its specs do only what a user, an
//   administrator or a trainer can do.
// - `controlled` (specs/controlled/ only): the same system with the simulator's and the helper's
//   test endpoints (SIM_TEST_ENDPOINTS=1: the clock, forced PDF conversion, the next scan's fault)
//   and PDF conversion held for 10 minutes. A spec goes there only when it cannot be written
//   without them; the rule is the folder.
// The demo company is seeded once into the rooms' shared template folder (TEMPLATES_DIR, default
// data-templates/demo; again when the fixtures or the schema change), the same template the unit
// run's room tests seed, so `npm test` seeds it once; every run starts each stack from a fresh
// copy of it (shipped: its data folder is removed before `npm start` seeds it from the template;
// controlled: DATA_TEMPLATE_DIR), in e2e/.data/{shipped,controlled}-{port}, so runs on other
// ports do not share data and a run's writes never reach the next. Run: npm run e2e (both
// projects); one: `--project shipped`. Every stack starts whichever specs run.
import { defineConfig } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { dirname, join, resolve } from 'node:path';
import { baseUrlOf, CONTROLLED, E2E_WORKERS, SHIPPED_STACKS, TRAINER_PASSWORD, type Stack } from './stacks';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const templatesDir = resolve(root, process.env.TEMPLATES_DIR || 'data-templates');
const dataDirOf = (stack: Stack): string => join(root, 'e2e', '.data', `${stack.name}-${stack.port}`);

/** What both stacks are started with: the variables README names for a room of one's own. */
const stackEnv = (stack: Stack): Record<string, string> => ({
  PORT: String(stack.port),
  HELPER_HTTP_PORT: String(stack.helperHttpPort),
  HELPER_HTTPS_PORT: String(stack.helperHttpsPort),
  TEMPLATES_DIR: templatesDir,
  DATA_DIR: dataDirOf(stack),
  // the trainer page, as a trainer starts it (trainer.spec.ts; pages/TrainerPage.ts; the fixtures' seats)
  TRAINER_PASSWORD,
});

const webServer = {
  cwd: root,
  reuseExistingServer: false,
  // the first run seeds the demo company (about a minute)
  timeout: 300_000,
  stdout: 'pipe',
  stderr: 'pipe',
} as const;

export default defineConfig({
  testDir: './specs',
  outputDir: join(root, 'test-results'),
  // one shipped stack per worker (e2e/fixtures.ts `stack`, decision 089): a worker's specs run one
  // at a time on its own stack's data, so two workers run shipped specs side by side and share
  // nothing; the controlled stack's few specs run on whichever worker is free, one at a time
  workers: E2E_WORKERS,
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  reporter: 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    ignoreHTTPSErrors: false,
    locale: 'en-US',
    screenshot: 'only-on-failure',
    // a failed test keeps its trace: the page's DOM before and after each step, its network and
    // console, and the screenshot above; not the screencast, whose frames, taken, encoded and
    // written for every test while it runs, cost a fifth of the browser's and runner's CPU (decision 077)
    trace: { mode: 'retain-on-failure', screenshots: false },
  },
  projects: [
    // the page's and the API context's baseURL is the worker's stack (e2e/fixtures.ts)
    { name: 'shipped', testIgnore: 'controlled/**' },
    { name: 'controlled', testMatch: 'controlled/**/*.spec.ts', workers: 1 },
  ],
  webServer: [
    // `npm start` on a data folder of its own that this run starts afresh, once per worker
    ...SHIPPED_STACKS.map((stack) => ({
      ...webServer,
      command: `rm -rf '${dataDirOf(stack)}' && npm start`,
      url: `${baseUrlOf(stack)}/config.json`,
      env: stackEnv(stack),
    })),
    {
      ...webServer,
      command: 'npm start',
      url: `${baseUrlOf(CONTROLLED)}/config.json`,
      env: {
        ...stackEnv(CONTROLLED),
        DATA_TEMPLATE_DIR: join(templatesDir, 'demo'),
        SCENARIO: 'demo',
        SIM_TEST_ENDPOINTS: '1',
        // PDF conversion waits for the tests to move the simulator's clock (controlled/exportHolds.spec.ts)
        PDF_CONVERT_DELAY_SECONDS: '600',
      },
    },
  ],
});
