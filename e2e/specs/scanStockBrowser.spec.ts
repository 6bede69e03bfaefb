// Scanning as a new user would (issue 11): a browser that does NOT ignore certificate errors, on
// the http address `npm start` prints, with the spec's own timings (no test switch). The helper's
// https address is refused by such a browser (its certificate is self-signed), so the page must
// reach the helper over http for scanning too, and a scan must land in an inbox. A user who
// chooses https for scanning is walked through trusting the helper's certificate (/gseconnect).
import { test, expect } from '../fixtures';
import { CapturePage } from '../pages/CapturePage';
import { InboxPage } from '../pages/InboxPage';

test.use({ ignoreHTTPSErrors: false });

test('a stock browser on the http page scans into an inbox through the helper', async ({
  page,
  sim: _sim,
  signInTo,
  stack,
}) => {
  const capture = new CapturePage(page);
  const inbox = new InboxPage(page);
  await signInTo('full.user', 'Finance');

  // this browser refuses the helper's self-signed https address, and accepts its http one
  const reach = (url: string) =>
    page.evaluate(
      (u) =>
        fetch(u).then(
          (r) => r.ok,
          () => false,
        ),
      `${url}/api/Management/test`,
    );
  expect(await reach(`https://localhost:${stack.helperHttpsPort}`)).toBe(false);
  expect(await reach(`http://localhost:${stack.helperHttpPort}`)).toBe(true);

  await inbox.open('Scanning');
  const before = await inbox.rows.count();
  await page.goBack();
  await capture.inboxImportScan('Scanning');
  await expect(page).toHaveURL(/\/scan\?db=\d+&inboxId=\d+$/);
  await capture.scan(2);

  await expect(page).toHaveURL(/\/results\/Inbox\?db=\d+&inboxId=\d+$/, { timeout: 30_000 });
  await expect(inbox.rows).toHaveCount(before + 1);

  // the Extensions settings say why: this page is http, so every feature calls the helper over http
  await page.goto('/settings');
  const scanning = page.getByTestId('helper-scheme-scan');
  await expect(scanning).toContainText(`http://localhost:${stack.helperHttpPort}`);
  await expect(scanning).toContainText('This page is served over http');
});

test('choosing https for scanning walks the user through trusting the helper certificate', async ({
  page,
  sim: _sim,
  signInTo,
  stack,
}) => {
  const capture = new CapturePage(page);
  await signInTo('full.user', 'Finance');
  await page.goto('/settings');
  const settings = page.getByTestId('helper-settings');
  await settings.getByLabel('Connection for scanning').selectOption('https');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('helper-scheme-scan')).toContainText(
    `https://localhost:${stack.helperHttpsPort}You chose https`,
  );

  // the scan page cannot reach the helper: the browser refuses its certificate
  await page.goBack();
  await capture.expandArchive('Accounts Payable');
  await capture.archiveOption('Invoices', 'Import scan');
  await expect(page).toHaveURL(/\/scan\?db=\d+&a=\d+$/);
  const scanPage = page.url();
  await expect(page.getByTestId('extensions-certificate-hint')).toBeVisible();
  await page.getByRole('link', { name: 'Trust the GlobalSearch Extensions certificate' }).click();
  await expect(page).toHaveURL(/\/gseconnect\?return=/);
  await expect(page.getByTestId('trust-certificate')).toContainText('your browser refuses it');

  // the user opens the helper's https address and accepts the certificate there
  const [helperTab] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('link', { name: `Open https://localhost:${stack.helperHttpsPort}` }).click(),
  ]);
  await helperTab.waitForLoadState();
  // Chromium's warning page: Advanced, then Proceed to localhost (unsafe)
  await helperTab.locator('#details-button').click();
  await helperTab.locator('#proceed-link').click();
  await expect(helperTab.locator('#proceed-link')).toHaveCount(0);
  expect(new URL(helperTab.url()).port).toBe(String(stack.helperHttpsPort));
  await helperTab.close();

  // within one extension ping (5 s) the page notices and goes back to the scan page, which scans
  await expect(page).toHaveURL(scanPage, { timeout: 15_000 });
  await capture.scan(1);
  await expect(page).toHaveURL(/\/view\?db=\d+&a=\d+&ImportDoc=[^&]+\.tif$/, { timeout: 30_000 });
});
