// KeyFree data extraction (issue 15): pages scanned through the capture flow open in the indexing
// view; KeyFree is not registered in the helper, so turning it on offers the install
// data-extraction modal, which installs it through the helper's Management/Install; then clicking
// the printed words fills Vendor Name (a drag over the company's name, matched to the Vendors
// list), Invoice Number and Invoice Date (the focus moves on by itself), and the saved document
// has exactly the printed values. A page burst out of a scan keeps its words, and so do the pages
// left in the scan (decision 040). A photo (no scanned words) says ERROR_NO_KFI_WORDS.
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { API_ROOT } from '@gs/contract/paths';
import type { UploadResponse } from '@gs/contract/upload';
import { test, expect, DEMO_PASSWORD } from '../fixtures';
import { CapturePage } from '../pages/CapturePage';
import { IndexingPage } from '../pages/IndexingPage';
import { KeyFreePage, printedInvoice, uninstallDataExtraction } from '../pages/KeyFreePage';

const USER = 'full.user';
const basic = `Basic ${Buffer.from(`${USER}:${DEMO_PASSWORD}`).toString('base64')}`;

test.beforeEach(async ({ request, stack }) => {
  await uninstallDataExtraction(request, stack);
});
// the helper as a fresh one is for the specs after these
test.afterEach(async ({ request, stack }) => {
  await uninstallDataExtraction(request, stack);
});

test('scanned pages are indexed by clicking their words, after installing data extraction', async ({
  page,
  sim: _sim,
  signInTo,
  searchPage,
  resultsPage,
}) => {
  const capture = new CapturePage(page);
  await capture.useFastTimings();
  await signInTo(USER, 'Finance');
  await capture.openInvoicesScan();
  await capture.scan(3);
  await expect(page).toHaveURL(/\/view\?db=\d+&a=\d+&ImportDoc=[^&]+\.tif$/);
  const cacheName = new URL(page.url()).searchParams.get('ImportDoc') ?? '';

  const indexer = new IndexingPage(page);
  const keyFree = new KeyFreePage(page);
  await expect(indexer.pageOf).toHaveText('Page 1 of 3');
  expect(await indexer.pageDrawn()).toBe(true);

  // not registered in the helper: the install data-extraction modal, then the tool is on
  await keyFree.toggle.click();
  await expect(keyFree.installModal).toBeVisible();
  await expect(keyFree.installModal).toContainText(
    'Data extraction is not registered in GlobalSearch Extensions.',
  );
  await keyFree.installModal.getByRole('button', { name: 'Install', exact: true }).click();
  await expect(keyFree.installModal).toBeHidden();
  await expect(keyFree.toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(keyFree.overlay).toBeVisible();

  // what page 1 says: the letterhead's company (line 1, before the telephone), a number and a date
  const { company, vendor, number, date } = await printedInvoice(page.request, basic, cacheName);

  // Vendor Name: a drag over the company's words, matched to the Vendors list; the focus moves on
  await indexer.input('Vendor Name').focus();
  await keyFree.drag(company[0]?.Value ?? '', company.at(-1)?.Value ?? '');
  await expect(indexer.input('Vendor Name')).toHaveValue(vendor);
  await expect(indexer.input('Vendor Number')).toBeFocused();

  // Invoice Number, then Invoice Date by the focus KeyFree moved there
  await indexer.input('Invoice Number').focus();
  await keyFree.click(number);
  await expect(indexer.input('Invoice Number')).toHaveValue(number);
  await expect(indexer.input('Invoice Date')).toBeFocused();
  // a date into a list field is refused with KEYFREE_LIST_ITEM_NOT_FOUND first
  await indexer.input('Vendor Name').focus();
  await keyFree.click(date);
  await expect(keyFree.message).toHaveText("The selected text is not an item of this field's list.");
  await expect(indexer.input('Vendor Name')).toHaveValue(vendor);
  await indexer.input('Invoice Date').focus();
  await keyFree.click(date);
  await expect(indexer.input('Invoice Date')).toHaveValue(date);
  await expect(keyFree.message).toBeHidden();

  // the tool toggles off: the words go
  await keyFree.toggle.click();
  await expect(keyFree.overlay).toBeHidden();
  await indexer.input('Invoice Amount').fill('1234.56');
  await indexer.input('Status').selectOption('Pending');
  await indexer.save.click();
  await expect(indexer.success).toHaveText('The document was indexed into Invoices.');

  // the document has exactly the printed values
  await searchPage.openArchive(['Accounts Payable', 'Invoices']);
  await resultsPage.searchAgain.click();
  await searchPage.fillPrompt('Invoice Number', number);
  await searchPage.runPrompt();
  await resultsPage.waitForRows();
  await expect(resultsPage.rows).toHaveCount(1);
  expect(await resultsPage.columnTexts('Vendor Name')).toEqual([vendor]);
  expect(await resultsPage.columnTexts('Invoice Number')).toEqual([number]);
  const [month, day, year] = date.split('/').map(Number);
  const shown = (await resultsPage.columnTexts('Invoice Date'))[0] ?? '';
  expect(shown.split(/[/ ]/).slice(0, 3).map(Number)).toEqual([month, day, year]);
});

test('a scanned page burst into a document of its own keeps its words, and so do the pages left', async ({
  page,
  sim: _sim,
  signInTo,
}) => {
  const capture = new CapturePage(page);
  await capture.useFastTimings();
  await signInTo(USER, 'Finance');
  await capture.openInvoicesScan();
  await capture.scan(3);
  await expect(page).toHaveURL(/\/view\?db=\d+&a=\d+&ImportDoc=[^&]+\.tif$/);
  const original = page.url();
  const cacheName = new URL(original).searchParams.get('ImportDoc') ?? '';
  // what pages 2 and 3 print, read before the burst
  const second = await printedInvoice(page.request, basic, cacheName, 2);
  const third = await printedInvoice(page.request, basic, cacheName, 3);

  const indexer = new IndexingPage(page);
  const keyFree = new KeyFreePage(page);
  await expect(indexer.pageOf).toHaveText('Page 1 of 3');
  await indexer.burst([2], true);
  await expect(page).toHaveURL(/ImportDoc=[^&]+\.tif&fromIndexer=true$/);
  await expect(indexer.pageOf).toHaveText('Page 1 of 1');

  // KeyFree finds page 2's printed words on the burst document
  await keyFree.toggle.click();
  await keyFree.installModal.getByRole('button', { name: 'Install', exact: true }).click();
  await expect(keyFree.overlay).toBeVisible();
  await indexer.input('Invoice Number').focus();
  await keyFree.click(second.number);
  await expect(indexer.input('Invoice Number')).toHaveValue(second.number);
  await expect(keyFree.message).toBeHidden();
  await keyFree.toggle.click();
  await indexer.fillInvoice(second.number);
  await indexer.save.click();

  // back on the original, which lost page 2: its new page 2 (page 3 before) still has its words
  await expect(page).toHaveURL(original);
  await expect(indexer.pageOf).toHaveText('Page 1 of 2');
  await indexer.view.getByRole('button', { name: 'Next page', exact: true }).click();
  await expect(indexer.pageOf).toHaveText('Page 2 of 2');
  await keyFree.toggle.click();
  await expect(keyFree.overlay).toBeVisible();
  await indexer.input('Invoice Number').focus();
  await keyFree.click(third.number);
  await expect(indexer.input('Invoice Number')).toHaveValue(third.number);
});

test('a photo has no recognised words: KeyFree says ERROR_NO_KFI_WORDS and toggles off', async ({
  page,
  sim: _sim,
  signInTo,
}) => {
  await signInTo(USER, 'Finance');
  const db = Number(new URL(page.url()).searchParams.get('db'));
  const upload = await page.request.post(`${API_ROOT}files`, {
    headers: { Authorization: basic },
    multipart: {
      File: {
        name: 'photo.png',
        mimeType: 'image/png',
        buffer: await sharp({ create: { width: 200, height: 260, channels: 3, background: '#dde' } })
          .png()
          .toBuffer(),
      },
    },
  });
  expect(upload.ok()).toBe(true);
  const cacheName = (JSON.parse(await upload.text()) as UploadResponse).files[0]?.name ?? '';
  await openIndexing(page, db, cacheName);

  const keyFree = new KeyFreePage(page);
  await keyFree.toggle.click();
  await keyFree.installModal.getByRole('button', { name: 'Install', exact: true }).click();
  await expect(keyFree.message).toHaveText('No words were recognised on this page.');
  await expect(keyFree.overlay).toBeHidden();
  await keyFree.toggle.click();
  await expect(keyFree.toggle).toHaveAttribute('aria-pressed', 'false');
  await expect(keyFree.message).toBeHidden();
});

/** Opens the indexing view of a cache file in Accounts Payable > Invoices. */
async function openIndexing(page: Page, db: number, cacheName: string) {
  const res = await page.request.get(`${API_ROOT}dbs/${db}/archives`, { headers: { Authorization: basic } });
  const ap = ((await res.json()) as { Archives: { Id: number; Name: string }[] }).Archives.find(
    (a) => a.Name === 'Accounts Payable',
  );
  const sub = await page.request.get(`${API_ROOT}dbs/${db}/archives/${ap?.Id ?? 0}`, {
    headers: { Authorization: basic },
  });
  const invoices = ((await sub.json()) as { Archives: { Id: number; Name: string }[] }).Archives.find(
    (a) => a.Name === 'Invoices',
  );
  const indexer = new IndexingPage(page);
  await indexer.open(db, invoices?.Id ?? 0, [cacheName]);
  await expect(indexer.pageOf).toHaveText('Page 1 of 1');
}
