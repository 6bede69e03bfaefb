// Capture through the Extensions helper: the warning while the helper cannot be reached, a
// 3-page scan into an archive that is indexed there and found by search, and two
// 'continue scanning' batches into an inbox as one document of all their pages (a scanner in use:
// controlled/scannerInUse.spec.ts, which sets the fault through the helper's test endpoint).
import { test, expect } from '../fixtures';
import { CapturePage } from '../pages/CapturePage';
import { IndexingPage } from '../pages/IndexingPage';
import { InboxPage } from '../pages/InboxPage';

const UNREACHABLE =
  'Unable to establish a connection to GlobalSearch Extensions. Please ensure that the GlobalSearch Extensions tray application is installed and running.';

test('with the helper unreachable the scan page shows the extensions warning', async ({
  page,
  sim: _sim,
  signInTo,
}) => {
  const capture = new CapturePage(page);
  await capture.useFastTimings();
  await signInTo('full.user', 'Finance');
  const view = page.url();
  // port 1 is never the helper: the browser refuses it outright
  await capture.setHelperPorts(1, 1);
  await page.goto(view);
  await capture.openInvoicesScan();
  await expect(page).toHaveURL(/\/scan\?db=\d+&a=\d+$/);
  await expect(capture.warning).toHaveText(UNREACHABLE);
});

test('scans 3 pages into an archive, indexes them and finds the document with its thumbnail', async ({
  page,
  sim: _sim,
  signInTo,
  searchPage,
  resultsPage,
}) => {
  const capture = new CapturePage(page);
  await capture.useFastTimings();
  await signInTo('full.user', 'Finance');
  await capture.openInvoicesScan();
  await expect(page).toHaveURL(/\/scan\?db=\d+&a=\d+$/);
  const scanUrl = new URL(page.url());
  await capture.scan(3);
  await expect(page).toHaveURL(/\/view\?db=\d+&a=\d+&ImportDoc=[^&]+\.tif$/);
  const indexing = new URL(page.url());
  expect(indexing.searchParams.get('db')).toBe(scanUrl.searchParams.get('db'));
  expect(indexing.searchParams.get('a')).toBe(scanUrl.searchParams.get('a'));

  // the indexing view shows the 3 scanned pages and imports them with the values typed
  const indexer = new IndexingPage(page);
  await expect(indexer.title).toHaveText('Index into Invoices');
  await expect(indexer.pageOf).toHaveText('Page 1 of 3');
  expect(await indexer.pageDrawn()).toBe(true);
  const invoiceNumber = `SCAN-${Date.now()}`;
  await indexer.fillInvoice(invoiceNumber);
  await indexer.input('Status').selectOption('Pending');
  await indexer.save.click();
  await expect(indexer.success).toHaveText('The document was indexed into Invoices.');

  // a search finds it, with a thumbnail of its first page
  await searchPage.openArchive(['Accounts Payable', 'Invoices']);
  await expect(page).toHaveURL(/\/results\//);
  await resultsPage.searchAgain.click();
  await searchPage.fillPrompt('Invoice Number', invoiceNumber);
  await searchPage.runPrompt();
  await resultsPage.waitForRows();
  await expect(resultsPage.rows).toHaveCount(1);
  const docId = await resultsPage.docId(0);
  expect(await resultsPage.thumbnailWidth(docId)).toBe(150);
});

test('scans into an inbox, renames the file there and sends it to an archive', async ({
  page,
  sim: _sim,
  signInTo,
}) => {
  const capture = new CapturePage(page);
  const inbox = new InboxPage(page);
  await capture.useFastTimings();
  await signInTo('full.user', 'Finance');
  await inbox.open('Scanning');
  const before = new Set(
    await inbox.rows.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-testid') ?? '')),
  );
  await page.goBack();
  await inbox.panel.getByRole('button', { name: 'Options for Scanning', exact: true }).click();
  await page
    .getByRole('menu', { name: 'Inbox options: Scanning' })
    .getByRole('menuitem', { name: 'Import scan' })
    .click();
  await expect(page).toHaveURL(/\/scan\?db=\d+&inboxId=\d+$/);
  // two batches: 'Scan more pages' adds the second batch to the same document
  await expect(capture.scanButton).toBeEnabled();
  await capture.pages.fill('2');
  await capture.scanButton.click();
  await expect(capture.continuePrompt).toContainText('so far: 2.');
  await capture.continuePrompt.getByRole('button', { name: 'Scan more pages' }).click();
  await expect(capture.continuePrompt).toContainText('so far: 4.');
  await capture.continuePrompt.getByRole('button', { name: 'Finish' }).click();

  // straight into the inbox: the grid shows ONE new file holding both batches
  await expect(page).toHaveURL(/\/results\/Inbox\?db=\d+&inboxId=\d+$/);
  await expect(inbox.rows).toHaveCount(before.size + 1);
  const after = await inbox.rows.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-testid') ?? ''));
  const added = after.find((id) => !before.has(id))?.replace('inbox-row-', '') ?? '';
  expect(added).not.toBe('');

  await inbox.rename(added, 'E2E Scanned');
  const renamed = `E2E Scanned${added.slice(added.lastIndexOf('.'))}`;
  await expect(inbox.row(renamed)).toBeVisible();

  // send to an archive and index it there
  await inbox.sendToArchive(renamed, ['Accounts Payable', 'Invoices']);
  await expect(page).toHaveURL(/\/view\?db=\d+&a=\d+&inboxId=\d+&inboxFile=/);
  const indexer = new IndexingPage(page);
  await expect(indexer.title).toHaveText('Index into Invoices');
  await expect(indexer.pageOf).toHaveText('Page 1 of 4');
  await indexer.fillInvoice(`INBOX-${Date.now()}`);
  await indexer.input('Status').selectOption('Pending');
  await indexer.save.click();
  await expect(page).toHaveURL(/\/results\/Inbox\?db=\d+&inboxId=\d+/);
});
