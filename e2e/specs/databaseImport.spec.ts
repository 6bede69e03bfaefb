// Issue 16's acceptance: SSAdministrator exports Finance as a .gs package from the DATABASES
// cards (the acronym modal), imports it through the wizard as a new database Finance_Copy with
// its users' and groups' security, and full.user searches the copy; importing the same template
// into Finance_Copy again shows it 'already applied'; a corrupted package (Human Resources', a
// quarter of Finance's size: any package serves) shows the log with its error and creates no database.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { API_ROOT } from '@gs/contract/paths';
import { test, expect, basicAuth, DEMO_PASSWORD } from '../fixtures';
import { AdminConsolePage } from '../pages/AdminConsolePage';
import { ImportWizardPage } from '../pages/ImportWizardPage';
import { LoginPage } from '../pages/LoginPage';
import { ResultsPage } from '../pages/ResultsPage';
import { SearchPage } from '../pages/SearchPage';
import { SelectDatabasePage } from '../pages/SelectDatabasePage';

const ADMIN = 'SSAdministrator';
const COPY = 'Finance_Copy';

/** Exports a database from its card with an acronym and answers the downloaded file's path. */
async function exportDatabase(page: Page, name: string, acronym: string): Promise<string> {
  const admin = new AdminConsolePage(page);
  await admin.open('DATABASES');
  await admin.card(name).getByTestId('admin-export').click();
  const modal = page.getByTestId('admin-export-package');
  await modal.getByTestId('admin-export-acronym').fill(acronym);
  const download = page.waitForEvent('download');
  await modal.getByTestId('admin-export-package-ok').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${acronym}.gs`);
  const path = `${test.info().outputPath(file.suggestedFilename())}`;
  await file.saveAs(path);
  return path;
}

const databaseNames = async (page: Page): Promise<string[]> => {
  const res = await page.request.get(`${API_ROOT}admin/databases`, { headers: basicAuth(ADMIN) });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { Name: string }[]).map((d) => d.Name).sort();
};

test('Finance exported as a package imports as Finance_Copy, searchable by full.user, and again shows already applied', async ({
  page,
  browser,
  sim: _sim,
  signInTo,
}) => {
  test.setTimeout(180_000);
  await signInTo(ADMIN, 'Finance');
  const path = await exportDatabase(page, 'Finance', 'FIN');

  const wizard = new ImportWizardPage(page);
  await wizard.open();
  // only names ending in gs are taken
  await wizard.upload({ name: 'finance.zip', mimeType: 'application/zip', buffer: await readFile(path) });
  await expect(page.getByTestId('import-upload-error')).toContainText('must end in gs');
  await wizard.upload(path);
  await expect(page.getByTestId('import-package')).toContainText('package FIN of the database Finance');
  await page.getByTestId('import-create').click();
  await expect(page).toHaveURL(/step=create/);
  await page.getByTestId('import-database-name').fill('Finance Copy!');
  await expect(page.getByTestId('import-database-name')).toHaveValue('FinanceCopy');
  await page.getByTestId('import-database-name').fill(COPY);
  await wizard.next.click();
  await wizard.expectStep('template');
  await expect(wizard.branch('Accounts Payable')).toHaveAttribute('data-state', 'checked');
  // back and forth keeps the answers
  await wizard.back.click();
  await wizard.expectStep('createDatabase');
  await expect(page.getByTestId('import-database-name')).toHaveValue(COPY);
  await wizard.next.click();
  await wizard.expectStep('template');
  // every user and group of the package is already on this server: no password step
  await wizard.next.click();
  await wizard.expectStep('groups');
  await wizard.next.click();
  await wizard.expectStep('security');
  await expect(page.getByTestId('import-step-security')).toContainText('full.user');
  await wizard.next.click();
  await wizard.expectStep('import');
  await page.getByTestId('import-run').click();
  await expect(wizard.success).toBeVisible({ timeout: 60_000 });
  await expect(wizard.success).toContainText(`imported into ${COPY}`);
  await page.getByTestId('import-finish').click();
  await expect(page).toHaveURL(/mode=DATABASES/);
  await expect(new AdminConsolePage(page).card(COPY)).toBeVisible();

  // full.user, in a browser of their own, searches the copy
  const context = await browser.newContext();
  const userPage = await context.newPage();
  await new LoginPage(userPage).open();
  await new LoginPage(userPage).signIn('full.user', DEMO_PASSWORD);
  await new SelectDatabasePage(userPage).choose(COPY);
  await expect(userPage).toHaveURL(/\/view\?db=\d+/);
  await new SearchPage(userPage).openArchive(['Accounts Payable', 'Invoices']);
  const results = new ResultsPage(userPage);
  await expect(results.title).toHaveText('AP Invoices Search');
  await results.waitForRows();
  expect((await results.columnTexts('Invoice Number')).length).toBeGreaterThan(0);
  await context.close();

  // the same template into the same database: already applied, not checkable
  await wizard.open();
  await wizard.upload(path);
  await page.getByTestId('import-existing').click();
  await expect(page).toHaveURL(/step=existing/);
  await page.getByTestId('import-database').selectOption(COPY);
  await wizard.next.click();
  await wizard.expectStep('template');
  const applied = wizard.branch('Accounts Payable');
  await expect(applied).toHaveAttribute('data-state', 'installed');
  await expect(applied).toContainText('already applied');
  await expect(
    applied.getByRole('checkbox', { name: 'Accounts Payable', exact: true }).first(),
  ).toBeDisabled();
  await expect(applied.locator('input[type=checkbox]:enabled')).toHaveCount(0);
  await expect(wizard.next).toBeDisabled();
  // cancel asks, then starts again
  await page.getByTestId('import-cancel').click();
  await page.getByTestId('import-cancel-confirm').getByRole('button', { name: 'Cancel the import' }).click();
  await wizard.expectStep('default');
  await expect(page.getByTestId('import-package')).toHaveCount(0);

  // the copy goes, so that the specs after this one see the demo's databases only
  const admin = new AdminConsolePage(page);
  await admin.open('DATABASES');
  await admin.remove(COPY, `DELETE ${COPY.toUpperCase()}`, true);
  await expect(admin.card(COPY)).toHaveCount(0);
});

test('a corrupted package shows the log with its error and creates no database', async ({
  page,
  sim: _sim,
  signInTo,
}) => {
  test.setTimeout(120_000);
  await signInTo(ADMIN, 'Finance');
  const bytes = await readFile(await exportDatabase(page, 'Human Resources', 'BAD'));
  const broken = Buffer.from(bytes);
  broken.fill(0x55, Math.floor(broken.length / 3), Math.floor(broken.length / 3) + 256);
  const before = await databaseNames(page);

  const wizard = new ImportWizardPage(page);
  await wizard.open();
  await wizard.upload({ name: 'BAD.gs', mimeType: 'application/octet-stream', buffer: broken });
  await expect(wizard.log).toBeVisible();
  await expect(page.getByTestId('import-log-error')).toContainText('The package BAD.gs is corrupted');
  await expect(page.getByTestId('import-log-text')).toContainText('ERROR');
  await page.getByTestId('import-log-close').click();
  await expect(wizard.log).toBeHidden();
  await wizard.expectStep('default');
  await expect(page.getByTestId('import-create')).toHaveCount(0);
  expect(await databaseNames(page)).toEqual(before);
});
