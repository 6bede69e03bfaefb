import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminServer, adminWorld, SSADMIN } from '../../test/adminServer';
import { json, type FakeAnswer, type FakeHandler } from '../../test/fakeServer';
import { session } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { historyEntry } from '../../test/searchFixtures';

// 60 entries in Invoices (archive 2): three pages of 25
const auditPage = (page: number) => ({
  Items: [0, 1].map((i) => historyEntry(100 + i, `Invoices ${page}.${i}`, 'viewed', '2024-01-01T00:00:00Z')),
  Total: 60,
});

function start(audit: FakeHandler | FakeAnswer) {
  const fake = adminServer(adminWorld(), SSADMIN, { 'GET dbs/1/archives/2/audit': audit });
  renderApp({
    url: '/admin/full?mode=ARCHIVES&db=1',
    fetch: fake.fetch,
    session: session({ username: 'SSAdministrator' }),
  });
  return fake;
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
    const fake = start((r) => json(auditPage(Number(r.url.searchParams.get('Page')))));
    const modal = await openLog('Invoices');
    expect(within(modal).getByRole('heading', { level: 2 }).textContent).toBe('Log history of Invoices');
    await waitFor(() => expect(messages(modal)).toEqual(['Invoices 1.0', 'Invoices 1.1']));
    const pages = within(within(modal).getByRole('navigation', { name: 'History pages' }));
    expect(pages.getAllByRole('button', { name: /^Page \d+$/ }).map((b) => b.textContent)).toEqual([
      '1',
      '2',
      '3',
    ]);
    fireEvent.click(pages.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(messages(modal)).toEqual(['Invoices 3.0', 'Invoices 3.1']));
    const asked = fake.requests.filter((r) => r.path === 'dbs/1/archives/2/audit');
    expect(asked.map((r) => r.url.searchParams.get('Page'))).toEqual(['1', '3']);
    expect(asked.at(-1)?.url.searchParams.get('DocLimit')).toBe('25');
    fireEvent.click(within(modal).getAllByRole('button', { name: 'Close' }).at(-1) as HTMLElement);
    await waitFor(() => expect(screen.queryByTestId('admin-log-history')).toBeNull());
  });

  it("shows the server's refusal instead of the entries", async () => {
    start(json({ Message: 'Access denied.' }, 403));
    const modal = await openLog('Invoices');
    await waitFor(() => expect(within(modal).getByRole('alert').textContent).toContain('Access denied.'));
    expect(within(modal).queryAllByRole('listitem')).toHaveLength(0);
  });
});
