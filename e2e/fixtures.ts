// Test fixtures: page objects, and a simulator reset around every test (every licence released,
// seats back to the demo's 10 per type) through the test endpoints of SIM_TEST_ENDPOINTS=1.
import { test as base, type APIRequestContext } from '@playwright/test';
import { simPaths, type SimSeatsRequest } from '@gs/contract/sim';
import { LicenseType } from '@gs/contract/flags';
import { LoginPage } from './pages/LoginPage';
import { SelectDatabasePage } from './pages/SelectDatabasePage';
import { AppHeader } from './pages/AppHeader';
import { ResultsPage } from './pages/ResultsPage';
import { SearchPage } from './pages/SearchPage';

export const DEMO_PASSWORD = 'Demo@1234';
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
  loginPage: LoginPage;
  selectPage: SelectDatabasePage;
  header: AppHeader;
  searchPage: SearchPage;
  resultsPage: ResultsPage;
  /** the start of every signed-in flow: sign in with the demo password and pick a database */
  signInTo: (user: string, database: string) => Promise<void>;
}

export const test = base.extend<Fixtures>({
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
});

export { expect } from '@playwright/test';
