// Operations on checked documents against the demo company: a full user copies two invoices to
// Purchase Orders and finds them there by search, merges two invoices into a new document whose
// page count is the sum of theirs (its file read through the API), emails one through the
// Extensions helper and deletes the merged one after confirming.
import { PDFDocument } from 'pdf-lib';
import type { Page } from '@playwright/test';
import { test, expect, basicAuth, documentFile } from '../fixtures';
import type { ResultsPage } from '../pages/ResultsPage';
import { DocumentsToolbar } from '../pages/DocumentsToolbar';

const INVOICES = ['Accounts Payable', 'Invoices'];
const PURCHASE_ORDERS = ['Accounts Payable', 'Purchase Orders'];
const API = '/Square9API/api/';
const basic = basicAuth();

const addressIds = (page: Page) => {
  const url = new URL(page.url());
  return { db: Number(url.searchParams.get('db')), archive: Number(url.searchParams.get('archive')) };
};

/** The values of some columns for the rows shown, by document id. */
async function rowValues(
  results: ResultsPage,
  columns: string[],
): Promise<Map<number, Record<string, string>>> {
  const byColumn = await Promise.all(columns.map((c) => results.columnTexts(c)));
  const out = new Map<number, Record<string, string>>();
  const count = await results.rows.count();
  for (let i = 0; i < count; i++)
    out.set(await results.docId(i), Object.fromEntries(columns.map((c, j) => [c, byColumn[j]?.[i] ?? ''])));
  return out;
}

test('a full user copies, merges, emails and deletes checked documents', async ({
  page,
  request,
  sim: _sim,
  openArchiveAs,
  searchAgainFor,
  searchPage,
  resultsPage,
}) => {
  // a long walk (copy, merge through its dialog, e-mail, delete, two searches of 1000 rows): it
  // took 59.7 s alone on the shared two-core machine, at the 60 s default
  test.setTimeout(120_000);
  const toolbar = new DocumentsToolbar(page);
  await openArchiveAs('full.user', INVOICES);
  const { db, archive: invoices } = addressIds(page);

  // nothing checked
  await toolbar.action('delete').click();
  await expect(toolbar.problem).toContainText('Select at least one document first.');

  // copy two invoices to Purchase Orders as one job group
  const rows = await rowValues(resultsPage, [
    'Vendor Name',
    'Vendor Number',
    'Document Type',
    'Page Count',
    'File Type',
  ]);
  const [first, second] = [...rows.keys()];
  if (first === undefined || second === undefined) throw new Error('two invoices expected');
  await toolbar.check(first);
  await toolbar.check(second);
  await toolbar.transferTo('copy', PURCHASE_ORDERS);
  await expect(toolbar.waitModal).toBeHidden();
  const notes = await toolbar.openNotifications();
  await expect(notes.getByTestId('note-job').first()).toContainText('Succeeded: 2 of 2');
  await toolbar.closeNotifications();
  // the selection cleared with the reload
  await expect(
    page.getByRole('checkbox', { name: `Select document ${first}`, exact: true }),
  ).not.toBeChecked();

  // merge two PDF invoices (check order = page order) into a new document
  const pdfs = [...rows].filter(([, v]) => v['File Type'] === '.pdf').map(([id]) => id);
  const [a, b] = pdfs;
  if (a === undefined || b === undefined) throw new Error('two PDF invoices expected on the first page');
  const expectedPages = [a, b].reduce((sum, id) => sum + Number(rows.get(id)?.['Page Count'] ?? 0), 0);
  await toolbar.check(b);
  await toolbar.check(a);
  await toolbar.action('merge').click();
  // the merge dialog: check order, the first as base; confirm
  const mergeDialog = page.getByTestId('merge-dialog');
  await expect(mergeDialog.getByTestId('merge-order').getByRole('listitem')).toHaveCount(2);
  await mergeDialog.getByTestId('merge-confirm').click();
  await expect(toolbar.waitModal).toBeHidden();
  const merged = await toolbar.openNotifications();
  const note = merged.getByText(/^Merge successful: new document \d+\.$/);
  await expect(note).toBeVisible();
  const mergedId = Number(/\d+/.exec((await note.textContent()) ?? '')?.[0]);
  await toolbar.closeNotifications();
  const file = await documentFile(request, db, invoices, mergedId);
  const pdf = await PDFDocument.load(file);
  expect(pdf.getPageCount()).toBe(expectedPages);
  // the originals stay
  await expect(resultsPage.row(a)).toBeVisible();

  // email one through the Extensions helper (it writes the message into its outbox)
  await toolbar.check(a);
  await toolbar.action('email').click();
  await page.getByTestId('email-send').click();
  await expect(toolbar.waitModal).toBeHidden();
  const emailed = await toolbar.openNotifications();
  await expect(emailed.getByText(/^Email created \(.+\.eml, attachments: 1\)\.$/)).toBeVisible();
  await toolbar.closeNotifications();
  await page.getByRole('checkbox', { name: `Select document ${a}`, exact: true }).uncheck();

  // delete the merged document after confirming
  await expect(resultsPage.row(mergedId)).toBeVisible();
  await toolbar.check(mergedId);
  await toolbar.action('delete').click();
  await expect(toolbar.deleteConfirm).toBeVisible();
  await toolbar.deleteConfirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(toolbar.waitModal).toBeHidden();
  await expect(resultsPage.row(mergedId)).toHaveCount(0);
  const gone = await request.get(`${API}dbs/${db}/archives/${invoices}?DocumentID=${mergedId}`, {
    headers: basic,
  });
  expect(gone.status()).toBe(404);

  // the copies are in Purchase Orders: search there by each vendor
  const copied = [first, second].map((id) => rows.get(id) ?? {});
  await page.goto(`/view?db=${db}`);
  await searchPage.openArchive(PURCHASE_ORDERS);
  await resultsPage.waitForRows();
  for (const vendor of new Set(copied.map((c) => c['Vendor Name'] ?? ''))) {
    await searchAgainFor('Vendor Name', vendor);
    await resultsPage.pages.getByRole('combobox').selectOption('1000');
    await expect(page).toHaveURL(/size=1000/);
    await resultsPage.waitForRows();
    const found = [...(await rowValues(resultsPage, ['Vendor Number', 'Document Type'])).values()]
      .filter((v) => v['Document Type'] !== 'Purchase Order')
      .map((v) => `${v['Vendor Number']}|${v['Document Type']}`)
      .sort();
    const expected = copied
      .filter((c) => c['Vendor Name'] === vendor)
      .map((c) => `${c['Vendor Number']}|${c['Document Type']}`)
      .sort();
    expect(found).toEqual(expected);
  }
});
