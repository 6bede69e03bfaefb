// The document viewer (/viewer/{documentHash}): toolbar, thumbnails, the page and the index panel.
import type { Locator, Page } from '@playwright/test';

export class ViewerPage {
  readonly root: Locator;
  readonly page: Locator;
  readonly thumbnails: Locator;
  readonly index: Locator;

  constructor(readonly tab: Page) {
    this.root = tab.getByTestId('viewer');
    this.page = tab.getByTestId('viewer-page');
    this.thumbnails = tab.getByTestId('viewer-thumbnails');
    this.index = tab.getByTestId('viewer-index');
  }

  button(name: string): Locator {
    return this.root.getByRole('button', { name, exact: true });
  }

  async goToPage(n: number): Promise<void> {
    await this.thumbnails.getByRole('button', { name: `Page ${n}`, exact: true }).click();
  }
}
