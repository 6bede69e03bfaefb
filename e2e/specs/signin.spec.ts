// Every licence type signs in, picks a database, sees exactly its header buttons, and logs out;
// with every seat of a type taken, signing in shows the all-licences-in-use message; the sign-in
// page comes compressed with production caching, and a language's translations load when chosen.
import type { Response } from '@playwright/test';
import { LicenseType } from '@gs/contract/flags';
import { test, expect, DEMO_PASSWORD } from '../fixtures';
import { CONDITIONAL_BUTTONS, type ConditionalButton } from '../pages/AppHeader';

interface DemoUser {
  user: string;
  /** the database to pick, or null when the user has one and goes straight in */
  pick: string | null;
  landsIn: string;
  buttons: ConditionalButton[];
}

const ALL_ADMIN: ConditionalButton[] = [...CONDITIONAL_BUTTONS];

const USERS: DemoUser[] = [
  { user: 'SSAdministrator', pick: 'Operations', landsIn: 'Operations', buttons: ALL_ADMIN },
  {
    user: 'dbadmin',
    pick: 'Human Resources',
    landsIn: 'Human Resources',
    buttons: ['header-full-admin', 'header-database-select'],
  },
  { user: 'full.user', pick: 'Finance', landsIn: 'Finance', buttons: ['header-database-select'] },
  { user: 'web.user', pick: null, landsIn: 'Finance', buttons: [] },
  { user: 'reader', pick: 'Finance', landsIn: 'Finance', buttons: ['header-database-select'] },
  { user: 'delegate.user', pick: 'Operations', landsIn: 'Operations', buttons: ['header-database-select'] },
];

for (const u of USERS) {
  test(`${u.user} signs in, sees exactly its header buttons and logs out`, async ({
    page,
    sim: _sim,
    loginPage,
    selectPage,
    header,
  }) => {
    await loginPage.open();
    await loginPage.signIn(u.user, DEMO_PASSWORD);

    if (u.pick) {
      await expect(page).toHaveURL(/\/select/);
      await selectPage.choose(u.pick);
    }
    await expect(page).toHaveURL(/\/view\?db=\d+/);
    await expect(header.databaseName).toContainText(u.landsIn);
    await expect(header.username).toContainText(u.user);
    await expect(header.settings).toBeVisible();
    // the admin flags arrive after sign-in: wait for the last expected button before counting
    if (u.buttons.length) await expect(page.getByTestId(u.buttons[u.buttons.length - 1]!)).toBeVisible();
    expect(await header.shownButtons()).toEqual(u.buttons);

    // the archive tree of the chosen database is real data from the simulator
    await expect(
      page.getByRole('navigation', { name: 'Archives' }).getByRole('button').first(),
    ).toBeVisible();

    await header.logout.click();
    await expect(page).toHaveURL(/\/direct\?op=0&db=0/);
    await expect(page.getByTestId('license-returned')).toBeVisible();
    await expect(page.getByTestId('thank-you')).toBeVisible();
  });
}

test('with every full licence taken, signing in shows that all licences are in use', async ({
  page,
  sim,
  loginPage,
}) => {
  await sim.setSeats({ Type: LicenseType.Full, Seats: 0 });
  await loginPage.open();
  await loginPage.signIn('full.user', DEMO_PASSWORD);
  await expect(loginPage.error).toContainText('All licenses are in use');
  await expect(page).toHaveURL(/\/login/);

  // another licence type still has seats
  await loginPage.signIn('web.user', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/view\?db=\d+/);
});

test('a wrong password is refused and the page stays on sign-in', async ({ page, sim: _sim, loginPage }) => {
  await loginPage.open();
  await loginPage.signIn('full.user', 'not-the-password');
  await expect(loginPage.error).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('an unknown route goes to database selection, and a signed-out visit to sign-in', async ({
  page,
  sim: _sim,
  loginPage,
}) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/login/);
  await loginPage.signIn('SSAdministrator', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/select/);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/select/);
});

test('the sign-in page is served like a production web app, and English, then French, load only when chosen', async ({
  page,
  loginPage,
}) => {
  const responses: Response[] = [];
  page.on('response', (response) => responses.push(response));
  await loginPage.open();

  const document = responses.find((r) => r.request().resourceType() === 'document');
  expect((await document?.allHeaders())?.['cache-control']).toBe('no-cache');
  const scripts = responses.filter((r) => /^\/assets\/.+\.js$/.test(new URL(r.url()).pathname));
  const entry = scripts.find((r) => /\/assets\/index-[^/]+\.js$/.test(r.url()));
  expect((await entry?.allHeaders())?.['content-encoding']).toBe('br');
  for (const script of scripts)
    expect((await script.allHeaders())['cache-control']).toBe('public, max-age=31536000, immutable');
  // English, this browser's language, is a lazy chunk like the others (decision 074), the only one loaded
  const languages = () =>
    responses
      .filter((r) => /\/assets\/locale-\w+-/.test(r.url()))
      .map((r) => /locale-(\w+)-/.exec(r.url())?.[1]);
  expect(languages()).toEqual(['en']);

  await page.getByLabel('Language').selectOption('fr');
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
  expect(languages()).toEqual(['en', 'fr']);
});
