// The signed-in header: which conditional buttons it shows, and logout.
import type { Locator, Page } from '@playwright/test';

/** Every conditional header button by its data-testid. */
export const CONDITIONAL_BUTTONS = [
  'header-full-admin',
  'header-license-manager',
  'header-user-admin',
  'header-batch-admin',
  'header-flow-admin',
  'header-capture-admin',
  'header-wizard',
  'header-database-select',
] as const;
export type ConditionalButton = (typeof CONDITIONAL_BUTTONS)[number];

export class AppHeader {
  readonly toolbar: Locator;
  readonly databaseName: Locator;
  readonly username: Locator;
  readonly logout: Locator;
  readonly settings: Locator;

  constructor(readonly page: Page) {
    this.toolbar = page.getByRole('navigation', { name: 'Toolbar' });
    this.databaseName = page.getByTestId('header-database-name');
    this.username = page.getByTestId('header-username');
    this.logout = page.getByTestId('header-logout');
    this.settings = page.getByTestId('header-settings');
  }

  /** The conditional buttons present in the header, in the order of CONDITIONAL_BUTTONS. */
  async shownButtons(): Promise<ConditionalButton[]> {
    const shown: ConditionalButton[] = [];
    for (const id of CONDITIONAL_BUTTONS) {
      if ((await this.page.getByTestId(id).count()) > 0) shown.push(id);
    }
    return shown;
  }
}
