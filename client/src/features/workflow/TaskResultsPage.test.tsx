// Queue results and /flows against the simulator's app in process (test/workflowTasks.ts):
// workflowWorld's "Invoice Approval" on Invoices (1) and Contracts (4), worked by full.user.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentPath, renderApp } from '../../test/renderApp';
import { workflowServer, type WorkflowServer } from '../../test/workflowTasks';
import { taskResultsPath } from './taskPaths';

const INVOICES = 1;
const CONTRACTS = 4;
const REVIEW = '1:3';
const reviewIn = (archive: number, extra: { page?: number; size?: number } = {}) =>
  taskResultsPath({ db: 1, workflowId: 1, queueKey: REVIEW, archive, ...extra });

/** full.user on `url`, with invoices (all six unless told) and contracts waiting in Review. */
async function open(
  url: string,
  { invoices, contracts = [] }: { invoices?: number[]; contracts?: number[] } = {},
  server: WorkflowServer = workflowServer(),
) {
  await server.enter(invoices ?? server.docs);
  if (contracts.length) await server.enter(contracts, CONTRACTS);
  return { server, ...renderApp({ url, fetch: server.fetch, session: await server.signIn('full.user') }) };
}
const findRow = (id: number) => screen.findByTestId(`row-${id}`, {}, { timeout: 5000 });
const check = (id: number) =>
  fireEvent.click(screen.getByRole('checkbox', { name: `Select document ${id}` }));
const countOf = (key: string) =>
  screen.getByTestId(`queue-${key}`).querySelector('.tree__count')?.textContent;

describe('queue results (/results/Task)', () => {
  it("shows the queue's tasks of the archive in the results grid, asking the queue search of the address", async () => {
    const server = workflowServer();
    const { server: s } = await open(
      reviewIn(INVOICES, { page: 1, size: 50 }),
      { contracts: server.contracts },
      server,
    );
    await findRow(s.docs[0] ?? 0);
    expect(screen.getByTestId(`row-${s.docs[5]}`)).toBeTruthy();
    expect(screen.queryByTestId(`row-${s.contracts[0]}`)).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Review' })).toBeTruthy();
    const page = s.requests.find((r) => r.path === 'dbs/1/searches' && r.url.searchParams.has('ArchiveId'));
    expect(Object.fromEntries(page?.url.searchParams ?? [])).toEqual({
      workflowId: '1',
      queueKey: REVIEW,
      ArchiveId: '1',
      Page: '1',
      RecordsPerPage: '50',
    });
    // the archives holding the queue's tasks, with their counts; a click shows the other's
    const archives = within(await screen.findByRole('tablist', { name: 'Archives with tasks' }));
    expect((await archives.findByTestId(`task-archive-${CONTRACTS}`)).textContent).toBe('Contracts3');
    fireEvent.click(archives.getByTestId(`task-archive-${CONTRACTS}`));
    expect(await findRow(s.contracts[0] ?? 0)).toBeTruthy();
  });

  it('takes a queue action on the checked tasks with progress, lists the ones another user moved first, and refreshes the counts', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    // the client's action waits at the gate while grouped (Accounting, also on Review) moves one first
    const server: WorkflowServer = workflowServer({
      'PUT useraction': async (r) => {
        await gate;
        return server.forward(r);
      },
    });
    await open(reviewIn(INVOICES), {}, server);
    const [one = 0, two = 0, three = 0] = server.docs;
    await findRow(one);
    expect(countOf(REVIEW)).toBe('6');
    check(one);
    check(three);
    fireEvent.click(await screen.findByTestId('task-action-1:3:approve'));
    const progress = within(await screen.findByTestId('task-action-progress')).getByRole('progressbar');
    expect(progress.getAttribute('value')).toBe('0');
    expect(progress.getAttribute('max')).toBe('2');
    expect(screen.getByTestId('task-action-1:3:approve')).toHaveProperty('disabled', true);
    await server.act(REVIEW, 'approve', [three], 'grouped');
    release();

    const outcome = await screen.findByTestId('task-action-outcome');
    expect(outcome.textContent).toContain('Approve: tasks moved on: 1');
    expect(within(screen.getByTestId('task-action-failures')).getByRole('listitem').textContent).toBe(
      `Document ${three}: Another user already moved this task on.`,
    );
    const put = server.requests.find((r) => r.method === 'PUT');
    expect(put?.url.searchParams.get('ActionID')).toBe('1:3:approve');
    expect(put?.url.searchParams.get('Database')).toBe('1');
    expect(put?.url.searchParams.get('Archive')).toBe('1');
    expect(JSON.parse(put?.body ?? '{}')).toEqual({
      [one]: server.hashOf(1, one),
      [three]: server.hashOf(1, three),
    });

    // the page and the counts load again: the first invoice (50 $) was filed as paid
    await waitFor(() => expect(screen.queryByTestId(`row-${one}`)).toBeNull());
    await waitFor(() => expect(countOf(REVIEW)).toBe('4'));
    expect(screen.getByRole('checkbox', { name: `Select document ${two}` })).toHaveProperty('checked', false);
  });

  it('names a single task refused with 409 by the server message, and asks for a checked task first', async () => {
    const { server } = await open(reviewIn(INVOICES));
    const two = server.docs[1] ?? 0;
    await findRow(two);
    fireEvent.click(await screen.findByTestId('task-action-1:3:exceptions'));
    expect((await screen.findByTestId('task-action-problem')).textContent).toBe(
      'Select at least one document first.',
    );
    await server.act(REVIEW, 'exceptions', [two], 'grouped');
    check(two);
    fireEvent.click(screen.getByTestId('task-action-1:3:exceptions'));
    expect((await screen.findByTestId('task-action-failures')).textContent).toBe(
      `Document ${two}: Another user already moved this task on.`,
    );
  });

  it("shows the workflow timeline in the task's history, its steps in their order", async () => {
    const { server } = await open(reviewIn(INVOICES));
    fireEvent.click(await findRow(server.docs[0] ?? 0));
    fireEvent.click(screen.getByTestId('history-toggle'));
    const period = await screen.findByTestId('workflow-period');
    expect(period.getAttribute('data-state')).toBe('running');
    expect(period.textContent).toContain('Invoice Approval');
    expect(within(period).getByRole('meter').getAttribute('aria-valuenow')).toBe('0.65');
    // the engine writes its steps at one instant: they keep their order
    expect(
      within(period)
        .getAllByRole('listitem')
        .map((li) => li.textContent?.split(' — ')[0]),
    ).toEqual([
      'Processing: Mark checked (process 1)',
      'Queue entered: Review (process 1)',
      'Waiting: Review (process 1)',
    ]);
  });

  it("moves on to the archive with the most tasks when the shown archive's last task is worked (issue 27, 11)", async () => {
    const server = workflowServer();
    // Invoices holds one Review task, Contracts three
    await open(
      reviewIn(INVOICES),
      { invoices: server.docs.slice(0, 1), contracts: server.contracts },
      server,
    );
    const one = server.docs[0] ?? 0;
    await findRow(one);
    expect(await screen.findByTestId(`task-archive-${INVOICES}`)).toBeTruthy();
    check(one);
    fireEvent.click(await screen.findByTestId('task-action-1:3:approve'));
    await waitFor(() => expect(currentPath()).toBe(reviewIn(CONTRACTS)));
    expect(await findRow(server.contracts[0] ?? 0)).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId(`task-archive-${INVOICES}`)).toBeNull());
    expect(screen.getByTestId(`task-archive-${CONTRACTS}`).getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByTestId('task-queue-empty')).toBeNull();
  });

  it('says the queue is empty when its last task is worked (issue 27, 11)', async () => {
    const server = workflowServer();
    await open(reviewIn(INVOICES), { invoices: server.docs.slice(0, 1) }, server);
    const one = server.docs[0] ?? 0;
    await findRow(one);
    check(one);
    fireEvent.click(await screen.findByTestId('task-action-1:3:approve'));
    expect((await screen.findByTestId('task-queue-empty')).textContent).toBe(
      'This queue holds no more tasks for you.',
    );
    expect(currentPath()).toBe(reviewIn(INVOICES));
  });

  it('refuses an address without a queue', async () => {
    await open('/results/Task?db=1&workflowId=1&archive=1');
    expect(await screen.findByTestId('results-bad-address', {}, { timeout: 5000 })).toBeTruthy();
  });
});

describe('/flows', () => {
  it("lists the database's workflows with their queues and counts, read-only", async () => {
    await open('/flows?db=1');
    const flow = await screen.findByTestId('flow-1', {}, { timeout: 5000 });
    expect(within(flow).getByRole('heading', { name: 'Invoice Approval' })).toBeTruthy();
    const rows = within(flow)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      ['Review', '6'],
      ['Big', '0'],
      ['Exceptions', '0'],
    ]);
    expect(flow.textContent).toContain('Queues: 3, tasks: 6');
    expect(screen.queryByRole('button', { name: /save|delete/i })).toBeNull();
  });
});
