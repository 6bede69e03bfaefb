// Database selection ("Select Your Database").
import type { Locator, Page } from '@playwright/test';

export class SelectDatabasePage {
  constructor(readonly page: Page) {}

  /** The database's button by its exact name ('Finance' is not 'Finance_Copy'). */
  database(name: string): Locator {
    const exact = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
    return this.page
      .getByRole('button')
      .filter({ has: this.page.locator('.database-list__name', { hasText: exact }) });
  }

  async choose(name: string): Promise<void> {
    await this.database(name).click();
  }
}
