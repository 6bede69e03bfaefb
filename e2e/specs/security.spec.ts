// User security administration end to end (issue 13): SSAdministrator creates a group and a user
// in it, gives the group READ on Accounts Payable and EDIT on its Invoices (with their default
// searches) through /admin/security; the new user, signed in in a second browser, sees exactly
// those archives, cannot edit in the first and can in the second; and the server refuses an edit
// in the first with 403 even when the client is bypassed.
import { API_ROOT, paths } from '@gs/contract/paths';
import { test, expect } from '../fixtures';
import { LoginPage } from '../pages/LoginPage';
import { ResultsPage } from '../pages/ResultsPage';
import { SearchPage } from '../pages/SearchPage';
import { SecurityPage } from '../pages/SecurityPage';

const GROUP = 'E2E Clerks';
const USER = 'e2e.clerk';
const PASSWORD = 'Clerk#2024';

test('a group given READ and EDIT through the screen governs what its new member sees and may change', async ({
  page,
  browser,
  request,
  sim: _sim,
  signInTo,
}) => {
  await signInTo('SSAdministrator', 'Finance');
  await page.getByTestId('header-user-admin').click();
  await expect(page).toHaveURL(/\/admin\/security/);
  const security = new SecurityPage(page);
  await security.createGroup(GROUP);
  await security.createUser(USER, PASSWORD, GROUP);

  await security.choose(security.groups, GROUP);
  await expect(security.details).toContainText(USER);
  const finance = security.database('Finance');
  await security.check(finance, 'Access to Finance');
  await security.setArchive(finance, 'Accounts Payable', 'READ');
  await security.setArchive(finance, 'Invoices', 'EDIT');
  await security.grantDefaultSearch(finance, 'Accounts Payable Search');
  await security.grantDefaultSearch(finance, 'AP Invoices Search');

  // the new user, in a browser of their own
  const context = await browser.newContext();
  const userPage = await context.newPage();
  const login = new LoginPage(userPage);
  await login.open();
  await login.signIn(USER, PASSWORD);
  // one database: straight in
  await expect(userPage).toHaveURL(/\/view\?db=\d+/);
  const search = new SearchPage(userPage);
  const tree = search.archives;
  await expect(tree.getByRole('button', { name: 'Accounts Payable', exact: true })).toBeVisible();
  await search.openArchive(['Accounts Payable', 'Invoices']);
  const archiveNames = async () =>
    (await tree.locator('button.tree__label').allTextContents()).map((s) => s.trim());
  await expect.poll(archiveNames).toEqual(['Accounts Payable', 'Invoices']);

  // editing in Invoices (EDIT)
  const results = new ResultsPage(userPage);
  await results.waitForRows();
  const invoice = await results.docId(0);
  const note = `Checked by ${USER}`;
  await results.editMode.click();
  await results.cell('Notes', invoice).fill(note);
  await results.save.click();
  await expect(results.notice).toHaveText('Your changes were saved.');

  // none in Accounts Payable (READ)
  await search.openArchive(['Accounts Payable']);
  await results.waitForRows();
  await expect(results.editMode).toHaveCount(0);
  await expect(results.grid.getByRole('textbox')).toHaveCount(0);

  // and the server refuses it when the client is bypassed, with the user's own token
  const doc = await results.docId(0);
  const session = JSON.parse((await userPage.evaluate(() => localStorage.getItem('session'))) ?? '{}') as {
    token: string;
  };
  const address = new URL(userPage.url()).searchParams;
  const db = Number(address.get('db'));
  const archive = Number(address.get('archive'));
  const headers = { 'Auth-Token': session.token };
  const fields = await request.get(`${API_ROOT}${paths.archive(db, archive)}?type=fields`, { headers });
  expect(fields.status()).toBe(200);
  const notes = ((await fields.json()) as { ID: number; Name: string }[]).find((f) => f.Name === 'Notes');
  expect(notes).toBeDefined();
  const hash = await request.get(`${API_ROOT}${paths.archive(db, archive)}?DocumentID=${doc}`, { headers });
  expect(hash.status()).toBe(200);
  const refused = await request.put(`${API_ROOT}${paths.fieldData(db, archive, doc)}`, {
    headers: { ...headers, SecureId: (await hash.json()) as string },
    data: [{ ID: notes?.ID ?? 0, VAL: 'bypassed' }],
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { Message: string }).Message).toEqual(expect.any(String));
  await context.close();
});
