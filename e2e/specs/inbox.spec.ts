// Inboxes against the demo company: a full user opens the Scanning inbox from the search screen,
// uploads a PDF (an empty file is left out with its message) and sees it with its thumbnail,
// renames it, copies it to HR Onboarding, deletes a scan after confirming, and sends the file to
// an archive, arriving at the indexing address. The read-only user only looks.
import { readFile } from 'node:fs/promises';
import { test, expect } from '../fixtures';
import { InboxPage } from '../pages/InboxPage';

/** A one-page PDF with a line of text (hand-written objects, offsets computed). */
function tinyPdf(text: string): Buffer {
  const content = `BT /F1 24 Tf 72 700 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const filesIn = async (inbox: InboxPage): Promise<number> =>
  Number((await inbox.count.textContent())?.replace(/\D/g, ''));

test('a full user uploads, renames, copies, deletes and sends inbox files to an archive', async ({
  page,
  sim: _sim,
  signInTo,
}) => {
  const inbox = new InboxPage(page);
  await signInTo('full.user', 'Finance');
  await expect(page).toHaveURL(/\/view\?db=\d+/);
  for (const name of ['Scanning', 'HR Onboarding'])
    await expect(inbox.panel.getByRole('button', { name, exact: true })).toBeVisible();

  await inbox.open('Scanning');
  await expect(page).toHaveURL(/\/results\/Inbox\?db=\d+&inboxId=\d+$/);
  const seeded = await filesIn(inbox);
  expect(seeded).toBeGreaterThan(0);

  // upload: the empty file is left out with its name, the PDF arrives with a 150x150 thumbnail
  await inbox.upload([
    { name: 'E2E Upload.pdf', mimeType: 'application/pdf', buffer: tinyPdf('Inbox upload test') },
    { name: 'empty.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(0) },
  ]);
  await expect(page.getByTestId('zero-byte-removed')).toHaveText(
    'This file is empty (0 bytes) and was not uploaded: empty.pdf',
  );
  await expect(inbox.row('E2E Upload.pdf')).toBeVisible();
  await expect(inbox.count).toHaveText(`Files: ${seeded + 1}`);
  await expect
    .poll(() =>
      inbox.thumbnail('E2E Upload.pdf').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
    )
    .toBe(150);

  // rename through NewName: the extension stays
  await inbox.rename('E2E Upload.pdf', 'E2E Renamed');
  await expect(inbox.row('E2E Renamed.pdf')).toBeVisible();
  await expect(inbox.row('E2E Upload.pdf')).toHaveCount(0);

  // copy to another inbox
  await inbox.copyTo('E2E Renamed.pdf', 'HR Onboarding');
  await expect(inbox.notice).toContainText('Files copied to HR Onboarding: 1');
  await inbox.open('HR Onboarding');
  await expect(inbox.row('E2E Renamed.pdf')).toBeVisible();
  await inbox.open('Scanning');
  await expect(inbox.row('E2E Renamed.pdf')).toBeVisible();

  // delete after confirming
  const scan = (await inbox.rows.last().getAttribute('data-testid'))?.replace('inbox-row-', '') ?? '';
  expect(scan).toMatch(/^Scan_/);
  await inbox.delete(scan);
  await expect(inbox.row(scan)).toHaveCount(0);
  await expect(inbox.count).toHaveText(`Files: ${seeded}`);

  // export as a zip: downloaded, holding the file
  await inbox.check('E2E Renamed.pdf');
  const download = page.waitForEvent('download');
  await page.getByTestId('inbox-export-button').click();
  const zip = await readFile((await (await download).path()) ?? '');
  expect(zip.subarray(0, 2).toString('latin1')).toBe('PK');
  expect(zip.includes(Buffer.from('E2E Renamed.pdf'))).toBe(true);

  // send to an archive: the indexing view's address with the inbox file
  await inbox.sendToArchive('E2E Renamed.pdf', ['Accounts Payable', 'Invoices']);
  await expect(page).toHaveURL(/\/view\?db=\d+&a=\d+&inboxId=\d+&inboxFile=E2E\+Renamed\.pdf$/);
});

test('the read-only user sees inbox files but cannot change them', async ({ page, sim: _sim, signInTo }) => {
  const inbox = new InboxPage(page);
  await signInTo('reader', 'Finance');
  await inbox.open('Scanning');
  await expect(inbox.toolbar.getByRole('button', { name: 'Download' })).toBeVisible();
  for (const name of ['Upload files', 'Rename', 'Copy or move', 'Delete', 'Send to archive'])
    await expect(inbox.toolbar.getByRole('button', { name })).toHaveCount(0);
});
