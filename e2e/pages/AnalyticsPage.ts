// /analytics (decision 039): the filters, and the table of actions per day the chart draws.
import type { Locator, Page } from '@playwright/test';

const two = (n: number): string => String(n).padStart(2, '0');

/** YYYY-MM-DD of today in the browser's (and this machine's) zone. */
export const localToday = (): string => {
  const d = new Date();
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
};

export class AnalyticsPage {
  readonly root: Locator;
  readonly range: Locator;
  readonly table: Locator;
  readonly portal: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('analytics-page');
    this.range = page.getByRole('combobox', { name: 'Range', exact: true });
    this.table = page.getByTestId('analytics-table');
    this.portal = page.getByTestId('analytics-portal');
  }

  /** The header's Analytics link. */
  async open(): Promise<void> {
    await this.page.getByTestId('header-analytics').click();
    await this.root.waitFor();
  }

  dayRow(day: string): Locator {
    return this.table.getByTestId(`analytics-day-${day}`);
  }

  /** One action's count on a day of the table. */
  async count(day: string, action: string): Promise<number> {
    const text = await this.dayRow(day).locator(`td[data-action="${action}"]`).textContent();
    return Number((text ?? '').replace(/[^\d]/g, ''));
  }
}
