// Same-site CSRF (issue 26, decision 045): a user signs in through the client, then a page served
// from another port of localhost, opened in the same browser, tries to delete an invoice (fetch
// POST with the user's cookies, and a DELETE) and to move it away (a form POST it submits itself).
// The sstoken cookie rides along (SameSite=Strict lets another port of the same site through), so
// the server must refuse the writes: the invoice is still there, read back through the API.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext, Page, Response } from '@playwright/test';
import { API_ROOT } from '@gs/contract/paths';
import { test, expect, basicAuth } from '../fixtures';

const INVOICES = ['Accounts Payable', 'Invoices'];
const PURCHASE_ORDERS = 'Purchase Orders';

async function api<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(`${API_ROOT}${path}`, { headers: basicAuth() });
  expect(res.ok(), `${path}: ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

type Archives = { Archives: { Id: number; Name: string }[] };

/** The hostile page: three writes with the browser's credentials, then `done` in its title. */
function hostileHtml(urls: { remove: string; move: string }): string {
  const json = JSON.stringify(urls);
  return `<!doctype html><html><head><meta charset="utf-8"><title>waiting</title></head><body>
<h1>Win a prize</h1><iframe name="sink"></iframe>
<form id="move" method="POST" target="sink" action="${urls.move.replace(/&/g, '&amp;')}"><input name="x" value="1"></form>
<script>
(async () => {
  const u = ${json};
  const log = [];
  const attempt = async (label, init) => {
    try { await fetch(u.remove, { credentials: 'include', ...init }); log.push(label + ': sent'); }
    catch (e) { log.push(label + ': ' + e.name); }
  };
  await attempt('post', { method: 'POST', mode: 'no-cors' });
  await attempt('delete', { method: 'DELETE' });
  const sink = document.querySelector('iframe');
  await new Promise((done) => { sink.addEventListener('load', done, { once: true }); document.getElementById('move').submit(); });
  document.body.dataset.log = log.join('; ');
  document.title = 'done';
})();
</script></body></html>`;
}

async function serveHostile(html: string): Promise<{ server: Server; url: string }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((done) => server.listen(0, done));
  return { server, url: `http://localhost:${(server.address() as AddressInfo).port}/` };
}

/** The server's answers to the hostile page's calls on the API. */
function recordApiCalls(page: Page): { method: string; status: number }[] {
  const calls: { method: string; status: number }[] = [];
  page.on('response', (res: Response) => {
    if (res.url().includes(API_ROOT)) calls.push({ method: res.request().method(), status: res.status() });
  });
  return calls;
}

test('a page on another port of localhost cannot delete or move the signed-in user’s documents', async ({
  page,
  request,
  sim: _sim,
  openArchiveAs,
  resultsPage,
}) => {
  await openArchiveAs('full.user', INVOICES);
  const address = new URL(page.url());
  const db = Number(address.searchParams.get('db'));
  const invoices = Number(address.searchParams.get('archive'));
  const doc = await resultsPage.docId(0);
  const secureId = await api<string>(request, `dbs/${db}/archives/${invoices}?DocumentID=${doc}`);
  const roots = (await api<Archives>(request, `dbs/${db}/archives`)).Archives;
  const payables = roots.find((a) => a.Name === INVOICES[0])?.Id ?? 0;
  const orders = (await api<Archives>(request, `dbs/${db}/archives/${payables}`)).Archives.find(
    (a) => a.Name === PURCHASE_ORDERS,
  )?.Id;
  expect(orders).toBeGreaterThan(0);

  const target = new URL(`${API_ROOT}dbs/${db}/archives/${invoices}/documents/${doc}/`, page.url());
  const urls = {
    remove: `${target.href}delete?SecureId=${encodeURIComponent(secureId)}`,
    move: `${target.href}move?SecureId=${encodeURIComponent(secureId)}&DestinationArchive=${orders}`,
  };
  const { server, url } = await serveHostile(hostileHtml(urls));
  try {
    const hostile = await page.context().newPage();
    const calls = recordApiCalls(hostile);
    await hostile.goto(url);
    await expect(hostile).toHaveTitle('done');
    // both POSTs reached the server and were refused with 403, not 401: they carried the user's
    // cookie (another port is the same site) and the server refused the cookie alone for a write;
    // the DELETE never left the browser (its CORS preflight was not granted)
    await expect
      .poll(() => calls.filter((c) => c.method === 'POST').map((c) => c.status))
      .toEqual([403, 403]);
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await hostile.close();
  } finally {
    server.close();
  }

  // the invoice is still in Invoices
  const still = await request.get(`${API_ROOT}dbs/${db}/archives/${invoices}/documents/${doc}`, {
    headers: basicAuth(),
    params: { SecureId: secureId },
  });
  expect(still.status()).toBe(200);
  // and the signed-in client still shows it
  await page.reload();
  await expect(resultsPage.row(doc)).toBeVisible();
});
