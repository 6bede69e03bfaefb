// The viewer: full.user opens the default search of Accounts Payable > Invoices, finds a two-page
// invoice, opens it from the grid's View button (this window: openNewTab is off), goes to page 2,
// rotates it right, reloads, and the page is still turned: pdf.js draws the saved /Rotate. A stamp
// goes where the page is clicked, is dragged elsewhere, and after a reload lies where it was dropped.
import type { Locator } from '@playwright/test';
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

test('a stamp placed by a click and dragged is kept by the server where it was dropped', async ({
  page,
  resultsPage,
}) => {
  const docId = await resultsPage.docId(0);
  await resultsPage.openInViewer(docId);
  const viewer = new ViewerPage(page);
  await expect(viewer.page).toHaveAttribute('data-page', '1');
  await expect(viewer.page).toHaveAttribute('data-orientation', /portrait|landscape/);
  const stamp = page.getByTestId('viewer-stamp');
  await expect(stamp).toHaveCount(0);
  const saved = () =>
    page.waitForResponse((r) => /\/annotations\?/i.test(r.url()) && r.request().method() === 'PUT');
  const boxOf = async (locator: Locator) => {
    const box = await locator.boundingBox();
    if (!box) throw new Error('not shown');
    return box;
  };

  /** the stamp's box against the page's top left corner */
  const onPage = async () => {
    const [sheet, box] = [await boxOf(viewer.page), await boxOf(stamp)];
    return { ...box, x: box.x - sheet.x, y: box.y - sheet.y };
  };

  // choose the stamp, then click a spot on the left of the page: it lands there
  await viewer.button('Stamps').click();
  await page.getByRole('menuitem', { name: 'APPROVED', exact: true }).click();
  await expect(page.getByTestId('stamp-hint')).toContainText('APPROVED');
  const sheet = await boxOf(viewer.page);
  // (the page is taller than the window at fit width: a spot in its visible part)
  const spot = { x: sheet.width * 0.15, y: 420 };
  const placing = saved();
  await page.mouse.click(sheet.x + spot.x, sheet.y + spot.y);
  expect((await placing).status()).toBe(200);
  await expect(stamp).toHaveText(/APPROVED/);
  const placed = await onPage();
  // its corner is at the click (the stamp is drawn tilted: a few pixels either way)
  expect(Math.abs(placed.x - spot.x)).toBeLessThan(20);
  expect(Math.abs(placed.y - spot.y)).toBeLessThan(20);

  // drag it up and to the right
  const start = await boxOf(stamp);
  const grab = { x: start.x + start.width / 2, y: start.y + start.height / 2 };
  const moving = saved();
  await page.mouse.move(grab.x, grab.y);
  await page.mouse.down();
  await page.mouse.move(grab.x + 60, grab.y - 80, { steps: 5 });
  await page.mouse.move(grab.x + 120, grab.y - 160, { steps: 5 });
  await page.mouse.up();
  expect((await moving).status()).toBe(200);
  const dropped = await onPage();
  expect(Math.abs(dropped.x - placed.x - 120)).toBeLessThan(3);
  expect(Math.abs(dropped.y - placed.y + 160)).toBeLessThan(3);

  // after a reload it is where it was dropped
  await page.reload();
  await expect(viewer.page).toHaveAttribute('data-page', '1');
  await expect(viewer.page).toHaveAttribute('data-orientation', /portrait|landscape/);
  await expect(stamp).toHaveCount(1);
  await expect(stamp).toHaveText(/APPROVED/);
  await expect.poll(async () => Math.abs((await onPage()).x - dropped.x)).toBeLessThan(2);
  const kept = await onPage();
  expect(Math.abs(kept.y - dropped.y)).toBeLessThan(2);
  expect(Math.abs(kept.width - dropped.width)).toBeLessThan(2);
});
