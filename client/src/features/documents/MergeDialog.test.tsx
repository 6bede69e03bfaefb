// The merge dialog against the simulator's app in process (test/realDocs.ts): Payables' Acme and
// Globex merged by full.user.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FakeRequest } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';
import { docsServer } from '../../test/realDocs';
import { notesAtom, NoteType } from '../../state/notes';

const check = async (id: number) => {
  await screen.findByTestId(`row-${id}`, {}, { timeout: 5000 });
  fireEvent.click(screen.getByRole('checkbox', { name: `Select document ${id}` }));
};
const mergeCalls = (requests: FakeRequest[]) => requests.filter((r) => r.path === 'dbs/1/merge');

async function openDialog() {
  const server = docsServer();
  const { d } = server;
  const url = await server.resultsUrl(d.payablesSearch, d.payables);
  const app = renderApp({ url, fetch: server.fetch, session: await server.signIn('full.user') });
  const [acme, globex] = d.docs;
  await check(acme);
  await check(globex);
  fireEvent.click(screen.getByTestId('documents-merge'));
  return { server, d, acme, globex, ...app, dialog: await screen.findByTestId('merge-dialog') };
}

describe('merge dialog (issue 27)', () => {
  it('lists the documents in check order, the first as base, says the originals are kept; Cancel runs nothing', async () => {
    const { server, d, acme, globex, dialog } = await openDialog();
    const items = within(within(dialog).getByTestId('merge-order')).getAllByRole('listitem');
    expect(items.map((li) => li.getAttribute('data-testid'))).toEqual([
      `merge-item-${acme}`,
      `merge-item-${globex}`,
    ]);
    expect(within(dialog).getByTestId('merge-kept').textContent).toBe(
      'The originals are kept: merging makes a new document and changes none of these.',
    );
    expect(
      (
        within(dialog).getByRole('radio', {
          name: `Take the index values of document ${acme}`,
        }) as HTMLInputElement
      ).checked,
    ).toBe(true);
    await waitFor(() =>
      expect(within(dialog).getByTestId('merge-target').textContent).toBe(
        `A new document is made in Payables with the index values of document ${acme}.`,
      ),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('merge-dialog')).toBeNull());
    expect(mergeCalls(server.requests)).toHaveLength(0);
    expect(await server.count(1, d.payables)).toBe(3);
  });

  it('sends the chosen base document and the page order the user set', async () => {
    const { server, d, store, acme, globex, dialog } = await openDialog();
    fireEvent.click(
      within(dialog).getByRole('radio', { name: `Take the index values of document ${globex}` }),
    );
    expect(within(dialog).getByTestId('merge-target').textContent).toContain(`document ${globex}`);
    fireEvent.click(within(dialog).getByRole('button', { name: `Move document ${globex} up` }));
    fireEvent.click(within(dialog).getByTestId('merge-confirm'));
    await waitFor(() => expect(store.get(notesAtom)[0]?.type).toBe(NoteType.Success));
    const body = JSON.parse(mergeCalls(server.requests)[0]?.body ?? '{}') as unknown;
    const item = (id: number) => ({ ArchiveID: d.payables, DocID: id, Hash: server.hashOf(1, id) });
    expect(body).toEqual({
      Type: 0,
      Documents: [item(globex), item(acme)],
      BaseDocument: item(globex),
      Target: { Type: 'Archive', Id: d.payables },
    });
    // the new document holds Globex's values; both originals stay
    const globexes = (await server.found(d.payablesSearch, d.payables, 'Globex')).Docs.map((doc) => doc.Id);
    const merged = globexes.find((id) => id !== globex);
    expect(globexes).toHaveLength(2);
    expect(store.get(notesAtom)[0]?.text).toBe(`Merge successful: new document ${merged}.`);
    expect(await server.count(1, d.payables)).toBe(4);
    expect(screen.queryByTestId('merge-dialog')).toBeNull();
  });
});
