// The inbox panel of the search screen and an inbox's files (/results/Inbox): the grid with its
// thumbnails, the toolbar on checked files and its dialogs (rename, inbox-select, delete-confirm,
// index-archive-select).
import { expect, type Locator, type Page } from '@playwright/test';

export interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

export class InboxPage {
  readonly panel: Locator;
  readonly grid: Locator;
  readonly rows: Locator;
  readonly title: Locator;
  readonly count: Locator;
  readonly toolbar: Locator;
  readonly notice: Locator;

  constructor(readonly page: Page) {
    this.panel = page.getByTestId('inbox-panel');
    this.grid = page.getByTestId('inbox-grid');
    this.rows = this.grid.locator('[data-testid^="inbox-row-"]');
    this.title = page.getByRole('heading', { level: 1 });
    this.count = page.getByTestId('inbox-count');
    this.toolbar = page.getByRole('toolbar', { name: 'Inbox file actions' });
    this.notice = page.getByTestId('inbox-notice');
  }

  /** Opens an inbox from the panel beside the archive tree. */
  async open(name: string): Promise<void> {
    await this.panel.getByRole('button', { name, exact: true }).click();
    await expect(this.title).toHaveText(name);
    await expect(this.rows.first()).toBeVisible();
  }

  /** The row of a file, by its full name (with extension). */
  row(fileName: string): Locator {
    return this.grid.getByTestId(`inbox-row-${fileName}`);
  }

  thumbnail(fileName: string): Locator {
    return this.row(fileName).getByTestId('inbox-thumb');
  }

  async upload(files: UploadFile[]): Promise<void> {
    await this.page.getByTestId('inbox-grid-file-input').setInputFiles(files);
    await expect(this.page.getByTestId('inbox-upload-done')).toBeVisible();
  }

  async check(fileName: string): Promise<void> {
    await this.grid.getByRole('checkbox', { name: `Select ${fileName}` }).check();
  }

  async rename(fileName: string, newName: string): Promise<void> {
    await this.check(fileName);
    await this.toolbar.getByRole('button', { name: 'Rename' }).click();
    const dialog = this.page.getByTestId('inbox-rename');
    await dialog.getByRole('textbox').fill(newName);
    await dialog.getByRole('button', { name: 'Rename' }).click();
    await expect(dialog).toBeHidden();
  }

  async copyTo(fileName: string, inbox: string, move = false): Promise<void> {
    await this.check(fileName);
    await this.toolbar.getByRole('button', { name: 'Copy or move' }).click();
    const dialog = this.page.getByTestId('inbox-select');
    if (move) await dialog.getByRole('radio', { name: 'Move' }).check();
    await dialog.getByRole('radio', { name: inbox, exact: true }).check();
    await dialog.getByRole('button', { name: move ? 'Move' : 'Copy', exact: true }).click();
    await expect(dialog).toBeHidden();
  }

  async delete(fileName: string): Promise<void> {
    await this.check(fileName);
    await this.toolbar.getByRole('button', { name: 'Delete' }).click();
    const confirm = this.page.getByTestId('delete-confirm');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm).toBeHidden();
  }

  /** Sends a file to an archive, given by its path in the archive tree. */
  async sendToArchive(fileName: string, archivePath: string[]): Promise<void> {
    await this.check(fileName);
    await this.toolbar.getByRole('button', { name: 'Send to archive' }).click();
    const dialog = this.page.getByTestId('index-archive-select');
    for (const parent of archivePath.slice(0, -1)) {
      const toggle = dialog.getByRole('button', { name: `Expand ${parent}` });
      await toggle.click();
    }
    await dialog.getByRole('button', { name: archivePath.at(-1), exact: true }).click();
    await dialog.getByRole('button', { name: 'Index', exact: true }).click();
  }
}
