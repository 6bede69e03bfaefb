// The history sidebar against the simulator's app in process (test/resultsWorld.ts): V10001's
// history (indexed, viewed, an update) and Payables' 55 entries; grouped may not view history.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ALL_ARCHIVE_PERMISSIONS, ArchivePermission } from '@gs/contract/flags';
import { openResults } from '../../../test/resultsWorld';

const findRow = (id: number) => screen.findByTestId(`row-${id}`, {}, { timeout: 5000 });

async function openHistory() {
  const t = await openResults();
  await findRow(t.r.docs[0]);
  fireEvent.click(screen.getByTestId('history-toggle'));
  // the panel loads when first opened (decision 074)
  await screen.findByTestId('history-panel', {}, { timeout: 5000 });
  return t;
}

const messages = () =>
  within(screen.getByTestId('history-list'))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('.history-list__message')?.textContent);

/** "Entry from" down to "Entry to", as the newest-first archive history lists them */
const entries = (from: number, to: number) =>
  Array.from({ length: from - to + 1 }, (_, i) => `Entry ${from - i}`);

describe('history sidebar', () => {
  it('needs View History', async () => {
    const { r } = await openResults({ login: 'grouped' });
    await findRow(r.docs[0]);
    expect(screen.getByTestId('edit-mode')).toBeTruthy();
    expect(screen.queryByTestId('history-toggle')).toBeNull();
  });

  it("shows the selected document's history newest first, filtered by category toggles", async () => {
    const { server, r } = await openHistory();
    expect(screen.getByText('Select a document in the grid to see its history.')).toBeTruthy();
    fireEvent.click(screen.getByTestId(`row-${r.docs[0]}`));
    await screen.findByTestId('history-list');
    expect(messages()).toEqual([
      "Field 'Amount' changed from '1' to '2'",
      'Document viewed',
      'Document indexed',
    ]);
    const audit = server.requests.find(
      (q) => q.path === `dbs/1/archives/${r.payables}/documents/${r.docs[0]}/audit`,
    );
    expect(audit?.url.searchParams.get('SecureId')).toBe(server.hashOf(1, r.docs[0]));

    const filters = within(screen.getByRole('group', { name: 'Show only these actions' }));
    expect(filters.getAllByRole('button')).toHaveLength(15);
    fireEvent.click(filters.getByRole('button', { name: 'Updated' }));
    expect(filters.getByRole('button', { name: 'Updated' }).getAttribute('aria-pressed')).toBe('true');
    expect(messages()).toEqual(["Field 'Amount' changed from '1' to '2'"]);
    fireEvent.click(filters.getByRole('button', { name: 'Viewed' }));
    expect(messages()).toHaveLength(2);
  });

  it('pages through the archive history, 25 a page', async () => {
    const { server, r } = await openHistory();
    fireEvent.click(screen.getByRole('tab', { name: 'Archive history' }));
    await waitFor(() => expect(messages()).toEqual(entries(52, 28)));
    const pages = within(screen.getByRole('navigation', { name: 'History pages' }));
    expect(pages.getAllByRole('button', { name: /^Page \d+$/ }).map((b) => b.textContent)).toEqual([
      '1',
      '2',
      '3',
    ]);
    fireEvent.click(pages.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(messages()).toEqual(entries(27, 3)));
    const last = server.requests.filter((q) => q.path === `dbs/1/archives/${r.payables}/audit`).at(-1);
    expect(last?.url.searchParams.get('Page')).toBe('2');
    expect(last?.url.searchParams.get('DocLimit')).toBe('25');
  });

  it('resets and shows a history error', async () => {
    const { server, r } = await openHistory();
    // View History is taken from full.user while the page is open
    await server.call('SSAdministrator', 'POST', 'userAdmin/archives', {
      Users: [{ Name: 'full.user', Type: 2 }],
      Targets: [{ Id: r.payables, Database: 1 }],
      Permissions: { Mask: ALL_ARCHIVE_PERMISSIONS & ~ArchivePermission.ViewHistory },
    });
    fireEvent.click(screen.getByTestId(`row-${r.docs[0]}`));
    expect((await screen.findByTestId('history-error')).textContent).toBe(
      "You do not have permission to view history in archive 'Payables'.",
    );
    const filters = within(screen.getByRole('group', { name: 'Show only these actions' }));
    expect(filters.getAllByRole('button').every((b) => b.getAttribute('aria-pressed') === 'false')).toBe(
      true,
    );
  });
});
