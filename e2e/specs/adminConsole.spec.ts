// Issue 12's acceptance: SSAdministrator builds an archive from nothing in the console of Finance
// (a list, a character, a date and a list field, a view with two tabs, a search with two prompts)
// and grants it and the search to full.user on /admin/security; full.user, signed in in a second
// browser, imports files into it, finds the archive, runs the search with a list value and sees
// the tabs with their counts; the administrator reads the imports in the archive's log history
// and, after renaming the field, full.user's grid shows the new name on a refresh.
import type { APIRequestContext, Page } from '@playwright/test';
import { API_ROOT } from '@gs/contract/paths';
import type { UploadResponse } from '@gs/contract/upload';
import { test, expect, basicAuth, DEMO_PASSWORD } from '../fixtures';
import { AdminConsolePage } from '../pages/AdminConsolePage';
import { IndexingPage } from '../pages/IndexingPage';
import { LoginPage } from '../pages/LoginPage';
import { ResultsPage } from '../pages/ResultsPage';
import { SearchPage } from '../pages/SearchPage';
import { SecurityPage } from '../pages/SecurityPage';
import { SelectDatabasePage } from '../pages/SelectDatabasePage';
import { samplePdf } from '../samplePdf';

const ADMIN = 'SSAdministrator';
const USER = 'full.user';
const ARCHIVE = 'E2E Contracts';
const LIST = 'E2E Priorities';
const SEARCH = 'E2E Find Contracts';

async function uploadPdf(request: APIRequestContext, user: string, line: string): Promise<string> {
  const upload = await request.post(`${API_ROOT}files`, {
    headers: basicAuth(user),
    multipart: { File: { name: 'contract.pdf', mimeType: 'application/pdf', buffer: samplePdf([line]) } },
  });
  expect(upload.ok()).toBe(true);
  return (JSON.parse(await upload.text()) as UploadResponse).files[0]?.name ?? '';
}

/** The archive's id as the end-user routes list it (it must be there at once). */
async function archiveId(request: APIRequestContext, db: number): Promise<number> {
  const res = await request.get(`${API_ROOT}dbs/${db}/archives`, { headers: basicAuth(ADMIN) });
  expect(res.ok()).toBe(true);
  const { Archives } = (await res.json()) as { Archives: { Id: number; Name: string }[] };
  return Archives.find((a) => a.Name === ARCHIVE)?.Id ?? 0;
}

async function newField(admin: AdminConsolePage, name: string, type: string, list?: string): Promise<void> {
  await admin.create('New field');
  await admin.input('Name').fill(name);
  await admin.select('Data type').selectOption(type);
  if (list) {
    await admin.select('List type').selectOption('Drop-down');
    await admin.select('List').selectOption(list);
  }
  await admin.save();
  await expect(admin.card(name)).toBeVisible();
}

async function buildArchive(page: Page, admin: AdminConsolePage, db: number): Promise<void> {
  // the list and the fields
  await admin.open('FIELD_CATALOG', db, 'LISTS');
  await admin.create('New list');
  await admin.input('Name').fill(LIST);
  await admin.listValues().fill('High\n\nLow\n');
  await admin.save();
  await expect(admin.card(LIST)).toContainText('Values: 2');
  await admin.tab('Fields');
  await newField(admin, 'E2E Reference', 'Character');
  await newField(admin, 'E2E Signed', 'Date');
  await newField(admin, 'E2E Priority', 'Character', LIST);

  // the archive with its fields and a view with two tabs on the list field
  await admin.goTo('ARCHIVES');
  await admin.addButton.click();
  await expect(admin.editor).toBeVisible();
  await admin.input('Name').fill(ARCHIVE);
  await admin.editor.getByRole('button', { name: 'Edit fields', exact: true }).click();
  const fields = admin.modal('admin-archive-fields');
  for (const name of ['E2E Reference', 'E2E Signed', 'E2E Priority'])
    await fields.getByRole('checkbox', { name: new RegExp(`^${name} `) }).check();
  await admin.confirm(fields);
  await expect(page.getByTestId('archive-field-names')).toHaveText(
    'Fields (3): E2E Reference, E2E Signed, E2E Priority',
  );
  await admin.editor.getByRole('button', { name: 'Edit views', exact: true }).click();
  const views = admin.modal('admin-archive-views');
  await views.getByLabel('Show view tabs', { exact: true }).check();
  await admin.select('Status field', views).selectOption('E2E Priority');
  for (const [i, value] of ['High', 'Low'].entries()) {
    await views.getByRole('button', { name: 'Add a view', exact: true }).click();
    await views
      .getByRole('textbox', { name: /^Label/ })
      .nth(i)
      .fill(`${value} priority`);
    await views.getByRole('textbox', { name: 'Value', exact: true }).nth(i).fill(value);
  }
  await admin.confirm(views);
  await admin.save();
  await expect(admin.card(ARCHIVE)).toContainText('Fields: 3');

  // the search: two prompts, filed under the archive, with its view tabs
  await admin.goTo('SEARCHES');
  await admin.create('New search');
  await admin.input('Name').fill(SEARCH);
  await admin.select('Filed under').selectOption(ARCHIVE);
  await admin.editor.getByRole('checkbox', { name: ARCHIVE, exact: true }).check();
  const prompts = admin.editor.getByTestId('search-parameter');
  for (const [i, [field, condition]] of [
    ['E2E Priority', 'Equals'],
    ['E2E Reference', 'Contains'],
  ].entries()) {
    await admin.editor.getByRole('button', { name: 'Add a prompt', exact: true }).click();
    await admin.select('Field', prompts.nth(i)).selectOption(field ?? '');
    await admin.select('Condition', prompts.nth(i)).selectOption(condition ?? '');
  }
  await expect(prompts.nth(1).getByLabel('Prompt', { exact: true })).toHaveValue('E2E Reference');
  await admin.input('Display view tabs').check();
  await admin.save();
  await expect(admin.card(SEARCH)).toBeVisible();
}

/** Gives full.user the new archive (FULL) and the search through /admin/security, as a person would. */
async function grantToFullUser(page: Page): Promise<void> {
  await page.goto('/admin/security');
  const security = new SecurityPage(page);
  await security.choose(security.users, USER);
  const finance = security.database('Finance');
  await expect(finance.getByLabel('Access to Finance', { exact: true })).toBeChecked();
  await security.setArchive(finance, ARCHIVE, 'FULL');
  await security.check(finance, `May run ${SEARCH}`);
}

test('an archive built in the console is used at once by full.user in a second browser', async ({
  page,
  browser,
  sim: _sim,
  signInTo,
}) => {
  test.setTimeout(120_000);
  await signInTo(ADMIN, 'Finance');
  await expect(page).toHaveURL(/\/view\?db=\d+/);
  const db = Number(new URL(page.url()).searchParams.get('db'));
  const admin = new AdminConsolePage(page);
  await buildArchive(page, admin, db);
  const archive = await archiveId(page.request, db);
  expect(archive).toBeGreaterThan(0);
  await grantToFullUser(page);

  // full.user, in a browser of their own
  const context = await browser.newContext();
  const userPage = await context.newPage();
  await new LoginPage(userPage).open();
  await new LoginPage(userPage).signIn(USER, DEMO_PASSWORD);
  await new SelectDatabasePage(userPage).choose('Finance');
  await expect(userPage).toHaveURL(/\/view\?db=\d+/);

  // imports two files through the indexing view, one of each priority
  const indexing = new IndexingPage(userPage);
  for (const [reference, priority] of [
    ['C-100', 'High'],
    ['C-200', 'Low'],
  ] as const) {
    await indexing.open(db, archive, [await uploadPdf(userPage.request, USER, `CONTRACT ${reference}`)]);
    await expect(indexing.title).toHaveText(`Index into ${ARCHIVE}`);
    await indexing.input('E2E Reference').fill(reference);
    await indexing.input('E2E Signed').fill('03/04/2025');
    await indexing.input('E2E Priority').selectOption(priority);
    await indexing.save.click();
    await expect(indexing.success).toHaveText(`The document was indexed into ${ARCHIVE}.`);
  }

  // finds the archive in the tree, runs its search with a list value, sees the tabs with counts
  await userPage.goto(`/view?db=${db}`);
  const searchPage = new SearchPage(userPage);
  const resultsPage = new ResultsPage(userPage);
  await searchPage.openArchive([ARCHIVE]);
  await searchPage.searchList.getByRole('button', { name: SEARCH, exact: true }).click();
  await searchPage.choosePrompt('E2E Priority', 'High');
  await searchPage.runPrompt();
  await resultsPage.waitForRows();
  await expect(resultsPage.rows).toHaveCount(1);
  expect(await resultsPage.columnTexts('E2E Reference')).toEqual(['C-100']);
  const tabs = userPage.getByRole('tablist', { name: 'Views' });
  await expect(tabs.getByRole('tab', { name: /^High priority/ })).toHaveText('High priority1');
  await expect(tabs.getByRole('tab', { name: /^Low priority/ })).toHaveText('Low priority0');
  const results = userPage.url();

  // the administrator reads full.user's imports in the archive's log history
  await admin.open('ARCHIVES', db);
  await admin.card(ARCHIVE).getByRole('button', { name: 'Log history', exact: true }).click();
  const log = admin.modal('admin-log-history').getByRole('listitem');
  await expect(log.filter({ hasText: 'Document indexed' }).filter({ hasText: USER })).toHaveCount(2);
  await page.keyboard.press('Escape');

  // the administrator renames the field; full.user's grid shows the new name after a refresh
  await admin.open('FIELD_CATALOG', db);
  await admin.rename('E2E Reference', 'E2E Contract No');
  await admin.expectSaved();
  await userPage.goto(results);
  await resultsPage.waitForRows();
  await expect(resultsPage.header('E2E Contract No')).toBeVisible();
  expect(await resultsPage.columnTexts('E2E Contract No')).toEqual(['C-100']);
  await expect(resultsPage.header('E2E Reference')).toHaveCount(0);
  await context.close();
});

test('an archive and a search added in the console show in the same session without a reload', async ({
  page,
  sim: _sim,
  signInTo,
  searchPage,
}) => {
  await signInTo(ADMIN, 'Finance');
  await expect(searchPage.archives.getByRole('button', { name: 'Accounts Payable' }).first()).toBeVisible();
  // into the console through the header, out through the home link: one page load in all
  await page.getByRole('link', { name: 'Administration', exact: true }).click();
  const admin = new AdminConsolePage(page);
  await expect(admin.console).toBeVisible();
  await admin.goTo('ARCHIVES');
  await admin.addButton.click();
  await admin.input('Name').fill('E2E Same Session');
  await admin.editor.getByRole('button', { name: 'Edit fields', exact: true }).click();
  const fields = admin.modal('admin-archive-fields');
  await fields.getByRole('checkbox').first().check();
  await admin.confirm(fields);
  await admin.input('Create browse search').check();
  await admin.save();
  await page.getByRole('link', { name: 'GlobalSearch home' }).click();
  await searchPage.archives.getByRole('button', { name: 'E2E Same Session', exact: true }).click();
  await expect(searchPage.page).toHaveURL(/\/(results|view)/);
  await expect(
    page.getByText('Browse E2E Same Session', { exact: true }).or(page.getByTestId('results-grid')).first(),
  ).toBeVisible();
});
