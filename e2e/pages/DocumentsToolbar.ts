// The documents toolbar of the results page (copy, move, delete, merge, ...), its modals and the
// header's notifications menu.
import { expect, type Locator, type Page } from '@playwright/test';

export class DocumentsToolbar {
  readonly archiveSelect: Locator;
  readonly deleteConfirm: Locator;
  readonly waitModal: Locator;
  readonly problem: Locator;
  readonly bell: Locator;
  readonly notifications: Locator;

  constructor(readonly page: Page) {
    this.archiveSelect = page.getByTestId('archive-select');
    this.deleteConfirm = page.getByTestId('delete-confirm');
    this.waitModal = page.getByTestId('wait-modal');
    this.problem = page.getByTestId('documents-problem');
    this.bell = page.getByTestId('notifications-bell');
    this.notifications = page.getByTestId('notifications-panel');
  }

  action(name: 'copy' | 'move' | 'delete' | 'merge' | 'append' | 'email'): Locator {
    return this.page.getByTestId(`documents-${name}`);
  }

  async check(docId: number): Promise<void> {
    await this.page.getByRole('checkbox', { name: `Select document ${docId}`, exact: true }).check();
  }

  /** Copy or move the checked documents to the archive at `path` in the archive-select modal. */
  async transferTo(kind: 'copy' | 'move', path: string[]): Promise<void> {
    await this.action(kind).click();
    await expect(this.archiveSelect).toBeVisible();
    for (const parent of path.slice(0, -1)) {
      const toggle = this.archiveSelect.getByRole('button', { name: `Expand ${parent}`, exact: true });
      await toggle.click();
    }
    await this.archiveSelect.getByRole('button', { name: path.at(-1), exact: true }).click();
    await this.archiveSelect.getByTestId('archive-select-confirm').click();
    await expect(this.archiveSelect).toBeHidden();
  }

  async openNotifications(): Promise<Locator> {
    if ((await this.bell.getAttribute('aria-expanded')) !== 'true') await this.bell.click();
    await expect(this.notifications).toBeVisible();
    return this.notifications;
  }

  async closeNotifications(): Promise<void> {
    if ((await this.bell.getAttribute('aria-expanded')) === 'true') await this.bell.click();
    await expect(this.notifications).toBeHidden();
  }
}
