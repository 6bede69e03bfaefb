// A trainer's room (issue 18): on the trainer page, switch to licenses-exhausted and see another
// browser's sign-in refused; reset the room and see a signed-in browser land on the sign-in page;
// switch to scanner-faults and see the scan page report the jam, then the scanner in use; the
// trainer's own browser, whose trainer password rides along on every call, runs the client too.
// The room goes back to the demo afterwards, for the specs that follow.
import { test, expect, DEMO_PASSWORD } from '../fixtures';
import { CapturePage } from '../pages/CapturePage';
import { LoginPage } from '../pages/LoginPage';
import { ResultsPage } from '../pages/ResultsPage';
import { SearchPage } from '../pages/SearchPage';
import { SelectDatabasePage } from '../pages/SelectDatabasePage';
import { TrainerPage } from '../pages/TrainerPage';

let trainer: TrainerPage;

test.beforeAll(async ({ browser }) => {
  ({ trainer } = await TrainerPage.open(browser));
});
test.afterAll(async () => {
  await trainer.switchTo('demo');
  await trainer.page.context().close();
});

test('licenses-exhausted: another browser’s sign-in is refused with the all-licences message', async ({
  page,
  loginPage,
}) => {
  await trainer.page.reload();
  await trainer.switchTo('licenses-exhausted');
  await loginPage.open();
  await loginPage.signIn('full.user', 'Demo@1234');
  // the client's ERROR_CANT_OBTAIN_LICENSE and ALL_LICENSES_IN_USE (locales/en/translation.json)
  await expect(loginPage.error).toHaveText('Unable to obtain a license. All licenses are in use.');
  await expect(page).toHaveURL(/\/login/);
});

test('a reset signs a signed-in browser out: its next step lands on the sign-in page', async ({
  page,
  signInTo,
  searchPage,
  loginPage,
}) => {
  await trainer.page.reload();
  await trainer.switchTo('demo');
  await signInTo('full.user', 'Finance');
  await expect(searchPage.page).not.toHaveURL(/\/login/);
  await trainer.reset();
  await page.reload();
  await expect(page).toHaveURL(/\/login/);
  await expect(loginPage.submit).toBeVisible();
});

test('scanner-faults: the scan page reports the jam, then the scanner in use', async ({ page, signInTo }) => {
  await trainer.page.reload();
  await trainer.switchTo('scanner-faults');
  const capture = new CapturePage(page);
  await capture.useFastTimings();
  await signInTo('full.user', 'Finance');
  await capture.expandArchive('Accounts Payable');
  await capture.archiveOption('Invoices', 'Import scan');
  await capture.scanButton.click();
  await expect(capture.scanError).toHaveText('An error occurred while scanning.');
  await capture.scanButton.click();
  await expect(capture.scanError).toHaveText(
    'The scanner is in use by another application. Close it and try again.',
  );
});

test('the trainer’s own browser runs the client: its trainer password beside the token is no failed sign-in', async () => {
  await trainer.page.reload();
  await trainer.switchTo('demo');
  // the same browser: the trainer's Basic credentials go with the client's calls (decision 045)
  const page = await trainer.page.context().newPage();
  const login = new LoginPage(page);
  await login.open();
  await login.signIn('full.user', DEMO_PASSWORD);
  await new SelectDatabasePage(page).choose('Finance');
  await new SearchPage(page).openArchive(['Accounts Payable', 'Invoices']);
  const results = new ResultsPage(page);
  await results.waitForRows();
  await page.reload();
  await results.waitForRows();
  await expect(page).not.toHaveURL(/\/login/);
  await page.close();
});
