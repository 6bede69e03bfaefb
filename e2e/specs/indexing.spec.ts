// Indexing an uploaded document against the demo company: a two-page PDF goes into the server cache
// through `POST files`, the indexing address shows its pages drawn by the server, the fields of
// Finance > Accounts Payable > Invoices refuse one bad value with its message, Save imports the
// document, and a search finds it with its thumbnail.
import type { APIRequestContext } from '@playwright/test';
import { API_ROOT } from '@gs/contract/paths';
import type { UploadResponse } from '@gs/contract/upload';
import { test, expect, DEMO_PASSWORD } from '../fixtures';
import { IndexingPage } from '../pages/IndexingPage';
import { samplePdf } from '../samplePdf';

const USER = 'full.user';
const basic = `Basic ${Buffer.from(`${USER}:${DEMO_PASSWORD}`).toString('base64')}`;

async function uploadPdf(request: APIRequestContext, lines: string[]): Promise<string> {
  const upload = await request.post(`${API_ROOT}files`, {
    headers: { Authorization: basic },
    multipart: { File: { name: 'invoice.pdf', mimeType: 'application/pdf', buffer: samplePdf(lines) } },
  });
  expect(upload.ok()).toBe(true);
  const cacheName = (JSON.parse(await upload.text()) as UploadResponse).files[0]?.name ?? '';
  expect(cacheName).toMatch(/\.pdf$/);
  return cacheName;
}

async function api<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(`${API_ROOT}${path}`, { headers: { Authorization: basic } });
  expect(res.ok(), `${path}: ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

/** The id of an archive by its path of names. */
async function archiveId(request: APIRequestContext, db: number, names: string[]): Promise<number> {
  let path = `dbs/${db}/archives`;
  let id = 0;
  for (const name of names) {
    const { Archives } = await api<{ Archives: { Id: number; Name: string }[] }>(request, path);
    id = Archives.find((a) => a.Name === name)?.Id ?? 0;
    expect(id, name).toBeGreaterThan(0);
    path = `dbs/${db}/archives/${id}`;
  }
  return id;
}

test('an uploaded PDF is indexed into Invoices and found by search with its thumbnail', async ({
  page,
  sim: _sim,
  signInTo,
  searchPage,
  resultsPage,
}) => {
  await signInTo(USER, 'Finance');
  await expect(page).toHaveURL(/\/view\?db=\d+/);
  const db = Number(new URL(page.url()).searchParams.get('db'));
  const invoices = await archiveId(page.request, db, ['Accounts Payable', 'Invoices']);

  // the file goes into the server cache as a capture would put it there
  const cacheName = await uploadPdf(page.request, ['INVOICE 1', 'PAGE 2']);

  const indexing = new IndexingPage(page);
  await indexing.open(db, invoices, [cacheName]);
  await expect(indexing.title).toHaveText('Index into Invoices');
  await expect(indexing.pageOf).toHaveText('Page 1 of 2');
  expect(await indexing.pageDrawn()).toBe(true);
  await indexing.view.getByRole('button', { name: 'Next page' }).click();
  await expect(indexing.pageOf).toHaveText('Page 2 of 2');
  expect(await indexing.pageDrawn()).toBe(true);

  // the fields of the archive with their rules: a bad vendor number is refused with its message
  const invoiceNumber = `E2E-${Date.now()}`;
  const vendor = await indexing.fillInvoice(invoiceNumber);
  await indexing.input('Vendor Number').fill('BAD-1');
  await indexing.input('Status').selectOption('Pending');
  await indexing.save.click();
  await expect(indexing.message('Vendor Number')).toHaveText(
    'The value does not have the format Vendor Number requires.',
  );
  await expect(indexing.error).toHaveText('Correct the highlighted fields before saving.');
  await expect(page).toHaveURL(/ImportDoc=/);

  await indexing.input('Vendor Number').fill('V10157');
  await indexing.save.click();
  await expect(indexing.success).toHaveText('The document was indexed into Invoices.');
  await expect(page).toHaveURL(new RegExp(`/view\\?db=${db}&a=${invoices}$`));

  // a search finds it, with a thumbnail of its first page
  await searchPage.openArchive(['Accounts Payable', 'Invoices']);
  await expect(page).toHaveURL(/\/results\//);
  await resultsPage.searchAgain.click();
  await searchPage.fillPrompt('Invoice Number', invoiceNumber);
  await searchPage.runPrompt();
  await resultsPage.waitForRows();
  await expect(resultsPage.rows).toHaveCount(1);
  expect(await resultsPage.columnTexts('Vendor Name')).toEqual([vendor]);
  const docId = await resultsPage.docId(0);
  expect(await resultsPage.thumbnailWidth(docId)).toBe(150);
});

test('selected pages are burst into a new document and taken out of the original', async ({
  page,
  sim: _sim,
  signInTo,
}) => {
  await signInTo(USER, 'Finance');
  await expect(page).toHaveURL(/\/view\?db=\d+/);
  const db = Number(new URL(page.url()).searchParams.get('db'));
  const invoices = await archiveId(page.request, db, ['Accounts Payable', 'Invoices']);
  const cacheName = await uploadPdf(page.request, ['INVOICE 7', 'PAGE 2', 'ATTACHMENT']);

  const indexing = new IndexingPage(page);
  await indexing.open(db, invoices, [cacheName]);
  await expect(indexing.pageOf).toHaveText('Page 1 of 3');
  const original = page.url();

  // nothing selected: refused with its message
  await indexing.view.getByRole('button', { name: 'Burst', exact: true }).click();
  await expect(indexing.error).toHaveText('Select the pages to burst first.');

  await indexing.burst([3], true);
  await expect(page).toHaveURL(/ImportDoc=[^&]+\.pdf&fromIndexer=true$/);
  expect(page.url()).not.toContain(cacheName);
  await expect(indexing.title).toHaveText('Index into Invoices');
  await expect(indexing.pageOf).toHaveText('Page 1 of 1');
  expect(await indexing.pageDrawn()).toBe(true);

  // saved, the burst document hands back to the original, which lost the burst page
  await indexing.fillInvoice(`E2E-BURST-${Date.now()}`);
  await indexing.save.click();
  await expect(page).toHaveURL(original);
  await expect(indexing.pageOf).toHaveText('Page 1 of 2');
});
