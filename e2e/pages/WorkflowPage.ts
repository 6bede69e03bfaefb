// Workflow queues and tasks: the sidebar's queue lists (with their counts and task options), the
// queue results page (/results/Task) with its queue actions, and the history's workflow timeline.
import { expect, type Locator, type Page } from '@playwright/test';

export class WorkflowPage {
  readonly queues: Locator;
  readonly queueSearches: Locator;
  readonly taskResults: Locator;
  readonly outcome: Locator;
  readonly failures: Locator;
  readonly timeline: Locator;

  constructor(readonly page: Page) {
    this.queues = page.getByTestId('queue-panel');
    this.queueSearches = page.getByTestId('queue-search-panel');
    this.taskResults = page.getByTestId('task-results');
    this.outcome = page.getByTestId('task-action-outcome');
    this.failures = page.getByTestId('task-action-failures');
    this.timeline = page.getByTestId('workflow-timeline');
  }

  /** A queue's row in the queue list. */
  queue(name: string): Locator {
    return this.queues.locator('.tree__row', {
      has: this.page.getByRole('button', { name, exact: true }),
    });
  }

  /** The task count the queue list shows for a queue. */
  async queueCount(name: string): Promise<number> {
    const text =
      (await this.queue(name)
        .getByTitle(/^Tasks: /)
        .textContent()) ?? '';
    return Number(text.replace(/\D/g, ''));
  }

  /** Runs the queue search of a queue and waits for its tasks. */
  async openQueue(name: string): Promise<void> {
    await this.queue(name).getByRole('button', { name, exact: true }).click();
    await expect(this.page).toHaveURL(/\/results\/Task\?/);
    await expect(this.page.getByRole('heading', { level: 1, name, exact: true })).toBeVisible();
  }

  /** Takes a queue action (its toolbar button) on the checked tasks and waits for the outcome. */
  async take(action: string): Promise<void> {
    await this.page
      .getByRole('group', { name: 'Queue actions' })
      .getByRole('button', { name: action, exact: true })
      .click();
    await expect(this.outcome).toBeVisible();
  }

  /** The queue names the queue list shows. */
  async queueNames(): Promise<string[]> {
    return (await this.queues.locator('.tree__label').allTextContents()).map((s) => s.trim());
  }
}
