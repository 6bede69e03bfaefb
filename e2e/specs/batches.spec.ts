// Batch capture portals (issue 15, decision 028): a 3-page scan into the AP Scans portal becomes a
// batch that shows Queued, then Processed once the simulator's clock has moved; its document is
// opened from /batches in the indexing view, Vendor Name, Invoice Number and Invoice Date are filled
// by clicking the printed words (KeyFree), and it lands in the archive with exactly the printed
// values; the batch is Completed. Filters and paging on AP Intake's 500 batches. An errored batch
// re-queued: controlled/batchRequeue.spec.ts (it moves the clock).
import { API_ROOT } from '@gs/contract/paths';
import type { FieldDefinition } from '@gs/contract/fields';
import type { SearchResult } from '@gs/contract/searches';
import type { APIRequestContext } from '@playwright/test';
import { basicAuth, expect, test } from '../fixtures';
import { BatchesPage } from '../pages/BatchesPage';
import { CapturePage } from '../pages/CapturePage';
import { IndexingPage } from '../pages/IndexingPage';
import { KeyFreePage, printedInvoice, uninstallDataExtraction } from '../pages/KeyFreePage';

/** one processing step of the simulator (BATCH_STEP_MS, 10 s by default), with room to spare */
const STEP_MS = 10_000;

/** A document's index values by field name, read through the API as full.user. */
async function documentValues(
  request: APIRequestContext,
  db: number,
  archive: number,
  doc: number,
): Promise<Record<string, string>> {
  const headers = basicAuth();
  const hash = await request.get(`${API_ROOT}dbs/${db}/archives/${archive}?DocumentID=${doc}`, { headers });
  expect(hash.ok()).toBe(true);
  const res = await request.get(`${API_ROOT}dbs/${db}/archives/${archive}/documents/${doc}`, {
    headers,
    params: { SecureId: (await hash.json()) as string },
  });
  expect(res.ok()).toBe(true);
  const result = (await res.json()) as SearchResult;
  const names = new Map(result.Fields.map((f: FieldDefinition) => [f.ID, f.Name]));
  return Object.fromEntries(
    (result.Docs[0]?.Fields ?? []).map((f) => [names.get(f.ID) ?? String(f.ID), f.VAL]),
  );
}

test.beforeEach(async ({ request, stack }) => {
  await uninstallDataExtraction(request, stack);
});

test('a 3-page scan into a batch portal is Queued, then Processed, and its document is indexed into the archive by clicking its printed words', async ({
  page,
  request,
  sim: _sim,
  signInTo,
}) => {
  // two real processing steps of 10 s each, then the indexing
  test.setTimeout(120_000);
  const capture = new CapturePage(page);
  const batches = new BatchesPage(page);
  await capture.useFastTimings();
  await signInTo('full.user', 'Finance');
  await batches.openPortal('AP Scans');
  const before = await batches.names();

  await page.getByRole('link', { name: 'Scan into this portal' }).click();
  await expect(page).toHaveURL(/\/scan\?portalId=\d+$/);
  const portalId = Number(new URL(page.url()).searchParams.get('portalId'));
  await capture.scan(3);
  await expect(page).toHaveURL(new RegExp(`/batches\\?portalId=${portalId}$`));

  // the new batch is the newest: first row, one document of 3 pages, Queued
  await expect(batches.rows).toHaveCount(before.length + 1);
  const name = (await batches.names())[0]!;
  expect(before).not.toContain(name);
  const row = batches.row(name);
  await expect(batches.status(row)).toHaveText('Queued');
  await expect(row).toContainText('0 of 1 indexed');
  await expect(row).toContainText('full.user');

  // processing takes two steps of BATCH_STEP_MS of real time, as on a server a user runs; the list
  // looks again on its own while a batch is Queued or Processing
  await expect(batches.status(row)).toHaveText('Processed', { timeout: 2 * STEP_MS + 30_000 });
  await expect(row.locator('td').nth(3)).toHaveText('3');

  // index it: the indexing view shows the 3 scanned pages
  await batches.indexDocument(row, 1);
  await expect(page).toHaveURL(/\/view\?/);
  const indexing = new URL(page.url());
  expect(indexing.pathname).toBe('/view');
  expect(indexing.searchParams.get('portalId')).toBe(String(portalId));
  expect(indexing.searchParams.get('docId')).toMatch(/^\d+$/);
  const indexer = new IndexingPage(page);
  await expect(indexer.title).toHaveText('Index into Invoices');
  await expect(indexer.pageOf).toHaveText('Page 1 of 3');
  expect(await indexer.pageDrawn()).toBe(true);
  // KeyFree: install data extraction, then click the printed words into the fields
  const cacheName = indexing.searchParams.get('ImportDoc') ?? '';
  const keyFree = new KeyFreePage(page);
  await keyFree.toggle.click();
  await expect(keyFree.installModal).toBeVisible();
  await keyFree.installModal.getByRole('button', { name: 'Install', exact: true }).click();
  await expect(keyFree.installModal).toBeHidden();
  await expect(keyFree.overlay).toBeVisible();
  const {
    company,
    vendor,
    number: invoiceNumber,
    date,
  } = await printedInvoice(page.request, basicAuth().Authorization, cacheName);
  await indexer.input('Vendor Name').focus();
  await keyFree.drag(company[0]?.Value ?? '', company.at(-1)?.Value ?? '');
  await expect(indexer.input('Vendor Name')).toHaveValue(vendor);
  await indexer.input('Invoice Number').focus();
  await keyFree.click(invoiceNumber);
  await expect(indexer.input('Invoice Number')).toHaveValue(invoiceNumber);
  await expect(indexer.input('Invoice Date')).toBeFocused();
  await keyFree.click(date);
  await expect(indexer.input('Invoice Date')).toHaveValue(date);
  await keyFree.toggle.click();
  await indexer.input('Invoice Amount').fill('1234.56');
  await indexer.input('Status').selectOption('Pending');
  await indexer.save.click();

  // back on the portal's batches: the batch is Completed, its document is in the archive
  await expect(page).toHaveURL(new RegExp(`/batches\\?portalId=${portalId}$`));
  await expect(batches.status(batches.row(name))).toHaveText('Completed');
  await expect(batches.row(name)).toContainText('1 of 1 indexed');
  const db = Number(indexing.searchParams.get('db'));
  const archive = Number(indexing.searchParams.get('a'));
  const detail = await request.get(`/square9capture/batches`, {
    headers: basicAuth(),
    params: { portalId, status: '4' },
  });
  expect(detail.ok()).toBe(true);
  const completed = (await detail.json()) as { Batches: { Id: number; Name: string }[] };
  const batchId = completed.Batches.find((b) => b.Name === name)?.Id;
  expect(batchId).toBeDefined();
  const one = await request.get(`/square9capture/batch`, {
    headers: basicAuth(),
    params: { portalId, batchId: batchId! },
  });
  const { Docs } = (await one.json()) as { Docs: { DocumentId: number }[] };
  expect(Docs).toHaveLength(1);
  const values = await documentValues(request, db, archive, Docs[0]!.DocumentId);
  expect(values['Vendor Name']).toBe(vendor);
  expect(values['Invoice Number']).toBe(invoiceNumber);
  const [month, day, year] = date.split('/').map(Number);
  expect(
    (values['Invoice Date'] ?? '').split(/[/ ]/).slice(0, 3).map(Number),
    `stored ${values['Invoice Date']}`,
  ).toEqual([month, day, year]);
});

test('filters and pages the 500 batches of a portal', async ({ page, sim: _sim, signInTo }) => {
  const batches = new BatchesPage(page);
  await signInTo('full.user', 'Finance');
  await batches.openPortal('AP Intake');
  await expect(batches.total).toHaveText('500 batches');
  await expect(batches.rows).toHaveCount(25);
  expect((await batches.names())[0]).toBe('Intake 500');
  await batches.goToPage(2);
  await expect(page).toHaveURL(/page=2/);
  await expect(batches.rows.first()).toHaveAttribute('data-batch-name', 'Intake 475');

  // Completed: every 7th batch from Intake 004, newest first, 3 pages of 25
  await batches.filter('Completed').click();
  await expect(batches.filter('Completed')).toHaveAttribute('aria-pressed', 'true');
  await expect(batches.total).toHaveText('71 batches');
  await expect(batches.rows.first()).toHaveAttribute('data-batch-name', 'Intake 494');
  await batches.goToPage(3);
  await expect(batches.rows).toHaveCount(21);
  await expect(batches.rows.first()).toHaveAttribute('data-batch-name', 'Intake 144');
  for (const status of await batches.table.getByTestId('batch-status').allTextContents())
    expect(status).toBe('Completed');

  // two filters together, then all again
  await batches.filter('Completed').click();
  await batches.filter('Rejected').click();
  await batches.filter('Errored').click();
  await expect(batches.total).toHaveText('142 batches');
  await expect(page).toHaveURL(/status=5%2C6|status=5,6/);
  await page.getByRole('group', { name: 'Filter by status' }).getByRole('button', { name: 'All' }).click();
  await expect(batches.total).toHaveText('500 batches');
});

test('a user administrator creates, tests and deletes a batch portal in /admin/batches', async ({
  page,
  sim: _sim,
  signInTo,
}) => {
  await signInTo('SSAdministrator', 'Finance');
  await page.getByTestId('header-batch-admin').click();
  await expect(page).toHaveURL(/\/admin\/batches$/);
  const table = page.getByTestId('portal-table');
  await expect(table.locator('tr[data-portal-name="AP Scans"]')).toBeVisible();

  await page.getByRole('button', { name: 'New portal', exact: true }).click();
  const editor = page.getByTestId('portal-editor');
  await editor.getByLabel('Name', { exact: true }).fill('Mailroom');
  await editor.getByLabel('Database', { exact: true }).selectOption({ label: 'Finance' });
  await editor.getByLabel('Archive', { exact: true }).selectOption({ label: 'Accounts Payable / Invoices' });
  await editor.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(editor).toBeHidden();
  const row = table.locator('tr[data-portal-name="Mailroom"]');
  await expect(row.getByTestId('portal-status')).toHaveText('Testing');
  await row.getByRole('button', { name: 'Test', exact: true }).click();
  await expect(row.getByTestId('portal-status')).toHaveText('OK');

  // a portal that holds batches is refused; an empty one goes after the confirmation
  await table
    .locator('tr[data-portal-name="AP Scans"]')
    .getByRole('button', { name: 'Delete', exact: true })
    .click();
  await page
    .getByTestId('portal-delete-confirm')
    .getByRole('button', { name: 'Delete', exact: true })
    .click();
  await expect(page.getByTestId('portal-admin-error')).toHaveText(
    /^Portal 'AP Scans' still holds \d+ batches/,
  );
  await row.getByRole('button', { name: 'Delete', exact: true }).click();
  await page
    .getByTestId('portal-delete-confirm')
    .getByRole('button', { name: 'Delete', exact: true })
    .click();
  await expect(row).toHaveCount(0);
});
