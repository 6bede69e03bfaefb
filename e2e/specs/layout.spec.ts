// Layout on a desktop window (issue 27: 10, 17, 20; decision 053): a long history scrolls in its
// panel while the page keeps the window's height and the grid's pager stays in sight; Fit width
// fits the page beside the index panel and Back to results returns to the same results page; the
// German View button is not clipped; the Settings dialog keeps its height over its tabs; the admin
// navigation's colour reaches the bottom, sub-archives are indented, the stamp form is one row.
import { test, expect, basicAuth } from '../fixtures';
import type { Page } from '@playwright/test';
import { API_ROOT, paths } from '@gs/contract/paths';
import { ViewerPage } from '../pages/ViewerPage';

const INVOICES = ['Accounts Payable', 'Invoices'];
const box = async (page: Page, testId: string) => {
  const b = await page.getByTestId(testId).boundingBox();
  if (!b) throw new Error(`${testId} has no box`);
  return b;
};

test('a long document history scrolls in its panel: the page keeps the window height and the pager is in sight', async ({
  page,
  request,
  sim: _sim,
  openArchiveAs,
  resultsPage,
}) => {
  await openArchiveAs('full.user', INVOICES);
  const doc = await resultsPage.docId(0);
  const address = new URL(page.url()).searchParams;
  const db = Number(address.get('db'));
  const archive = Number(address.get('archive'));
  // staged through the API: 40 changes of the document's Notes, 40 entries of its history
  const headers = basicAuth();
  const fields = await request.get(`${API_ROOT}${paths.archive(db, archive)}?type=fields`, { headers });
  const notes = ((await fields.json()) as { ID: number; Name: string }[]).find((f) => f.Name === 'Notes');
  const hash = await request.get(`${API_ROOT}${paths.archive(db, archive)}?DocumentID=${doc}`, { headers });
  const secureId = (await hash.json()) as string;
  for (let n = 1; n <= 40; n++) {
    const res = await request.put(`${API_ROOT}${paths.fieldData(db, archive, doc)}`, {
      headers: { ...headers, SecureId: secureId },
      data: [{ ID: notes?.ID ?? 0, VAL: `layout note ${n}` }],
    });
    expect(res.status()).toBe(200);
  }

  await resultsPage.row(doc).click();
  await resultsPage.historyToggle.click();
  const list = resultsPage.history.getByTestId('history-list');
  await expect(list).toContainText('layout note 40');
  await expect(list.getByRole('listitem')).not.toHaveCount(0);
  expect(await list.getByRole('listitem').count()).toBeGreaterThanOrEqual(40);

  const { scrollHeight, innerHeight } = await page.evaluate(() => ({
    scrollHeight: document.scrollingElement?.scrollHeight ?? 0,
    innerHeight: window.innerHeight,
  }));
  expect(scrollHeight).toBeLessThanOrEqual(innerHeight);
  await expect(resultsPage.pages).toBeInViewport({ ratio: 1 });
  // the panel scrolls on its own
  expect(await resultsPage.history.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
});

test('Fit width fits the page beside the index panel; Back to results returns to the same results page', async ({
  page,
  sim: _sim,
  openArchiveAs,
  resultsPage,
}) => {
  await openArchiveAs('full.user', INVOICES);
  await resultsPage.goToPage(2);
  await expect(page).toHaveURL(/page=2/);
  await resultsPage.waitForRows();
  const resultsUrl = page.url();
  const doc = await resultsPage.docId(0);
  await resultsPage.openInViewer(doc);

  const viewer = new ViewerPage(page);
  await expect(viewer.page).toHaveAttribute('data-page', '1');
  await expect(viewer.index.getByText('Invoice Number', { exact: true })).toBeVisible();
  await viewer.button('Fit width').click();
  await expect(async () => {
    const sheet = await box(page, 'viewer-page');
    const index = await page.getByRole('complementary', { name: 'Index panel' }).boundingBox();
    if (!index) throw new Error('no index panel');
    expect(sheet.x + sheet.width).toBeLessThanOrEqual(index.x);
  }).toPass();

  await viewer.button('Back to results').click();
  await expect(page).toHaveURL(resultsUrl);
  await expect(resultsPage.row(doc)).toBeVisible();
});

test('in German the View button shows its whole word', async ({
  page,
  sim: _sim,
  openArchiveAs,
  resultsPage,
}) => {
  await openArchiveAs('full.user', INVOICES);
  await page.evaluate(() => localStorage.setItem('lang', 'de'));
  await page.context().addCookies([{ name: 'lang', value: 'de', url: page.url() }]);
  await page.reload();
  const view = resultsPage.rows.first().getByRole('button', { name: /^Dokument \d+ anzeigen$/ });
  await expect(view).toHaveText('Anzeigen');
  const fit = await view.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(fit.scroll).toBeLessThanOrEqual(fit.client);
  // and the button lies inside its cell
  const cell = view.locator('xpath=..');
  const [b, c] = [await view.boundingBox(), await cell.boundingBox()];
  expect(b && c && b.x + b.width <= c.x + c.width + 0.5).toBe(true);
});

test('the Settings dialog keeps one height over its tabs', async ({ page, sim: _sim, signInTo, header }) => {
  await signInTo('full.user', 'Finance');
  await header.settings.click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog).toBeVisible();
  const heights = new Set<number>();
  for (const tab of await dialog.getByRole('tab').all()) {
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    heights.add(Math.round((await dialog.boundingBox())?.height ?? 0));
  }
  expect([...heights]).toHaveLength(1);
  // the export tab is laid out: its fields are a label beside a box
  await dialog.getByRole('tab', { name: 'Export' }).click();
  const folder = dialog.getByLabel('Folder');
  await expect(folder).toHaveCSS('border-radius', '6px');
  await expect(dialog.getByTestId('export-utility-settings')).toHaveCSS('border-style', 'solid');
});

test('administration: the navigation reaches the bottom, sub-archives are indented, the stamp form is one row', async ({
  page,
  sim: _sim,
  signInTo,
}) => {
  await signInTo('SSAdministrator', 'Finance');
  await page.goto('/admin/full?mode=ARCHIVES&db=1');
  const cards = page.getByTestId('admin-card');
  const parent = cards.filter({ has: page.getByRole('heading', { name: 'Accounts Payable', exact: true }) });
  const child = cards.filter({ has: page.getByRole('heading', { name: 'Invoices', exact: true }) });
  await expect(child).toBeVisible();
  const [p, c] = [await parent.boundingBox(), await child.boundingBox()];
  expect(p && c).toBeTruthy();
  // below its parent and indented under it
  expect((c?.x ?? 0) - (p?.x ?? 0)).toBeGreaterThanOrEqual(16);
  expect(c?.y ?? 0).toBeGreaterThan((p?.y ?? 0) + (p?.height ?? 0) - 1);

  const nav = await page.getByRole('navigation', { name: 'Administration', exact: true }).boundingBox();
  const viewport = page.viewportSize();
  expect(Math.round((nav?.y ?? 0) + (nav?.height ?? 0))).toBe(viewport?.height);

  await page.getByTestId('admin-mode-STAMPS').click();
  const text = page.getByLabel('Stamp text');
  const add = page.getByRole('button', { name: 'Add stamp' });
  await expect(text).toBeVisible();
  const [t, a] = [await text.boundingBox(), await add.boundingBox()];
  expect(Math.abs((t?.y ?? 0) + (t?.height ?? 0) - ((a?.y ?? 0) + (a?.height ?? 0)))).toBeLessThanOrEqual(1);
  expect(Math.abs((t?.height ?? 0) - (a?.height ?? 0))).toBeLessThanOrEqual(1);
  // the cards start below the form's hint, not against it
  const hint = await page.getByText('@Today prints the date').boundingBox();
  const first = await page.getByTestId('admin-card').first().boundingBox();
  expect((first?.y ?? 0) - ((hint?.y ?? 0) + (hint?.height ?? 0))).toBeGreaterThanOrEqual(8);
});
