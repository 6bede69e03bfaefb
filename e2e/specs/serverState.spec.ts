// Issue 29's acceptance for the query layer (decision 064): a next user in the same tab is shown and
// served nothing of the last one's server data, and a screen that goes cancels the request it was
// waiting for (the browser sees it aborted). The counts after a copy are treeCounts.spec.ts.
import type { Request } from '@playwright/test';
import { test, expect, DEMO_PASSWORD } from '../fixtures';

const W9 = 'Vendor W-9 Forms';

test('signing out as SSAdministrator and in as reader in the same tab shows and asks nothing of the administrator’s', async ({
  page,
  sim: _sim,
  signInTo,
  loginPage,
  selectPage,
  searchPage,
}) => {
  const requests: Request[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/Square9API/')) requests.push(request);
  });

  await signInTo('SSAdministrator', 'Finance');
  // the administrator sees W-9 under Accounts Payable, with its count
  await searchPage.openArchive(['Accounts Payable', W9]);
  const w9 = searchPage.archives.getByRole('button', { name: W9, exact: true });
  await expect(w9).toBeVisible();
  const adminToken = await requests.at(-1)?.headerValue('auth-token');
  expect(adminToken).toBeTruthy();

  // sign out and in again without leaving the page (no navigation reloads the client)
  await page.getByTestId('header-logout').click();
  await page.getByRole('link', { name: 'Sign in again' }).click();
  await expect(loginPage.submit).toBeVisible();
  const signedOutAt = requests.length;
  await page.evaluate(() => ((window as unknown as { __sameTab: boolean }).__sameTab = true));
  await loginPage.signIn('reader', DEMO_PASSWORD);
  await selectPage.choose('Finance');
  const toggle = searchPage.archives.getByRole('button', { name: /^(Expand|Collapse) Accounts Payable$/ });
  await expect(toggle).toBeVisible();
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect(searchPage.archives.getByRole('button', { name: 'Invoices', exact: true })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __sameTab?: boolean }).__sameTab)).toBe(true);

  // the DOM: no W-9 (reader has no right to it) and no administrator header buttons
  await expect(w9).toHaveCount(0);
  await expect(page.getByTestId('header-full-admin')).toHaveCount(0);

  // the requests: the tree was asked again, every time with the reader's token, never the administrator's
  const after = requests.slice(signedOutAt);
  const tree = after.filter((r) => /\/dbs\/\d+\/archives(\/\d+)?(\?|$)/i.test(r.url()));
  expect(tree.length, 'the reader’s tree was asked of the server, not taken from a cache').toBeGreaterThan(0);
  const tokens = new Set(await Promise.all(after.map((r) => r.headerValue('auth-token'))));
  expect(tokens.has(adminToken ?? '')).toBe(false);
  // and nothing the page requested as the reader answered W-9's archive
  const bodies = await Promise.all(
    tree.map(async (r) => ((await r.response())?.ok() ? ((await (await r.response())?.text()) ?? '') : '')),
  );
  expect(bodies.join('\n')).not.toContain(W9);
});

test('leaving the search screen while an archive’s searches load aborts their request', async ({
  page,
  sim: _sim,
  signInTo,
  searchPage,
}) => {
  await signInTo('full.user', 'Finance');
  // Slow network for this one list only (a test device, like a slow line; nothing in the product):
  // the searches of an archive answer after 10 s, so the screen is left while they load.
  await page.route(/\/dbs\/\d+\/archives\/\d+\/searches/i, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    await route.continue().catch(() => undefined);
  });
  const aborted = page.waitForEvent(
    'requestfailed',
    (request) =>
      /\/archives\/\d+\/searches/i.test(request.url()) && request.failure()?.errorText === 'net::ERR_ABORTED',
  );
  const asked = page.waitForRequest(/\/dbs\/\d+\/archives\/\d+\/searches/i);
  await searchPage.openArchive(['Accounts Payable', 'Invoices']);
  await asked;
  await expect(page.getByTestId('search-list').or(page.getByRole('status').first())).toBeVisible();

  // leave the screen for the database choice: its request goes with it
  await page.getByTestId('header-database-select').click();
  await expect(page).toHaveURL(/\/select/);
  const failed = await aborted;
  expect(failed.failure()?.errorText).toBe('net::ERR_ABORTED');
});
