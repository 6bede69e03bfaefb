// Test fixtures: page objects, a simulator reset around every test (every licence released,
// seats back to the demo's 10 per type) through the test endpoints of SIM_TEST_ENDPOINTS=1, and
// a guard that fails a test whose page logged a Content-Security-Policy refusal (decision 043).
import { expect, test as base, type APIRequestContext } from '@playwright/test';
import { API_ROOT } from '@gs/contract/paths';
import { simPaths, type SimSeatsRequest } from '@gs/contract/sim';
import { LicenseType } from '@gs/contract/flags';
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

/** A document's file through the API as full.user (its SecureId first). */
export async function documentFile(
  request: APIRequestContext,
  db: number,
  archive: number,
  doc: number,
): Promise<Buffer> {
  const headers = basicAuth();
  const hash = await request.get(`${API_ROOT}dbs/${db}/archives/${archive}?DocumentID=${doc}`, { headers });
  expect(hash.ok()).toBe(true);
  const file = await request.get(`${API_ROOT}dbs/${db}/archives/${archive}/documents/${doc}/File`, {
    headers,
    params: { SecureId: (await hash.json()) as string },
  });
  expect(file.ok()).toBe(true);
  return file.body();
}
const DEMO_SEATS = 10;

export class Simulator {
  constructor(private readonly request: APIRequestContext) {}

  async setSeats(body: SimSeatsRequest): Promise<void> {
    const res = await this.request.post(simPaths.seats, { data: body });
    if (!res.ok()) throw new Error(`set seats failed: ${res.status()} ${await res.text()}`);
  }

  async reset(): Promise<void> {
    const res = await this.request.post(simPaths.clearLicenses);
    if (!res.ok()) throw new Error(`clear licences failed: ${res.status()} ${await res.text()}`);
    for (const Type of Object.values(LicenseType)) await this.setSeats({ Type, Seats: DEMO_SEATS });
  }
}

interface Fixtures {
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

export const test = base.extend<Fixtures>({
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
  sim: async ({ request }, use) => {
    const sim = new Simulator(request);
    await sim.reset();
    await use(sim);
    await sim.reset();
  },
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
  searchAgainFor: async ({ searchPage, resultsPage }, use) =>
    use(async (prompt, value) => {
      await resultsPage.searchAgain.click();
      await searchPage.fillPrompt(prompt, value);
      await searchPage.runPrompt();
      await resultsPage.waitForRows();
    }),
});

export { expect } from '@playwright/test';
