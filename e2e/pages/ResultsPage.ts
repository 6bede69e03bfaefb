// The results screen (/results/{searchHash}): the grid, its column menu and paging, edit mode and
// the history sidebar.
import { expect, type Locator, type Page } from '@playwright/test';

export class ResultsPage {
  readonly grid: Locator;
  readonly rows: Locator;
  readonly title: Locator;
  readonly searchAgain: Locator;
  readonly editMode: Locator;
  readonly save: Locator;
  readonly problems: Locator;
  readonly notice: Locator;
  readonly historyToggle: Locator;
  readonly history: Locator;
  readonly pages: Locator;

  constructor(readonly page: Page) {
    this.grid = page.getByTestId('results-grid');
    this.rows = this.grid.locator('[data-testid^="row-"]');
    this.title = page.getByRole('heading', { level: 1 });
    this.searchAgain = page.getByTestId('search-again');
    this.editMode = page.getByTestId('edit-mode');
    this.save = page.getByRole('button', { name: 'Save', exact: true });
    this.problems = page.getByTestId('edit-problems');
    this.notice = page.getByTestId('edit-notice');
    this.historyToggle = page.getByTestId('history-toggle');
    this.history = page.getByTestId('history-panel');
    this.pages = page.getByRole('navigation', { name: 'Result pages' });
  }

  async waitForRows(): Promise<void> {
    await expect(this.rows.first()).toBeVisible();
    // a page still on its way leaves the grid busy (aria-busy) over the rows it shows
    await expect(this.grid).not.toHaveAttribute('aria-busy', 'true');
  }

  header(name: string): Locator {
    return this.grid.getByRole('columnheader', { name: new RegExp(`^${name}`) });
  }

  async sortBy(name: string): Promise<void> {
    await this.grid.getByRole('button', { name, exact: true }).click();
  }

  async columnAction(column: string, action: string): Promise<void> {
    await this.page.getByRole('button', { name: `Column options for ${column}` }).click();
    await this.page.getByRole('menuitem', { name: action }).click();
  }

  async goToPage(n: number): Promise<void> {
    await this.pages.getByRole('button', { name: `Page ${n}`, exact: true }).click();
  }

  /** The document id of the n-th row shown (0-based). */
  async docId(n: number): Promise<number> {
    const testId = await this.rows.nth(n).getAttribute('data-testid');
    return Number(testId?.replace('row-', ''));
  }

  /**
   * The document id of the first row shown whose File Type is `type` (e.g. '.pdf'): the newest
   * rows of an archive may be files other specs on the same stack imported (an .html, a scan
   * waiting for its conversion), which the viewer draws otherwise.
   */
  async firstDocOfType(type: string): Promise<number> {
    const row = (await this.columnTexts('File Type')).indexOf(type);
    if (row < 0) throw new Error(`no ${type} row on this page`);
    return this.docId(row);
  }

  row(docId: number): Locator {
    return this.grid.getByTestId(`row-${docId}`);
  }

  /** Opens a row's document in the viewer (its View button). */
  async openInViewer(docId: number): Promise<void> {
    await this.row(docId)
      .getByRole('button', { name: `View document ${docId}` })
      .click();
  }

  /** A cell's editor in edit mode. */
  cell(field: string, docId: number): Locator {
    return this.page.getByLabel(`${field} of document ${docId}`, { exact: true });
  }

  /** The texts of one column over the rows shown. */
  async columnTexts(column: string): Promise<string[]> {
    const headers = await this.grid.getByRole('columnheader').allTextContents();
    const index = headers.findIndex(
      (h) =>
        h
          .replace('⋮', '')
          .replace(/[▲▼]\d*$/, '')
          .trim() === column,
    );
    const texts: string[] = [];
    for (const row of await this.rows.all())
      texts.push((await row.getByRole('gridcell').nth(index).textContent()) ?? '');
    return texts;
  }

  /** Opens a row's thumbnail popover and answers the loaded image's width (150 once drawn). */
  async thumbnailWidth(docId: number): Promise<number> {
    await this.row(docId)
      .getByRole('button', { name: `Thumbnail of document ${docId}` })
      .click();
    const thumb = this.page.getByRole('img', { name: `Thumbnail of document ${docId}` });
    await expect(thumb).toBeVisible();
    let width = 0;
    await expect
      .poll(async () => {
        width = await thumb.evaluate((img) =>
          (img as HTMLImageElement).complete ? (img as HTMLImageElement).naturalWidth : 0,
        );
        return width;
      })
      .toBeGreaterThan(0);
    return width;
  }
}
