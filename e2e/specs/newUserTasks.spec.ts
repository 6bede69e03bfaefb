// The task page when the chosen archive's last task is worked (issue 27, 11; spec §4): full.user
// sends one open invoice for approval (the first row no workflow holds: a document an earlier spec
// added to the bound archive may have started one), so Review holds tasks in Invoices (that one, and any that
// earlier specs' merges and imports into the bound archive started) beside the many of the 2024 and
// 2025 archives; the queue opens on Invoices (the selected archive), and approving every task left
// there moves the page to the archive holding most of the queue's tasks, its tab selected and its
// tasks shown, instead of an empty grid.
import { WorkflowState } from '@gs/contract/searches';
import { test, expect, workflowStatusOf } from '../fixtures';
import { DocumentsToolbar } from '../pages/DocumentsToolbar';
import { WorkflowPage } from '../pages/WorkflowPage';

const INVOICES = ['Accounts Payable', 'Invoices'];
const REVIEW = 'Review';

test('(11) working the last task of an archive moves to the archive with the most tasks', async ({
  page,
  request,
  sim: _sim,
  openArchiveAs,
  resultsPage,
}) => {
  const workflow = new WorkflowPage(page);
  const toolbar = new DocumentsToolbar(page);
  await openArchiveAs('full.user', INVOICES);
  const invoices = Number(new URL(page.url()).searchParams.get('archive'));
  const db = Number(new URL(page.url()).searchParams.get('db'));
  await expect(workflow.queue(REVIEW)).toBeVisible();
  const review = await workflow.queueCount(REVIEW);

  let open = 0;
  while (
    (await workflowStatusOf(request, db, invoices, await resultsPage.docId(open))) !== WorkflowState.None
  )
    open++;
  const sent = await resultsPage.docId(open);
  await toolbar.check(sent);
  await page.getByTestId('documents-user-actions').click();
  await page.getByRole('menuitem', { name: 'Send for Approval' }).click();
  await expect.poll(() => workflow.queueCount(REVIEW)).toBe(review + 1);

  await workflow.openQueue(REVIEW);
  await expect(page).toHaveURL(new RegExp(`[?&]archive=${invoices}(&|$)`));
  const tab = page.getByTestId(`task-archive-${invoices}`);
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  const left = Number(((await tab.locator('.badge').textContent()) ?? '').replace(/\D/g, ''));
  expect(left).toBeGreaterThan(0);
  await expect(resultsPage.rows).toHaveCount(left);

  // the most tasks: read from the tabs before the last one here is worked
  const others = page.getByRole('tablist', { name: 'Archives with tasks' }).getByRole('tab');
  await expect(others).not.toHaveCount(1);
  let most = { id: 0, count: -1 };
  for (const other of await others.all()) {
    const id = Number((await other.getAttribute('data-testid'))?.replace('task-archive-', ''));
    const count = Number(((await other.locator('.badge').textContent()) ?? '').replace(/\D/g, ''));
    if (id !== invoices && (count > most.count || (count === most.count && id < most.id)))
      most = { id, count };
  }

  for (let n = 0; n < left; n++) await toolbar.check(await resultsPage.docId(n));
  await workflow.take('Approve');
  await expect(workflow.outcome).toContainText(`Approve: tasks moved on: ${left}`);
  await expect(page).toHaveURL(new RegExp(`[?&]archive=${most.id}(&|$)`));
  await expect(page.getByTestId(`task-archive-${most.id}`)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId(`task-archive-${invoices}`)).toHaveCount(0);
  await resultsPage.waitForRows();
  expect(await resultsPage.rows.count()).toBeGreaterThan(0);
});
