// Issue 27's audit (../audit.ts) of what opens over the screens: the documents' dialogs, the
// results' menus, the sidebar's menus, the viewer's panels, the administrators' editors and every
// tab of the Settings dialog; then the signed-out page.
import { test, expect } from '../fixtures';
import { audit, printAuditTable } from '../audit';
import { BulkPage } from '../pages/BulkPage';
import { DocumentsToolbar } from '../pages/DocumentsToolbar';
import { SecurityPage } from '../pages/SecurityPage';
import { ViewerPage } from '../pages/ViewerPage';

const INVOICES = ['Accounts Payable', 'Invoices'];

printAuditTable();

test('the documents’ dialogs: copy to, delete, merge, export, notifications', async ({
  page,
  sim: _sim,
  openArchiveAs,
  resultsPage,
}) => {
  const toolbar = new DocumentsToolbar(page);
  await openArchiveAs('full.user', INVOICES);
  await resultsPage.waitForRows();
  await toolbar.check(await resultsPage.docId(0));
  await toolbar.check(await resultsPage.docId(1));

  await toolbar.action('copy').click();
  await expect(toolbar.archiveSelect).toBeVisible();
  await audit(page, 'copy to (dialog)');
  await page.keyboard.press('Escape');
  await expect(toolbar.archiveSelect).toBeHidden();

  await toolbar.action('delete').click();
  await expect(toolbar.deleteConfirm).toBeVisible();
  await audit(page, 'delete (confirmation)');
  await page.keyboard.press('Escape');
  await expect(toolbar.deleteConfirm).toBeHidden();

  await toolbar.action('merge').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await audit(page, 'merge (dialog)');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  await page.getByTestId('export-menu').click();
  await expect(page.getByRole('menu')).toBeVisible();
  await audit(page, 'export (menu)');
  await page.keyboard.press('Escape');

  await toolbar.openNotifications();
  await audit(page, 'notifications (panel)');
  await toolbar.closeNotifications();
});

test('the results’ menus and dialogs: column options, bulk update, export', async ({
  page,
  sim: _sim,
  openArchiveAs,
  resultsPage,
}) => {
  const bulk = new BulkPage(page);
  await openArchiveAs('full.user', INVOICES);
  await resultsPage.waitForRows();

  await page.getByRole('button', { name: 'Column options for Vendor Name' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await audit(page, 'column options (menu)');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();

  await bulk.open();
  await audit(page, 'bulk update (dialog)');
  await bulk.modal.getByRole('button', { name: 'Close' }).last().click();
  await expect(bulk.modal).toBeHidden();

  await bulk.exportMenu.click();
  await page.getByRole('menuitem', { name: 'Export to spreadsheet' }).click();
  await expect(bulk.exportModal).toBeVisible();
  await audit(page, 'export (dialog)');
  await bulk.closeExport();
});

test('the sidebar’s menus and the viewer’s panels', async ({
  page,
  sim: _sim,
  openArchiveAs,
  resultsPage,
}) => {
  await openArchiveAs('full.user', INVOICES);
  await resultsPage.waitForRows();
  await page.getByRole('button', { name: 'Options for Invoices', exact: true }).click();
  await expect(page.getByRole('menu', { name: 'Archive options' })).toBeVisible();
  await audit(page, 'archive options (menu)');
  await page.keyboard.press('Escape');
  await page
    .getByTestId('inbox-panel')
    .getByRole('button', { name: 'Options for Scanning', exact: true })
    .click();
  await expect(page.getByRole('menu', { name: 'Inbox options: Scanning' })).toBeVisible();
  await audit(page, 'inbox options (menu)');
  await page.keyboard.press('Escape');

  await resultsPage.openInViewer(await resultsPage.firstDocOfType('.pdf'));
  const viewer = new ViewerPage(page);
  await expect(viewer.page).toBeVisible();
  if (!(await viewer.index.isVisible())) await viewer.button('Index panel').click();
  await expect(viewer.index).toBeVisible();
  await audit(page, 'viewer: index panel');
  await viewer.button('Stamps').click();
  await expect(page.getByRole('menu', { name: 'Stamps' })).toBeVisible();
  await audit(page, 'viewer: stamps (menu)');
});

test('the administrators’ editors: a user’s rights, a new batch portal', async ({
  page,
  sim: _sim,
  signInTo,
}) => {
  await signInTo('SSAdministrator', 'Finance');
  await page.goto('/admin/security');
  const security = new SecurityPage(page);
  await security.choose(security.users, 'full.user');
  await expect(security.details).toContainText('full.user');
  await audit(page, '/admin/security: a user’s rights');

  await page.goto('/admin/batches');
  await page.getByRole('button', { name: 'New portal', exact: true }).click();
  await expect(page.getByTestId('portal-editor')).toBeVisible();
  await audit(page, '/admin/batches: a new portal');
});

test('every tab of the Settings dialog, then the signed-out page', async ({ page, sim: _sim, signInTo }) => {
  await signInTo('full.user', 'Finance');
  await page.getByTestId('header-settings').click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog.getByRole('tab').first()).toBeVisible();
  const tabs = await dialog.getByRole('tab').allTextContents();
  expect(tabs.length).toBeGreaterThan(1);
  for (const tab of tabs) {
    await dialog.getByRole('tab', { name: tab, exact: true }).click();
    await expect(dialog.getByRole('tab', { name: tab, exact: true })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await audit(page, `settings: ${tab}`);
  }
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.getByTestId('header-logout').click();
  await expect(page).not.toHaveURL(/\/view/);
  await audit(page, 'signed out');
});
