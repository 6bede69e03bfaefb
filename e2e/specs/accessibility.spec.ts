// Issue 27 (accessibility audit): axe-core runs on every screen of the client (sign-in to the
// administration pages, the Settings dialog open, every mode of /admin/full's side navigation),
// prints the violations per screen and impact, and fails on any of them, minor ones included.
import type { APIRequestContext, Page } from '@playwright/test';
import { API_ROOT } from '@gs/contract/paths';
import type { UploadResponse } from '@gs/contract/upload';
import { test, expect, basicAuth } from '../fixtures';
import { audit, printAuditTable } from '../audit';
import { AdminConsolePage } from '../pages/AdminConsolePage';
import { BatchesPage } from '../pages/BatchesPage';
import { IndexingPage } from '../pages/IndexingPage';
import { InboxPage } from '../pages/InboxPage';
import { WorkflowPage } from '../pages/WorkflowPage';
import { samplePdf } from '../samplePdf';

const INVOICES = ['Accounts Payable', 'Invoices'];

printAuditTable();

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
