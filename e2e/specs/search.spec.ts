// Searching and results against the demo company: an archive opens with its default search, a
// prompted search runs, the grid sorts, pages, pins and hides columns, two cells are edited (one
// refused with its message), the save survives a reload and shows in the document's history; the
// read-only user gets no edit mode.
import { test, expect } from '../fixtures';

const INVOICES = ['Accounts Payable', 'Invoices'];

test('a full user searches, sorts, pages, arranges columns, edits and sees the history', async ({
  page,
  sim: _sim,
  signInTo,
  searchPage,
  resultsPage,
}) => {
  await signInTo('full.user', 'Finance');
  await expect(page).toHaveURL(/\/view\?db=\d+/);

  // clicking the archive runs its default search
  await searchPage.openArchive(INVOICES);
  await expect(page).toHaveURL(/\/results\/[^?]+\?db=\d+&archive=\d+&Id=\d+/);
  await expect(resultsPage.title).toHaveText('AP Invoices Search');
  await resultsPage.waitForRows();

  // a prompted search: a drop-down and a date
  await resultsPage.searchAgain.click();
  await searchPage.choosePrompt('Status', 'Approved');
  await searchPage.fillPrompt('Invoice Date From', '01/01/2020');
  await searchPage.runPrompt();
  await expect(page).toHaveURL(/criteria=/);
  const criteria = JSON.parse(new URL(page.url()).searchParams.get('criteria') ?? '{}') as Record<
    string,
    string
  >;
  expect(Object.values(criteria).sort()).toEqual(['01/01/2020', 'Approved']);
  await resultsPage.waitForRows();
  expect(new Set(await resultsPage.columnTexts('Status'))).toEqual(new Set(['Approved']));

  // sort on the server
  await resultsPage.sortBy('Invoice Number');
  await expect(page).toHaveURL(/sort=\d+\+ASC/);
  await expect(resultsPage.header('Invoice Number')).toHaveAttribute('aria-sort', 'ascending');
  const numbers = await resultsPage.columnTexts('Invoice Number');
  expect(numbers).toEqual([...numbers].sort());

  // page
  await resultsPage.goToPage(2);
  await expect(page).toHaveURL(/page=2/);
  await expect(resultsPage.pages.getByRole('button', { name: 'Page 2', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await resultsPage.waitForRows();

  // pin and hide columns
  await resultsPage.columnAction('Vendor Number', 'Pin to the left');
  await expect(resultsPage.header('Vendor Number')).toHaveCSS('position', 'sticky');
  await resultsPage.columnAction('Payment Terms', 'Hide column');
  await expect(resultsPage.header('Payment Terms')).toHaveCount(0);

  // edit two cells: one valid, one refused with its message
  const edited = await resultsPage.docId(0);
  const refused = await resultsPage.docId(1);
  const note = `E2E note ${Date.now()}`;
  await resultsPage.editMode.click();
  await resultsPage.cell('Notes', edited).fill(note);
  await resultsPage.cell('Vendor Number', refused).fill('BAD-1');
  await expect(resultsPage.problems).toContainText(
    `Document ${refused}, Vendor Number: The value does not have the format Vendor Number requires.`,
  );
  await resultsPage.save.click();
  await expect(resultsPage.notice).toHaveText('Your changes were saved.');
  await expect(resultsPage.problems).toContainText(`Document ${refused}, Vendor Number`);

  // leaving edit mode with the refused entry asks first
  await resultsPage.editMode.click();
  const discard = page.getByTestId('discard-invalid');
  await expect(discard).toContainText('Disabling edit mode will discard unsaved invalid entries.');
  await discard.getByRole('button', { name: 'Discard and leave' }).click();
  await expect(resultsPage.editMode).toHaveAttribute('aria-pressed', 'false');

  // the saved value survives a reload, and the address still holds the page, sort and criteria
  await page.reload();
  await resultsPage.waitForRows();
  await expect(page).toHaveURL(/page=2/);
  await expect(resultsPage.row(edited)).toContainText(note);
  await expect(resultsPage.row(refused)).not.toContainText('BAD-1');
  await expect(resultsPage.header('Vendor Number')).toHaveCSS('position', 'sticky');
  await expect(resultsPage.header('Payment Terms')).toHaveCount(0);

  // and it is in the document's history
  await resultsPage.row(edited).click();
  await resultsPage.historyToggle.click();
  await expect(resultsPage.history.getByTestId('history-list')).toContainText(`Field 'Notes' changed from`);
  await expect(resultsPage.history.getByTestId('history-list').getByRole('listitem').first()).toContainText(
    note,
  );
});

test('the read-only user sees the results but cannot edit them', async ({
  page,
  sim: _sim,
  signInTo,
  searchPage,
  resultsPage,
}) => {
  await signInTo('reader', 'Finance');
  await searchPage.openArchive(INVOICES);
  await expect(page).toHaveURL(/\/results\//);
  await resultsPage.waitForRows();
  await expect(resultsPage.editMode).toHaveCount(0);
  await expect(resultsPage.grid.getByRole('textbox')).toHaveCount(0);
});
