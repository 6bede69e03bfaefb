// /analytics (decision 039): full.user views an invoice in the viewer and edits its Notes, opens
// /analytics from the header, picks "Last 7 days", and today's row of the table counts one more
// view and one more update than before; the analytics portal of /batchselect opens /analytics
// for that portal.
import { test, expect } from '../fixtures';
import { AnalyticsPage, localToday } from '../pages/AnalyticsPage';
import { ViewerPage } from '../pages/ViewerPage';

const INVOICES = ['Accounts Payable', 'Invoices'];
/** a seeded invoice outside any workflow (Tread Pro Tire Center, October 2025) */
const INVOICE = 'TPT-2509587';

test('a view and an edit are counted for today on /analytics', async ({
  page,
  sim: _sim,
  openArchiveAs,
  searchAgainFor,
  resultsPage,
}) => {
  const analytics = new AnalyticsPage(page);
  const today = localToday();
  await openArchiveAs('full.user', INVOICES);
  await searchAgainFor('Invoice Number', INVOICE);
  const results = page.url();

  // what today already holds (other specs of the run may have viewed and edited too)
  await analytics.open();
  await analytics.range.selectOption({ label: 'Last 7 days' });
  await expect(analytics.dayRow(today)).toBeVisible();
  const viewedBefore = await analytics.count(today, 'viewed');
  const updatedBefore = await analytics.count(today, 'updated');

  // view a document in the viewer
  await page.goto(results);
  await resultsPage.waitForRows();
  const docId = await resultsPage.docId(0);
  await resultsPage.openInViewer(docId);
  await expect(new ViewerPage(page).page).toHaveAttribute('data-page', '1');

  // edit one field of it
  await page.goto(results);
  await resultsPage.waitForRows();
  await resultsPage.editMode.click();
  await resultsPage.cell('Notes', docId).fill(`Analytics e2e ${Date.now()}`);
  await resultsPage.save.click();
  await expect(resultsPage.notice).toHaveText('Your changes were saved.');
  await resultsPage.editMode.click();

  // the range is remembered; today's row counts both
  await analytics.open();
  await expect(analytics.range).toHaveValue('7');
  await expect(analytics.dayRow(today).locator('td[data-action="viewed"]')).toHaveText(
    String(viewedBefore + 1),
  );
  await expect(analytics.dayRow(today).locator('td[data-action="updated"]')).toHaveText(
    String(updatedBefore + 1),
  );
  // uPlot draws the same figures above the table
  await expect(
    page.getByRole('img', { name: /^Chart of document actions per day/ }).locator('canvas'),
  ).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('analytics.png'), fullPage: true });
  // the table covers the seven days, today first
  await expect(analytics.table.locator('tbody tr')).toHaveCount(7);
  await expect(analytics.table.locator('tbody tr').first()).toHaveAttribute(
    'data-testid',
    `analytics-day-${today}`,
  );
});

test('the analytics portal of /batchselect opens /analytics for it', async ({
  page,
  sim: _sim,
  signInTo,
}) => {
  await signInTo('full.user', 'Finance');
  await page.goto('/batchselect');
  await page.getByRole('link', { name: 'Invoice Analytics', exact: true }).click();
  await expect(page).toHaveURL(/\/analytics\?portal=\d+$/);
  const analytics = new AnalyticsPage(page);
  await expect(analytics.portal).toHaveText('Analytics portal: Invoice Analytics');
  await expect(analytics.table).toBeVisible();
  await expect(page.getByTestId('analytics-capture')).toBeVisible();
});
