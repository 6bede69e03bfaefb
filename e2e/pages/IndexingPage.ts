// The indexing view (/view with ImportDoc): the captured document's pages and the archive's fields.
import { expect, type Locator, type Page } from '@playwright/test';

export class IndexingPage {
  readonly view: Locator;
  readonly title: Locator;
  readonly shownPage: Locator;
  readonly pageOf: Locator;
  readonly save: Locator;
  readonly error: Locator;
  readonly success: Locator;

  constructor(readonly page: Page) {
    this.view = page.getByTestId('indexing-view');
    this.title = this.view.getByRole('heading', { level: 1 });
    this.shownPage = page.getByTestId('indexing-page').getByRole('img');
    this.pageOf = page.getByTestId('page-of');
    this.save = this.view.getByRole('button', { name: 'Save', exact: true });
    this.error = page.getByTestId('indexing-error');
    this.success = page.getByTestId('indexing-success');
  }

  /** Opens the indexing address of uploaded cache files. */
  async open(db: number, archive: number, cacheNames: string[]): Promise<void> {
    const query = new URLSearchParams({ db: String(db), a: String(archive) });
    for (const name of cacheNames) query.append('ImportDoc', name);
    await this.page.goto(`/view?${query.toString()}`);
    await expect(this.view).toBeVisible();
  }

  input(name: string): Locator {
    return this.view.getByLabel(name, { exact: true });
  }

  field(name: string): Locator {
    return this.view
      .getByTestId(/^index-field-/)
      .filter({ has: this.page.getByLabel(name, { exact: true }) });
  }

  message(name: string): Locator {
    return this.field(name).getByRole('alert');
  }

  /** The first suggestion a type-ahead field offers. */
  async firstSuggestion(name: string): Promise<string> {
    const option = this.field(name).locator('datalist option').first();
    await expect(option).toHaveCount(1);
    return (await option.getAttribute('value')) ?? '';
  }

  /** Selects pages by their thumbnails' check boxes and bursts them through the bursting archive modal. */
  async burst(pages: number[], removeFromDocument: boolean): Promise<void> {
    for (const n of pages) await this.view.getByRole('checkbox', { name: `Select page ${n}` }).check();
    await this.view.getByRole('button', { name: 'Burst', exact: true }).click();
    const modal = this.page.getByTestId('bursting-archive-modal');
    await expect(modal).toBeVisible();
    if (removeFromDocument)
      await modal.getByRole('checkbox', { name: 'Remove the burst pages from this document' }).check();
    await modal.getByRole('button', { name: 'Burst', exact: true }).click();
    await expect(modal).toBeHidden();
  }

  /** Fills the required fields of the demo's invoice archives. */
  async fillInvoice(invoiceNumber: string): Promise<string> {
    const vendor = await this.firstSuggestion('Vendor Name');
    await this.input('Vendor Name').fill(vendor);
    await this.input('Invoice Number').fill(invoiceNumber);
    await this.input('Invoice Date').fill('01/15/2025');
    await this.input('Invoice Amount').fill('1234.56');
    return vendor;
  }

  /** True once the shown page image has loaded with real pixels. */
  async pageDrawn(): Promise<boolean> {
    await expect(this.shownPage).toBeVisible();
    // a page just turned to is shown while its image still loads: wait for the load to end (an
    // image that failed ends too), then say whether it has pixels
    await expect(this.shownPage).toHaveJSProperty('complete', true);
    return this.shownPage.evaluate((img) => (img as HTMLImageElement).naturalWidth > 0);
  }
}
