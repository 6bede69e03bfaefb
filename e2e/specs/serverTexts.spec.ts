// What the server says reaches the user in their language (issue 27, items 18 and 19): a refused
// delegation shows the server's reason and keeps the form as filled, and a read-only user is not
// offered as a delegate; in German the history sidebar names the actions in German and a password
// the server's rule refuses is explained in German.
import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures';

const INVOICES = ['Accounts Payable', 'Invoices'];

async function openSettingsTab(page: Page, tab: string, title = 'Settings') {
  await page.getByTestId('header-settings').click();
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByRole('tab', { name: tab, exact: true }).click();
  return dialog;
}

test('a refused delegation shows the server’s reason and keeps the form; reader is not offered', async ({
  page,
  sim: _sim,
  signInTo,
}) => {
  await signInTo('delegate.user', 'Operations');
  const dialog = await openSettingsTab(page, 'Delegate');
  const form = dialog.getByTestId('delegation-form');
  await expect(form.getByRole('checkbox', { name: 'full.user', exact: true })).toBeVisible();
  await expect(form.getByRole('checkbox', { name: 'web.user', exact: true })).toBeVisible();
  await expect(form.getByRole('checkbox', { name: 'reader', exact: true })).toHaveCount(0);

  await form.getByTestId('delegation-active').check();
  await form.getByRole('checkbox', { name: 'web.user', exact: true }).check();
  const emails = form.getByLabel('E-mail addresses to notify (one per line)');
  await emails.fill('boss@example.com\nnot an address');
  await form.getByRole('button', { name: 'Save delegation' }).click();
  await expect(form.getByTestId('delegation-notice')).toHaveText(
    'The delegation could not be saved. Each address to notify must be an e-mail address (name@domain).',
  );
  await expect(form.getByTestId('delegation-active')).toBeChecked();
  await expect(form.getByRole('checkbox', { name: 'web.user', exact: true })).toBeChecked();
  await expect(emails).toHaveValue('boss@example.com\nnot an address');

  // corrected, the same form saves
  await emails.fill('boss@example.com');
  await form.getByRole('button', { name: 'Save delegation' }).click();
  await expect(form.getByTestId('delegation-notice')).toHaveText('Delegation saved.');
});

test('in German the history names the actions in German, and the password rule is German', async ({
  page,
  sim: _sim,
  openArchiveAs,
  resultsPage,
}) => {
  await openArchiveAs('full.user', INVOICES);
  let dialog = await openSettingsTab(page, 'Language');
  await dialog.getByTestId('language-picker').selectOption('de');
  const german = page.getByRole('dialog', { name: 'Einstellungen' });
  await expect(german.getByRole('tab', { name: 'Sprache', exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(german).toBeHidden();

  // every demo document was indexed: its history says so in German (the newest rows come first and
  // may be documents earlier specs merged, which were never indexed: take the page's last row)
  const doc = await resultsPage.docId((await resultsPage.rows.count()) - 1);
  await resultsPage.row(doc).click();
  await resultsPage.historyToggle.click();
  const history = resultsPage.history.getByTestId('history-list');
  await expect(history).toContainText('Dokument indiziert');
  await expect(history).not.toContainText('Document indexed');

  // the server's password rule, in German
  dialog = await openSettingsTab(page, 'Benutzer', 'Einstellungen');
  const passwords = dialog.locator('input[type="password"]');
  await passwords.nth(0).fill('Demo@1234');
  await passwords.nth(1).fill('abc');
  await passwords.nth(2).fill('abc');
  await passwords.nth(2).press('Enter');
  const outcome = dialog.getByTestId('password-outcome');
  await expect(outcome).toContainText('Das Passwort konnte nicht geändert werden.');
  await expect(outcome).toContainText(/Das Passwort muss (6 bis 18|8 bis 20) Zeichen haben/);
  await expect(outcome).not.toContainText('Password must');
});
