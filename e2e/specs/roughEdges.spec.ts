// The smaller rough edges a new user meets (issue 27, item 21), each driven as a user: (a) batch
// dates written like every other date, (b) "1 page", not "1 pages", (c) a Validating filter on
// /batches, (d) the search prompt picker offers only the archive's fields, (e) German says
// "Passwort", (f) a queue on /flows opens its tasks, (g) /gseconnect does not claim packages are
// installed while the helper does not answer, (h) an upload and a scan are titled by a readable name.
import { expect, test } from '../fixtures';
import { AdminConsolePage } from '../pages/AdminConsolePage';
import { BatchesPage } from '../pages/BatchesPage';
import { CapturePage } from '../pages/CapturePage';
import { IndexingPage } from '../pages/IndexingPage';
import { samplePdf } from '../samplePdf';

test('(a, b, c) a Validating batch has its filter, its documents say "1 page" and its date reads as all dates do', async ({
  page,
  sim: _sim,
  signInTo,
}) => {
  const batches = new BatchesPage(page);
  await signInTo('full.user', 'Finance');
  await batches.openPortal('AP Scans');

  // (c) the seventh status has its filter, with its count
  await expect(batches.filter('Validating')).toHaveText(/^Validating\s*1$/);
  await batches.filter('Validating').click();
  await expect(batches.filter('Validating')).toHaveAttribute('aria-pressed', 'true');
  await expect(batches.total).toHaveText('1 batch');
  const row = batches.row('Courier drop 11-03');
  await expect(batches.status(row)).toHaveText('Validating');

  // (a) the date and time as every screen writes them: 4-digit year, hours and minutes
  await expect(row.locator('td').nth(5)).toHaveText(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}\s[AP]M$/);

  // (b) each of its documents has one page
  await row.getByRole('button', { name: 'Documents', exact: true }).click();
  await expect(page.getByText('Document 2 (1 page)', { exact: true })).toBeVisible();
  await expect(page.getByText(/\b1 pages\b/)).toHaveCount(0);
});

test('(d) the search prompt picker offers only the fields of the archive searched', async ({
  page,
  sim: _sim,
  signInTo,
}) => {
  await signInTo('SSAdministrator', 'Finance');
  const db = Number(new URL(page.url()).searchParams.get('db'));
  const admin = new AdminConsolePage(page);
  await admin.open('SEARCHES', db);
  await admin.create('New search');
  await admin.editor.getByRole('checkbox', { name: 'Purchase Orders', exact: true }).check();
  await admin.editor.getByRole('button', { name: 'Add a prompt', exact: true }).click();
  const field = admin.select('Field', admin.editor.getByTestId('search-parameter').first());
  const offered = await field.locator('option').allTextContents();
  expect(offered).toContain('PO Number');
  expect(offered).toContain('Vendor Name');
  // Invoice Number belongs to the Invoices archives, not to Purchase Orders
  expect(offered).not.toContain('Invoice Number');
});

test('(e) the German sign-in says Passwort', async ({ page, context, baseURL, sim: _sim }) => {
  await context.addCookies([{ name: 'lang', value: 'de', url: baseURL ?? '' }]);
  await page.goto('/login');
  await expect(page.getByLabel('Passwort', { exact: true })).toBeVisible();
  await expect(page.getByText(/Kennwort/)).toHaveCount(0);
  await page.getByLabel('Benutzername', { exact: true }).fill('full.user');
  await page.getByLabel('Passwort', { exact: true }).fill('not the password');
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(page.getByText('Ungültiger Benutzername oder ungültiges Passwort.')).toBeVisible();
});

test('(f) a queue on /flows opens its tasks', async ({ page, sim: _sim, signInTo }) => {
  await signInTo('full.user', 'Finance');
  const db = new URL(page.url()).searchParams.get('db');
  await page.goto(`/flows?db=${db}`);
  const flow = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'AP Invoice Approval' }) });
  await flow.getByRole('button', { name: 'Review', exact: true }).click();
  await expect(page).toHaveURL(/\/results\/Task\?db=\d+&workflowId=\d+&queueKey=[^&]+&archive=\d+/);
  await expect(page.getByTestId('task-results')).toBeVisible();
});

test('(g) /gseconnect shows the packages as unknown while the helper does not answer', async ({
  page,
  sim: _sim,
  signInTo,
  stack,
}) => {
  const capture = new CapturePage(page);
  await capture.useFastTimings();
  await signInTo('full.user', 'Finance');
  await page.goto('/gseconnect');
  const packages = page.getByTestId('extensions-packages');
  await expect(page.getByTestId('extensions-status')).toHaveText('Connected');
  await expect(packages.getByRole('listitem').first()).toContainText('Installed');

  // the helper stops answering: every call to its ports fails
  const helperPorts = new Set([String(stack.helperHttpPort), String(stack.helperHttpsPort)]);
  await page.route(
    (url) => helperPorts.has(url.port),
    (route) => route.abort('connectionrefused'),
  );
  await expect(page.getByTestId('extensions-status')).toHaveText('Not running');
  for (const item of await packages.getByRole('listitem').all())
    await expect(item).toContainText('Unknown while Extensions does not answer');
  await expect(packages).not.toContainText(/\bInstalled\b/);
});

test('(h) an uploaded file and a scan are titled by a readable name, not a GUID', async ({
  page,
  sim: _sim,
  signInTo,
}) => {
  const capture = new CapturePage(page);
  const indexer = new IndexingPage(page);
  await capture.useFastTimings();
  await signInTo('full.user', 'Finance');
  const view = page.url();

  // an uploaded file keeps the name it had on the user's computer
  await capture.expandArchive('Accounts Payable');
  const chooser = page.waitForEvent('filechooser');
  await capture.archiveOption('Invoices', 'Import file');
  await (
    await chooser
  ).setFiles({ name: 'Acme invoice 7.pdf', mimeType: 'application/pdf', buffer: samplePdf(['Acme']) });
  await expect(page).toHaveURL(/ImportDoc=/);
  await expect(indexer.view.getByText('Acme invoice 7.pdf', { exact: true })).toBeVisible();

  // a scan is "Scan <date time>"
  await page.goto(view);
  await capture.openInvoicesScan();
  await capture.scan(1);
  await expect(page).toHaveURL(/ImportDoc=/);
  await expect(
    indexer.view.getByText(/^Scan \d{4}-\d{2}-\d{2} \d{2}\.\d{2}\.\d{2}\.tif$/, { exact: true }),
  ).toBeVisible();
});
