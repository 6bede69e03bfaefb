// The results page's bulk tools: the bulk update modal (settings, count, confirm, run, summary)
// and the export menu with its modals (spreadsheet, zip, export utility).
import { expect, type Download, type Locator, type Page } from '@playwright/test';

export class BulkPage {
  readonly updateButton: Locator;
  readonly modal: Locator;
  readonly exportMenu: Locator;
  readonly exportModal: Locator;

  constructor(readonly page: Page) {
    this.updateButton = page.getByTestId('bulk-update');
    this.modal = page.getByTestId('bulk-update-modal');
    this.exportMenu = page.getByTestId('export-menu');
    this.exportModal = page.getByTestId('export-modal');
  }

  async open(): Promise<void> {
    await this.updateButton.click();
    await expect(this.modal).toBeVisible();
  }

  async next(): Promise<void> {
    await this.modal.getByRole('button', { name: 'Next', exact: true }).click();
  }

  /** Waits for the count and returns it from the confirmation. */
  async confirmedCount(): Promise<number> {
    const confirm = this.modal.getByTestId('bulk-confirm');
    await expect(confirm).toContainText('documents will be updated.', { timeout: 30_000 });
    const text = (await confirm.textContent()) ?? '';
    return Number(/(\d+) documents will be updated/.exec(text)?.[1] ?? NaN);
  }

  async run(count: number): Promise<Locator> {
    await this.modal.getByRole('button', { name: `Update ${count} documents` }).click();
    const summary = this.modal.getByTestId('bulk-summary');
    await expect(summary).toBeVisible({ timeout: 60_000 });
    return summary;
  }

  async close(): Promise<void> {
    await this.modal.getByRole('button', { name: 'Close' }).last().click();
    await expect(this.modal).toBeHidden();
  }

  /** Chooses an export from the menu, starts it and returns the download of the ready file. */
  async exportTo(item: string): Promise<Download> {
    await this.exportMenu.click();
    await this.page.getByRole('menuitem', { name: item }).click();
    await this.exportModal.getByRole('button', { name: 'Export', exact: true }).click();
    const link = this.exportModal.getByTestId('export-ready').getByRole('link');
    await expect(link).toBeVisible({ timeout: 30_000 });
    const [download] = await Promise.all([this.page.waitForEvent('download'), link.click()]);
    return download;
  }

  async closeExport(): Promise<void> {
    await this.exportModal.getByRole('button', { name: 'Close' }).last().click();
    await expect(this.exportModal).toBeHidden();
  }
}
