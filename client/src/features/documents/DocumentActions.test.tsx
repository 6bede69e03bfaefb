// The documents toolbar against the simulator's app in process (test/realDocs.ts): Payables'
// Acme, Globex and Initech as full.user (web.user may not delete, reader only looks).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FakeRequest } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';
import { docsServer, type DocsServer } from '../../test/realDocs';
import { notesAtom, NoteType } from '../../state/notes';
import { checkedDocumentsAtom } from '../results/selection';

const findRow = (id: number) => screen.findByTestId(`row-${id}`, {}, { timeout: 5000 });
const check = async (id: number) => {
  await findRow(id);
  fireEvent.click(screen.getByRole('checkbox', { name: `Select document ${id}` }));
};
const opRequests = (requests: FakeRequest[], op: string) =>
  requests.filter((r) => r.path.toLowerCase().endsWith(`/${op}`));

async function open(login = 'full.user', server: DocsServer = docsServer()) {
  const { d } = server;
  const url = await server.resultsUrl(d.payablesSearch, d.payables);
  const app = renderApp({ url, fetch: server.fetch, session: await server.signIn(login) });
  const [acme, globex, initech] = d.docs;
  const pageLoads = () =>
    server.requests
      .filter((r) => r.path === `dbs/1/searches/${d.payablesSearch}/archive/${d.payables}/documents`)
      .filter((r) => r.url.searchParams.get('Count') !== 'true').length;
  return { server, d, acme, globex, initech, pageLoads, ...app };
}

describe('documents toolbar', () => {
  it('asks for checked documents first', async () => {
    const { server, acme } = await open();
    await findRow(acme);
    fireEvent.click(screen.getByTestId('documents-delete'));
    expect(screen.getByTestId('documents-problem').textContent).toContain(
      'Select at least one document first.',
    );
    expect(screen.queryByTestId('delete-confirm')).toBeNull();
    expect(opRequests(server.requests, 'delete')).toHaveLength(0);
  });

  it('disables delete, move and copy for the read-only licence', async () => {
    const { acme } = await open('reader');
    await findRow(acme);
    for (const action of ['copy', 'move', 'delete'])
      expect((screen.getByTestId(`documents-${action}`) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('documents-email') as HTMLButtonElement).disabled).toBe(false);
  });

  it('refuses delete when a checked document lacks the Delete permission', async () => {
    // web.user has View and Modify Data on Payables, not Delete
    const { server, d, initech } = await open('web.user');
    await check(initech);
    fireEvent.click(screen.getByTestId('documents-delete'));
    expect(screen.getByTestId('documents-problem').textContent).toMatch(/permission/);
    expect(opRequests(server.requests, 'delete')).toHaveLength(0);
    expect(await server.count(1, d.payables)).toBe(3);
  });

  it('deletes after confirming as one job group; the grid reloads, the selection clears, failures are logged', async () => {
    const { server, d, store, acme, globex, pageLoads } = await open();
    await check(acme);
    await check(globex);
    expect(store.get(checkedDocumentsAtom).map((c) => c.doc.Id)).toEqual([acme, globex]);
    // Globex is deleted by someone else before the user confirms
    await server.call(
      'SSAdministrator',
      'POST',
      `dbs/1/archives/${d.payables}/documents/${globex}/delete?SecureId=${server.hashOf(1, globex)}`,
    );
    const pagesBefore = pageLoads();
    fireEvent.click(screen.getByTestId('documents-delete'));
    // the confirmation is a lazily loaded dialog: it may take a moment on a busy machine
    fireEvent.click(
      within(await screen.findByTestId('delete-confirm')).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(pageLoads()).toBe(pagesBefore + 1));
    await waitFor(() => expect(screen.queryByTestId('wait-modal')).toBeNull());
    const calls = opRequests(server.requests, 'delete');
    expect(calls.map((r) => r.url.searchParams.get('SecureId'))).toEqual([
      server.hashOf(1, acme),
      server.hashOf(1, globex),
    ]);
    const jobs = new Set(calls.map((r) => r.url.searchParams.get('Job')));
    expect(jobs.size).toBe(1);
    expect(calls.every((r) => r.url.searchParams.get('Count') === '2')).toBe(true);
    expect(await server.count(1, d.payables)).toBe(1);
    expect(store.get(checkedDocumentsAtom)).toEqual([]);
    await waitFor(() => expect(screen.queryByTestId(`row-${acme}`)).toBeNull());
    const failure = `DocID ${globex}: Document ${globex} was not found in archive ${d.payables}.`;
    const [note] = store.get(notesAtom);
    expect(note?.type).toBe(NoteType.Job);
    expect(note?.job).toEqual({ total: 2, success: 1, danger: 1, errors: [failure] });
    // the notifications menu shows the job and its failure
    fireEvent.click(screen.getByTestId('notifications-bell'));
    const panel = screen.getByTestId('notifications-panel');
    expect(within(panel).getByText('Succeeded: 1 of 2')).toBeTruthy();
    expect(within(panel).getByText('Failed: 1 of 2')).toBeTruthy();
    expect(within(panel).getByText(failure)).toBeTruthy();
  });

  it('copies to the archive chosen in the archive-select modal', async () => {
    const { server, d, store, acme, globex } = await open();
    await check(acme);
    await check(globex);
    fireEvent.click(screen.getByTestId('documents-copy'));
    const modal = await screen.findByTestId('archive-select');
    fireEvent.click(await within(modal).findByTestId(`archive-${d.filed}`));
    fireEvent.click(within(modal).getByTestId('archive-select-confirm'));
    await waitFor(() => expect(store.get(notesAtom)[0]?.job?.success).toBe(2));
    const calls = opRequests(server.requests, 'copy');
    expect(calls.map((r) => r.url.searchParams.get('DestinationArchive'))).toEqual([
      String(d.filed),
      String(d.filed),
    ]);
    expect(await server.count(1, d.filed)).toBe(2);
    expect(await server.count(1, d.payables)).toBe(3);
    await waitFor(() => expect(store.get(checkedDocumentsAtom)).toEqual([]));
  });

  it('merges in check order into a new document with a merge successful note', async () => {
    const { server, d, store, acme, globex } = await open();
    await check(globex);
    await check(acme);
    fireEvent.click(screen.getByTestId('documents-merge'));
    // nothing runs before the merge dialog is confirmed
    const dialog = await screen.findByTestId('merge-dialog');
    expect(server.requests.some((r) => r.path === 'dbs/1/merge')).toBe(false);
    fireEvent.click(within(dialog).getByTestId('merge-confirm'));
    await waitFor(() => expect(store.get(notesAtom)[0]?.type).toBe(NoteType.Success));
    const body = JSON.parse(server.requests.find((r) => r.path === 'dbs/1/merge')?.body ?? '{}') as {
      Documents: { DocID: number }[];
      BaseDocument: { DocID: number };
      Target: { Type: string; Id: number };
    };
    expect(body.Documents.map((doc) => doc.DocID)).toEqual([globex, acme]);
    expect(body.BaseDocument.DocID).toBe(globex);
    expect(body.Target).toMatchObject({ Type: 'Archive', Id: d.payables });
    // a new document with Globex's values; the originals stay
    const made = (await server.found(d.payablesSearch, d.payables, 'Globex')).Docs.map((doc) => doc.Id);
    const merged = made.find((id) => id !== globex);
    expect(made).toHaveLength(2);
    expect(store.get(notesAtom)[0]?.text).toBe(`Merge successful: new document ${merged}.`);
    expect(await server.count(1, d.payables)).toBe(4);
  });

  it('appends an inbox file chosen in the inbox document select modal, with an append successful note', async () => {
    const { server, d, store, acme, globex } = await open();
    await check(acme);
    await check(globex);
    fireEvent.click(screen.getByTestId('documents-append'));
    expect(screen.getByTestId('documents-problem').textContent).toContain('exactly one');
    fireEvent.click(screen.getByRole('checkbox', { name: `Select document ${globex}` }));
    fireEvent.click(screen.getByTestId('documents-append'));
    const modal = await screen.findByTestId('append-select');
    fireEvent.change(await within(modal).findByTestId('append-inbox'), {
      target: { value: String(d.apIntake) },
    });
    const table = await within(modal).findByTestId('append-files');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Select', 'File Name', 'File Type', 'Date Created', 'Date Modified']);
    fireEvent.click(await within(table).findByRole('radio', { name: 'Select INV-1001 Acme.pdf' }));
    fireEvent.click(within(modal).getByTestId('append-confirm'));
    await waitFor(() => expect(store.get(notesAtom)[0]?.type).toBe(NoteType.Success));
    expect(store.get(notesAtom)[0]?.text).toBe(`Append successful: INV-1001 Acme.pdf and document ${acme}.`);
    const body = JSON.parse(server.requests.find((r) => r.path === 'dbs/1/merge')?.body ?? '{}') as unknown;
    const doc = { ArchiveID: d.payables, DocID: acme, Hash: server.hashOf(1, acme) };
    expect(body).toEqual({
      Type: 1,
      Documents: [doc, { InboxId: d.apIntake, Path: 'INV-1001 Acme.pdf' }],
      BaseDocument: doc,
      Target: { Type: 'Archive', AppendType: 0, Id: d.payables },
    });
    expect((await server.history(d.payables, acme)).join('\n')).toMatch(/append/i);
  });

  it('offers the archive user actions and starts one with a document id to hash map, then reloads the queues', async () => {
    const { server, d, store, acme } = await open();
    await check(acme);
    const queueLists = () => server.requests.filter((r) => r.path === 'workflowdesigner').length;
    await waitFor(() => expect(queueLists()).toBe(1));
    fireEvent.click(await screen.findByTestId('documents-user-actions'));
    fireEvent.click(screen.getByTestId('user-action-approve'));
    await waitFor(() => expect(store.get(notesAtom)[0]?.type).toBe(NoteType.Success));
    // the documents may have entered a workflow: the sidebar's queue counts are asked again
    await waitFor(() => expect(queueLists()).toBe(2));
    const put = server.requests.find((r) => r.method === 'PUT' && r.path === 'useraction');
    expect(put?.url.searchParams.get('ActionID')).toBe('approve');
    expect(put?.url.searchParams.get('Database')).toBe('1');
    expect(JSON.parse(put?.body ?? '{}')).toEqual({ [acme]: server.hashOf(1, acme) });
    expect(await server.history(d.payables, acme)).toContain(
      'Global Action Entered: Send for Approval (process 7)',
    );
  });
});
