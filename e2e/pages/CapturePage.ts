// Capture: the archive options of the tree, the scan page (/scan), the Extensions settings of the
// Settings page, and the helper's test endpoint that picks the next scan's fault (the controlled
// stack's: specs/controlled/ only).
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { scanPaths, type ScanFault, type ScanTestFaultRequest } from '@gs/contract/helper';
import { baseUrlOf, CONTROLLED } from '../stacks';

/** Short capture timings for the tests (the client reads them from this localStorage entry). */
export const FAST_CAPTURE_TIMINGS = {
  key: 'gs.test.captureTimings',
  value: { pingMs: 1000, installPollMs: 500, scanFirstPollMs: 300, scanPollMs: 200, chunkIntervalMs: 50 },
};

export class CapturePage {
  readonly warning: Locator;
  readonly scanError: Locator;
  readonly scanner: Locator;
  readonly pages: Locator;
  readonly scanButton: Locator;
  readonly continuePrompt: Locator;

  constructor(readonly page: Page) {
    this.warning = page.getByTestId('extensions-warning-text');
    this.scanError = page.getByTestId('scan-error-text');
    this.scanner = page.getByLabel('Scanner', { exact: true });
    this.pages = page.getByLabel('Pages to scan', { exact: true });
    this.scanButton = page.getByRole('button', { name: 'Scan', exact: true });
    this.continuePrompt = page.getByTestId('continue-scanning');
  }

  /** Every later page load of this test uses the short scan timings. */
  async useFastTimings(): Promise<void> {
    await this.page.addInitScript(({ key, value }) => {
      window.localStorage.setItem(key, JSON.stringify(value));
    }, FAST_CAPTURE_TIMINGS);
  }

  /** Opens a parent in the archive tree without selecting it. */
  async expandArchive(name: string): Promise<void> {
    const toggle = this.page.getByRole('button', { name: new RegExp(`^(Expand|Collapse) ${name}$`) });
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  }

  /** Opens an archive's options popover in the tree and picks an item. */
  async archiveOption(archive: string, item: 'Import scan' | 'Import file'): Promise<void> {
    await this.page.getByRole('button', { name: `Options for ${archive}`, exact: true }).click();
    await this.page
      .getByRole('menu', { name: 'Archive options' })
      .getByRole('menuitem', { name: item })
      .click();
  }

  /** From the view, the scan page of the demo's Accounts Payable › Invoices archive. */
  async openInvoicesScan(): Promise<void> {
    await this.expandArchive('Accounts Payable');
    await this.archiveOption('Invoices', 'Import scan');
  }

  /** Opens an inbox's options in the inbox panel and picks 'Import scan'. */
  async inboxImportScan(inbox: string): Promise<void> {
    await this.page
      .getByTestId('inbox-panel')
      .getByRole('button', { name: `Options for ${inbox}`, exact: true })
      .click();
    await this.page
      .getByRole('menu', { name: `Inbox options: ${inbox}` })
      .getByRole('menuitem', { name: 'Import scan' })
      .click();
  }

  /** Settings page: the Extensions ports. */
  async setHelperPorts(http: number, https: number): Promise<void> {
    await this.page.goto('/settings');
    const form = this.page.getByTestId('helper-settings');
    await form.getByLabel('Extensions port (http)').fill(String(http));
    await form.getByLabel('Extensions port (https)').fill(String(https));
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByRole('status')).toHaveText('Saved.');
  }

  /** Scans `pages` pages and answers the 'continue scanning' prompt with Finish. */
  async scan(pages: number): Promise<void> {
    await expect(this.scanButton).toBeEnabled();
    await this.pages.fill(String(pages));
    await this.scanButton.click();
    await expect(this.continuePrompt).toBeVisible();
    await expect(this.continuePrompt).toContainText(String(pages));
    await this.continuePrompt.getByRole('button', { name: 'Finish' }).click();
  }
}

/**
 * The helper's test endpoint (HELPER_TEST_ENDPOINTS through SIM_TEST_ENDPOINTS=1): only the
 * controlled stack has it, so only specs/controlled/ call this.
 */
export async function setNextScanFault(request: APIRequestContext, fault: ScanFault | null): Promise<void> {
  const body: ScanTestFaultRequest = { Fault: fault };
  const res = await request.post(`http://localhost:${CONTROLLED.helperHttpPort}${scanPaths.testFault}`, {
    data: body,
    // as the client's page: work on the scanner needs an allowed Origin or a token (decision 047)
    headers: { Origin: baseUrlOf(CONTROLLED) },
  });
  if (!res.ok()) throw new Error(`set scan fault failed: ${res.status()} ${await res.text()}`);
}
