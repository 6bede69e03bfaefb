// Issue 27 (9, 21): on a phone-sized screen and with the keyboard alone, every dialog keeps Tab
// inside, starts on its first field, closes on Escape (also after a failed password change) and
// gives the focus back to its opener; the results grid is one tab stop a few Tabs from the top of
// the page, and the arrow keys move between its rows.
import type { Locator, Page } from '@playwright/test';
import { DEMO_PASSWORD, test, expect } from '../fixtures';

const INVOICES = ['Accounts Payable', 'Invoices'];

test.use({ viewport: { width: 390, height: 844 } });

/** Presses Tab until `target` has the focus; fails after `max` presses. Returns the presses. */
async function tabTo(page: Page, target: Locator, max = 60): Promise<number> {
  for (let presses = 1; presses <= max; presses++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((node) => node === document.activeElement)) return presses;
  }
  throw new Error(`not reached with ${max} Tab presses`);
}

const focusedIn = (dialog: Locator) => dialog.evaluate((node) => node.contains(document.activeElement));
const isFocused = (target: Locator) => target.evaluate((node) => node === document.activeElement);

/** Tab and Shift+Tab, more times than the dialog has stops, never leave it. */
async function expectTabCyclesInside(page: Page, dialog: Locator, presses = 25) {
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press('Tab');
    expect(await focusedIn(dialog), `Tab ${i + 1} left the dialog`).toBe(true);
  }
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press('Shift+Tab');
    expect(await focusedIn(dialog), `Shift+Tab ${i + 1} left the dialog`).toBe(true);
  }
}

test('Settings and the Copy dialog keep Tab inside, start on a field, close on Escape and give the focus back', async ({
  page,
  sim: _sim,
  openArchiveAs,
  resultsPage,
}) => {
  await openArchiveAs('full.user', INVOICES);
  await page.reload();
  await resultsPage.waitForRows();

  const opener = page.getByTestId('header-settings');
  await tabTo(page, opener);
  await page.keyboard.press('Enter');
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await expect(settings).toBeVisible();
  await expect.poll(() => focusedIn(settings)).toBe(true);
  await expectTabCyclesInside(page, settings);
  await page.keyboard.press('Escape');
  await expect(settings).toBeHidden();
  expect(await isFocused(opener)).toBe(true);

  // check the first row with the keyboard, then Copy
  const firstRow = resultsPage.grid.locator('[role="row"][aria-rowindex="2"]');
  await tabTo(page, firstRow);
  await page.keyboard.press('ArrowRight');
  const checkbox = firstRow.getByRole('checkbox');
  expect(await isFocused(checkbox)).toBe(true);
  await page.keyboard.press('Space');
  await expect(checkbox).toBeChecked();
  // the toolbar is one tab stop before the grid (the row, then the toolbar), the arrows reach Copy
  const copy = page.getByTestId('documents-copy');
  const inToolbar = () => page.evaluate(() => document.activeElement?.closest('[role="toolbar"]') !== null);
  await page.keyboard.press('Shift+Tab');
  expect(await isFocused(firstRow)).toBe(true);
  await page.keyboard.press('Shift+Tab');
  expect(await inToolbar()).toBe(true);
  for (let i = 0; i < 15 && !(await isFocused(copy)); i++) await page.keyboard.press('ArrowRight');
  expect(await isFocused(copy)).toBe(true);
  await page.keyboard.press('Enter');
  const archiveSelect = page.getByTestId('archive-select');
  await expect(archiveSelect).toBeVisible();
  await expect.poll(() => focusedIn(archiveSelect)).toBe(true);
  await expectTabCyclesInside(page, archiveSelect);
  await page.keyboard.press('Escape');
  await expect(archiveSelect).toBeHidden();
  expect(await isFocused(copy)).toBe(true);
});

test('a search prompt opened from Other searches starts on its first field and Tab stays inside', async ({
  page,
  sim: _sim,
  openArchiveAs,
}) => {
  await openArchiveAs('full.user', INVOICES);
  const opener = page.getByTestId('other-searches');
  await opener.focus();
  await page.keyboard.press('Enter');
  const choose = page.getByTestId('search-modal-selection');
  await expect(choose.getByRole('button').nth(1)).toBeVisible();
  // the first search of the list has the focus; Enter opens its prompts
  await expect
    .poll(() =>
      choose
        .getByRole('listitem')
        .first()
        .getByRole('button')
        .evaluate((n) => n === document.activeElement),
    )
    .toBe(true);
  await page.keyboard.press('Enter');
  const prompts = page.getByTestId('search-modal-prompts');
  await expect(prompts).toBeVisible();
  const firstField = prompts.locator('input, select, textarea').first();
  await expect(firstField).toBeVisible();
  await expect.poll(() => isFocused(firstField)).toBe(true);
  await expectTabCyclesInside(page, prompts, 40);
  await page.keyboard.press('Escape');
  await expect(prompts).toBeHidden();
  expect(await isFocused(opener)).toBe(true);
});

test('after a failed password change Escape still closes Settings', async ({ page, sim: _sim, signInTo }) => {
  await signInTo('reader', 'Finance');
  const opener = page.getByTestId('header-settings');
  await opener.focus();
  await page.keyboard.press('Enter');
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await expect(settings).toBeVisible();
  await expect.poll(() => focusedIn(settings)).toBe(true);
  await tabTo(page, settings.getByRole('tab', { name: 'Users' }), 20);
  await page.keyboard.press('Enter');
  // the current password is right, the new one breaks the server's rule (6 to 18 characters)
  await tabTo(page, settings.getByLabel('Current password'), 20);
  await page.keyboard.type(DEMO_PASSWORD);
  await tabTo(page, settings.getByLabel('New password'), 5);
  await page.keyboard.type('short');
  await page.keyboard.press('Tab');
  await page.keyboard.type('short');
  await tabTo(page, settings.getByRole('button', { name: 'Change password' }), 10);
  await page.keyboard.press('Enter');
  await expect(settings.getByTestId('password-outcome')).toContainText('could not be changed');
  await page.keyboard.press('Escape');
  await expect(settings).toBeHidden();
  expect(await isFocused(opener)).toBe(true);
});

test('the results grid is one tab stop a few Tabs from the top, and the arrow keys move the row focus', async ({
  page,
  sim: _sim,
  openArchiveAs,
  resultsPage,
}) => {
  await openArchiveAs('full.user', INVOICES);
  await page.reload();
  await resultsPage.waitForRows();
  const rows = resultsPage.grid.locator('.data-grid__body [role="row"]');
  // the skip link jumps over the header and the sidebars to the results; the toolbar is one stop
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await page.keyboard.press('Enter');
  const presses = 1 + (await tabTo(page, rows.first(), 9));
  await expect(rows.first()).toHaveAttribute('aria-rowindex', '2');
  console.log(`Tab presses to the first grid row: ${presses}`);
  expect(presses).toBeLessThanOrEqual(10);
  await page.keyboard.press('ArrowDown');
  expect(await isFocused(rows.nth(1))).toBe(true);
  await page.keyboard.press('ArrowDown');
  expect(await isFocused(rows.nth(2))).toBe(true);
  await page.keyboard.press('ArrowUp');
  expect(await isFocused(rows.nth(1))).toBe(true);
  // the grid is one stop: Shift+Tab leaves it, Tab comes back to the row last focused
  await page.keyboard.press('Shift+Tab');
  expect(await focusedIn(resultsPage.grid)).toBe(false);
  await page.keyboard.press('Tab');
  expect(await isFocused(rows.nth(1))).toBe(true);
});

test('the export menu, opened from the keyboard, is worked with the keys and gives the focus back', async ({
  page,
  sim: _sim,
  openArchiveAs,
  resultsPage,
}) => {
  await openArchiveAs('full.user', INVOICES);
  await resultsPage.waitForRows();
  // the toolbar is one tab stop whose buttons the arrows move between (useRovingToolbar): the
  // export button is focused directly here
  const trigger = page.getByTestId('export-menu');
  await trigger.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: 'Export' });
  const items = menu.getByRole('menuitem');
  await expect(menu).toBeVisible();
  // the focus is on its first item; the arrows and End move it, Escape gives it back
  await expect.poll(() => isFocused(items.first())).toBe(true);
  await page.keyboard.press('End');
  await expect.poll(() => isFocused(items.last())).toBe(true);
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => isFocused(items.first())).toBe(true);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  expect(await isFocused(trigger)).toBe(true);

  // Enter on an item opens its dialog; closing that gives the focus back to the menu's button
  await page.keyboard.press('Enter');
  await expect.poll(() => isFocused(items.first())).toBe(true);
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('export-modal');
  await expect(dialog).toBeVisible();
  await expect.poll(() => focusedIn(dialog)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect.poll(() => isFocused(trigger)).toBe(true);
});
