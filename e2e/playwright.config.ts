// Playwright in Debian's Chromium against the whole system started by scripts/start.ts on test
// ports. The demo company is seeded once into the rooms' shared template folder (TEMPLATES_DIR,
// default data-templates/demo; again when the fixtures or the schema change), the same template
// the unit run's room tests seed, so `npm test` seeds it once; every run starts from a fresh copy
// of it in e2e/.data/run-{port}, so runs on other ports do not share data and a run's writes never
// reach the next. Run: npm run e2e
import { defineConfig } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { dirname, join, resolve } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const E2E_PORT = Number(process.env.E2E_PORT ?? 18180);
export const E2E_HELPER_HTTP_PORT = Number(process.env.E2E_HELPER_HTTP_PORT ?? 19080);
export const E2E_HELPER_HTTPS_PORT = Number(process.env.E2E_HELPER_HTTPS_PORT ?? 19443);
const baseURL = `http://localhost:${E2E_PORT}`;
const templatesDir = resolve(root, process.env.TEMPLATES_DIR || 'data-templates');

export default defineConfig({
  testDir: './specs',
  outputDir: join(root, 'test-results'),
  workers: 1,
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  reporter: 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
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
    ignoreHTTPSErrors: true,
    locale: 'en-US',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
  },
  webServer: {
    command: 'npx tsx scripts/start.ts',
    cwd: root,
    url: `${baseURL}/config.json`,
    reuseExistingServer: false,
    // the first run seeds the demo company (about a minute)
    timeout: 300_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HELPER_HTTP_PORT: String(E2E_HELPER_HTTP_PORT),
      HELPER_HTTPS_PORT: String(E2E_HELPER_HTTPS_PORT),
      TEMPLATES_DIR: templatesDir,
      DATA_TEMPLATE_DIR: join(templatesDir, 'demo'),
      DATA_DIR: join(root, 'e2e', '.data', `run-${E2E_PORT}`),
      SCENARIO: 'demo',
      SIM_TEST_ENDPOINTS: '1',
      // PDF conversion waits for the tests to move the simulator's clock (exportHolds.spec.ts)
      PDF_CONVERT_DELAY_SECONDS: '600',
      // the trainer page, as a trainer starts it (trainer.spec.ts; pages/TrainerPage.ts)
      TRAINER_PASSWORD: process.env.E2E_TRAINER_PASSWORD ?? 'e2e-trainer',
    },
  },
});
