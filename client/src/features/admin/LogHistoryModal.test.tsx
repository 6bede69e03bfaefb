// The log history of an archive card against the simulator's app in process (test/realServer.ts):
// clientAdminWorld.ts's 60 entries in Invoices, three pages of 25.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';
import { realServer } from '../../test/realServer';

async function start(overrides = {}) {
  const server = realServer({ admin: true, overrides });
  renderApp({
    url: `/admin/full?mode=ARCHIVES&db=${server.w.alpha}`,
    fetch: server.fetch,
    session: await server.signIn('SSAdministrator'),
  });
  return server;
}

async function openLog(name: string) {
  const card = (await screen.findAllByTestId('admin-card')).find(
    (c) => within(c).getByRole('heading').textContent === name,
  );
  if (!card) throw new Error(`no card ${name}`);
  fireEvent.click(within(card).getByRole('button', { name: 'Log history' }));
  return screen.findByTestId('admin-log-history');
}

const messages = (modal: HTMLElement) =>
  within(modal)
    .getAllByRole('listitem')
    .map((li) => li.querySelector('.history-list__message')?.textContent);

describe('log history (admin-spec §2)', () => {
  it("shows the archive's history a page at a time from the archive card", async () => {
    const server = await start();
    const modal = await openLog('Invoices');
    expect(within(modal).getByRole('heading', { level: 2 }).textContent).toBe('Log history of Invoices');
    await waitFor(() => expect(messages(modal)).toHaveLength(25));
    const pages = within(within(modal).getByRole('navigation', { name: 'History pages' }));
    expect(pages.getAllByRole('button', { name: /^Page \d+$/ }).map((b) => b.textContent)).toEqual([
      '1',
      '2',
      '3',
    ]);
    const first = messages(modal);
    fireEvent.click(pages.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(messages(modal)).toHaveLength(10));
    // the last page holds what the first two did not
    expect(messages(modal).filter((m) => first.includes(m))).toEqual([]);
    const path = `dbs/${server.w.alpha}/archives/${server.w.invoices}/audit`;
    const asked = server.requests.filter((r) => r.path === path);
    expect(asked.map((r) => r.url.searchParams.get('Page'))).toEqual(['1', '3']);
    expect(asked.at(-1)?.url.searchParams.get('DocLimit')).toBe('25');
    fireEvent.click(within(modal).getAllByRole('button', { name: 'Close' }).at(-1) as HTMLElement);
    await waitFor(() => expect(screen.queryByTestId('admin-log-history')).toBeNull());
  });

  it("shows the server's refusal instead of the entries", async () => {
    // a refusal on cue: the administrator may read every archive's history
    await start({ 'GET dbs/1/archives/1/audit': json({ Message: 'Access denied.' }, 403) });
    const modal = await openLog('Invoices');
    await waitFor(() => expect(within(modal).getByRole('alert').textContent).toContain('Access denied.'));
    expect(within(modal).queryAllByRole('listitem')).toHaveLength(0);
  });
});
