// Cancel in the indexing view after a scan (issue 27): the pages are not thrown away. Cancel asks
// first; Stay keeps the view with its pages; Keep in inbox moves the scan into the user's first
// inbox under a readable name, where the user finds it with all its pages. Driven as a user, with
// the spec's own scan timings (no test switch).
import { test, expect } from '../fixtures';
import { CapturePage } from '../pages/CapturePage';
import { IndexingPage } from '../pages/IndexingPage';
import { InboxPage } from '../pages/InboxPage';

const SLOW = { timeout: 30_000 };

test('cancelling a fresh 3-page scan asks, and keeps the pages in an inbox', async ({
  page,
  sim: _sim,
  signInTo,
}) => {
  const capture = new CapturePage(page);
  const indexer = new IndexingPage(page);
  const inbox = new InboxPage(page);
  await signInTo('full.user', 'Finance');
  await capture.openInvoicesScan();
  await expect(page).toHaveURL(/\/scan\?db=\d+&a=\d+$/);
  await capture.scan(3);
  await expect(page).toHaveURL(/\/view\?db=\d+&a=\d+&ImportDoc=[^&]+\.tif$/, SLOW);
  const scanned = page.url();
  await expect(indexer.pageOf).toHaveText('Page 1 of 3');

  // Cancel asks first; Stay keeps the view and its pages
  const cancel = indexer.view.getByRole('button', { name: 'Cancel', exact: true });
  const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
  await cancel.click();
  await expect(dialog).toContainText('Discard 3 unsaved pages?');
  const where = dialog.getByTestId('cancel-indexing-where');
  await expect(where).toHaveText(/^They will be kept in inbox .+, so nothing has to be scanned again\.$/);
  const inboxName = /kept in inbox (.+), so nothing/.exec((await where.textContent()) ?? '')?.[1] ?? '';
  expect(inboxName).not.toBe('');
  await dialog.getByRole('button', { name: 'Stay', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  expect(page.url()).toBe(scanned);
  await expect(indexer.pageOf).toHaveText('Page 1 of 3');

  // Keep in inbox: back to the archive's search with a note naming the inbox
  await cancel.click();
  await dialog.getByRole('button', { name: 'Keep in inbox', exact: true }).click();
  await expect(page).toHaveURL(/\/view\?db=\d+&a=\d+$/);
  await expect(indexer.success).toHaveText(`3 pages were kept in inbox ${inboxName}.`);

  // the inbox holds the scan under a readable name, with its 3 pages
  await inbox.open(inboxName);
  const names = await inbox.rows.evaluateAll((rows) =>
    rows.map((r) => (r.getAttribute('data-testid') ?? '').replace('inbox-row-', '')),
  );
  const kept = names.filter((n) => /^Scan \d{4}-\d\d-\d\d \d\d-\d\d( \(\d+\))?\.tif$/.test(n));
  expect(kept.length).toBeGreaterThan(0);
  await inbox.sendToArchive(kept.at(-1) ?? '', ['Accounts Payable', 'Invoices']);
  await expect(page).toHaveURL(/\/view\?db=\d+&a=\d+&inboxId=\d+&inboxFile=Scan/);
  await expect(indexer.pageOf).toHaveText('Page 1 of 3');
});
