// Issue 27 (accessibility audit): axe-core runs on every screen of the client (sign-in to the
// administration pages, the Settings dialog open, every mode of /admin/full's side navigation),
// prints the violations per screen and impact, and fails on any of them, minor ones included.
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { API_ROOT } from '@gs/contract/paths';
import type { UploadResponse } from '@gs/contract/upload';
import { test, expect, basicAuth } from '../fixtures';
import { AdminConsolePage } from '../pages/AdminConsolePage';
import { BatchesPage } from '../pages/BatchesPage';
import { BulkPage } from '../pages/BulkPage';
import { DocumentsToolbar } from '../pages/DocumentsToolbar';
import { IndexingPage } from '../pages/IndexingPage';
import { InboxPage } from '../pages/InboxPage';
import { ViewerPage } from '../pages/ViewerPage';
import { WorkflowPage } from '../pages/WorkflowPage';
import { SecurityPage } from '../pages/SecurityPage';
import { samplePdf } from '../samplePdf';

const INVOICES = ['Accounts Payable', 'Invoices'];
type Impact = 'minor' | 'moderate' | 'serious' | 'critical';

const table: Record<string, Record<Impact, number>> = {};

test.afterAll(() => {
  console.log('axe violations per screen and impact (nodes):');
  console.table(table);
});

/**
 * Runs axe on the page as it is, records the counts and fails on any violation, whatever its
 * impact (every screen is clean down to the minor ones).
 * axe runs in the page itself (axe.run, the builder's legacy mode): the client's policy allows no
 * frame at all (frame-src 'none', simulator/api/src/http/clientPolicy.ts), so the page is all
 * there is to audit, and the builder's default, made for pages with cross-origin frames, opened a
 * blank page per audit and carried every node's result through it (about 60 % of the time).
 */
async function audit(page: Page, screen: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  expect(page.frames(), `${screen}: a frame axe's in-page run would not audit`).toHaveLength(1);
  const { violations } = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  const counts: Record<Impact, number> = { minor: 0, moderate: 0, serious: 0, critical: 0 };
  for (const v of violations) counts[(v.impact ?? 'minor') as Impact] += v.nodes.length;
  table[screen] = counts;
  const found = violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect.soft(found, `${screen}: axe violations`).toEqual([]);
}

async function uploadPdf(request: APIRequestContext): Promise<string> {
  const upload = await request.post(`${API_ROOT}files`, {
    headers: basicAuth(),
    multipart: {
      File: { name: 'invoice.pdf', mimeType: 'application/pdf', buffer: samplePdf(['INVOICE 1', 'PAGE 2']) },
    },
  });
  expect(upload.ok()).toBe(true);
  return (JSON.parse(await upload.text()) as UploadResponse).files[0]?.name ?? '';
}

const ids = (page: Page) => {
  const url = new URL(page.url());
  return { db: Number(url.searchParams.get('db')), archive: Number(url.searchParams.get('archive')) };
};

test('the sign-in and database screens', async ({ page, sim: _sim, loginPage }) => {
  await loginPage.open();
  await audit(page, 'sign-in');
  await loginPage.signIn('full.user', 'Demo@1234');
  await expect(page).toHaveURL(/\/select/);
  await audit(page, 'select');
});

test.describe.configure({ timeout: 180_000 });

test('search, results, the Settings dialog and the viewer', async ({
  page,
  sim: _sim,
  signInTo,
  searchPage,
  resultsPage,
}) => {
  await signInTo('full.user', 'Finance');
  await expect(searchPage.archives).toBeVisible();
  await audit(page, 'search');
  await searchPage.openArchive(INVOICES);
  await resultsPage.waitForRows();
  await audit(page, 'results');

  await resultsPage.searchAgain.click();
  await expect(page.getByTestId('search-modal-prompts').locator('input, select').first()).toBeVisible();
  await audit(page, 'search prompt (dialog)');
  await page.keyboard.press('Escape');

  await page.getByTestId('header-settings').click();
  await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
  await audit(page, 'settings (dialog)');
  await page.keyboard.press('Escape');

  await resultsPage.openInViewer(await resultsPage.docId(0));
  await expect(page).toHaveURL(/\/viewer\//);
  await audit(page, 'viewer');

  // the viewer's messages: an address that names no document, a document no session can show
  const viewer = new URL(page.url());
  await page.goto('/viewer/none');
  await expect(page.getByTestId('viewer-error')).toBeVisible();
  await audit(page, 'viewer: an address naming no document');
  viewer.searchParams.set('Id', '999999999');
  viewer.searchParams.delete('session');
  await page.goto(viewer.pathname + viewer.search);
  await expect(page.getByTestId('viewer-error')).toBeVisible();
  await audit(page, 'viewer: a document it cannot open');
});

test('inbox, task, scan, indexing and analytics', async ({
  page,
  sim: _sim,
  signInTo,
  searchPage,
  resultsPage,
}) => {
  await signInTo('full.user', 'Finance');
  await searchPage.openArchive(INVOICES);
  await expect(resultsPage.rows.first()).toBeVisible({ timeout: 30_000 });
  const results = page.url();
  const { db, archive } = ids(page);

  const inbox = new InboxPage(page);
  await inbox.open('AP Intake');
  await audit(page, 'inbox');

  await page.goto(results);
  const workflow = new WorkflowPage(page);
  await workflow.openQueue('Review');
  await audit(page, 'task (/results/Task)');

  await page.goto(`/scan?db=${db}&a=${archive}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await audit(page, 'scan');

  const indexing = new IndexingPage(page);
  await indexing.open(db, archive, [await uploadPdf(page.request)]);
  await audit(page, 'indexing');

  await page.goto('/analytics');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await audit(page, 'analytics');
});

test('batches: the portals and a portal’s batches', async ({ page, sim: _sim, signInTo }) => {
  await signInTo('full.user', 'Finance');
  const batches = new BatchesPage(page);
  await page.getByTestId('batch-portals-link').click();
  await expect(page).toHaveURL(/\/batchselect$/);
  await audit(page, 'batch portals');
  await page.goBack();
  await batches.openPortal('AP Scans');
  await audit(page, 'batches');
});

test('the administration screens', async ({ page, sim: _sim, signInTo }) => {
  await signInTo('SSAdministrator', 'Finance');
  const admin = new AdminConsolePage(page);
  await page.goto('/admin/full');
  await expect(admin.console).toBeVisible();
  const modes = await admin.nav
    .locator('[data-testid^="admin-mode-"]')
    .evaluateAll((links) =>
      links.map((link) => link.getAttribute('data-testid')?.replace('admin-mode-', '') ?? ''),
    );
  expect(modes.length).toBeGreaterThan(3);
  for (const mode of modes) {
    await admin.mode(mode as never).click();
    await expect(admin.mode(mode as never)).toHaveAttribute('aria-current', 'page');
    await audit(page, `/admin/full ${mode}`);
  }
  for (const [path, screen] of [
    ['/admin/security', '/admin/security'],
    ['/admin/licenses', '/admin/licenses'],
    ['/admin/batches', '/admin/batches'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await audit(page, screen);
  }
});

test('the other pages a user reaches: flows, settings, paths, Extensions, archive administration', async ({
  page,
  sim: _sim,
  signInTo,
}) => {
  await signInTo('SSAdministrator', 'Finance');
  for (const [path, screen] of [
    ['/flows', 'flows'],
    ['/settings', 'settings'],
    ['/path', 'paths'],
    ['/gseconnect', 'GlobalSearch Extensions'],
    ['/admin/archives', '/admin/archives'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await audit(page, screen);
  }
});

test('the documents’ dialogs: copy to, delete, merge, export, notifications', async ({
  page,
  sim: _sim,
  openArchiveAs,
  resultsPage,
}) => {
  const toolbar = new DocumentsToolbar(page);
  await openArchiveAs('full.user', INVOICES);
  await resultsPage.waitForRows();
  await toolbar.check(await resultsPage.docId(0));
  await toolbar.check(await resultsPage.docId(1));

  await toolbar.action('copy').click();
  await expect(toolbar.archiveSelect).toBeVisible();
  await audit(page, 'copy to (dialog)');
  await page.keyboard.press('Escape');
  await expect(toolbar.archiveSelect).toBeHidden();

  await toolbar.action('delete').click();
  await expect(toolbar.deleteConfirm).toBeVisible();
  await audit(page, 'delete (confirmation)');
  await page.keyboard.press('Escape');
  await expect(toolbar.deleteConfirm).toBeHidden();

  await toolbar.action('merge').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await audit(page, 'merge (dialog)');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  await page.getByTestId('export-menu').click();
  await expect(page.getByRole('menu')).toBeVisible();
  await audit(page, 'export (menu)');
  await page.keyboard.press('Escape');

  await toolbar.openNotifications();
  await audit(page, 'notifications (panel)');
  await toolbar.closeNotifications();
});

test('the results’ menus and dialogs: column options, bulk update, export', async ({
  page,
  sim: _sim,
  openArchiveAs,
  resultsPage,
}) => {
  const bulk = new BulkPage(page);
  await openArchiveAs('full.user', INVOICES);
  await resultsPage.waitForRows();

  await page.getByRole('button', { name: 'Column options for Vendor Name' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await audit(page, 'column options (menu)');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();

  await bulk.open();
  await audit(page, 'bulk update (dialog)');
  await bulk.modal.getByRole('button', { name: 'Close' }).last().click();
  await expect(bulk.modal).toBeHidden();

  await bulk.exportMenu.click();
  await page.getByRole('menuitem', { name: 'Export to spreadsheet' }).click();
  await expect(bulk.exportModal).toBeVisible();
  await audit(page, 'export (dialog)');
  await bulk.closeExport();
});

test('the sidebar’s menus and the viewer’s panels', async ({
  page,
  sim: _sim,
  openArchiveAs,
  resultsPage,
}) => {
  await openArchiveAs('full.user', INVOICES);
  await resultsPage.waitForRows();
  await page.getByRole('button', { name: 'Options for Invoices', exact: true }).click();
  await expect(page.getByRole('menu', { name: 'Archive options' })).toBeVisible();
  await audit(page, 'archive options (menu)');
  await page.keyboard.press('Escape');
  await page
    .getByTestId('inbox-panel')
    .getByRole('button', { name: 'Options for Scanning', exact: true })
    .click();
  await expect(page.getByRole('menu', { name: 'Inbox options: Scanning' })).toBeVisible();
  await audit(page, 'inbox options (menu)');
  await page.keyboard.press('Escape');

  await resultsPage.openInViewer(await resultsPage.docId(0));
  const viewer = new ViewerPage(page);
  await expect(viewer.page).toBeVisible();
  if (!(await viewer.index.isVisible())) await viewer.button('Index panel').click();
  await expect(viewer.index).toBeVisible();
  await audit(page, 'viewer: index panel');
  await viewer.button('Stamps').click();
  await expect(page.getByRole('menu', { name: 'Stamps' })).toBeVisible();
  await audit(page, 'viewer: stamps (menu)');
});

test('the administrators’ editors: a user’s rights, a new batch portal', async ({
  page,
  sim: _sim,
  signInTo,
}) => {
  await signInTo('SSAdministrator', 'Finance');
  await page.goto('/admin/security');
  const security = new SecurityPage(page);
  await security.choose(security.users, 'full.user');
  await expect(security.details).toContainText('full.user');
  await audit(page, '/admin/security: a user’s rights');

  await page.goto('/admin/batches');
  await page.getByRole('button', { name: 'New portal', exact: true }).click();
  await expect(page.getByTestId('portal-editor')).toBeVisible();
  await audit(page, '/admin/batches: a new portal');
});

test('every tab of the Settings dialog, then the signed-out page', async ({ page, sim: _sim, signInTo }) => {
  await signInTo('full.user', 'Finance');
  await page.getByTestId('header-settings').click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog.getByRole('tab').first()).toBeVisible();
  const tabs = await dialog.getByRole('tab').allTextContents();
  expect(tabs.length).toBeGreaterThan(1);
  for (const tab of tabs) {
    await dialog.getByRole('tab', { name: tab, exact: true }).click();
    await expect(dialog.getByRole('tab', { name: tab, exact: true })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await audit(page, `settings: ${tab}`);
  }
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.getByTestId('header-logout').click();
  await expect(page).not.toHaveURL(/\/view/);
  await audit(page, 'signed out');
});
