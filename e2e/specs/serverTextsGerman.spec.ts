// The server's refusals in German (issue 27, item 19; decision 068): an administrator who reads the
// client in German imports users the server turns down and reads why in German (two texts the
// client showed in English before), then changes their password under a rule an administrator of
// all databases wrote in their own words: a text the client cannot know, shown as written and
// labelled as the server's.
import type { Page } from '@playwright/test';
import { API_ROOT } from '@gs/contract/paths';
import { PASSWORD_POLICY_PATH, type PasswordPolicy } from '@gs/contract/account';
import { test, expect, basicAuth, DEMO_PASSWORD } from '../fixtures';

const ADMIN = 'SSAdministrator';
const RULE = 'Use at least one digit, please.';

async function openSettingsTab(page: Page, title: string, tab: string) {
  await page.getByTestId('header-settings').click();
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByRole('tab', { name: tab, exact: true }).click();
  return dialog;
}

test('in German, refusals the client knows are German and one it does not know is labelled', async ({
  page,
  request,
  sim: _sim,
  signInTo,
}) => {
  const policyUrl = `${API_ROOT}${PASSWORD_POLICY_PATH}`;
  const headers = basicAuth(ADMIN);
  const before = (await (await request.get(policyUrl, { headers })).json()) as PasswordPolicy;
  const rule = await request.put(policyUrl, { headers, data: { Pattern: String.raw`\d`, Message: RULE } });
  expect(rule.status()).toBe(200);
  try {
    await signInTo(ADMIN, 'Finance');
    let dialog = await openSettingsTab(page, 'Settings', 'Language');
    await dialog.getByTestId('language-picker').selectOption('de');
    await expect(page.getByRole('dialog', { name: 'Einstellungen' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Einstellungen' })).toBeHidden();

    // two users the server will not add, each for its own reason
    await page.getByTestId('header-user-admin').click();
    await expect(page).toHaveURL(/\/admin\/security/);
    const form = page.getByRole('form', { name: 'Benutzer aus CSV importieren' });
    await form
      .getByLabel('CSV-Text')
      .fill('Name,Password,Email,License\nfull.user,Another#123,,1\nno.password,,,1');
    await form.getByRole('button', { name: 'Importieren' }).click();
    const result = page.getByTestId('security-import-result');
    await expect(result).toContainText('Kein Benutzer wurde hinzugefügt.');
    // the rows the server refuses outright come first, then the names already taken
    await expect(result.getByRole('listitem')).toHaveText([
      'Der Benutzer no.password kann nicht hinzugefügt werden: Ein Passwort ist erforderlich.',
      'Der Benutzer full.user existiert bereits.',
    ]);
    await expect(result).not.toContainText('already exists');

    // the administrator's own words for the password rule: shown as written, labelled
    dialog = await openSettingsTab(page, 'Einstellungen', 'Benutzer');
    const passwords = dialog.locator('input[type="password"]');
    await passwords.nth(0).fill(DEMO_PASSWORD);
    await passwords.nth(1).fill('keineziffern');
    await passwords.nth(2).fill('keineziffern');
    await passwords.nth(2).press('Enter');
    const outcome = dialog.getByTestId('password-outcome');
    await expect(outcome).toContainText('Das Passwort konnte nicht geändert werden.');
    await expect(outcome).toContainText(`Server: ${RULE}`);
  } finally {
    await request.put(policyUrl, { headers, data: before });
  }
});
