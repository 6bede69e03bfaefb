// Every screen is usable on a phone (390 x 844) and a tablet (1024 x 768) (issue 27: 6; decision
// 053): full.user reaches and clicks Log out, sees the grid and its pager before the side lists,
// reads a document on most of the width, and pages the batches without the page growing sideways.
import { test, expect } from '../fixtures';
import type { Locator, Page } from '@playwright/test';
import { BatchesPage } from '../pages/BatchesPage';
import { ViewerPage } from '../pages/ViewerPage';

const INVOICES = ['Accounts Payable', 'Invoices'];
const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet', width: 1024, height: 768 },
] as const;

/** The element's box lies inside the window (it can be seen and clicked without scrolling sideways). */
async function expectInsideWindow(page: Page, locator: Locator): Promise<void> {
  const box = await locator.boundingBox();
  const size = page.viewportSize();
  expect(box).not.toBeNull();
  expect(size).not.toBeNull();
  if (!box || !size) return;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(size.width);
}

/** How wide the document is: wider than the window means the page scrolls sideways. */
const pageWidth = (page: Page) => page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);

for (const size of SIZES) {
  test.describe(`on a ${size.name} (${size.width} px)`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('the results: the grid and its pager come first, the page is no wider than the window, Log out works', async ({
      page,
      sim: _sim,
      openArchiveAs,
      resultsPage,
    }) => {
      await openArchiveAs('full.user', INVOICES);
      expect(await pageWidth(page)).toBeLessThanOrEqual(size.width);

      // the grid and its pager are on the first screen, before the archive list
      const grid = await resultsPage.grid.boundingBox();
      const pager = await resultsPage.pages.boundingBox();
      const sidebar = await page.getByRole('navigation', { name: 'Archives' }).boundingBox();
      expect(grid && pager && sidebar).toBeTruthy();
      if (!grid || !pager || !sidebar) return;
      expect(pager.y + pager.height).toBeLessThanOrEqual(size.height);
      if (size.width < 760) expect(sidebar.y).toBeGreaterThanOrEqual(pager.y + pager.height);
      else expect(grid.width).toBeGreaterThanOrEqual(size.width * 0.6);

      // the header's places are in its menu on a phone, each one inside the window
      const menu = page.getByTestId('header-menu');
      if (await menu.isVisible()) {
        await menu.click();
        await expect(menu).toHaveAttribute('aria-expanded', 'true');
      }
      const analytics = page.getByTestId('header-analytics');
      await expect(analytics).toBeVisible();
      await expectInsideWindow(page, analytics);
      if (await menu.isVisible()) await menu.click();

      const logout = page.getByTestId('header-logout');
      await expect(logout).toBeVisible();
      await expectInsideWindow(page, logout);
      await logout.click();
      await expect(page).toHaveURL(/\/direct\?op=0/);
    });

    test('the viewer shows the page on most of the width', async ({
      page,
      sim: _sim,
      openArchiveAs,
      resultsPage,
    }) => {
      await openArchiveAs('full.user', INVOICES);
      await resultsPage.openInViewer(await resultsPage.docId(0));
      const viewer = new ViewerPage(page);
      await expect(viewer.page).toHaveAttribute('data-page', '1');
      await expect(viewer.index.getByText('Invoice Number', { exact: true })).toBeVisible();
      // on a tablet the index panel is beside the page: closed, the page takes the room
      if (size.width >= 760) await viewer.button('Index panel').click();
      await expect(viewer.index).toHaveCount(size.width >= 760 ? 0 : 1);
      await expect(async () => {
        const box = await viewer.page.boundingBox();
        expect(box?.width ?? 0).toBeGreaterThanOrEqual(size.width * 0.8);
        expect((box?.x ?? -1) + (box?.width ?? Infinity)).toBeLessThanOrEqual(size.width);
      }).toPass();
      expect(await pageWidth(page)).toBeLessThanOrEqual(size.width);
    });

    test('the batches table scrolls in its own box, not the page', async ({ page, sim: _sim, signInTo }) => {
      await signInTo('full.user', 'Finance');
      const batches = new BatchesPage(page);
      await batches.openPortal('AP Intake');
      await expect(batches.rows.first()).toBeVisible();
      expect(await pageWidth(page)).toBeLessThanOrEqual(size.width);
      // the last column (the row's actions) is reached by scrolling the table's box
      const actions = batches.rows.first().getByRole('button', { name: 'Documents', exact: true });
      await actions.scrollIntoViewIfNeeded();
      await expectInsideWindow(page, actions);
      await actions.click();
      await expect(page.getByRole('button', { name: 'Index document 1', exact: true })).toBeVisible();
    });
  });
}
