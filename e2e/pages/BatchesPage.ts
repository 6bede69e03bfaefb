// Batch capture: /batchselect, a portal's /batches (filters, paging, rows and their actions, a
// batch's documents) and the simulator clock that moves batch processing on.
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { simPaths, type SimClockRequest } from '@gs/contract/sim';

export class BatchesPage {
  readonly table: Locator;
  readonly rows: Locator;
  readonly total: Locator;
  readonly confirm: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByTestId('batch-table');
    this.rows = this.table.locator('tbody tr[data-batch-name]');
    this.total = page.getByTestId('batches-total');
    this.confirm = page.getByTestId('batch-confirm');
  }

  /** From the search screen's sidebar, through /batchselect, into a portal's batches. */
  async openPortal(name: string): Promise<void> {
    await this.page.getByTestId('batch-portals-link').click();
    await expect(this.page).toHaveURL(/\/batchselect$/);
    await this.page.getByRole('link', { name, exact: true }).click();
    await expect(this.page.getByRole('heading', { name: `Batches of ${name}` })).toBeVisible();
    // the batches are shown once their total is
    await expect(this.total).toBeVisible();
  }

  row(name: string): Locator {
    return this.table.locator(`tbody tr[data-batch-name="${name}"]`);
  }

  status(row: Locator): Locator {
    return row.getByTestId('batch-status');
  }

  filter(name: string): Locator {
    return this.page
      .getByRole('group', { name: 'Filter by status' })
      .getByRole('button', { name: new RegExp(`^${name}`) });
  }

  async names(): Promise<string[]> {
    return this.rows.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-batch-name') ?? ''));
  }

  async goToPage(n: number): Promise<void> {
    await this.page
      .getByRole('navigation', { name: 'Batch pages' })
      .getByRole('button', { name: `Page ${n}`, exact: true })
      .click();
  }

  /** Runs a row's action and confirms it. */
  async act(row: Locator, action: 'Re-queue' | 'Reject' | 'Delete'): Promise<void> {
    await row.getByRole('button', { name: action, exact: true }).click();
    await expect(this.confirm).toBeVisible();
    await this.confirm.getByRole('button', { name: action, exact: true }).click();
    await expect(this.confirm).toBeHidden();
  }

  /** Opens a batch's documents and the indexing view of its document n (1-based). */
  async indexDocument(row: Locator, n: number): Promise<void> {
    await row.getByRole('button', { name: 'Documents', exact: true }).click();
    await this.page.getByRole('button', { name: `Index document ${n}`, exact: true }).click();
  }
}

/** Moves the simulator's clock (batch processing steps, SIM_TEST_ENDPOINTS=1: specs/controlled/ only). */
export async function advanceClock(request: APIRequestContext, ms: number): Promise<void> {
  const body: SimClockRequest = { advanceMs: ms };
  const res = await request.post(simPaths.clock, { data: body });
  if (!res.ok()) throw new Error(`advance clock failed: ${res.status()} ${await res.text()}`);
}
