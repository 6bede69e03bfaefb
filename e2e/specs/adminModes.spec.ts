// Every mode of the administration console (/admin/full) walked in Chromium against the simulator:
// create, edit and delete with the typed confirmations (DELETE and the upper-case name; a search
// only its name), an archive's data exchange saved and removed, the unsaved-changes prompt when switching modes, the alert status, and that a
// database administrator sees only their database and none of the server-wide modes.
import type { Locator, Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { AdminConsolePage } from '../pages/AdminConsolePage';

async function consoleOf(page: Page, signInTo: (user: string, db: string) => Promise<void>, user: string) {
  await signInTo(user, 'Finance');
  await expect(page).toHaveURL(/\/view\?db=\d+/);
  const db = Number(new URL(page.url()).searchParams.get('db'));
  return { admin: new AdminConsolePage(page), db };
}

test('the catalogue modes create, edit and delete, and leaving an edit asks first', async ({
  page,
  sim: _sim,
  signInTo,
}) => {
  test.setTimeout(90_000);
  const { admin, db } = await consoleOf(page, signInTo, 'SSAdministrator');
  await admin.open('FIELD_CATALOG', db);
  await expect(admin.alert).toHaveAttribute('data-status', /sleeping|idle/);

  // a field: created, its length edited, deleted (it holds no values: no Drop needed)
  await admin.create('New field');
  await admin.input('Name').fill('Modes Field');
  await admin.save();
  await expect(admin.card('Modes Field')).toContainText('Character, size 50');
  await admin.edit('Modes Field');
  await admin.input('Length').fill('80');
  await admin.save();
  await expect(admin.card('Modes Field')).toContainText('Character, size 80');

  // a table field of that field, then gone
  await admin.tab('Table fields');
  await admin.create('New table field');
  await admin.input('Name').fill('Modes Table');
  await admin.editor.getByRole('checkbox', { name: 'Modes Field', exact: true }).check();
  await admin.save();
  await admin.remove('Modes Table', 'DELETE MODES TABLE');
  await admin.expectSaved();

  // a list: empty values dropped, edited, deleted
  await admin.tab('Lists');
  await admin.create('New list');
  await admin.input('Name').fill('Modes List');
  await admin.listValues().fill('One\n\nTwo');
  await admin.save();
  await expect(admin.card('Modes List')).toContainText('Values: 2');
  await admin.edit('Modes List');
  await admin.listValues().fill('One\nTwo\nThree');
  await admin.save();
  await expect(admin.card('Modes List')).toContainText('Values: 3');
  await admin.remove('Modes List', 'DELETE MODES LIST');

  // an archive holding the field: created with the add button, renamed, deleted
  await admin.goTo('ARCHIVES');
  await admin.addButton.click();
  await admin.input('Name').fill('Modes Archive');
  await admin.editor.getByRole('button', { name: 'Edit fields', exact: true }).click();
  const fields = admin.modal('admin-archive-fields');
  await fields.getByRole('checkbox', { name: /^Modes Field / }).check();
  await admin.confirm(fields);
  await admin.save();
  await admin.rename('Modes Archive', 'Modes Archive 2');
  await admin.expectSaved();

  // its data exchange: a source mapping the field to a column, saved; reopened it is there;
  // removed and saved, it is gone (each saved source by source, as the server takes them)
  const exchange = async () => {
    await admin.card('Modes Archive 2').getByRole('button', { name: 'Data exchange', exact: true }).click();
    const dxc = admin.modal('admin-dxc');
    await expect(dxc).toBeVisible();
    return dxc;
  };
  const saveExchange = async (dxc: Locator) => {
    await admin.recordStatuses();
    await dxc.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(dxc).toBeHidden();
    await admin.expectSaved();
  };
  let dxc = await exchange();
  await dxc.getByRole('button', { name: 'Add a source', exact: true }).click();
  await admin.input('Name', dxc).fill('ERP vendors');
  await admin.input('Connection string', dxc).fill('Server=erp;Database=payables');
  await dxc.getByRole('button', { name: 'Add a mapping', exact: true }).click();
  await admin.select('Archive field', dxc).selectOption('Modes Field');
  await admin.input('Mapped column', dxc).fill('VENDOR_NO');
  await saveExchange(dxc);
  dxc = await exchange();
  await expect(admin.input('Name', dxc)).toHaveValue('ERP vendors');
  await expect(admin.select('Archive field', dxc)).toHaveValue(/\d+/);
  await expect(admin.input('Mapped column', dxc)).toHaveValue('VENDOR_NO');
  await dxc.getByRole('button', { name: 'Remove source', exact: true }).click();
  await saveExchange(dxc);
  dxc = await exchange();
  await expect(dxc.getByTestId('dxc-source')).toHaveCount(0);
  await dxc.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(dxc).toBeHidden();

  // a search on it, edited, then deleted by typing its name only
  await admin.goTo('SEARCHES');
  await admin.create('New search');
  await admin.input('Name').fill('Modes Search');
  await admin.select('Filed under').selectOption('Modes Archive 2');
  await admin.editor.getByRole('checkbox', { name: 'Modes Archive 2', exact: true }).check();
  await admin.editor.getByRole('button', { name: 'Add a prompt', exact: true }).click();
  await admin.select('Field').selectOption('Modes Field');
  await admin.save();
  await admin.edit('Modes Search');
  await admin.select('Condition').selectOption('Is empty');
  await expect(admin.input('Prompt')).toHaveCount(0);
  await admin.save();
  await admin.remove('Modes Search', 'Modes Search');

  // unsaved changes: switching modes asks; Cancel keeps the edit, Leave drops it
  await admin.goTo('ARCHIVES');
  await admin.edit('Modes Archive 2');
  await admin.input('Name').fill('Modes Archive 3');
  await admin.mode('SEARCHES').click();
  await expect(admin.unsaved).toBeVisible();
  await admin.unsaved.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(admin.input('Name')).toHaveValue('Modes Archive 3');
  await admin.mode('SEARCHES').click();
  await admin.unsaved.getByRole('button', { name: 'Leave', exact: true }).click();
  await expect(admin.mode('SEARCHES')).toHaveAttribute('aria-current', 'page');
  await admin.goTo('ARCHIVES');
  await expect(admin.card('Modes Archive 2')).toBeVisible();
  // no change: no question
  await admin.edit('Modes Archive 2');
  await admin.goTo('FIELD_CATALOG');
  await expect(admin.unsaved).toHaveCount(0);

  // the archive, then its field, deleted with their confirmations
  await admin.goTo('ARCHIVES');
  await admin.remove('Modes Archive 2', 'DELETE MODES ARCHIVE 2');
  await admin.goTo('FIELD_CATALOG');
  await admin.remove('Modes Field', 'DELETE MODES FIELD');
  await admin.expectSaved();
  // saved fades back to idle
  await expect(admin.alert).toHaveAttribute('data-status', 'idle');
});

test('the server modes create, edit and delete; a duplicate stamp is refused', async ({
  page,
  sim: _sim,
  signInTo,
}) => {
  test.setTimeout(90_000);
  const { admin } = await consoleOf(page, signInTo, 'SSAdministrator');

  // databases: created, its server edited, deleted
  await admin.open('DATABASES');
  await admin.addButton.click();
  // a database's name loses what it may not hold
  await admin.input('Name').fill('Modes Db');
  await expect(admin.input('Name')).toHaveValue('ModesDb');
  await admin.input('Server').fill('sql01');
  await admin.save();
  await admin.edit('ModesDb');
  await expect(admin.input('Server')).toHaveValue('sql01');
  await admin.input('Server').fill('sql02');
  await admin.save();
  await admin.edit('ModesDb');
  await expect(admin.input('Server')).toHaveValue('sql02');
  await admin.editor.getByRole('button', { name: 'Cancel', exact: true }).click();
  await admin.remove('ModesDb', 'DELETE MODESDB');

  // inboxes
  await admin.goTo('INBOXES');
  await admin.create('New inbox');
  await admin.input('Name').fill('Modes Inbox');
  await admin.save();
  await admin.remove('Modes Inbox', 'DELETE MODES INBOX');

  // stamps: previewed with @User, added, refused twice, deleted
  await admin.goTo('STAMPS');
  const text = page.getByLabel('Stamp text', { exact: true });
  await text.fill('Checked by @User');
  await expect(page.getByTestId('stamp-preview')).toHaveText('Checked by SSAdministrator');
  await page.getByRole('button', { name: 'Add stamp', exact: true }).click();
  await admin.expectSaved();
  await expect(admin.card('Checked by @User')).toBeVisible();
  await text.fill('checked by @user');
  await page.getByRole('button', { name: 'Add stamp', exact: true }).click();
  await expect(admin.alert).toHaveAttribute('data-status', 'error');
  await expect(page.getByRole('alert').filter({ hasText: 'Stamp already exists.' })).toBeVisible();
  await admin.remove('Checked by @User', 'DELETE CHECKED BY @USER');

  // licence rules: the new rule's defaults, edited, deleted; the built-ins stay read-only
  await admin.goTo('LICENSE_RULES');
  await admin.create('New license rule');
  await admin.input('Name').fill('Modes Rule');
  await admin.input('User or group').fill('full.user');
  await admin.save();
  await expect(admin.card('Modes Rule')).toContainText('At most 8 hours, released after 15 minutes idle');
  await admin.edit('Modes Rule');
  await admin.input('Maximum time').fill('4');
  await admin.save();
  await expect(admin.card('Modes Rule')).toContainText('At most 4 hours');
  await admin.remove('Modes Rule', 'DELETE MODES RULE');
  await expect(admin.cards.filter({ hasText: 'Built-in rule (read-only)' }).first()).toBeVisible();
  await expect(
    admin.cards.filter({ hasText: 'Built-in rule (read-only)' }).getByRole('button', { name: /^Delete / }),
  ).toHaveCount(0);
});

test('a database administrator sees only their database and no server-wide mode', async ({
  page,
  sim: _sim,
  signInTo,
}) => {
  const { admin } = await consoleOf(page, signInTo, 'dbadmin');
  await admin.open('STAMPS');
  // a mode they may not see falls back to one they may
  await expect(admin.mode('STAMPS')).toHaveCount(0);
  for (const mode of ['INBOXES', 'REGISTRATION', 'LICENSE_RULES', 'DATABASE_IMPORT'] as const)
    await expect(admin.mode(mode)).toHaveCount(0);
  await admin.goTo('ARCHIVES');
  const picker = admin.select('Database', admin.console);
  await expect(picker.locator('option')).toHaveCount(1);
  await expect(admin.cards.first()).toBeVisible();
  await page.goto('/admin/full?mode=REGISTRATION');
  await expect(admin.console).toBeVisible();
  await expect(admin.title).not.toHaveText('Registration');
});
