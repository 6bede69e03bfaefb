import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LicenseTypeCode } from '@gs/contract/flags';
import { json, type FakeRequest } from '../../test/fakeServer';
import { archive, session } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { pageRequests, resultsServer, resultsUrl } from '../../test/resultsServer';
import { notesAtom, NoteType } from '../../state/notes';
import { checkedDocumentsAtom } from '../results/selection';

const findRow = (id: number) => screen.findByTestId(`row-${id}`, {}, { timeout: 5000 });
const check = async (id: number) => {
  await findRow(id);
  fireEvent.click(screen.getByRole('checkbox', { name: `Select document ${id}` }));
};
const opRequests = (requests: FakeRequest[], op: string) =>
  requests.filter((r) => r.path.toLowerCase().endsWith(`/${op}`));

function open(overrides: Parameters<typeof resultsServer>[0] = {}, licenseType: LicenseTypeCode = 1) {
  const fake = resultsServer({
    'GET dbs/1/archives/2/documents/101/delete': true,
    'GET dbs/1/archives/2/documents/102/delete': json({ Message: 'The document is in a workflow.' }, 400),
    'GET dbs/1/archives/2/documents/101/Copy': 501,
    'GET dbs/1/archives/2/documents/102/Copy': 502,
    'GET dbs/1/archives/5?type=info': { Id: 5, Name: 'Purchase Orders', Parent: 0, Count: 9 },
    'GET dbs/1/archives': { Archives: [archive(1, 'Accounts Payable', 0, 2), archive(5, 'Purchase Orders')] },
    'POST dbs/1/merge': 777,
    ...overrides,
  });
  const app = renderApp({ url: resultsUrl(), fetch: fake.fetch, session: session({ licenseType }) });
  return { fake, ...app };
}

describe('documents toolbar', () => {
  it('asks for checked documents first', async () => {
    const { fake } = open();
    await findRow(101);
    fireEvent.click(screen.getByTestId('documents-delete'));
    expect(screen.getByTestId('documents-problem').textContent).toContain(
      'Select at least one document first.',
    );
    expect(screen.queryByTestId('delete-confirm')).toBeNull();
    expect(opRequests(fake.requests, 'delete')).toHaveLength(0);
  });

  it('disables delete, move and copy for the read-only licence', async () => {
    open({}, 4);
    await findRow(101);
    for (const action of ['copy', 'move', 'delete'])
      expect((screen.getByTestId(`documents-${action}`) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('documents-email') as HTMLButtonElement).disabled).toBe(false);
  });

  it('refuses delete when a checked document lacks the Delete permission', async () => {
    const { fake } = open();
    await check(103);
    fireEvent.click(screen.getByTestId('documents-delete'));
    expect(screen.getByTestId('documents-problem').textContent).toMatch(/permission/);
    expect(opRequests(fake.requests, 'delete')).toHaveLength(0);
  });

  it('deletes after confirming as one job group; the grid reloads, the selection clears, failures are logged', async () => {
    const { fake, store } = open();
    await check(101);
    await check(102);
    expect(store.get(checkedDocumentsAtom).map((c) => c.doc.Id)).toEqual([101, 102]);
    const pagesBefore = pageRequests(fake).length;
    fireEvent.click(screen.getByTestId('documents-delete'));
    fireEvent.click(within(screen.getByTestId('delete-confirm')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(pageRequests(fake).length).toBe(pagesBefore + 1));
    await waitFor(() => expect(screen.queryByTestId('wait-modal')).toBeNull());
    const calls = opRequests(fake.requests, 'delete');
    expect(calls.map((r) => r.url.searchParams.get('SecureId'))).toEqual(['doc-hash-101', 'doc-hash-102']);
    const jobs = new Set(calls.map((r) => r.url.searchParams.get('Job')));
    expect(jobs.size).toBe(1);
    expect(calls.every((r) => r.url.searchParams.get('Count') === '2')).toBe(true);
    expect(store.get(checkedDocumentsAtom)).toEqual([]);
    expect((screen.getByRole('checkbox', { name: 'Select document 101' }) as HTMLInputElement).checked).toBe(
      false,
    );
    const [note] = store.get(notesAtom);
    expect(note?.type).toBe(NoteType.Job);
    expect(note?.job).toEqual({
      total: 2,
      success: 1,
      danger: 1,
      errors: ['DocID 102: Server: The document is in a workflow.'],
    });
    // the notifications menu shows the job and its failure
    fireEvent.click(screen.getByTestId('notifications-bell'));
    const panel = screen.getByTestId('notifications-panel');
    expect(within(panel).getByText('Succeeded: 1 of 2')).toBeTruthy();
    expect(within(panel).getByText('Failed: 1 of 2')).toBeTruthy();
    expect(within(panel).getByText('DocID 102: Server: The document is in a workflow.')).toBeTruthy();
  });

  it('copies to the archive chosen in the archive-select modal', async () => {
    const { fake, store } = open();
    await check(101);
    await check(102);
    fireEvent.click(screen.getByTestId('documents-copy'));
    const modal = await screen.findByTestId('archive-select');
    fireEvent.click(await within(modal).findByTestId('archive-5'));
    fireEvent.click(within(modal).getByTestId('archive-select-confirm'));
    await waitFor(() => expect(store.get(notesAtom)[0]?.job?.success).toBe(2));
    const calls = opRequests(fake.requests, 'copy');
    expect(calls.map((r) => r.url.searchParams.get('DestinationArchive'))).toEqual(['5', '5']);
    await waitFor(() => expect(store.get(checkedDocumentsAtom)).toEqual([]));
  });

  it('merges in check order into a new document with a merge successful note', async () => {
    const { fake, store } = open();
    await check(102);
    await check(101);
    fireEvent.click(screen.getByTestId('documents-merge'));
    // nothing runs before the merge dialog is confirmed
    const dialog = await screen.findByTestId('merge-dialog');
    expect(fake.requests.some((r) => r.path === 'dbs/1/merge')).toBe(false);
    fireEvent.click(within(dialog).getByTestId('merge-confirm'));
    await waitFor(() => expect(store.get(notesAtom)[0]?.type).toBe(NoteType.Success));
    expect(store.get(notesAtom)[0]?.text).toBe('Merge successful: new document 777.');
    const body = JSON.parse(fake.requests.find((r) => r.path === 'dbs/1/merge')?.body ?? '{}') as {
      Documents: { DocID: number }[];
      BaseDocument: { DocID: number };
      Target: { Type: string; Id: number };
    };
    expect(body.Documents.map((d) => d.DocID)).toEqual([102, 101]);
    expect(body.BaseDocument.DocID).toBe(102);
    expect(body.Target).toMatchObject({ Type: 'Archive', Id: 2 });
  });

  it('appends an inbox file chosen in the inbox document select modal, with an append successful note', async () => {
    const { fake, store } = open({
      'GET inboxes': {
        InboxOptions: 0,
        Inboxes: [{ Id: 7, Name: 'AP Intake', Path: '', Count: 1, Permissions: 1, Files: [] }],
      },
      'GET inboxes/7': {
        Id: 7,
        Name: 'AP Intake',
        Path: '',
        Count: 1,
        Permissions: 1,
        Files: [
          {
            FileName: 'scan-0001',
            FileType: '.pdf',
            DateCreated: '2025-01-02T10:00:00',
            DateModified: '2025-01-03T11:00:00',
            Fields: [],
            NewName: false,
            Permissions: 1,
          },
        ],
      },
      'POST dbs/1/merge': 101,
    });
    await check(101);
    await check(102);
    fireEvent.click(screen.getByTestId('documents-append'));
    expect(screen.getByTestId('documents-problem').textContent).toContain('exactly one');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select document 102' }));
    fireEvent.click(screen.getByTestId('documents-append'));
    const modal = await screen.findByTestId('append-select');
    const table = await within(modal).findByTestId('append-files');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Select', 'File Name', 'File Type', 'Date Created', 'Date Modified']);
    fireEvent.click(within(table).getByRole('radio', { name: 'Select scan-0001.pdf' }));
    fireEvent.click(within(modal).getByTestId('append-confirm'));
    await waitFor(() => expect(store.get(notesAtom)[0]?.type).toBe(NoteType.Success));
    expect(store.get(notesAtom)[0]?.text).toBe('Append successful: scan-0001.pdf and document 101.');
    const body = JSON.parse(fake.requests.find((r) => r.path === 'dbs/1/merge')?.body ?? '{}') as unknown;
    expect(body).toEqual({
      Type: 1,
      Documents: [
        { ArchiveID: 2, DocID: 101, Hash: 'doc-hash-101' },
        { InboxId: 7, Path: 'scan-0001.pdf' },
      ],
      BaseDocument: { ArchiveID: 2, DocID: 101, Hash: 'doc-hash-101' },
      Target: { Type: 'Archive', AppendType: 0, Id: 2 },
    });
  });

  it('offers the archive user actions and starts one with a document id to hash map, then reloads the queues', async () => {
    const { fake, store } = open({
      'GET useraction': {
        Key: '',
        ProcessId: 0,
        Name: 'Invoices',
        UsersAndGroups: '',
        Actions: [{ Name: 'Send for Approval', Key: 'approve' }],
      },
      'PUT useraction': 1,
    });
    await check(101);
    const queueLists = () => fake.requests.filter((r) => r.path === 'workflowdesigner').length;
    await waitFor(() => expect(queueLists()).toBe(1));
    fireEvent.click(await screen.findByTestId('documents-user-actions'));
    fireEvent.click(screen.getByTestId('user-action-approve'));
    await waitFor(() => expect(store.get(notesAtom)[0]?.type).toBe(NoteType.Success));
    // the documents may have entered a workflow: the sidebar's queue counts are asked again
    await waitFor(() => expect(queueLists()).toBe(2));
    const put = fake.requests.find((r) => r.method === 'PUT' && r.path === 'useraction');
    expect(put?.url.searchParams.get('ActionID')).toBe('approve');
    expect(put?.url.searchParams.get('Database')).toBe('1');
    expect(JSON.parse(put?.body ?? '{}')).toEqual({ '101': 'doc-hash-101' });
  });
});
