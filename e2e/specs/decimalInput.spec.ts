// Issue 27 (decision 049): a decimal field takes one whole number or says INVALID_INT_OR_DEC.
// full.user types 12abc, 1.2.3 and a 23-digit amount into an invoice's Invoice Amount, in the
// grid's edit mode and in the viewer's index panel: the message shows, nothing goes to the server,
// and after a reload the amount is what it was.
import type { Page, Request } from '@playwright/test';
import { test, expect } from '../fixtures';
import { ViewerPage } from '../pages/ViewerPage';

const INVOICES = ['Accounts Payable', 'Invoices'];
const AMOUNT = 'Invoice Amount';
const GARBAGE = ['12abc', '1.2.3', '99999999999999999999999'];

/** Every index write (FieldData PUT or /save) and field check the page sends from now on. */
function writesOf(page: Page): Request[] {
  const writes: Request[] = [];
  page.on('request', (r) => {
    if (/\/FieldData|\/documents\/\d+\/save|\/indexes\b/i.test(r.url()) && r.method() !== 'GET')
      writes.push(r);
  });
  return writes;
}

test('the grid refuses a garbled amount and saves nothing', async ({
  page,
  sim: _sim,
  openArchiveAs,
  resultsPage,
}) => {
  await openArchiveAs('full.user', INVOICES);
  const doc = await resultsPage.docId(0);
  const before = (await resultsPage.columnTexts(AMOUNT))[0] ?? '';
  expect(before).toMatch(/^\$[\d,]+\.\d{2}$/);
  const writes = writesOf(page);

  await resultsPage.editMode.click();
  for (const typed of GARBAGE) {
    await resultsPage.cell(AMOUNT, doc).fill(typed);
    await expect(resultsPage.problems).toContainText(`Document ${doc}, ${AMOUNT}: Enter a valid number.`);
  }
  // Save has nothing valid to send
  if (await resultsPage.save.isEnabled()) await resultsPage.save.click();
  await resultsPage.editMode.click();
  const discard = page.getByTestId('discard-invalid');
  await discard.getByRole('button', { name: 'Discard and leave' }).click();
  expect(writes.map((r) => r.url())).toEqual([]);

  await page.reload();
  await resultsPage.waitForRows();
  expect((await resultsPage.columnTexts(AMOUNT))[0]).toBe(before);
});

test("the viewer's index panel refuses a garbled amount and saves nothing", async ({
  page,
  sim: _sim,
  openArchiveAs,
  resultsPage,
}) => {
  await openArchiveAs('full.user', INVOICES);
  const doc = await resultsPage.docId(0);
  await resultsPage.openInViewer(doc);
  const viewer = new ViewerPage(page);
  const amount = viewer.index.getByLabel(AMOUNT, { exact: true });
  await expect(amount).toBeVisible();
  const before = await amount.inputValue();
  expect(before).toMatch(/^\d+\.\d+$/);
  const writes = writesOf(page);

  const save = viewer.index.getByRole('button', { name: 'Save', exact: true });
  for (const typed of GARBAGE) {
    await amount.fill(typed);
    await expect(viewer.index.getByRole('alert')).toHaveText('Enter a valid number.');
    await expect(save).toBeDisabled();
    // Enter in the field does not save either
    await amount.press('Enter');
  }
  expect(writes.map((r) => r.url())).toEqual([]);

  await page.reload();
  await expect(viewer.index.getByLabel(AMOUNT, { exact: true })).toHaveValue(before);
});
