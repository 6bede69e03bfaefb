// Workflow queues and tasks against the demo's AP invoice approval workflow (issue 14): full.user
// sends three of the largest open invoices for approval (the "Send for Approval" user action starts
// the workflow), finds them in the Review queue with its count grown by three, approves one —
// over 5,000 $ it moves on to "Approve over 5,000 $" — and reads its workflow timeline in the
// history; exporting it is refused (ERROR_EXPORT_IN_WORKFLOW: the client reads the document's
// WorkflowStatus from the server before it sends anything, and the server refuses on its own too). web.user works
// Review but not the over-limit queue (full.user and dbadmin only), so that queue is not listed.
import { API_ROOT } from '@gs/contract/paths';
import { test, expect, basicAuth, DEMO_PASSWORD } from '../fixtures';
import { BulkPage } from '../pages/BulkPage';
import { DocumentsToolbar } from '../pages/DocumentsToolbar';
import { LoginPage } from '../pages/LoginPage';
import { WorkflowPage } from '../pages/WorkflowPage';

const INVOICES = ['Accounts Payable', 'Invoices'];
const REVIEW = 'Review';
const OVER_LIMIT = 'Approve over 5,000 $';

test('invoices sent for approval wait in Review, move on when approved, show their timeline and cannot be exported', async ({
  page,
  request,
  sim: _sim,
  openArchiveAs,
  searchPage,
  resultsPage,
}) => {
  const workflow = new WorkflowPage(page);
  const toolbar = new DocumentsToolbar(page);
  await openArchiveAs('full.user', INVOICES);
  await expect(workflow.queue(REVIEW)).toBeVisible();
  const review = await workflow.queueCount(REVIEW);
  const overLimit = await workflow.queueCount(OVER_LIMIT);

  // the largest invoices first: each is over the 5,000 $ limit
  await resultsPage.columnAction('Invoice Amount', 'Sort descending');
  await expect(page).toHaveURL(/sort=/);
  await expect(resultsPage.grid).not.toHaveAttribute('aria-busy', 'true');
  const ids = [await resultsPage.docId(0), await resultsPage.docId(1), await resultsPage.docId(2)];
  const amounts = (await resultsPage.columnTexts('Invoice Amount')).slice(0, 3);
  for (const amount of amounts) expect(Number(amount.replace(/[^\d.]/g, ''))).toBeGreaterThan(5000);
  for (const id of ids) await toolbar.check(id);
  await page.getByTestId('documents-user-actions').click();
  await page.getByRole('menuitem', { name: 'Send for Approval' }).click();

  // the three wait in Review, whose count grew by three
  await expect.poll(() => workflow.queueCount(REVIEW)).toBe(review + 3);
  await workflow.openQueue(REVIEW);
  for (const id of ids) await expect(resultsPage.row(id)).toBeVisible();

  // approving one moves it on to the over-limit queue
  const [approved = 0] = ids;
  await toolbar.check(approved);
  await workflow.take('Approve');
  await expect(workflow.outcome).toContainText('Approve: tasks moved on: 1');
  await expect(resultsPage.row(approved)).toHaveCount(0);
  await expect.poll(() => workflow.queueCount(REVIEW)).toBe(review + 2);
  await expect.poll(() => workflow.queueCount(OVER_LIMIT)).toBe(overLimit + 1);

  // there it waits, and its history shows the workflow period in progress with its steps
  await workflow.openQueue(OVER_LIMIT);
  await resultsPage.row(approved).click();
  await resultsPage.historyToggle.click();
  const period = workflow.timeline.getByTestId('workflow-period');
  await expect(period).toHaveCount(1);
  await expect(period).toHaveAttribute('data-state', 'running');
  await expect(period).toContainText('AP Invoice Approval');
  await expect(period).toContainText('Queue entered: Review');
  await expect(period).toContainText('Action taken: Approve in Review');
  await expect(period).toContainText(`Queue entered: ${OVER_LIMIT}`);
  await expect(period.getByRole('meter')).toHaveAttribute('aria-valuenow', '0.65');

  // a document in a workflow is not exported: the server's words
  await searchPage.openArchive(INVOICES);
  await resultsPage.waitForRows();
  await toolbar.check(approved);
  const bulk = new BulkPage(page);
  await bulk.exportMenu.click();
  await page.getByRole('menuitem', { name: 'Export to spreadsheet' }).click();
  await bulk.exportModal.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(bulk.exportModal.getByTestId('export-errors')).toHaveText(
    'A document is in a workflow and cannot be exported.',
  );
  await bulk.closeExport();
  // and the server refuses it on its own, with the same key
  const address = new URL(page.url()).searchParams;
  const refused = await request.post(`${API_ROOT}dbs/${address.get('db')}/export/xlsx`, {
    headers: basicAuth('full.user'),
    data: { Documents: [{ Archive: Number(address.get('archive')), Id: approved }] },
  });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { Key: string }).Key).toBe('ERROR_EXPORT_IN_WORKFLOW');

  // the database's workflows, read-only, from the queue list's link
  await workflow.queues.getByRole('link', { name: 'Workflows' }).click();
  const flow = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'AP Invoice Approval' }) });
  await expect(flow.getByRole('row', { name: new RegExp(`^${REVIEW} \\d`) })).toBeVisible();
  await expect(flow.getByRole('cell', { name: OVER_LIMIT, exact: true })).toBeVisible();
  await expect(flow.getByRole('cell', { name: 'Exceptions', exact: true })).toBeVisible();
});

test('a user not assigned to a queue does not see it', async ({ browser, sim: _sim }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const login = new LoginPage(page);
  await login.open();
  await login.signIn('web.user', DEMO_PASSWORD);
  // one database: straight in
  await expect(page).toHaveURL(/\/view\?db=\d+/);
  const workflow = new WorkflowPage(page);
  await expect(workflow.queue(REVIEW)).toBeVisible();
  expect(await workflow.queueNames()).not.toContain(OVER_LIMIT);
  expect(await workflow.queueCount(REVIEW)).toBeGreaterThan(0);
  await context.close();
});
