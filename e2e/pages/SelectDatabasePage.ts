// Database selection ("Select Your Database").
import type { Locator, Page } from '@playwright/test';

export class SelectDatabasePage {
  constructor(readonly page: Page) {}

  database(name: string): Locator {
    return this.page.getByRole('button', { name });
  }

  async choose(name: string): Promise<void> {
    await this.database(name).click();
  }
}
