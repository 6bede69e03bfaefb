import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ActionCountsResponse, CaptureFiguresResponse } from '@gs/contract/analytics';
import type { BatchPortal } from '@gs/contract/capture';
import { createFakeServer, json, type FakeRequest } from '../../test/fakeServer';
import { session } from '../../test/fixtures';
import { currentPath, renderApp } from '../../test/renderApp';
import { ANALYTICS_FILTERS_KEY, localDay } from './analyticsFilters';

const A = '/square9analytics/analytics/Actions/';
const DAY = 86_400_000;
const today = localDay(new Date());
const yesterday = localDay(new Date(Date.now() - DAY));

function counts(req: FakeRequest): ActionCountsResponse {
  const actions = (req.url.searchParams.get('actions') ?? '').split(',');
  const zero = Object.fromEntries(actions.map((a) => [a, 0]));
  const user = req.url.searchParams.get('user');
  const viewed = user === 'someone.else' ? 0 : 3;
  return {
    StartDate: req.url.searchParams.get('startdate') ?? '',
    EndDate: req.url.searchParams.get('enddate') ?? '',
    Actions: actions,
    Days: [
      { Date: yesterday, Counts: { ...zero } },
      { Date: today, Counts: { ...zero, viewed, updated: 1 } },
    ],
    Totals: { ...zero, viewed, updated: 1 },
    Total: viewed + 1,
    Users: ['full.user', 'someone.else'],
  };
}

const capture: CaptureFiguresResponse = {
  Days: [{ Date: today, Created: 2, Completed: 1, Errored: 0, Documents: 5, Pages: 9 }],
  Totals: { Created: 2, Completed: 1, Errored: 0, Documents: 5, Pages: 9 },
  MeanQueuedToCompletedMs: 5_400_000,
};

const portal: BatchPortal = {
  Id: 7,
  Name: 'Invoice Analytics',
  Type: 1,
  Status: 1,
  StatusMessage: '',
  InstanceId: 1,
  DatabaseId: 2,
  ArchiveId: 5,
  InboxId: 0,
};

function server(extra: Record<string, unknown> = {}) {
  return createFakeServer({
    'GET dbs': {
      Databases: [
        { Id: 1, Name: 'Finance' },
        { Id: 2, Name: 'Operations' },
      ],
    },
    'GET dbs/1/archives': { Archives: [{ Id: 3, Name: 'Invoices' }] },
    'GET dbs/2/archives': { Archives: [{ Id: 5, Name: 'Receipts' }] },
    [`GET ${A}Counts`]: counts,
    [`GET ${A}Capture`]: capture,
    [`GET ${A}Workflow`]: { Days: [], Queues: [] },
    'GET /square9capture/batchportals': [portal],
    ...extra,
  });
}

const last = (s: ReturnType<typeof server>, action: string) =>
  s.requests.filter((r) => r.url.pathname.endsWith(`/Actions/${action}`)).at(-1);

describe('/analytics', () => {
  it('shows the counts of the chosen range per day in a table, today first', async () => {
    localStorage.removeItem(ANALYTICS_FILTERS_KEY);
    const s = server();
    renderApp({ url: '/analytics', fetch: s.fetch, session: session() });
    fireEvent.change(await screen.findByLabelText('Range'), { target: { value: '7' } });
    const row = await screen.findByTestId(`analytics-day-${today}`);
    expect(within(row).getByText('3')).toBeTruthy();
    expect(row.querySelector('[data-action="viewed"]')?.textContent).toBe('3');
    expect(row.querySelector('[data-action="updated"]')?.textContent).toBe('1');
    const req = last(s, 'Counts');
    expect(req?.url.searchParams.get('startdate')).toBe(localDay(new Date(Date.now() - 6 * DAY)));
    expect(req?.url.searchParams.get('enddate')).toBe(today);
    expect(req?.url.searchParams.get('database')).toBe('1');
    expect(req?.url.searchParams.get('tzoffset')).toBe(String(new Date().getTimezoneOffset()));
    expect(screen.getByTestId('analytics-total').textContent).toBe('Actions in the range: 4');
    // capture figures with the mean time
    expect((await screen.findByTestId('analytics-capture-mean')).textContent).toBe(
      'Mean time from Queued to Completed: 1.5 h',
    );
    expect(await screen.findByText('No workflow tasks in this range.')).toBeTruthy();
  });

  it('remembers the filters: actions, user and range survive a new visit', async () => {
    localStorage.removeItem(ANALYTICS_FILTERS_KEY);
    const s = server();
    const first = renderApp({ url: '/analytics', fetch: s.fetch, session: session() });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Printed' }));
    fireEvent.change(await screen.findByLabelText('User'), { target: { value: 'someone.else' } });
    await waitFor(() => expect(last(s, 'Counts')?.url.searchParams.get('user')).toBe('someone.else'));
    expect(last(s, 'Counts')?.url.searchParams.get('actions')).not.toContain('printed');
    first.unmount();

    const again = server();
    renderApp({ url: '/analytics', fetch: again.fetch, session: session() });
    await screen.findByTestId(`analytics-day-${today}`);
    expect((screen.getByRole('checkbox', { name: 'Printed' }) as HTMLInputElement).checked).toBe(false);
    expect(last(again, 'Counts')?.url.searchParams.get('user')).toBe('someone.else');
    const stored = JSON.parse(localStorage.getItem(ANALYTICS_FILTERS_KEY) ?? '{}') as { user: string };
    expect(stored.user).toBe('someone.else');
  });

  it('with hide.analytics says so, asks the analytics service nothing and has no header link', async () => {
    localStorage.removeItem(ANALYTICS_FILTERS_KEY);
    const s = server();
    renderApp({
      url: '/analytics',
      fetch: s.fetch,
      session: session(),
      config: { hide: { analytics: true } },
    });
    expect((await screen.findByTestId('analytics-hidden')).textContent).toBe('Analytics are hidden.');
    expect(screen.queryByTestId('header-analytics')).toBeNull();
    expect(s.requests.some((r) => r.url.pathname.includes('/square9analytics/'))).toBe(false);
  });

  it('refuses a custom range that ends before it starts, and asks nothing for it', async () => {
    localStorage.removeItem(ANALYTICS_FILTERS_KEY);
    const s = server();
    renderApp({ url: '/analytics', fetch: s.fetch, session: session() });
    fireEvent.change(await screen.findByLabelText('Range'), { target: { value: 'custom' } });
    fireEvent.change(await screen.findByLabelText('From'), { target: { value: '2026-03-10' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-01' } });
    expect((await screen.findByTestId('analytics-bad-range')).textContent).toMatch(/at most 366 days/);
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-12' } });
    await waitFor(() => expect(last(s, 'Counts')?.url.searchParams.get('enddate')).toBe('2026-03-12'));
  });

  it('shows the server’s reason when the figures cannot load, and retries', async () => {
    localStorage.removeItem(ANALYTICS_FILTERS_KEY);
    let fail = true;
    const s = server({
      [`GET ${A}Counts`]: (req: FakeRequest) =>
        fail ? json({ Message: 'The request is invalid.' }, 400) : counts(req),
    });
    renderApp({ url: '/analytics', fetch: s.fetch, session: session() });
    expect((await screen.findByTestId('analytics-actions-error')).textContent).toBe(
      'The figures could not be loaded. The request is invalid.',
    );
    fail = false;
    fireEvent.click(
      within(screen.getByRole('region', { name: 'Document actions per day' })).getByRole('button', {
        name: 'Try again',
      }),
    );
    expect(await screen.findByTestId(`analytics-day-${today}`)).toBeTruthy();
  });

  it('opens from an analytics portal of /batchselect with its database and archive', async () => {
    localStorage.removeItem(ANALYTICS_FILTERS_KEY);
    const s = server();
    renderApp({ url: '/batchselect', fetch: s.fetch, session: session() });
    fireEvent.click(await screen.findByRole('link', { name: 'Invoice Analytics' }));
    await waitFor(() => expect(currentPath()).toBe('/analytics?portal=7'));
    expect((await screen.findByTestId('analytics-portal')).textContent).toBe(
      'Analytics portal: Invoice Analytics',
    );
    await waitFor(() => expect(last(s, 'Capture')?.url.searchParams.get('portal')).toBe('7'));
    const req = last(s, 'Counts');
    expect(req?.url.searchParams.get('database')).toBe('2');
    expect(req?.url.searchParams.get('archive')).toBe('5');
  });

  it('lists the workflow queues with their tasks and mean wait, and offers each to the chart', async () => {
    localStorage.removeItem(ANALYTICS_FILTERS_KEY);
    const s = server({
      [`GET ${A}Workflow`]: {
        Days: [
          {
            Date: today,
            Entered: 3,
            Ended: 1,
            Queues: { Approve: { Entered: 2, Ended: 1 }, Pay: { Entered: 1, Ended: 0 } },
          },
        ],
        Queues: [
          { Queue: 'Approve', Entered: 2, Ended: 1, MeanWaitMs: 7_200_000 },
          { Queue: 'Pay', Entered: 1, Ended: 0, MeanWaitMs: null },
        ],
      },
    });
    renderApp({ url: '/analytics', fetch: s.fetch, session: session() });
    const panel = await screen.findByTestId('analytics-workflow');
    const approve = within(panel).getByRole('rowheader', { name: 'Approve' }).closest('tr');
    expect(approve?.textContent).toBe('Approve212.0 h');
    const pay = within(panel).getByRole('rowheader', { name: 'Pay' }).closest('tr');
    expect(pay?.textContent).toBe('Pay10–');
    const chartQueue = within(panel).getByLabelText('Chart queue');
    expect([...chartQueue.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'All queues',
      'Approve',
      'Pay',
    ]);
    fireEvent.change(chartQueue, { target: { value: 'Pay' } });
    expect((chartQueue as HTMLSelectElement).value).toBe('Pay');
  });

  it('is reached from the header', async () => {
    const s = server();
    renderApp({ url: '/view?db=1', fetch: s.fetch, session: session() });
    fireEvent.click(await screen.findByRole('link', { name: 'Analytics' }));
    await waitFor(() => expect(currentPath()).toBe('/analytics'));
    expect(await screen.findByRole('heading', { name: 'Analytics' })).toBeTruthy();
  });
});
