// Operations on checked inbox files against the demo company: a full user uploads two PDFs to the
// Scanning inbox, merges them (check order = page order) into a new document of Invoices whose
// file has the pages of both in that order while the inbox files stay, and opens an inbox file in
// the viewer, which draws its pages and turns one, saved into the file.
import { PDFDocument } from 'pdf-lib';
import type { APIRequestContext } from '@playwright/test';
import { test, expect, basicAuth, documentFile } from '../fixtures';
import { DocumentsToolbar } from '../pages/DocumentsToolbar';
import { InboxPage } from '../pages/InboxPage';
import { ViewerPage } from '../pages/ViewerPage';

const API = '/Square9API/api/';
const basic = basicAuth();

async function pdfOf(pages: number, size: [number, number]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  for (let i = 0; i < pages; i++) pdf.addPage(size).drawText(`Page ${i + 1}`, { x: 20, y: 20 });
  return Buffer.from(await pdf.save());
}

/** An archive's id by its path in the tree (each level: GET dbs/{db}/archives[/{parent}]). */
async function archiveId(request: APIRequestContext, db: number, path: string[]): Promise<number> {
  let parent = 0;
  for (const name of path) {
    const res = await request.get(`${API}dbs/${db}/archives${parent ? `/${parent}` : ''}`, {
      headers: basic,
    });
    const { Archives } = (await res.json()) as { Archives: { Id: number; Name: string }[] };
    parent = Archives.find((a) => a.Name === name)?.Id ?? 0;
    expect(parent).toBeGreaterThan(0);
  }
  return parent;
}

async function inboxFilePdf(request: APIRequestContext, inboxId: number, name: string) {
  const file = await request.get(`${API}inboxes/${inboxId}`, { headers: basic, params: { FileName: name } });
  expect(file.ok()).toBe(true);
  return PDFDocument.load(await file.body());
}

test('a full user merges two inbox files into an archive and views an inbox file', async ({
  page,
  request,
  sim: _sim,
  signInTo,
}) => {
  const inbox = new InboxPage(page);
  const toolbar = new DocumentsToolbar(page);
  await signInTo('full.user', 'Finance');
  await inbox.open('Scanning');
  const address = new URL(page.url());
  const db = Number(address.searchParams.get('db'));
  const inboxId = Number(address.searchParams.get('inboxId'));

  await inbox.upload([
    { name: 'E2E Merge A.pdf', mimeType: 'application/pdf', buffer: await pdfOf(2, [612, 792]) },
    { name: 'E2E Merge B.pdf', mimeType: 'application/pdf', buffer: await pdfOf(1, [300, 300]) },
  ]);
  await expect(inbox.row('E2E Merge A.pdf')).toBeVisible();
  await expect(inbox.row('E2E Merge B.pdf')).toBeVisible();

  // merge B then A (check order) into a new document of Invoices
  await inbox.check('E2E Merge B.pdf');
  await inbox.check('E2E Merge A.pdf');
  await inbox.toolbar.getByRole('button', { name: 'Merge', exact: true }).click();
  const dialog = page.getByTestId('inbox-merge');
  await expect(dialog.getByTestId('inbox-merge-order').getByRole('listitem')).toHaveText([
    'E2E Merge B.pdf',
    'E2E Merge A.pdf',
  ]);
  await dialog.getByRole('button', { name: 'Expand Accounts Payable' }).click();
  await dialog.getByRole('button', { name: 'Invoices', exact: true }).click();
  await dialog.getByTestId('inbox-merge-confirm').click();
  await expect(toolbar.waitModal).toBeHidden();
  await expect(inbox.notice).toContainText(/Merge successful: new document \d+ in Invoices\./);
  const notes = await toolbar.openNotifications();
  const note = notes.getByText(/^Merge successful: new document \d+ in Invoices\.$/);
  await expect(note).toBeVisible();
  const mergedId = Number(/\d+/.exec((await note.textContent()) ?? '')?.[0]);
  await toolbar.closeNotifications();

  const invoices = await archiveId(request, db, ['Accounts Payable', 'Invoices']);
  const merged = await PDFDocument.load(await documentFile(request, db, invoices, mergedId));
  expect(merged.getPageCount()).toBe(3);
  expect(merged.getPage(0).getSize()).toEqual({ width: 300, height: 300 });
  expect(merged.getPage(1).getSize()).toEqual({ width: 612, height: 792 });
  // the inbox files stay; the grid reloaded without a selection
  await expect(inbox.row('E2E Merge A.pdf')).toBeVisible();
  await expect(inbox.row('E2E Merge B.pdf')).toBeVisible();
  await expect(inbox.grid.getByRole('checkbox', { name: 'Select E2E Merge A.pdf' })).not.toBeChecked();

  // open an inbox file in the viewer: its two pages, turned page 2 saved into the file
  await inbox.row('E2E Merge A.pdf').getByRole('button', { name: 'View E2E Merge A.pdf' }).click();
  const viewer = new ViewerPage(page);
  await expect(viewer.root).toBeVisible();
  await expect(page).toHaveURL(/\/viewer\/E2E%20Merge%20A\.pdf\?db=\d+&inboxId=\d+&session=/);
  await expect(page.getByRole('heading', { name: 'E2E Merge A.pdf (inbox file)' })).toBeVisible();
  await expect(page.getByTestId('viewer-page-count')).toHaveText('of 2');
  await expect(viewer.page).toHaveAttribute('data-orientation', 'portrait');
  await expect(viewer.button('Index panel')).toHaveCount(0);
  await viewer.goToPage(2);
  await viewer.button('Rotate right').click();
  await expect(viewer.page).toHaveAttribute('data-rotation', '90');
  await expect(viewer.page).toHaveAttribute('data-orientation', 'landscape');
  const turned = await inboxFilePdf(request, inboxId, 'E2E Merge A.pdf');
  expect(turned.getPages().map((p) => p.getRotation().angle)).toEqual([0, 90]);
});
