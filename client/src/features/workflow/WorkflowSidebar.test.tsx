// The workflow queues of the sidebar against the simulator's app in process (test/workflowTasks.ts):
// workflowWorld's "Invoice Approval", whose Review and Exceptions queues full.user works.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fakeServer';
import { currentPath, renderApp } from '../../test/renderApp';
import { realServer } from '../../test/realServer';
import { workflowServer } from '../../test/workflowTasks';

async function open(url: string, tasks = 6) {
  const server = workflowServer();
  await server.enter(server.docs.slice(0, tasks));
  return { server, ...renderApp({ url, fetch: server.fetch, session: await server.signIn('full.user') }) };
}
const queueRow = (key: string) => screen.findByTestId(`queue-${key}`, {}, { timeout: 5000 });
const countOf = (row: HTMLElement) => row.querySelector('.tree__count')?.textContent;

describe('workflow queues in the sidebar', () => {
  it('lists the queues with their counts and, for the selected archive, the queues with tasks there', async () => {
    const { server } = await open('/view?db=1&a=1');
    expect(countOf(await queueRow(server.review))).toBe('6');
    expect(countOf(await queueRow(server.exceptions))).toBe('0');
    const searches = await screen.findByTestId(`queue-search-${server.review}`);
    expect(countOf(searches)).toBe('6');
    // a queue without tasks in the archive is no queue search
    expect(screen.queryByTestId(`queue-search-${server.exceptions}`)).toBeNull();
  });

  it('opens a queue on the selected archive when it holds tasks there', async () => {
    const { server } = await open('/view?db=1&a=1');
    fireEvent.click(within(await queueRow(server.review)).getByRole('button', { name: 'Review' }));
    await waitFor(() =>
      expect(currentPath()).toBe(
        `/results/Task?db=1&workflowId=1&queueKey=${encodeURIComponent(server.review)}&archive=1`,
      ),
    );
  });

  it('opens the archive with tasks when the selected one has none, and says when there are none', async () => {
    const { server } = await open('/view?db=1&a=4');
    fireEvent.click(within(await queueRow(server.exceptions)).getByRole('button', { name: 'Exceptions' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The queue Exceptions holds no tasks for you.',
    );
    fireEvent.click(within(await queueRow(server.review)).getByRole('button', { name: 'Review' }));
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('archive')).toBe('1'));
    expect(window.location.pathname).toBe('/results/Task');
  });

  it('remembers the list toggles and hides a queue through the task options, with a way back', async () => {
    const { server } = await open('/view?db=1&a=1');
    const review = server.review;
    await queueRow(review);
    fireEvent.click(screen.getByTestId('queues-toggle'));
    expect(screen.queryByTestId(`queue-${review}`)).toBeNull();
    expect(window.localStorage.getItem('showQueues')).toBe('false');
    fireEvent.click(screen.getByTestId('queue-searches-toggle'));
    expect(window.localStorage.getItem('showQueueSearches')).toBe('false');
    expect(screen.queryByTestId(`queue-search-${review}`)).toBeNull();
    fireEvent.click(screen.getByTestId('queues-toggle'));

    fireEvent.click(await screen.findByRole('button', { name: 'Task options for Review' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Hide tasks' }));
    expect(screen.queryByTestId(`queue-${review}`)).toBeNull();
    expect(JSON.parse(window.localStorage.getItem('taskSearches') ?? '[]')).toEqual([
      { Key: review, WorkflowId: 1, Visible: false },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Show hidden queues (1)' }));
    expect(await queueRow(review)).toBeTruthy();

    // hidden again, then shown from the Settings dialog the task options open
    fireEvent.click(screen.getByRole('button', { name: 'Task options for Review' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Hide tasks' }));
    fireEvent.click(screen.getByRole('button', { name: 'Task options for Exceptions' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Settings' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Settings' }));
    expect(dialog.getByText('Hidden queues: 1')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Show every queue' }));
    expect(dialog.getByText('Hidden queues: 0')).toBeTruthy();
    expect(await queueRow(review)).toBeTruthy();
  });

  it('leaves the whole section out under showGlobalActionTasks off', async () => {
    window.localStorage.setItem('showGlobalActionTasks', 'false');
    await open('/view?db=1&a=1');
    await screen.findByRole('button', { name: 'Invoices' });
    expect(screen.queryByTestId('workflow-panel')).toBeNull();
  });

  // a fake only for what the simulator always answers: a server without the queue route
  it('leaves the whole section out when the server has no queue route', async () => {
    const server = realServer({
      overrides: {
        'GET workflowdesigner?nodeType=queue': json({ Message: 'No HTTP resource was found.' }, 404),
      },
    });
    renderApp({ url: '/view?db=1&a=1', fetch: server.fetch, session: await server.signIn('full.user') });
    await waitFor(() => expect(server.requests.some((r) => r.path === 'workflowdesigner')).toBe(true));
    await screen.findByRole('button', { name: 'Invoices' });
    expect(screen.queryByTestId('workflow-panel')).toBeNull();
  });
});
