// The archive tree's document counts follow the user's own changes without a reload (issue 27,
// item 14): a full user copies an invoice to Purchase Orders and the counts of both archives in
// the results sidebar change; a delete in Invoices lowers its count, a move changes both.
import type { Locator, Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { DocumentsToolbar } from '../pages/DocumentsToolbar';

const INVOICES = ['Accounts Payable', 'Invoices'];
const PURCHASE_ORDERS = ['Accounts Payable', 'Purchase Orders'];

/** The count beside an archive in the results sidebar's tree. */
const treeCount = (page: Page, archive: string): Locator =>
  page
    .getByRole('navigation', { name: 'Archives' })
    .locator('.tree__row', { has: page.getByRole('button', { name: archive, exact: true }) })
    .locator('.tree__count');

const countOf = async (count: Locator): Promise<number> =>
  Number(((await count.textContent()) ?? '').replace(/\D/g, ''));

test('copying and deleting update both archives’ counts in the tree without a reload', async ({
  page,
  sim: _sim,
  openArchiveAs,
  resultsPage,
}) => {
  const toolbar = new DocumentsToolbar(page);
  await openArchiveAs('full.user', INVOICES);
  const invoices = treeCount(page, 'Invoices');
  const orders = treeCount(page, 'Purchase Orders');
  await expect(invoices).toHaveText(/\d/);
  await expect(orders).toHaveText(/\d/);
  const [invoicesBefore, ordersBefore] = [await countOf(invoices), await countOf(orders)];

  // copy one invoice: Purchase Orders holds one more, Invoices as many as before
  const doc = await resultsPage.docId(0);
  await toolbar.check(doc);
  await toolbar.transferTo('copy', PURCHASE_ORDERS);
  await expect(toolbar.waitModal).toBeHidden();
  await expect.poll(() => countOf(orders)).toBe(ordersBefore + 1);
  await expect.poll(() => countOf(invoices)).toBe(invoicesBefore);

  // a delete in Invoices takes one away there
  await toolbar.check(doc);
  await toolbar.action('delete').click();
  await toolbar.deleteConfirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(toolbar.waitModal).toBeHidden();
  await expect(resultsPage.row(doc)).toHaveCount(0);
  await expect.poll(() => countOf(invoices)).toBe(invoicesBefore - 1);
  await expect.poll(() => countOf(orders)).toBe(ordersBefore + 1);

  // and a move changes both at once
  const next = await resultsPage.docId(0);
  await toolbar.check(next);
  await toolbar.transferTo('move', PURCHASE_ORDERS);
  await expect(toolbar.waitModal).toBeHidden();
  await expect.poll(() => countOf(invoices)).toBe(invoicesBefore - 2);
  await expect.poll(() => countOf(orders)).toBe(ordersBefore + 2);
  expect(page.url()).toContain('/results/');
});
