// Issue 27 (decision 049): the language changes how an amount is written, never its currency.
// full.user sees the invoices' amounts in dollars, switches the language to German in Settings,
// and sees the same amounts with German separators and still the dollar sign: 274.686,25 $.
import { test, expect } from '../fixtures';

const INVOICES = ['Accounts Payable', 'Invoices'];

/** "$274,686.25" as German writes it: "274.686,25 $". */
const inGerman = (english: string): string => {
  const negative = english.startsWith('-');
  const digits = english.replace(/[-$]/g, '');
  const [whole = '', cents = ''] = digits.split('.');
  return `${negative ? '-' : ''}${whole.replace(/,/g, '.')},${cents} $`;
};

test('amounts keep their dollars in German; only the separators change', async ({
  page,
  sim: _sim,
  openArchiveAs,
  resultsPage,
}) => {
  await openArchiveAs('full.user', INVOICES);
  const english = await resultsPage.columnTexts('Invoice Amount');
  expect(english.length).toBeGreaterThan(0);
  for (const text of english) expect(text).toMatch(/^-?\$\d{1,3}(,\d{3})*\.\d{2}$/);

  await page.getByTestId('header-settings').click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('tab', { name: 'Language' }).click();
  await dialog.getByTestId('language-picker').selectOption('de');
  await expect(page.getByRole('dialog', { name: 'Einstellungen' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  const nbsp = (t: string) => t.replace(/[\u00a0\u202f]/g, ' ');
  await expect
    .poll(async () => (await resultsPage.columnTexts('Invoice Amount')).map(nbsp))
    .toEqual(english.map(inGerman));
  expect((await resultsPage.columnTexts('Invoice Amount')).join(' ')).not.toContain('€');
});
