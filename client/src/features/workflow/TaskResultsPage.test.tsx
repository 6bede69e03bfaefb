import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { session } from '../../test/fixtures';
import { currentPath, renderApp } from '../../test/renderApp';
import { historyEntry } from '../../test/searchFixtures';
import { APPROVE, REVIEW, workflowServer, workflowWorld } from '../../test/workflowServer';
import { taskResultsPath } from './taskPaths';

const reviewIn = (archive: number, extra: { page?: number; size?: number } = {}) =>
  taskResultsPath({ db: 1, workflowId: 1, queueKey: REVIEW, archive, ...extra });
const open = (url: string, fake = workflowServer()) => ({
  fake,
  ...renderApp({ url, fetch: fake.fetch, session: session() }),
});
const findRow = (id: number) => screen.findByTestId(`row-${id}`, {}, { timeout: 5000 });
const check = (id: number) =>
  fireEvent.click(screen.getByRole('checkbox', { name: `Select document ${id}` }));
const countOf = (key: string) =>
  screen.getByTestId(`queue-${key}`).querySelector('.tree__count')?.textContent;

describe('queue results (/results/Task)', () => {
  it("shows the queue's tasks of the archive in the results grid, asking the queue search of the address", async () => {
    const { fake } = open(reviewIn(2, { page: 1, size: 50 }));
    await findRow(101);
    expect(screen.getByTestId('row-103')).toBeTruthy();
    expect(screen.queryByTestId('row-301')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Review' })).toBeTruthy();
    const page = fake.requests.find(
      (r) => r.path === 'dbs/1/searches' && r.url.searchParams.has('ArchiveId'),
    );
    expect(Object.fromEntries(page?.url.searchParams ?? [])).toEqual({
      workflowId: '1',
      queueKey: REVIEW,
      ArchiveId: '2',
      Page: '1',
      RecordsPerPage: '50',
    });
    // the archives holding the queue's tasks, with their counts; a click shows the other's
    const archives = within(screen.getByRole('tablist', { name: 'Archives with tasks' }));
    expect((await archives.findByTestId('task-archive-3')).textContent).toBe('20245');
    fireEvent.click(archives.getByTestId('task-archive-3'));
    expect(await findRow(301)).toBeTruthy();
  });

  it('takes a queue action on the checked tasks with progress, lists the ones another user moved first, and refreshes the counts', async () => {
    const world = workflowWorld();
    world.taken.add(103);
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const server = workflowServer(world);
    const { fake } = open(
      reviewIn(2),
      workflowServer(world, {
        'PUT useraction': async (r) => {
          await gate;
          const route = await server.fetch(r.url, { method: 'PUT', body: r.body ?? '' });
          return route;
        },
      }),
    );
    await findRow(101);
    expect(countOf(REVIEW)).toBe('8');
    check(101);
    check(103);
    fireEvent.click(await screen.findByTestId('task-action-1:2:approve'));
    const progress = within(await screen.findByTestId('task-action-progress')).getByRole('progressbar');
    expect(progress.getAttribute('value')).toBe('0');
    expect(progress.getAttribute('max')).toBe('2');
    expect(screen.getByTestId('task-action-1:2:approve')).toHaveProperty('disabled', true);
    release();

    const outcome = await screen.findByTestId('task-action-outcome');
    expect(outcome.textContent).toContain('Approve: tasks moved on: 1');
    expect(within(screen.getByTestId('task-action-failures')).getByRole('listitem').textContent).toBe(
      'Document 103: Another user already moved this task on.',
    );
    const put = fake.requests.find((r) => r.method === 'PUT');
    expect(put?.url.searchParams.get('ActionID')).toBe('1:2:approve');
    expect(put?.url.searchParams.get('Database')).toBe('1');
    expect(put?.url.searchParams.get('Archive')).toBe('2');
    expect(JSON.parse(put?.body ?? '{}')).toEqual({ '101': 'doc-hash-101', '103': 'doc-hash-103' });

    // the page and the counts load again: 101 moved on to the next queue
    await waitFor(() => expect(screen.queryByTestId('row-101')).toBeNull());
    await waitFor(() => expect(countOf(REVIEW)).toBe('7'));
    expect(countOf(APPROVE)).toBe('2');
    expect(screen.getByRole('checkbox', { name: 'Select document 102' })).toHaveProperty('checked', false);
  });

  it('names a single task refused with 409 by the server message, and asks for a checked task first', async () => {
    const world = workflowWorld();
    world.taken.add(102);
    open(reviewIn(2), workflowServer(world));
    await findRow(102);
    fireEvent.click(await screen.findByTestId('task-action-1:2:reject'));
    expect((await screen.findByTestId('task-action-problem')).textContent).toBe(
      'Select at least one document first.',
    );
    check(102);
    fireEvent.click(screen.getByTestId('task-action-1:2:reject'));
    expect((await screen.findByTestId('task-action-failures')).textContent).toBe(
      'Document 102: Another user already moved this task on.',
    );
  });

  it("shows the workflow timeline in the task's history, steps written at one instant in their order", async () => {
    const fake = workflowServer(undefined, {
      'GET dbs/1/archives/2/documents/101/audit': [
        historyEntry(
          101,
          'Global Action Entered: AP Invoice Approval (process 101)',
          'updated',
          '2024-03-01T10:00:00Z',
        ),
        historyEntry(101, 'Queue Entered: Review (process 101)', 'updated', '2024-03-01T10:00:00Z'),
        historyEntry(101, 'Waiting: Review (process 101)', 'updated', '2024-03-01T10:00:00Z'),
      ],
    });
    open(reviewIn(2), fake);
    fireEvent.click(await findRow(101));
    fireEvent.click(screen.getByTestId('history-toggle'));
    const period = await screen.findByTestId('workflow-period');
    expect(period.getAttribute('data-state')).toBe('running');
    expect(within(period).getByRole('meter').getAttribute('aria-valuenow')).toBe('0.65');
    expect(period.textContent).toContain('AP Invoice Approval');
    expect(
      within(period)
        .getAllByRole('listitem')
        .map((li) => li.textContent?.split(' — ')[0]),
    ).toEqual(['Queue entered: Review (process 101)', 'Waiting: Review (process 101)']);
  });

  it("moves on to the archive with the most tasks when the shown archive's last task is worked (issue 27, 11)", async () => {
    const world = workflowWorld();
    // archive 2 holds one Review task (101), archive 3 five
    world.tasks.splice(0, world.tasks.length, ...world.tasks.filter((t) => ![102, 103].includes(t.id)));
    open(reviewIn(2), workflowServer(world));
    await findRow(101);
    expect(await screen.findByTestId('task-archive-2')).toBeTruthy();
    check(101);
    fireEvent.click(await screen.findByTestId('task-action-1:2:approve'));
    await waitFor(() => expect(currentPath()).toBe(reviewIn(3)));
    expect(await findRow(301)).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('task-archive-2')).toBeNull());
    expect(screen.getByTestId('task-archive-3').getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByTestId('task-queue-empty')).toBeNull();
  });

  it('says the queue is empty when its last task is worked (issue 27, 11)', async () => {
    const world = workflowWorld();
    world.tasks.splice(
      0,
      world.tasks.length,
      ...world.tasks.filter((t) => t.queue !== REVIEW || t.id === 101),
    );
    open(reviewIn(2), workflowServer(world));
    await findRow(101);
    check(101);
    fireEvent.click(await screen.findByTestId('task-action-1:2:approve'));
    expect((await screen.findByTestId('task-queue-empty')).textContent).toBe(
      'This queue holds no more tasks for you.',
    );
    expect(currentPath()).toBe(reviewIn(2));
  });

  it('refuses an address without a queue', async () => {
    open('/results/Task?db=1&workflowId=1&archive=2');
    expect(await screen.findByTestId('results-bad-address', {}, { timeout: 5000 })).toBeTruthy();
  });
});

describe('/flows', () => {
  it("lists the database's workflows with their queues and counts, read-only", async () => {
    open('/flows?db=1');
    const flow = await screen.findByTestId('flow-1', {}, { timeout: 5000 });
    expect(within(flow).getByRole('heading', { name: 'AP Invoice Approval' })).toBeTruthy();
    const rows = within(flow)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      ['Review', '8'],
      ['Approve over 5,000 $', '1'],
      ['Exceptions', '0'],
    ]);
    expect(flow.textContent).toContain('Queues: 3, tasks: 9');
    expect(screen.queryByRole('button', { name: /save|delete/i })).toBeNull();
  });
});
