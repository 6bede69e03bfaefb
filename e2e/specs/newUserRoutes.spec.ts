// What a new user hit in a stock Chromium (issue 27), driven as that user: the header's Capture
// administration opens the batch portal administration (7); /path lists the screens the user may
// open (8, decision 051); the read-only user finds the import items of the archive and inbox menus
// disabled with the toolbar's read-only tooltip, and a non-administrator sent to /admin/licenses or
// /admin/batches is redirected before any admin button shows (12); a copied /direct link with a
// and d opens the document in the viewer (13); opening the viewer as reader makes no request that
// answers 404 (15).
import type { Page, Response } from '@playwright/test';
import { test, expect } from '../fixtures';
import { ViewerPage } from '../pages/ViewerPage';

const INVOICES = ['Accounts Payable', 'Invoices'];
const READ_ONLY_TIP = 'Your read-only license does not allow this action.';

/** Records, from the first script of every page on, whether any of `testIds` was ever in the DOM. */
async function watchForFlash(page: Page, testIds: string[]): Promise<() => Promise<string[]>> {
  await page.addInitScript((ids: string[]) => {
    const seen = new Set<string>();
    (window as unknown as { __flashed: Set<string> }).__flashed = seen;
    const look = () => {
      for (const id of ids) if (document.querySelector(`[data-testid="${id}"]`)) seen.add(id);
      for (const button of document.querySelectorAll('button'))
        if (ids.includes(`text:${button.textContent?.trim() ?? ''}`))
          seen.add(`text:${button.textContent?.trim() ?? ''}`);
    };
    new MutationObserver(look).observe(document, { childList: true, subtree: true });
  }, testIds);
  return () => page.evaluate(() => [...(window as unknown as { __flashed: Set<string> }).__flashed]);
}

test('(7) Capture administration in the header opens the batch portal administration', async ({
  page,
  sim: _sim,
  signInTo,
  header,
}) => {
  await signInTo('SSAdministrator', 'Finance');
  await expect(header.toolbar).toBeVisible();
  await page.getByTestId('header-capture-admin').click();
  await expect(page).toHaveURL(/\/admin\/batches$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Batch portal administration' })).toBeVisible();
  await expect(page.getByTestId('portal-table')).toBeVisible();
});

test('(8) /path lists the screens this user may open, each a working link', async ({
  page,
  sim: _sim,
  signInTo,
}) => {
  await signInTo('full.user', 'Finance');
  await expect(page).toHaveURL(/\/view\?db=\d+/);
  const db = new URL(page.url()).searchParams.get('db');
  await page.goto('/path');
  await expect(page).toHaveURL(/\/path$/);
  const screens = page.getByRole('navigation', { name: 'Screens you can open' });
  await expect(page.getByRole('heading', { level: 1, name: 'Where to go' })).toBeVisible();
  await expect(screens.getByRole('link', { name: 'Search Finance' })).toHaveAttribute(
    'href',
    `/view?db=${db}`,
  );
  const expected: [string, string][] = [
    ['Select database', '/select'],
    ['Batch portals', '/batchselect'],
    ['Workflows', '/flows'],
    ['Analytics', '/analytics'],
    ['Settings', '/settings'],
    ['Extensions', '/gseconnect'],
  ];
  for (const [name, href] of expected)
    await expect(screens.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  // full.user administers nothing: no administration section
  await expect(page.getByRole('heading', { name: 'Administration' })).toHaveCount(0);
  await expect(screens.getByRole('link', { name: 'License manager' })).toHaveCount(0);
  await screens.getByRole('link', { name: 'Workflows', exact: true }).click();
  await expect(page).toHaveURL(/\/flows/);
});

test('(12) the read-only user finds the import items disabled with the read-only tooltip', async ({
  page,
  sim: _sim,
  signInTo,
  searchPage,
  resultsPage,
}) => {
  await signInTo('reader', 'Finance');
  await searchPage.openArchive(INVOICES);
  // the results screen draws a tree of its own: open the menu on that one, not on the search
  // screen's tree that is still shown while the results screen loads
  await resultsPage.waitForRows();
  await page.getByRole('button', { name: 'Options for Invoices', exact: true }).click();
  const archiveMenu = page.getByRole('menu', { name: 'Archive options' });
  for (const name of ['Import scan', 'Import file', 'Import data and documents']) {
    const item = archiveMenu.getByRole('menuitem', { name, exact: true });
    await expect(item).toBeDisabled();
    await expect(item).toHaveAttribute('title', READ_ONLY_TIP);
  }
  await page.keyboard.press('Escape');
  await expect(archiveMenu).toHaveCount(0);

  await page
    .getByTestId('inbox-panel')
    .getByRole('button', { name: 'Options for Scanning', exact: true })
    .click();
  const inboxMenu = page.getByRole('menu', { name: 'Inbox options: Scanning' });
  for (const name of ['Import scan', 'Import file']) {
    const item = inboxMenu.getByRole('menuitem', { name, exact: true });
    await expect(item).toBeDisabled();
    await expect(item).toHaveAttribute('title', READ_ONLY_TIP);
  }
});

test('(12) a non-administrator sent to /admin/licenses or /admin/batches is redirected without seeing admin buttons', async ({
  page,
  sim: _sim,
  signInTo,
}) => {
  const flashed = await watchForFlash(page, [
    'license-release-all',
    'license-manager',
    'text:New portal',
    'portal-table',
  ]);
  await signInTo('full.user', 'Finance');
  await expect(page).toHaveURL(/\/view\?db=\d+/);
  for (const address of ['/admin/licenses', '/admin/batches']) {
    await page.goto(address);
    await expect(page).toHaveURL(/\/select$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Select Your Database' })).toBeVisible();
    expect(await flashed()).toEqual([]);
  }
});

test('(13) a copied /direct link with archive and document opens that document in the viewer', async ({
  page,
  sim: _sim,
  openArchiveAs,
  resultsPage,
}) => {
  await openArchiveAs('full.user', INVOICES);
  const address = new URL(page.url()).searchParams;
  const db = address.get('db');
  const archive = address.get('archive');
  await resultsPage.waitForRows();
  const doc = await resultsPage.firstDocOfType('.pdf');
  await page.goto(`/direct?op=1&db=${db}&a=${archive}&d=${doc}`);
  await expect(page).toHaveURL(new RegExp(`/viewer/[^?]+\\?db=${db}&archive=${archive}&Id=${doc}`));
  const viewer = new ViewerPage(page);
  // the viewer's PDF engine loads on first use: slow on a busy machine
  await expect(viewer.page).toHaveAttribute('data-page', '1', { timeout: 30_000 });
  await expect(viewer.index.getByText('Invoice Number', { exact: true })).toBeVisible();
});

test('(15) opening the viewer as reader makes no request that answers 404 or names database 0', async ({
  page,
  sim: _sim,
  openArchiveAs,
  resultsPage,
}) => {
  await openArchiveAs('reader', INVOICES);
  const bad: string[] = [];
  const watch = (response: Response) => {
    const url = response.url();
    if (response.status() === 404 || /[?&]database=0(&|$)|\/dbs\/0\//i.test(url))
      bad.push(`${response.status()} ${url}`);
  };
  page.on('response', watch);
  const doc = await resultsPage.docId(0);
  await resultsPage.openInViewer(doc);
  await expect(page).toHaveURL(new RegExp(`/viewer/[^?]+\\?db=\\d+&archive=\\d+&Id=${doc}`));
  const viewer = new ViewerPage(page);
  // the viewer's PDF engine loads on first use: slow on a busy machine
  await expect(viewer.page).toHaveAttribute('data-page', '1', { timeout: 30_000 });
  await expect(viewer.index.getByText('Invoice Number', { exact: true })).toBeVisible();
  // the index panel's lists would have been asked for by now
  await page.waitForLoadState('networkidle');
  page.off('response', watch);
  expect(bad).toEqual([]);
});
