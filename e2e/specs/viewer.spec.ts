// The viewer: full.user opens the default search of Accounts Payable > Invoices, finds a two-page
// invoice, opens it from the grid's View button (this window: openNewTab is off), goes to page 2,
// rotates it right, reloads, and the page is still turned: pdf.js draws the saved /Rotate. A stamp
// placed on a page is saved on the server and is still there after a reload.
import { test, expect } from '../fixtures';
import { ViewerPage } from '../pages/ViewerPage';

const INVOICES = ['Accounts Payable', 'Invoices'];
/** a two-page demo invoice (Tread Pro Tire Center, October 2025) */
const TWO_PAGE_INVOICE = 'TPT-2509587';

test.beforeEach(async ({ sim: _sim, openArchiveAs, searchAgainFor }) => {
  await openArchiveAs('full.user', INVOICES);
  await searchAgainFor('Invoice Number', TWO_PAGE_INVOICE);
});

test('a document opened from the grid keeps a rotated page after reload', async ({ page, resultsPage }) => {
  const pageCounts = await resultsPage.columnTexts('Page Count');
  const docId = await resultsPage.docId(pageCounts.findIndex((n) => n.trim() === '2'));

  await resultsPage.openInViewer(docId);
  await expect(page).toHaveURL(new RegExp(`/viewer/[^?]+\\?db=\\d+&archive=\\d+&Id=${docId}&session=`));
  const viewer = new ViewerPage(page);
  await expect(viewer.page).toHaveAttribute('data-orientation', 'portrait');
  await expect(page.getByTestId('viewer-page-count')).toHaveText('of 2');
  await expect(viewer.index.getByText('Invoice Number', { exact: true })).toBeVisible();

  await viewer.goToPage(2);
  await expect(viewer.page).toHaveAttribute('data-page', '2');
  await expect(viewer.page).toHaveAttribute('data-rotation', '0');
  const rotated = page.waitForResponse(
    (r) => /processing\.ashx/i.test(r.url()) && r.request().method() === 'POST',
  );
  await viewer.button('Rotate right').click();
  expect((await rotated).status()).toBe(200);
  await expect(viewer.page).toHaveAttribute('data-rotation', '90');
  await expect(viewer.page).toHaveAttribute('data-orientation', 'landscape');

  await page.reload();
  await viewer.goToPage(2);
  await expect(viewer.page).toHaveAttribute('data-page', '2');
  await expect(viewer.page).toHaveAttribute('data-rotation', '90');
  await expect(viewer.page).toHaveAttribute('data-orientation', 'landscape');
  // page 1 was not turned
  await viewer.goToPage(1);
  await expect(viewer.page).toHaveAttribute('data-rotation', '0');
  await expect(viewer.page).toHaveAttribute('data-orientation', 'portrait');
});

test('a stamp placed in the viewer is kept by the server', async ({ page, resultsPage }) => {
  const docId = await resultsPage.docId(0);
  await resultsPage.openInViewer(docId);
  const viewer = new ViewerPage(page);
  await expect(viewer.page).toHaveAttribute('data-page', '1');
  await expect(page.getByTestId('viewer-stamp')).toHaveCount(0);

  await viewer.button('Stamps').click();
  const saved = page.waitForResponse(
    (r) => /\/annotations\?/i.test(r.url()) && r.request().method() === 'PUT',
  );
  await page.getByRole('menuitem', { name: 'APPROVED', exact: true }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByTestId('viewer-stamp')).toHaveText(/APPROVED/);

  await page.reload();
  await expect(viewer.page).toHaveAttribute('data-page', '1');
  await expect(page.getByTestId('viewer-stamp')).toHaveCount(1);
  await expect(page.getByTestId('viewer-stamp')).toHaveText(/APPROVED/);
});
