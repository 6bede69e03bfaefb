import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FakeRequest } from '../../test/fakeServer';
import { session } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { resultsServer, resultsUrl } from '../../test/resultsServer';
import { notesAtom, NoteType } from '../../state/notes';

const check = async (id: number) => {
  await screen.findByTestId(`row-${id}`, {}, { timeout: 5000 });
  fireEvent.click(screen.getByRole('checkbox', { name: `Select document ${id}` }));
};
const mergeCalls = (requests: FakeRequest[]) => requests.filter((r) => r.path === 'dbs/1/merge');

function open() {
  const fake = resultsServer({ 'POST dbs/1/merge': 888 });
  const app = renderApp({ url: resultsUrl(), fetch: fake.fetch, session: session() });
  return { fake, ...app };
}

async function openDialog() {
  await check(101);
  await check(102);
  fireEvent.click(screen.getByTestId('documents-merge'));
  return screen.findByTestId('merge-dialog');
}

describe('merge dialog (issue 27)', () => {
  it('lists the documents in check order, the first as base, says the originals are kept; Cancel runs nothing', async () => {
    const { fake } = open();
    const dialog = await openDialog();
    const items = within(within(dialog).getByTestId('merge-order')).getAllByRole('listitem');
    expect(items.map((li) => li.getAttribute('data-testid'))).toEqual(['merge-item-101', 'merge-item-102']);
    expect(within(dialog).getByTestId('merge-kept').textContent).toBe(
      'The originals are kept: merging makes a new document and changes none of these.',
    );
    expect(
      (
        within(dialog).getByRole('radio', {
          name: 'Take the index values of document 101',
        }) as HTMLInputElement
      ).checked,
    ).toBe(true);
    await waitFor(() =>
      expect(within(dialog).getByTestId('merge-target').textContent).toBe(
        'A new document is made in Invoices with the index values of document 101.',
      ),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('merge-dialog')).toBeNull());
    expect(mergeCalls(fake.requests)).toHaveLength(0);
  });

  it('sends the chosen base document and the page order the user set', async () => {
    const { fake, store } = open();
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Take the index values of document 102' }));
    expect(within(dialog).getByTestId('merge-target').textContent).toContain('document 102');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move document 102 up' }));
    fireEvent.click(within(dialog).getByTestId('merge-confirm'));
    await waitFor(() => expect(store.get(notesAtom)[0]?.type).toBe(NoteType.Success));
    expect(store.get(notesAtom)[0]?.text).toBe('Merge successful: new document 888.');
    const body = JSON.parse(mergeCalls(fake.requests)[0]?.body ?? '{}') as unknown;
    expect(body).toEqual({
      Type: 0,
      Documents: [
        { ArchiveID: 2, DocID: 102, Hash: 'doc-hash-102' },
        { ArchiveID: 2, DocID: 101, Hash: 'doc-hash-101' },
      ],
      BaseDocument: { ArchiveID: 2, DocID: 102, Hash: 'doc-hash-102' },
      Target: { Type: 'Archive', Id: 2 },
    });
    expect(screen.queryByTestId('merge-dialog')).toBeNull();
  });
});
