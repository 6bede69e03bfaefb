// The search screen (/view): the archive tree, an archive's searches and the search prompt.
import { expect, type Locator, type Page } from '@playwright/test';

export class SearchPage {
  readonly archives: Locator;
  readonly searchList: Locator;
  readonly prompt: Locator;

  constructor(readonly page: Page) {
    this.archives = page.getByRole('navigation', { name: 'Archives' });
    this.searchList = page.getByTestId('search-list');
    this.prompt = page.getByRole('dialog');
  }

  /** Opens an archive by its path in the tree, e.g. ['Accounts Payable', 'Invoices']. */
  async openArchive(path: string[]): Promise<void> {
    for (const parent of path.slice(0, -1)) {
      // the tree loads after sign-in; a parent may already be open (it holds the selection)
      const toggle = this.archives.getByRole('button', { name: new RegExp(`^(Expand|Collapse) ${parent}$`) });
      await expect(toggle).toBeVisible();
      // the tree opens the selection's parents once it knows them: a click just as it does
      // closes the parent again, as it would for a person, so look again and click again
      await expect(async () => {
        if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
        await expect(toggle).toHaveAttribute('aria-expanded', 'true', { timeout: 1000 });
      }).toPass();
    }
    await this.archives.getByRole('button', { name: path.at(-1), exact: true }).click();
  }

  async fillPrompt(label: string, value: string): Promise<void> {
    await this.prompt.getByLabel(label, { exact: true }).fill(value);
  }

  async choosePrompt(label: string, value: string): Promise<void> {
    const select = this.prompt.getByLabel(label, { exact: true });
    await expect(select.locator('option', { hasText: value })).toHaveCount(1);
    await select.selectOption(value);
  }

  async runPrompt(): Promise<void> {
    await this.prompt.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(this.prompt).toBeHidden();
  }
}
