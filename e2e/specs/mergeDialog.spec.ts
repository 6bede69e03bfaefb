// Merging documents as a user (issue 27): Merge opens a dialog that lists the checked documents in
// page order and says the originals are kept; the user picks the second document as the base; the
// new document shows in the refreshed results with the second document's index values, and both
// originals are still there.
import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { DocumentsToolbar } from '../pages/DocumentsToolbar';
import type { ResultsPage } from '../pages/ResultsPage';

const INVOICES = ['Accounts Payable', 'Invoices'];
const COLUMNS = ['Vendor Name', 'Vendor Number', 'File Type'];

async function rowValues(results: ResultsPage): Promise<Map<number, Record<string, string>>> {
  const byColumn = await Promise.all(COLUMNS.map((c) => results.columnTexts(c)));
  const out = new Map<number, Record<string, string>>();
  const count = await results.rows.count();
  for (let i = 0; i < count; i++)
    out.set(await results.docId(i), Object.fromEntries(COLUMNS.map((c, j) => [c, byColumn[j]?.[i] ?? ''])));
  return out;
}

const mergedIdOf = async (page: Page, toolbar: DocumentsToolbar): Promise<number> => {
  const notes = await toolbar.openNotifications();
  const note = notes.getByText(/^Merge successful: new document \d+\.$/);
  await expect(note).toBeVisible();
  const id = Number(/\d+/.exec((await note.textContent()) ?? '')?.[0]);
  await toolbar.closeNotifications();
  expect(page.url()).toMatch(/\/results\//);
  return id;
};

test('merge asks first: page order, a chosen base document, originals kept', async ({
  page,
  sim: _sim,
  openArchiveAs,
  resultsPage,
}) => {
  const toolbar = new DocumentsToolbar(page);
  await openArchiveAs('full.user', INVOICES);
  await resultsPage.waitForRows();
  const before = await rowValues(resultsPage);
  // two PDF invoices of different vendors
  const pdfs = [...before].filter(([, v]) => v['File Type'] === '.pdf');
  const first = pdfs[0];
  const second = pdfs.find(([, v]) => v['Vendor Name'] !== first?.[1]['Vendor Name']);
  if (!first || !second) throw new Error('two PDF invoices of different vendors expected');
  const [a] = first;
  const [b, bValues] = second;

  await toolbar.check(a);
  await toolbar.check(b);
  await toolbar.action('merge').click();
  const dialog = page.getByTestId('merge-dialog');
  await expect(dialog).toBeVisible();
  // nothing ran yet: no wait modal, no note
  await expect(toolbar.waitModal).toBeHidden();
  await expect(dialog.getByTestId('merge-kept')).toHaveText(
    'The originals are kept: merging makes a new document and changes none of these.',
  );
  const items = dialog.getByTestId('merge-order').getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText(`Document ${a}`);
  await expect(items.nth(1)).toContainText(`Document ${b}`);
  await expect(dialog.getByRole('radio', { name: `Take the index values of document ${a}` })).toBeChecked();

  await dialog.getByRole('radio', { name: `Take the index values of document ${b}` }).check();
  await expect(dialog.getByTestId('merge-target')).toHaveText(
    `A new document is made in Invoices with the index values of document ${b}.`,
  );
  await dialog.getByTestId('merge-confirm').click();
  await expect(dialog).toBeHidden();
  await expect(toolbar.waitModal).toBeHidden();
  const merged = await mergedIdOf(page, toolbar);

  // the refreshed results show the new document with the second document's values, and both originals
  await expect(resultsPage.row(merged)).toBeVisible();
  await expect(resultsPage.row(a)).toBeVisible();
  await expect(resultsPage.row(b)).toBeVisible();
  const after = await rowValues(resultsPage);
  expect(after.get(merged)).toMatchObject({
    'Vendor Name': bValues['Vendor Name'],
    'Vendor Number': bValues['Vendor Number'],
  });
  expect(after.get(a)).toEqual(before.get(a));
  expect(after.get(b)).toEqual(before.get(b));
});
