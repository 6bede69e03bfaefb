// The sign-in page: locators and intent methods.
import { expect, type Locator, type Page } from '@playwright/test';

export class LoginPage {
  readonly userName: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.userName = page.getByLabel('User name');
    this.password = page.getByLabel('Password');
    this.submit = page.getByRole('button', { name: 'Login' });
    this.error = page.getByTestId('login-error');
  }

  async open(): Promise<void> {
    await this.page.goto('/login');
    await expect(this.submit).toBeVisible();
  }

  async signIn(user: string, password: string): Promise<void> {
    await this.userName.fill(user);
    await this.password.fill(password);
    await this.submit.click();
  }
}
