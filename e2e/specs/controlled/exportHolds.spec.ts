// Exports refused while documents are held (spec §8) against the demo company: the open Invoices
// hold a few documents inside the "Send for Approval" workflow, so exporting that search names the
// workflow; a scanned TIFF imported into Purchase Orders (an archive that converts to PDF) is
// refused as pending conversion until the simulator's converter has made it a PDF (the e2e server
// waits PDF_CONVERT_DELAY_SECONDS=600; the test moves the simulator's clock past it), and then the
// same export goes through.
import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { API_ROOT } from '@gs/contract/paths';
import { simPaths, type SimPdfConversionResponse } from '@gs/contract/sim';
import type { UploadResponse } from '@gs/contract/upload';
import { test, expect, basicAuth } from '../../fixtures';
import { BulkPage } from '../../pages/BulkPage';

const USER = 'full.user';
const INVOICES = ['Accounts Payable', 'Invoices'];
const PURCHASE_ORDERS = ['Accounts Payable', 'Purchase Orders'];
/** PDF_CONVERT_DELAY_SECONDS of the e2e server (playwright.config.ts), in ms, and a minute more */
const PAST_THE_DELAY = 660_000;

async function api<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(`${API_ROOT}${path}`, { headers: basicAuth(USER) });
  expect(res.ok(), `${path}: ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

/** A two-page scanned purchase order imported into Purchase Orders through the API; its id. */
async function importScan(request: APIRequestContext): Promise<{ id: number; archive: number }> {
  const page = (shade: number) =>
    sharp({ create: { width: 170, height: 220, channels: 3, background: { r: shade, g: shade, b: shade } } })
      .png()
      .toBuffer();
  const tiff = await sharp([await page(230), await page(200)], { join: { animated: true } })
    .tiff({ compression: 'lzw' })
    .toBuffer();
  const upload = await request.post(`${API_ROOT}files`, {
    headers: basicAuth(USER),
    multipart: { File: { name: 'scan.tif', mimeType: 'image/tiff', buffer: tiff } },
  });
  expect(upload.ok()).toBe(true);
  const cacheName = (JSON.parse(await upload.text()) as UploadResponse).files[0]?.name ?? '';
  const { Archives: roots } = await api<{ Archives: { Id: number; Name: string }[] }>(
    request,
    'dbs/1/archives',
  );
  const ap = roots.find((a) => a.Name === PURCHASE_ORDERS[0])?.Id ?? 0;
  const { Archives } = await api<{ Archives: { Id: number; Name: string }[] }>(
    request,
    `dbs/1/archives/${ap}`,
  );
  const archive = Archives.find((a) => a.Name === PURCHASE_ORDERS[1])?.Id ?? 0;
  expect(archive).toBeGreaterThan(0);
  const Fields = await api<{ ID: number; Name: string }[]>(request, `dbs/1/archives/${archive}?type=fields`);
  const values: Record<string, string> = {
    'Vendor Name': 'Cascade Industrial Supply',
    'PO Number': 'PO-765432',
    'PO Date': '11/02/2025',
  };
  const fields = Fields.filter((f) => values[f.Name] !== undefined).map((f) => ({
    name: String(f.ID),
    value: values[f.Name],
  }));
  const { Token } = await api<{ Token: string }>(request, 'licenses');
  const res = await request.post(`${API_ROOT}dbs/1/archives/${archive}?token=${Token}`, {
    headers: basicAuth(USER),
    data: { fields, files: [{ name: cacheName }] },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const [id] = (await res.json()) as number[];
  return { id: id ?? 0, archive };
}

test('exporting a search that holds documents inside a workflow is refused with the reason', async ({
  page,
  sim: _sim,
  openArchiveAs,
}) => {
  const bulk = new BulkPage(page);
  await openArchiveAs(USER, INVOICES);
  await bulk.exportMenu.click();
  await page.getByRole('menuitem', { name: 'Export to spreadsheet' }).click();
  await bulk.exportModal.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(bulk.exportModal.getByTestId('export-errors')).toHaveText(
    'A document is in a workflow and cannot be exported.',
  );
  await expect(bulk.exportModal.getByTestId('export-ready')).toHaveCount(0);
  await bulk.closeExport();
});

test('a scanned TIFF is refused while it waits for PDF conversion, and exports once it is a PDF', async ({
  page,
  request,
  sim: _sim,
  openArchiveAs,
}) => {
  const scan = await importScan(request);
  const bulk = new BulkPage(page);
  await openArchiveAs(USER, PURCHASE_ORDERS);
  await page.getByRole('checkbox', { name: `Select document ${scan.id}` }).check();
  await bulk.exportMenu.click();
  await page.getByRole('menuitem', { name: 'Export to spreadsheet' }).click();
  await bulk.exportModal.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(bulk.exportModal.getByTestId('export-errors')).toHaveText(
    'A document is still being converted to PDF.',
  );
  await bulk.closeExport();

  // the converter's delay passes: the document becomes a PDF, and the same export goes through
  expect((await request.post(simPaths.clock, { data: { advanceMs: PAST_THE_DELAY } })).ok()).toBe(true);
  const round = (await (await request.post(simPaths.pdfConversion)).json()) as SimPdfConversionResponse;
  expect(round.Converted).toBeGreaterThanOrEqual(1);
  expect(round.Pending).toBe(0);

  await bulk.exportTo('Export to spreadsheet');
  await bulk.closeExport();
});
