import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fakeServer';
import { session } from '../../test/fixtures';
import { currentPath, renderApp } from '../../test/renderApp';
import { APPROVE, EXCEPTIONS, REVIEW, workflowServer } from '../../test/workflowServer';

const open = (url: string, fake = workflowServer()) => ({
  fake,
  ...renderApp({ url, fetch: fake.fetch, session: session() }),
});
const queueRow = (key: string) => screen.findByTestId(`queue-${key}`, {}, { timeout: 5000 });
const countOf = (row: HTMLElement) => row.querySelector('.tree__count')?.textContent;

describe('workflow queues in the sidebar', () => {
  it('lists the queues with their counts and, for the selected archive, the queues with tasks there', async () => {
    open('/view?db=1&a=2');
    expect(countOf(await queueRow(REVIEW))).toBe('8');
    expect(countOf(await queueRow(APPROVE))).toBe('1');
    expect(countOf(await queueRow(EXCEPTIONS))).toBe('0');
    const searches = await screen.findByTestId(`queue-search-${REVIEW}`);
    expect(countOf(searches)).toBe('3');
    expect(countOf(screen.getByTestId(`queue-search-${APPROVE}`))).toBe('1');
    // a queue without tasks in the archive is no queue search
    expect(screen.queryByTestId(`queue-search-${EXCEPTIONS}`)).toBeNull();
  });

  it('opens a queue on the selected archive when it holds tasks there, else on the archive with the most', async () => {
    open('/view?db=1&a=2');
    fireEvent.click(within(await queueRow(REVIEW)).getByRole('button', { name: 'Review' }));
    await waitFor(() =>
      expect(currentPath()).toBe(
        `/results/Task?db=1&workflowId=1&queueKey=${encodeURIComponent(REVIEW)}&archive=2`,
      ),
    );
  });

  it('opens the archive with the most tasks when the selected one has none, and says when there are none', async () => {
    open('/view?db=1');
    fireEvent.click(within(await queueRow(EXCEPTIONS)).getByRole('button', { name: 'Exceptions' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The queue Exceptions holds no tasks for you.',
    );
    fireEvent.click(within(await queueRow(REVIEW)).getByRole('button', { name: 'Review' }));
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('archive')).toBe('3'));
    expect(window.location.pathname).toBe('/results/Task');
  });

  it('remembers the list toggles and hides a queue through the task options, with a way back', async () => {
    open('/view?db=1&a=2');
    await queueRow(REVIEW);
    fireEvent.click(screen.getByTestId('queues-toggle'));
    expect(screen.queryByTestId(`queue-${REVIEW}`)).toBeNull();
    expect(window.localStorage.getItem('showQueues')).toBe('false');
    fireEvent.click(screen.getByTestId('queue-searches-toggle'));
    expect(window.localStorage.getItem('showQueueSearches')).toBe('false');
    expect(screen.queryByTestId(`queue-search-${REVIEW}`)).toBeNull();
    fireEvent.click(screen.getByTestId('queues-toggle'));

    fireEvent.click(await screen.findByRole('button', { name: 'Task options for Review' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Hide tasks' }));
    expect(screen.queryByTestId(`queue-${REVIEW}`)).toBeNull();
    expect(JSON.parse(window.localStorage.getItem('taskSearches') ?? '[]')).toEqual([
      { Key: REVIEW, WorkflowId: 1, Visible: false },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Show hidden queues (1)' }));
    expect(await queueRow(REVIEW)).toBeTruthy();

    // hidden again, then shown from the Settings dialog the task options open
    fireEvent.click(screen.getByRole('button', { name: 'Task options for Review' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Hide tasks' }));
    fireEvent.click(screen.getByRole('button', { name: 'Task options for Exceptions' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Settings' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Settings' }));
    expect(dialog.getByText('Hidden queues: 1')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Show every queue' }));
    expect(dialog.getByText('Hidden queues: 0')).toBeTruthy();
    expect(await queueRow(REVIEW)).toBeTruthy();
  });

  it('leaves the whole section out under showGlobalActionTasks off, or when the server has no queue route', async () => {
    window.localStorage.setItem('showGlobalActionTasks', 'false');
    const first = open('/view?db=1&a=2');
    await screen.findByRole('button', { name: 'Invoices' });
    expect(screen.queryByTestId('workflow-panel')).toBeNull();
    first.unmount();

    window.localStorage.removeItem('showGlobalActionTasks');
    const fake = workflowServer(undefined, {
      'GET workflowdesigner?nodeType=queue': json({ Message: 'No HTTP resource was found.' }, 404),
    });
    open('/view?db=1&a=2', fake);
    await waitFor(() => expect(fake.requests.some((r) => r.path === 'workflowdesigner')).toBe(true));
    await screen.findByRole('button', { name: 'Invoices' });
    expect(screen.queryByTestId('workflow-panel')).toBeNull();
  });
});
