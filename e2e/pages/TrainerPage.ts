// The trainer page (/trainer, TRAINER_PASSWORD): switch the room's scenario or reset it.
import { expect, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { TRAINER_USER, trainerPaths } from '@gs/contract/trainer';
import { TRAINER_PASSWORD } from '../stacks';

/** The trainer password the e2e stacks are started with (stacks.ts), as a trainer starts one. */
export const E2E_TRAINER_PASSWORD = TRAINER_PASSWORD;

export class TrainerPage {
  readonly current: Locator;
  readonly scenario: Locator;
  readonly switchButton: Locator;
  readonly resetButton: Locator;
  readonly status: Locator;

  constructor(readonly page: Page) {
    this.current = page.locator('#current-scenario');
    this.scenario = page.getByLabel('Scenario', { exact: true });
    this.switchButton = page.getByRole('button', { name: 'Switch', exact: true });
    this.resetButton = page.getByRole('button', { name: 'Reset the room', exact: true });
    this.status = page.getByRole('status');
  }

  /** A browser of its own, holding the trainer's credentials, on the trainer page. */
  static async open(browser: Browser): Promise<{ trainer: TrainerPage; context: BrowserContext }> {
    const context = await browser.newContext({
      httpCredentials: { username: TRAINER_USER, password: E2E_TRAINER_PASSWORD },
    });
    const trainer = new TrainerPage(await context.newPage());
    await trainer.page.goto(trainerPaths.page);
    await expect(trainer.switchButton).toBeVisible();
    return { trainer, context };
  }

  async switchTo(scenario: string): Promise<void> {
    await this.scenario.selectOption(scenario);
    await this.switchButton.click();
    await expect(this.status).toContainText(`${scenario} loaded in`);
    await expect(this.current).toHaveText(scenario);
  }

  async reset(): Promise<void> {
    const scenario = (await this.current.textContent()) ?? '';
    await this.resetButton.click();
    await expect(this.status).toContainText(`${scenario} loaded in`);
  }
}
