// Test fixtures: page objects, a per-test reset (`sim`) that does only what a user or a trainer
// can do, and a guard that fails a test whose page logged a Content-Security-Policy refusal
// (decision 043). The reset, before and after every test: every licence its browser and its API
// context hold is returned as the client's Log out returns it (`DELETE licenses/{token}`), every
// seat still in use is released on the trainer page's API as a trainer frees the room, and seats a
// test changed (there too, as a trainer changes them) go back to the demo's 10 per type. So every
// test starts with nobody signed in and seats never run out. No test endpoint: it works on both
// stacks.
import { expect, test as base, type APIRequestContext, type BrowserContext } from '@playwright/test';
import { API_ROOT, paths } from '@gs/contract/paths';
import { LicenseType } from '@gs/contract/flags';
import type { SearchResult } from '@gs/contract/searches';
import { TOKEN_COOKIE, TOKEN_REQUEST_HEADER } from '@gs/contract/licenses';
import {
  TRAINER_USER,
  trainerPaths,
  type TrainerSeatsRequest,
  type TrainerState,
} from '@gs/contract/trainer';
import { baseUrlOf, CONTROLLED, E2E_WORKERS, shippedStack, TRAINER_PASSWORD, type Stack } from './stacks';
import { LoginPage } from './pages/LoginPage';
import { SelectDatabasePage } from './pages/SelectDatabasePage';
import { AppHeader } from './pages/AppHeader';
import { ResultsPage } from './pages/ResultsPage';
import { SearchPage } from './pages/SearchPage';

export const DEMO_PASSWORD = 'Demo@1234';

/** The Authorization header of a demo user for calls on the API beside the browser. */
export const basicAuth = (user = 'full.user') => ({
  Authorization: `Basic ${Buffer.from(`${user}:${DEMO_PASSWORD}`).toString('base64')}`,
});

/** A document's SecureId through the API as full.user. */
async function secureIdOf(
  request: APIRequestContext,
  db: number,
  archive: number,
  doc: number,
): Promise<string> {
  const hash = await request.get(`${API_ROOT}dbs/${db}/archives/${archive}?DocumentID=${doc}`, {
    headers: basicAuth(),
  });
  expect(hash.ok()).toBe(true);
  return (await hash.json()) as string;
}

/** A document's file through the API as full.user (its SecureId first). */
export async function documentFile(
  request: APIRequestContext,
  db: number,
  archive: number,
  doc: number,
): Promise<Buffer> {
  const file = await request.get(`${API_ROOT}dbs/${db}/archives/${archive}/documents/${doc}/File`, {
    headers: basicAuth(),
    params: { SecureId: await secureIdOf(request, db, archive, doc) },
  });
  expect(file.ok()).toBe(true);
  return file.body();
}

/** A document's WorkflowStatus (its own Result, as the viewer reads it) through the API as full.user. */
export async function workflowStatusOf(
  request: APIRequestContext,
  db: number,
  archive: number,
  doc: number,
): Promise<number> {
  const result = await request.get(`${API_ROOT}${paths.document(db, archive, doc)}`, {
    headers: basicAuth(),
    params: { SecureId: await secureIdOf(request, db, archive, doc) },
  });
  expect(result.ok()).toBe(true);
  return ((await result.json()) as SearchResult).WorkflowStatus;
}
const DEMO_SEATS = 10;
/**
 * The reset reuses the test's kept-alive connection after the test: the server may close it as idle
 * just as it is reused (ECONNRESET), which Playwright retries when asked (the calls are idempotent).
 */
const NET_RETRIES = 2;

const trainerAuth = {
  Authorization: `Basic ${Buffer.from(`${TRAINER_USER}:${TRAINER_PASSWORD}`).toString('base64')}`,
};

/** The per-test reset (the `sim` fixture): a trainer's seats, and the test's licences returned. */
export class Simulator {
  private seatsChanged = false;

  constructor(
    private readonly request: APIRequestContext,
    private readonly context: BrowserContext,
  ) {}

  /** Seats of a licence type, as a trainer sets them on the trainer page. */
  async setSeats(body: TrainerSeatsRequest): Promise<void> {
    this.seatsChanged = true;
    await this.trainer(trainerPaths.seats, body);
  }

  private async trainer(path: string, body: object): Promise<void> {
    const res = await this.request.post(path, { data: body, headers: trainerAuth, maxRetries: NET_RETRIES });
    if (!res.ok()) throw new Error(`${path} failed: ${res.status()} ${await res.text()}`);
  }

  /** The licence tokens the test's browser and API context hold (the sstoken cookie of each). */
  private async heldTokens(): Promise<Set<string>> {
    const cookies = [...(await this.context.cookies()), ...(await this.request.storageState()).cookies];
    return new Set(cookies.filter((c) => c.name === TOKEN_COOKIE && c.value).map((c) => c.value));
  }

  /**
   * Returns every licence the test's contexts hold, as Log out does; then, as a trainer frees the
   * room on the trainer page, releases every seat still in use (a browser of the test's own, a
   * licence taken through the API) and puts changed seats back.
   */
  async reset(): Promise<void> {
    for (const token of await this.heldTokens()) {
      const res = await this.request.delete(`${API_ROOT}${paths.license(token)}`, {
        headers: { [TOKEN_REQUEST_HEADER]: token },
        maxRetries: NET_RETRIES,
      });
      if (!res.ok()) throw new Error(`releasing a licence failed: ${res.status()} ${await res.text()}`);
    }
    const res = await this.request.get(trainerPaths.state, { headers: trainerAuth, maxRetries: NET_RETRIES });
    if (!res.ok()) throw new Error(`the trainer's state failed: ${res.status()} ${await res.text()}`);
    const state = (await res.json()) as TrainerState;
    for (const { Id } of state.Licenses) await this.trainer(trainerPaths.release, { Id });
    if (!this.seatsChanged) return;
    for (const Type of Object.values(LicenseType)) await this.setSeats({ Type, Seats: DEMO_SEATS });
    this.seatsChanged = false;
  }
}

interface Fixtures {
  /** the per-test reset: the test's licences returned at its end, seats a trainer changed put back */
  sim: Simulator;
  /** fails a test whose page logged a Content-Security-Policy refusal (decision 043) */
  cspGuard: void;
  loginPage: LoginPage;
  selectPage: SelectDatabasePage;
  header: AppHeader;
  searchPage: SearchPage;
  resultsPage: ResultsPage;
  /** the start of every signed-in flow: sign in with the demo password and pick a database */
  signInTo: (user: string, database: string) => Promise<void>;
  /** signed in to Finance, an archive (its path in the tree) opened on its default search, rows shown */
  openArchiveAs: (user: string, archive: string[]) => Promise<void>;
  /** from the results, search again with one prompt filled in, and wait for the rows */
  searchAgainFor: (prompt: string, value: string) => Promise<void>;
}

interface WorkerFixtures {
  /** the stack this worker's specs run on: the controlled one, or its own shipped one (decision 089) */
  stack: Stack;
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  stack: [
    // eslint-disable-next-line no-empty-pattern -- Playwright's fixtures are named by destructuring
    async ({}, use, workerInfo) => {
      if (workerInfo.project.name === 'controlled') return use(CONTROLLED);
      if (workerInfo.parallelIndex >= E2E_WORKERS) {
        throw new Error(`the run started ${E2E_WORKERS} shipped stacks: set E2E_WORKERS, not --workers`);
      }
      await use(shippedStack(workerInfo.parallelIndex));
    },
    { scope: 'worker' },
  ],
  // the page's and the API context's address: this worker's stack
  baseURL: async ({ stack }, use) => use(baseUrlOf(stack)),
  cspGuard: [
    async ({ page }, use) => {
      const refusals: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) refusals.push(message.text());
      });
      await use();
      expect(refusals, 'the client page broke its Content-Security-Policy').toEqual([]);
    },
    { auto: true },
  ],
  // on every test, asked for or not, so that no test's sign-ins outlive it
  sim: [
    async ({ request, context }, use) => {
      const sim = new Simulator(request, context);
      await sim.reset();
      await use(sim);
      await sim.reset();
    },
    { auto: true },
  ],
  loginPage: async ({ page }, use) => use(new LoginPage(page)),
  selectPage: async ({ page }, use) => use(new SelectDatabasePage(page)),
  header: async ({ page }, use) => use(new AppHeader(page)),
  searchPage: async ({ page }, use) => use(new SearchPage(page)),
  resultsPage: async ({ page }, use) => use(new ResultsPage(page)),
  signInTo: async ({ loginPage, selectPage }, use) =>
    use(async (user, database) => {
      await loginPage.open();
      await loginPage.signIn(user, DEMO_PASSWORD);
      await selectPage.choose(database);
    }),
  openArchiveAs: async ({ signInTo, searchPage, resultsPage }, use) =>
    use(async (user, archive) => {
      await signInTo(user, 'Finance');
      await searchPage.openArchive(archive);
      await resultsPage.waitForRows();
    }),
  searchAgainFor: async ({ page, searchPage, resultsPage }, use) =>
    use(async (prompt, value) => {
      await resultsPage.searchAgain.click();
      await searchPage.fillPrompt(prompt, value);
      // the rows of the search before stay shown until the new page arrives: wait for that page
      const searched = page.waitForResponse(
        (r) => /\/documents\?/i.test(r.url()) && /SearchCriteria=/i.test(r.url()),
      );
      await searchPage.runPrompt();
      await searched;
      await resultsPage.waitForRows();
    }),
});

export { expect } from '@playwright/test';
