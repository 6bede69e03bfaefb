import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ArchivePermission } from '@gs/contract/flags';
import { json } from '../../../test/fakeServer';
import { session } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { DOCS, FIELDS, resultsServer, resultsUrl } from '../../../test/resultsServer';
import { historyEntry, searchPage } from '../../../test/searchFixtures';

const DOC_HISTORY = [
  historyEntry(101, 'Document indexed', 'indexed', '2024-01-05T10:00:00Z'),
  historyEntry(101, 'Document viewed', 'viewed', '2024-01-06T10:00:00Z'),
  historyEntry(101, "Field 'Amount' changed from '1' to '2'", 'updated', '2024-01-07T10:00:00Z'),
];

const archivePage = (page: number) => ({
  Items: Array.from({ length: 2 }, (_, i) =>
    historyEntry(100 + i, `Entry ${page}.${i}`, 'viewed', '2024-01-01T00:00:00Z'),
  ),
  Total: 60,
});

async function openHistory(overrides = {}) {
  const fake = resultsServer({
    'GET dbs/1/archives/2/documents/101/audit': DOC_HISTORY,
    'GET dbs/1/archives/2/audit': (r) => json(archivePage(Number(r.url.searchParams.get('Page')))),
    ...overrides,
  });
  renderApp({ url: resultsUrl(), fetch: fake.fetch, session: session() });
  await screen.findByTestId('row-101', {}, { timeout: 5000 });
  fireEvent.click(screen.getByTestId('history-toggle'));
  // the panel loads when first opened (decision 074)
  await screen.findByTestId('history-panel');
  return fake;
}

const messages = () =>
  within(screen.getByTestId('history-list'))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('.history-list__message')?.textContent);

describe('history sidebar', () => {
  it('needs View History', async () => {
    const fake = resultsServer({
      'GET dbs/1/searches/12/archive/2/documents': searchPage(
        FIELDS,
        DOCS,
        3,
        ArchivePermission.View | ArchivePermission.ModifyData,
      ),
    });
    renderApp({ url: resultsUrl(), fetch: fake.fetch, session: session() });
    await screen.findByTestId('row-101', {}, { timeout: 5000 });
    expect(screen.queryByTestId('history-toggle')).toBeNull();
  });

  it("shows the selected document's history newest first, filtered by category toggles", async () => {
    const fake = await openHistory();
    expect(screen.getByText('Select a document in the grid to see its history.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('row-101'));
    await screen.findByTestId('history-list');
    expect(messages()).toEqual([
      "Field 'Amount' changed from '1' to '2'",
      'Document viewed',
      'Document indexed',
    ]);
    const audit = fake.requests.find((r) => r.path === 'dbs/1/archives/2/documents/101/audit');
    expect(audit?.url.searchParams.get('SecureId')).toBe('doc-hash-101');

    const filters = within(screen.getByRole('group', { name: 'Show only these actions' }));
    expect(filters.getAllByRole('button')).toHaveLength(15);
    fireEvent.click(filters.getByRole('button', { name: 'Updated' }));
    expect(filters.getByRole('button', { name: 'Updated' }).getAttribute('aria-pressed')).toBe('true');
    expect(messages()).toEqual(["Field 'Amount' changed from '1' to '2'"]);
    fireEvent.click(filters.getByRole('button', { name: 'Viewed' }));
    expect(messages()).toHaveLength(2);
  });

  it('pages through the archive history, 25 a page', async () => {
    const fake = await openHistory();
    fireEvent.click(screen.getByRole('tab', { name: 'Archive history' }));
    await waitFor(() => expect(messages()).toEqual(['Entry 1.0', 'Entry 1.1']));
    const pages = within(screen.getByRole('navigation', { name: 'History pages' }));
    expect(pages.getAllByRole('button', { name: /^Page \d+$/ }).map((b) => b.textContent)).toEqual([
      '1',
      '2',
      '3',
    ]);
    fireEvent.click(pages.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(messages()).toEqual(['Entry 2.0', 'Entry 2.1']));
    const last = fake.requests.filter((r) => r.path === 'dbs/1/archives/2/audit').at(-1);
    expect(last?.url.searchParams.get('Page')).toBe('2');
    expect(last?.url.searchParams.get('DocLimit')).toBe('25');
  });

  it('resets and shows a history error', async () => {
    await openHistory({
      'GET dbs/1/archives/2/documents/101/audit': json(
        { Message: "You do not have permission to view history in archive 'Invoices'." },
        403,
      ),
    });
    fireEvent.click(screen.getByTestId('row-101'));
    expect((await screen.findByTestId('history-error')).textContent).toBe(
      "You do not have permission to view history in archive 'Invoices'.",
    );
    const filters = within(screen.getByRole('group', { name: 'Show only these actions' }));
    expect(filters.getAllByRole('button').every((b) => b.getAttribute('aria-pressed') === 'false')).toBe(
      true,
    );
  });
});
