// The database import wizard (/admin/full?mode=DATABASE_IMPORT&step=): the package upload, the
// database steps, the template tree, Next/Back/Cancel, the log and success modals.
import { expect, type Locator, type Page } from '@playwright/test';

export class ImportWizardPage {
  readonly wizard: Locator;
  readonly file: Locator;
  readonly next: Locator;
  readonly back: Locator;
  readonly branches: Locator;
  readonly log: Locator;
  readonly success: Locator;

  constructor(readonly page: Page) {
    this.wizard = page.getByTestId('import-wizard');
    this.file = page.getByTestId('import-file');
    this.next = page.getByTestId('import-next');
    this.back = page.getByTestId('import-back');
    this.branches = page.getByTestId('import-branch');
    this.log = page.getByTestId('import-log');
    this.success = page.getByTestId('import-success');
  }

  async open(): Promise<void> {
    await this.page.goto('/admin/full?mode=DATABASE_IMPORT');
    await expect(this.wizard).toHaveAttribute('data-step', 'default');
  }

  async upload(file: string | { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
    await this.file.setInputFiles(file);
  }

  async expectStep(step: string): Promise<void> {
    await expect(this.wizard).toHaveAttribute('data-step', step);
  }

  branch(name: string): Locator {
    return this.branches.filter({ has: this.page.getByRole('checkbox', { name, exact: true }) });
  }
}
