// Document ids are never reused after a delete (issue 27: 2; decision 049), as a user sees it: a full
// user copies an invoice into Invoices, reads the copy's id in the source's history, deletes the
// copy, then merges two invoices. The merged document gets an id above the deleted copy's, and its
// history holds only its own merge line, none of the copy's.
//
// Before migration 16 the document tables had no AUTOINCREMENT, so SQLite gave a new row
// max(id) + 1: the copy was the newest row, its delete freed the top id, and the merge got the
// copy's id again. Then `expect(merged).toBeGreaterThan(copy)` failed (merged === copy), and the
// merged document's history showed the copy's "Document copied from ..." and "Document deleted"
// lines (the history is kept by document id), while the source's "copied to ... (document N)" line
// pointed at the merged document. Seen once against a pre-fix simulator (migration 16 a no-op, no
// AUTOINCREMENT in docTables.ts, a fresh template): the id check failed with merged 3776 = copy
// 3776, and without it the history check failed with 2 copy/delete lines on the merged document.
import type { Locator } from '@playwright/test';
import { test, expect } from '../fixtures';
import { DocumentsToolbar } from '../pages/DocumentsToolbar';
import type { ResultsPage } from '../pages/ResultsPage';

const INVOICES = ['Accounts Payable', 'Invoices'];

/** Selects a row and answers the lines of its document history, newest first. */
async function historyOf(results: ResultsPage, docId: number): Promise<Locator> {
  await results.row(docId).click();
  if (!(await results.history.isVisible())) await results.historyToggle.click();
  const history = results.history.getByTestId('document-history');
  await expect(history).toContainText(`${docId}`);
  const lines = history.getByTestId('history-list').getByRole('listitem');
  await expect(lines).not.toHaveCount(0);
  return lines;
}

test('a merge after a deleted copy gets a new id and only its own history', async ({
  page,
  sim: _sim,
  openArchiveAs,
  searchAgainFor,
  resultsPage,
}) => {
  test.setTimeout(120_000);
  const toolbar = new DocumentsToolbar(page);
  await openArchiveAs('full.user', INVOICES);
  const allInvoices = page.url();
  const types = await resultsPage.columnTexts('File Type');
  const vendors = await resultsPage.columnTexts('Vendor Name');
  const pdfRows = types.flatMap((type, i) => (type === '.pdf' ? [i] : []));
  const [ia, ib] = pdfRows;
  if (ia === undefined || ib === undefined) throw new Error('two PDF invoices expected on the first page');
  const [a, b] = [await resultsPage.docId(ia), await resultsPage.docId(ib)];

  // copy the first into Invoices; its history names the copy
  await toolbar.check(a);
  await toolbar.transferTo('copy', INVOICES);
  await expect(toolbar.waitModal).toBeHidden();
  const notes = await toolbar.openNotifications();
  await expect(notes.getByTestId('note-job').first()).toContainText('Succeeded: 1 of 1');
  await toolbar.closeNotifications();
  const copiedTo = (await historyOf(resultsPage, a)).filter({
    hasText: /Document copied to archive 'Invoices' \(document \d+\)/,
  });
  await expect(copiedTo).toHaveCount(1);
  const copy = Number(/\(document (\d+)\)/.exec((await copiedTo.textContent()) ?? '')?.[1]);
  expect(copy).toBeGreaterThan(Math.max(a, b));

  // find the copy by its vendor and delete it after confirming
  await searchAgainFor('Vendor Name', vendors[ia] ?? '');
  await expect(resultsPage.row(copy)).toBeVisible();
  await toolbar.check(copy);
  await toolbar.action('delete').click();
  await expect(toolbar.deleteConfirm).toBeVisible();
  await toolbar.deleteConfirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(toolbar.waitModal).toBeHidden();
  await expect(resultsPage.row(copy)).toHaveCount(0);

  // back on all invoices, merge the two PDFs: the dialog asks first, the first is the base
  await page.goto(allInvoices);
  await resultsPage.waitForRows();
  await toolbar.check(a);
  await toolbar.check(b);
  await toolbar.action('merge').click();
  const dialog = page.getByTestId('merge-dialog');
  await dialog.getByRole('radio', { name: `Take the index values of document ${a}` }).check();
  await dialog.getByTestId('merge-confirm').click();
  await expect(dialog).toBeHidden();
  await expect(toolbar.waitModal).toBeHidden();
  const merges = await toolbar.openNotifications();
  const note = merges.getByText(/^Merge successful: new document \d+\.$/);
  await expect(note).toBeVisible();
  const merged = Number(/\d+/.exec((await note.textContent()) ?? '')?.[0]);
  await toolbar.closeNotifications();

  // a fresh id: above the deleted copy's
  expect(merged).toBeGreaterThan(copy);

  // its history is its own: the merge line, no copy or delete line of the deleted copy
  await expect(resultsPage.row(merged)).toBeVisible();
  const lines = await historyOf(resultsPage, merged);
  await expect(lines.filter({ hasText: 'Document created by merging' })).toHaveCount(1);
  await expect(lines.filter({ hasText: /Document copied|Document deleted/ })).toHaveCount(0);
  // and the source's copy line still names the deleted copy, not the merged document
  await expect((await historyOf(resultsPage, a)).filter({ hasText: `(document ${merged})` })).toHaveCount(0);
});
