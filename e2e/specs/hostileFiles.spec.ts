// Issue 26 (decision 043): a full user uploads an .html and an .svg whose script would take over
// the administrator's session (read the token from localStorage, rename an inbox file with it,
// mark the page and localStorage). full.user puts them into the Scanning inbox through the inbox
// screen and imports them into Invoices through the API; the administrator then opens them as a
// person would: the inbox's View and Download, and the results' thumbnail preview (ctrl-click,
// the 600x800 window). No script of theirs runs: the files arrive as downloads, nothing is
// renamed, the page and localStorage are untouched; a PNG and a PDF still preview inline. The
// client's page is served with its Content-Security-Policy, and (fixtures.ts) logs no refusal.
import type { APIRequestContext, Download, Page } from '@playwright/test';
import sharp from 'sharp';
import { API_ROOT } from '@gs/contract/paths';
import type { UploadResponse } from '@gs/contract/upload';
import { test, expect, basicAuth, DEMO_PASSWORD } from '../fixtures';
import { InboxPage } from '../pages/InboxPage';
import { LoginPage } from '../pages/LoginPage';
import { ResultsPage } from '../pages/ResultsPage';
import { SearchPage } from '../pages/SearchPage';
import { SelectDatabasePage } from '../pages/SelectDatabasePage';

const INVOICES = ['Accounts Payable', 'Invoices'];
const INBOX = 'Scanning';
/** a demo invoice, a PDF (Tread Pro Tire Center, October 2025) */
const DEMO_PDF_INVOICE = 'TPT-2509587';

/** What the files' script does when it runs: every effect is checked afterwards. */
const attack = (inboxId: number, name: string) => `
  document.title = 'PWNED';
  try { localStorage.setItem('pwned', '${name}'); } catch (e) {}
  try { window.opener.document.title = 'PWNED'; } catch (e) {}
  try { window.opener.localStorage.setItem('pwned', '${name}'); } catch (e) {}
  var session = {};
  try { session = JSON.parse(localStorage.getItem('session') || '{}'); } catch (e) {}
  fetch('${API_ROOT}inboxes/${inboxId}', {
    method: 'PUT',
    headers: { 'Auth-Token': session.token || '', 'Content-Type': 'application/json' },
    body: JSON.stringify({ FileName: '${name}', NewName: 'pwned-' + Date.now() }),
  });`;

const hostileHtml = (inboxId: number) =>
  `<!doctype html><html><head><title>invoice</title></head><body><p>Invoice</p>` +
  `<script>${attack(inboxId, 'hostile.html')}</script></body></html>`;

const hostileSvg = (inboxId: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">` +
  `<rect width="100" height="100" fill="red"/>` +
  `<script>${attack(inboxId, 'hostile.svg')}</script></svg>`;

async function api<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(`${API_ROOT}${path}`, { headers: basicAuth() });
  expect(res.ok(), `${path}: ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

type Named = { Id: number; Name: string };

async function scanningInboxId(request: APIRequestContext): Promise<number> {
  const { Inboxes } = await api<{ Inboxes: Named[] }>(request, 'inboxes');
  const id = Inboxes.find((i) => i.Name === INBOX)?.Id ?? 0;
  expect(id).toBeGreaterThan(0);
  return id;
}

async function inboxFiles(request: APIRequestContext, inboxId: number): Promise<string[]> {
  const inbox = await api<{ Files: { FileName: string; FileType: string }[] }>(request, `inboxes/${inboxId}`);
  return inbox.Files.map((f) => f.FileName + f.FileType);
}

/** full.user imports a file into Invoices through the API (upload, then import); its invoice number. */
async function importInvoice(
  request: APIRequestContext,
  name: string,
  mimeType: string,
  buffer: Buffer,
  invoiceNumber: string,
): Promise<void> {
  const upload = await request.post(`${API_ROOT}files`, {
    headers: basicAuth(),
    multipart: { File: { name, mimeType, buffer } },
  });
  expect(upload.ok()).toBe(true);
  const cacheName = (JSON.parse(await upload.text()) as UploadResponse).files[0]?.name ?? '';
  const { Archives: roots } = await api<{ Archives: Named[] }>(request, 'dbs/1/archives');
  const ap = roots.find((a) => a.Name === INVOICES[0])?.Id ?? 0;
  const { Archives } = await api<{ Archives: Named[] }>(request, `dbs/1/archives/${ap}`);
  const archive = Archives.find((a) => a.Name === INVOICES[1])?.Id ?? 0;
  const fields = await api<{ ID: number; Name: string }[]>(request, `dbs/1/archives/${archive}?type=fields`);
  const values: Record<string, string> = {
    'Vendor Name': 'Cascade Industrial Supply',
    'Invoice Number': invoiceNumber,
    'Invoice Date': '11/02/2025',
    'Invoice Amount': '10.00',
  };
  const res = await request.post(`${API_ROOT}dbs/1/archives/${archive}`, {
    headers: basicAuth(),
    data: {
      fields: fields
        .filter((f) => values[f.Name] !== undefined)
        .map((f) => ({ name: String(f.ID), value: values[f.Name] })),
      files: [{ name: cacheName }],
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** Every download of the context, from any of its pages (the preview window's included). */
function downloadsOf(page: Page): Download[] {
  const downloads: Download[] = [];
  const watch = (p: Page) => p.on('download', (d) => downloads.push(d));
  watch(page);
  page.context().on('page', watch);
  return downloads;
}

test('files with script uploaded by a user run nothing when the administrator opens them', async ({
  browser,
  page,
  request,
  sim: _sim,
  signInTo,
}) => {
  // two users, five files, each opened as a person would: longer than a test's usual minute
  test.setTimeout(180_000);
  const inboxId = await scanningInboxId(request);

  // full.user uploads both files into the Scanning inbox through the inbox screen
  const userContext = await browser.newContext();
  try {
    const userPage = await userContext.newPage();
    await new LoginPage(userPage).open();
    await new LoginPage(userPage).signIn('full.user', DEMO_PASSWORD);
    await new SelectDatabasePage(userPage).choose('Finance');
    const userInbox = new InboxPage(userPage);
    await userInbox.open(INBOX);
    await userInbox.upload([
      { name: 'hostile.html', mimeType: 'text/html', buffer: Buffer.from(hostileHtml(inboxId)) },
      { name: 'hostile.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(hostileSvg(inboxId)) },
    ]);
    await expect(userInbox.row('hostile.html')).toBeVisible();
    await expect(userInbox.row('hostile.svg')).toBeVisible();
  } finally {
    await userContext.close();
  }
  // ... and imports them, with a PNG, into Invoices
  await importInvoice(
    request,
    'hostile.html',
    'text/html',
    Buffer.from(hostileHtml(inboxId)),
    'HOSTILE-HTML',
  );
  await importInvoice(
    request,
    'hostile.svg',
    'image/svg+xml',
    Buffer.from(hostileSvg(inboxId)),
    'HOSTILE-SVG',
  );
  const png = await sharp({ create: { width: 120, height: 160, channels: 3, background: '#2a6f97' } })
    .png()
    .toBuffer();
  await importInvoice(request, 'fine.png', 'image/png', png, 'FINE-PNG');

  const downloads = downloadsOf(page);
  const client = await page.goto('/login');
  expect(client?.headers()['content-security-policy']).toMatch(/script-src 'self';/);
  await signInTo('SSAdministrator', 'Finance');
  const title = await page.title();

  // the administrator opens each file of the inbox (View), then downloads it
  const inbox = new InboxPage(page);
  await inbox.open(INBOX);
  for (const name of ['hostile.html', 'hostile.svg']) {
    await inbox.row(name).getByTestId('inbox-view').click();
    await expect(page.getByTestId('viewer-native')).toBeVisible();
    await page.goBack();
    await expect(inbox.row(name)).toBeVisible();
    await inbox.check(name);
    const saved = page.waitForEvent('download');
    await inbox.toolbar.getByRole('button', { name: 'Download' }).click();
    expect((await saved).suggestedFilename()).toBe(name);
    await inbox.grid.getByRole('checkbox', { name: `Select ${name}` }).uncheck();
  }

  // ... and previews each document from the results: the thumbnail's ctrl-click window
  const searchPage = new SearchPage(page);
  const results = new ResultsPage(page);
  await page.goto('/view?db=1');
  await searchPage.openArchive(INVOICES);
  await results.waitForRows();
  const preview = async (invoiceNumber: string): Promise<Page> => {
    await results.searchAgain.click();
    await searchPage.fillPrompt('Invoice Number', invoiceNumber);
    await searchPage.runPrompt();
    await results.waitForRows();
    // the last search's rows stay until this one's answer replaces them: wait for its invoice
    await expect(results.rows.first()).toContainText(invoiceNumber);
    if (invoiceNumber !== DEMO_PDF_INVOICE) await expect(results.rows).toHaveCount(1);
    const docId = await results.docId(0);
    const opened = page.waitForEvent('popup');
    await results
      .row(docId)
      .getByRole('button', { name: `Thumbnail of document ${docId}` })
      .click({ modifiers: ['Control'] });
    return opened;
  };
  for (const [number, name] of [
    ['HOSTILE-HTML', 'html'],
    ['HOSTILE-SVG', 'svg'],
  ] as const) {
    const before = downloads.length;
    const popup = await preview(number);
    await popup.waitForLoadState().catch(() => undefined);
    // nothing of the file runs in the preview window (Chromium closes a window that only
    // brought a download: then it has no title at all) ...
    expect(await popup.title().catch(() => null)).not.toBe('PWNED');
    // ... as the file is saved, not shown
    await expect.poll(() => downloads.length).toBe(before + 1);
    expect(downloads.at(-1)?.suggestedFilename()).toMatch(new RegExp(`^\\d+\\.${name}$`));
    if (!popup.isClosed()) await popup.close();
  }

  // a PNG still previews inline in the window
  const pngPopup = await preview('FINE-PNG');
  await pngPopup.waitForLoadState();
  expect(await pngPopup.evaluate(() => document.contentType)).toBe('image/png');
  await expect(pngPopup.locator('img')).toHaveCount(1);
  await pngPopup.close();

  // ... and so does a PDF, in Chromium's PDF viewer
  const pdfPopup = await preview(DEMO_PDF_INVOICE);
  await pdfPopup.waitForLoadState();
  expect(await pdfPopup.evaluate(() => document.contentType)).toBe('application/pdf');
  await expect
    .poll(() => pdfPopup.frames().some((f) => /^chrome-extension:\/\/[a-z]+\/index\.html$/.test(f.url())))
    .toBe(true);
  await pdfPopup.close();

  // nothing the files' script would have done happened
  expect(await page.title()).toBe(title);
  expect(await page.evaluate(() => localStorage.getItem('pwned'))).toBeNull();
  const files = await inboxFiles(request, inboxId);
  expect(files).toEqual(expect.arrayContaining(['hostile.html', 'hostile.svg']));
  expect(files.filter((f) => f.startsWith('pwned-'))).toEqual([]);
});
