// Issue 13 (account): the administrator releases a user's licence in the license manager and that
// user's browser lands on the licence-expired sign-in; a permitted user turns delegation on and
// off in the Settings dialog; a password change meets each error (the current password first),
// then signs in with the new one.
import type { Page } from '@playwright/test';
import { API_ROOT } from '@gs/contract/paths';
import { test, expect, basicAuth, DEMO_PASSWORD } from '../fixtures';
import { LoginPage } from '../pages/LoginPage';
import { SelectDatabasePage } from '../pages/SelectDatabasePage';

const NEW_PASSWORD = 'Changed#2026';

async function openSettingsTab(page: Page, tab: string) {
  await page.getByTestId('header-settings').click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('tab', { name: tab }).click();
  return dialog;
}

test('the license manager releases a user, whose browser shows the licence-expired sign-in', async ({
  browser,
  page,
  sim: _sim,
  signInTo,
}) => {
  const userContext = await browser.newContext();
  try {
    const userPage = await userContext.newPage();
    const userLogin = new LoginPage(userPage);
    await userLogin.open();
    await userLogin.signIn('full.user', DEMO_PASSWORD);
    await new SelectDatabasePage(userPage).choose('Finance');
    await expect(userPage).toHaveURL(/\/view\?db=\d+/);

    await signInTo('SSAdministrator', 'Operations');
    await page.getByTestId('header-license-manager').click();
    await expect(page).toHaveURL(/\/admin\/licenses$/);
    const row = page.getByTestId('license-row').filter({ hasText: 'full.user' });
    await expect(row).toHaveCount(1);
    await expect(page.getByTestId('license-row').filter({ hasText: 'SSAdministrator' })).toContainText(
      '(you)',
    );
    await row.getByRole('button', { name: 'Release the license of full.user' }).click();
    await page.getByTestId('license-release-confirm').getByRole('button', { name: 'Release' }).click();
    await expect(page.getByTestId('license-manager-notice')).toHaveText('The license was released.');
    await expect(page.getByTestId('license-row').filter({ hasText: 'full.user' })).toHaveCount(0);

    // the keep-alive's next call is refused: the user lands on the licence-expired sign-in
    await expect(userPage).toHaveURL(/\/login\?.*isLicenseExpired=true/, { timeout: 15_000 });
    await expect(userPage.getByTestId('login-license-expired')).toBeVisible();
  } finally {
    await userContext.close();
  }
});

test('delegation is turned on with a delegate, then off again', async ({ page, sim: _sim, signInTo }) => {
  await signInTo('delegate.user', 'Operations');
  let dialog = await openSettingsTab(page, 'Delegate');
  const active = dialog.getByTestId('delegation-active');
  await expect(active).not.toBeChecked();
  await active.check();
  await dialog.getByLabel('full.user', { exact: true }).check();
  await dialog.getByRole('button', { name: 'Save delegation' }).click();
  await expect(dialog.getByTestId('delegation-notice')).toHaveText('Delegation saved.');
  await dialog.getByRole('button', { name: 'Close' }).click();

  // read back from the server when the dialog opens again
  dialog = await openSettingsTab(page, 'Delegate');
  await expect(dialog.getByTestId('delegation-active')).toBeChecked();
  await expect(dialog.getByLabel('full.user', { exact: true })).toBeChecked();
  await dialog.getByTestId('delegation-active').uncheck();
  await dialog.getByRole('button', { name: 'Save delegation' }).click();
  await expect(dialog.getByTestId('delegation-notice')).toHaveText('Delegation saved.');
  const state = await page.request.get(`${API_ROOT}delegate`, {
    headers: { Authorization: `Basic ${Buffer.from(`delegate.user:${DEMO_PASSWORD}`).toString('base64')}` },
  });
  expect(await state.json()).toMatchObject({ Active: false, Delegates: [{ Delegate: 'full.user' }] });

  // a user without the right is told so
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.getByTestId('header-logout').click();
  await signInTo('full.user', 'Finance');
  dialog = await openSettingsTab(page, 'Delegate');
  await expect(dialog.getByTestId('delegation-not-permitted')).toBeVisible();
});

test('a password change meets each error, then the new password signs in', async ({
  page,
  request,
  sim: _sim,
  signInTo,
  loginPage,
}) => {
  await signInTo('reader', 'Finance');
  const dialog = await openSettingsTab(page, 'Users');
  const outcome = dialog.getByTestId('password-outcome');
  const change = async (password: string, confirm: string, current = DEMO_PASSWORD) => {
    await dialog.getByLabel('Current password').fill(current);
    await dialog.getByLabel('New password').fill(password);
    await dialog.getByLabel('Confirm password').fill(confirm);
    await dialog.getByRole('button', { name: 'Change password' }).click();
  };

  await change(NEW_PASSWORD, NEW_PASSWORD, '');
  await expect(outcome).toHaveText('Enter your current password.');
  await change('', '');
  await expect(outcome).toHaveText('The password must not be blank.');
  await change(NEW_PASSWORD, `${NEW_PASSWORD}x`);
  await expect(outcome).toHaveText('The passwords do not match.');
  // the server checks the current password first
  await change(NEW_PASSWORD, NEW_PASSWORD, 'not-my-password');
  await expect(outcome).toHaveText('The current password is not correct.');
  // the server's rule: 6 to 18 characters by default
  await change('short', 'short');
  await expect(outcome).toHaveText(
    'The password could not be changed. Password must contain 6-18 characters.',
  );
  // another user's address is refused exactly as one that is not an address
  const email = dialog.getByLabel('E-mail');
  const saved = await email.inputValue();
  // the test's own request context: the page's would send the reader's token cookie
  const fullUser = await request.get(`${API_ROOT}users`, { headers: basicAuth('full.user') });
  const taken = ((await fullUser.json()) as { Email: string }).Email;
  expect(taken).toContain('@');
  for (const address of [taken, 'not an address']) {
    await email.fill(address);
    await change(NEW_PASSWORD, NEW_PASSWORD);
    await expect(outcome).toHaveText('That e-mail address cannot be used.');
  }
  await email.fill(saved);
  await change(NEW_PASSWORD, NEW_PASSWORD);
  await expect(outcome).toHaveText('Your password was changed.');
  await dialog.getByRole('button', { name: 'Close' }).click();

  await page.getByTestId('header-logout').click();
  await loginPage.open();
  await loginPage.signIn('reader', DEMO_PASSWORD);
  await expect(loginPage.error).toBeVisible();
  await loginPage.signIn('reader', NEW_PASSWORD);
  await expect(page).toHaveURL(/\/select/);

  // back to the demo password, for the specs after this one
  // the session's token as the client keeps it (the sstoken cookie is HttpOnly, and a write on the
  // cookie alone is refused outside the client's own origin, decision 045)
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('session') ?? '{}') as { token?: string }).token ?? '',
  );
  expect(token).not.toBe('');
  const back = await page.request.post(`${API_ROOT}users?isSelfPasswordChange=true&token=${token}`, {
    data: { password: DEMO_PASSWORD, currentPassword: NEW_PASSWORD },
  });
  expect(back.ok()).toBe(true);
});
