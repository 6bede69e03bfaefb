// The user security administration (/admin/security): users and groups, their forms, and the
// chosen principal's rights per database.
import { expect, type Locator, type Page } from '@playwright/test';

export class SecurityPage {
  readonly users: Locator;
  readonly groups: Locator;
  readonly details: Locator;

  constructor(readonly page: Page) {
    this.users = page.getByRole('navigation', { name: 'Users' });
    this.groups = page.getByRole('navigation', { name: 'Groups' });
    this.details = page.getByTestId('security-details');
  }

  async createGroup(name: string): Promise<void> {
    const form = this.page.getByRole('form', { name: 'New group' });
    await form.getByLabel('Name').fill(name);
    await form.getByRole('button', { name: 'Add group' }).click();
    await expect(this.groups.getByRole('button', { name: new RegExp(`^${name}`) })).toBeVisible();
  }

  async createUser(name: string, password: string, group: string): Promise<void> {
    const form = this.page.getByRole('form', { name: 'New user' });
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Password').fill(password);
    await form.getByLabel('Member of').selectOption(group);
    await form.getByRole('button', { name: 'Add user' }).click();
    await expect(this.users.getByRole('button', { name: new RegExp(`^${name}`) })).toBeVisible();
  }

  async choose(list: Locator, name: string): Promise<void> {
    await list.getByRole('button', { name: new RegExp(`^${name}`) }).click();
    await expect(this.details.getByRole('heading', { level: 2 }).first()).toContainText(name);
  }

  database(name: string): Locator {
    return this.details.getByRole('region', { name, exact: true });
  }

  /** Ticks a checkbox and waits until the server's answer shows it ticked (it is saved at once). */
  async check(scope: Locator, label: string): Promise<void> {
    const box = scope.getByLabel(label, { exact: true });
    await expect(box).not.toBeChecked();
    await box.click();
    await expect(box).toBeChecked();
  }

  async setArchive(db: Locator, archive: string, quick: 'FULL' | 'EDIT' | 'READ' | 'NONE'): Promise<void> {
    const select = db.getByLabel(`Rights on ${archive}`, { exact: true });
    await select.selectOption(quick);
    await expect(select).toHaveValue(quick);
  }

  /** Lets the principal run a search and makes it their default. */
  async grantDefaultSearch(db: Locator, search: string): Promise<void> {
    await this.check(db, `May run ${search}`);
    const row = db.locator('li.security-search').filter({ has: this.page.getByLabel(`May run ${search}`) });
    await this.check(row, 'Default search');
  }
}
