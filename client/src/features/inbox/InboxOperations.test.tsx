// The operations on checked inbox files that the results grid has too, against the simulator's app
// in process (test/realDocs.ts): copy, move and delete as job groups, merge (check order), append,
// email through the helper (a stand-in for the helper only), and opening a file in the viewer.
// Inbox Scanning: two TIFFs, a PDF and Letter.docx; AP Intake: one PDF.
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Inbox } from '@gs/contract/inboxes';
import { json } from '../../test/fakeServer';
import { docsServer } from '../../test/realDocs';
import { currentPath, renderApp } from '../../test/renderApp';
import { notesAtom, NoteType } from '../../state/notes';

configure({ asyncUtilTimeout: 5000 });

const TIF1 = 'Scan_20240301_0931.tif';
const TIF2 = 'Scan_20240302_0934.tif';
const PDF3 = 'Scan_20240303_1012.pdf';
const LETTER = 'Letter.docx';

async function start() {
  const server = docsServer();
  const { d } = server;
  const app = renderApp({
    url: `/results/Inbox?db=1&inboxId=${d.scanning}`,
    fetch: server.fetch,
    session: await server.signIn('full.user'),
  });
  const files = async (inbox = d.scanning) =>
    (await server.call<Inbox>('full.user', 'GET', `inboxes/${inbox}`)).Files.map(
      (f) => f.FileName + f.FileType,
    );
  /** `name` goes from Scanning behind the user's back */
  const removed = (name: string) =>
    server.call('full.user', 'DELETE', `inboxes/${d.scanning}?FilePath=${encodeURIComponent(name)}`);
  const pageLoads = () =>
    server.requests.filter(
      (r) => r.method === 'GET' && r.path === `inboxes/${d.scanning}` && r.url.searchParams.has('pageNumber'),
    ).length;
  const merges = () => server.requests.filter((r) => r.method === 'POST' && r.path === 'dbs/1/merge');
  return { ...app, server, d, files, removed, pageLoads, merges };
}

const box = (name: string) => screen.findByRole<HTMLInputElement>('checkbox', { name: `Select ${name}` });
const check = async (name: string) => fireEvent.click(await box(name));
const tool = (name: string) => screen.getByRole('button', { name });
const bodyOf = (r: { body: string | null } | undefined): unknown => JSON.parse(r?.body ?? 'null');

afterEach(() => {
  vi.restoreAllMocks();
});

describe('inbox operations as job groups', () => {
  it('copies checked files as one job group: a type 5 note with the counts and the failures, then a reload without a selection', async () => {
    const { store, d, files, removed, pageLoads } = await start();
    await check(TIF1);
    await check(TIF2);
    // the second file goes before the user copies
    await removed(TIF2);
    const before = pageLoads();
    fireEvent.click(tool('Copy or move'));
    const dialog = await screen.findByTestId('inbox-select');
    fireEvent.click(await within(dialog).findByRole('radio', { name: 'AP Intake' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy' }));

    await waitFor(() => expect(screen.getByTestId('inbox-notice').textContent).toContain('Failed: 1 of 2'));
    expect(screen.queryByTestId('wait-modal')).toBeNull();
    const note = store.get(notesAtom).find((n) => n.type === NoteType.Job);
    expect(note?.text).toBe('Copy to AP Intake (documents: 2)');
    expect(note?.job).toMatchObject({ total: 2, success: 1, danger: 1 });
    expect(note?.job?.errors).toEqual([expect.stringMatching(new RegExp(`^DocID ${TIF2}: .*${TIF2}`))]);
    expect(await files(d.apIntake)).toEqual(['INV-1001 Acme.pdf', TIF1]);
    // a copy keeps the original
    expect(await files()).toContain(TIF1);
    await waitFor(() => expect(pageLoads()).toBeGreaterThan(before));
    await waitFor(async () => expect((await box(TIF1)).checked).toBe(false));
  });

  it('deletes checked files as a job group after the confirmation', async () => {
    const { store, files } = await start();
    await check(TIF1);
    await check(PDF3);
    fireEvent.click(tool('Delete'));
    fireEvent.click(
      within(await screen.findByTestId('delete-confirm')).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(screen.getByTestId('inbox-notice').textContent).toContain('Files deleted: 2'));
    expect(await files()).toEqual([LETTER, TIF2]);
    const note = store.get(notesAtom).find((n) => n.type === NoteType.Job);
    expect(note).toMatchObject({
      text: 'Delete (documents: 2)',
      job: { total: 2, success: 2, danger: 0, errors: [] },
    });
  });
});

describe('merge and append from the inbox grid', () => {
  it('merges in check order into a new archive document or a new file of the inbox', async () => {
    const { server, store, d, files, pageLoads, merges } = await start();
    await check(PDF3);
    await check(TIF1);
    fireEvent.click(tool('Merge'));
    let dialog = await screen.findByTestId('inbox-merge');
    expect(
      within(within(dialog).getByTestId('inbox-merge-order'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([PDF3, TIF1]);
    // the dialog says the checked files stay (issue 27)
    expect(within(dialog).getByTestId('inbox-merge-kept').textContent).toBe(
      'The checked files are kept: merging makes a new document or file of their pages, with no index values.',
    );
    expect(within(dialog).getByTestId<HTMLButtonElement>('inbox-merge-confirm').disabled).toBe(true);
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Payables' }));
    const loadsBefore = pageLoads();
    fireEvent.click(within(dialog).getByTestId('inbox-merge-confirm'));

    await waitFor(() => expect(merges()).toHaveLength(1));
    const items = [
      { InboxId: d.scanning, Path: PDF3 },
      { InboxId: d.scanning, Path: TIF1 },
    ];
    expect(bodyOf(merges()[0])).toEqual({
      Type: 0,
      Documents: items,
      BaseDocument: items[0],
      Target: { Type: 'Archive', Id: d.payables },
    });
    await waitFor(() => expect(store.get(notesAtom)[0]?.type).toBe(NoteType.Success));
    // a new, unindexed document in Payables; the files stay
    const made = (await server.found(d.payablesSearch, d.payables)).Docs.map((doc) => doc.Id);
    const merged = made.find((id) => !d.docs.includes(id));
    expect(made).toHaveLength(4);
    expect(store.get(notesAtom)[0]?.text).toBe(`Merge successful: new document ${merged} in Payables.`);
    // the merge reloads the grid without a selection: check the next files only once it has
    await waitFor(() => expect(pageLoads()).toBeGreaterThan(loadsBefore));
    await waitFor(async () => expect((await box(PDF3)).checked).toBe(false));

    await check(PDF3);
    await check(TIF2);
    fireEvent.click(tool('Merge'));
    dialog = await screen.findByTestId('inbox-merge');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'A new file in Scanning' }));
    fireEvent.click(within(dialog).getByTestId('inbox-merge-confirm'));
    await waitFor(() => expect(merges()).toHaveLength(2));
    expect(bodyOf(merges()[1])).toMatchObject({ Target: { Type: 'Inbox', Id: d.scanning } });
    await waitFor(() =>
      expect(store.get(notesAtom)[0]?.text).toBe('Merge successful: a new file in Scanning.'),
    );
    expect(await files()).toHaveLength(5);
  });

  it('refuses a merge of one file or one whose first file is not a PDF or TIFF, and shows a failure', async () => {
    const { store, merges, files } = await start();
    fireEvent.click(await screen.findByRole('button', { name: 'Merge' }));
    expect(screen.getByTestId('inbox-notice').textContent).toContain('Select at least one document first.');
    await check(PDF3);
    fireEvent.click(tool('Merge'));
    expect(screen.getByTestId('inbox-notice').textContent).toContain(
      'Select two or more documents to merge.',
    );
    fireEvent.click(await box(PDF3));
    await check(LETTER);
    await check(PDF3);
    fireEvent.click(tool('Merge'));
    expect(screen.getByTestId('inbox-notice').textContent).toContain('must be a PDF or TIFF file');
    expect(screen.queryByTestId('inbox-merge')).toBeNull();

    // the PDF first, the letter after it: the server refuses the letter's pages
    fireEvent.click(await box(LETTER));
    await check(LETTER);
    fireEvent.click(tool('Merge'));
    const dialog = await screen.findByTestId('inbox-merge');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Payables' }));
    fireEvent.click(within(dialog).getByTestId('inbox-merge-confirm'));
    const refusal = "Server: inbox file 'Letter.docx' (.docx) cannot be merged.";
    await waitFor(() => expect(screen.getByTestId('inbox-notice').textContent).toBe(`${refusal}×`));
    expect(store.get(notesAtom)[0]).toMatchObject({
      type: NoteType.Error,
      text: `The merge failed: ${refusal}`,
    });
    expect(merges()).toHaveLength(1);
    expect(await files()).toHaveLength(4);
  });

  it('appends the chosen inbox file to exactly one checked file, which is not offered itself', async () => {
    const { store, d, merges, server } = await start();
    const size = async (name: string) =>
      (
        await server.fetch(`/Square9API/api/inboxes/${d.scanning}?FileName=${name}`, {
          headers: { Authorization: `Basic ${btoa('full.user:Demo@1234')}` },
        })
      )
        .arrayBuffer()
        .then((b) => b.byteLength);
    const before = await size(TIF1);
    await check(TIF1);
    await check(TIF2);
    fireEvent.click(tool('Append'));
    expect(screen.getByTestId('inbox-notice').textContent).toContain(
      'Select exactly one document to append to.',
    );
    fireEvent.click(await box(TIF2));
    fireEvent.click(tool('Append'));
    const dialog = await screen.findByTestId('append-select');
    const table = await within(dialog).findByTestId('append-files');
    const listed = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[1]?.textContent);
    expect(listed).toEqual(['Letter', 'Scan_20240302_0934', 'Scan_20240303_1012']);
    fireEvent.click(within(table).getByRole('radio', { name: `Select ${PDF3}` }));
    fireEvent.click(within(dialog).getByTestId('append-confirm'));

    await waitFor(() => expect(merges()).toHaveLength(1));
    expect(bodyOf(merges()[0])).toEqual({
      Type: 1,
      Documents: [
        { InboxId: d.scanning, Path: TIF1 },
        { InboxId: d.scanning, Path: PDF3 },
      ],
      BaseDocument: { InboxId: d.scanning, Path: TIF1 },
      Target: { Type: 'Inbox', AppendType: 0, Id: d.scanning },
    });
    await waitFor(() =>
      expect(store.get(notesAtom)[0]).toMatchObject({
        type: NoteType.Success,
        text: `Append successful: the pages of ${PDF3} were added to ${TIF1}.`,
      }),
    );
    // the first file now holds the third's pages too
    expect(await size(TIF1)).toBeGreaterThan(before);
  });
});

describe('email and the viewer from the inbox grid', () => {
  it("emails the checked files through the helper's launch inboxemail", async () => {
    // the helper (GlobalSearch Extensions) is not the API server: its answer is stood in for
    const helper = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(json({ File: 'outbox/inbox.eml', Attachments: 2 }));
    const { store, d } = await start();
    await check(PDF3);
    await check(TIF1);
    fireEvent.click(tool('Email'));
    await waitFor(() => expect(helper).toHaveBeenCalled());
    const [url, init] = helper.mock.calls[0] as [string, RequestInit];
    expect(new URL(url).pathname).toBe('/api/launch/inboxemail');
    expect(new URL(url).searchParams.get('database')).toBe('1');
    expect(JSON.parse(String(init.body))).toEqual({
      Documents: [
        { InboxID: d.scanning, Filename: PDF3 },
        { InboxID: d.scanning, Filename: TIF1 },
      ],
    });
    await waitFor(() =>
      expect(store.get(notesAtom)[0]).toMatchObject({
        type: NoteType.Success,
        text: 'Email created (outbox/inbox.eml, attachments: 2).',
      }),
    );
  });

  it('opens a file in the viewer, which draws its pages from the inbox and turns them there', async () => {
    const { server, d } = await start();
    const row = await screen.findByTestId(`inbox-row-${TIF2}`);
    fireEvent.click(within(row).getByRole('button', { name: `View ${TIF2}` }));

    await screen.findByTestId('viewer');
    const posted = server.requests.find((r) => r.method === 'POST' && r.path === 'session');
    expect(bodyOf(posted)).toEqual({
      Database: 1,
      InboxId: d.scanning,
      Documents: [{ InboxId: d.scanning, InboxFileName: TIF2 }],
    });
    expect(currentPath()).toMatch(new RegExp(`^/viewer/${TIF2}\\?db=1&inboxId=${d.scanning}&session=[^&]+$`));
    expect(screen.getByRole('heading', { name: `${TIF2} (inbox file)` })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Index panel' })).toBeNull();
    const image = (await within(await screen.findByTestId('viewer-pane')).findByRole(
      'img',
    )) as HTMLImageElement;
    const src = new URL(image.src);
    expect(src.pathname).toMatch(new RegExp(`/inboxes/${d.scanning}/page$`));
    expect(src.searchParams.get('FileName')).toBe(TIF2);
    expect(src.searchParams.get('page')).toBe('1');
    expect(screen.getByTestId<HTMLAnchorElement>('viewer-download').download).toBe(TIF2);

    fireEvent.click(screen.getByRole('button', { name: 'Rotate right' }));
    const turned = () => server.requests.find((r) => r.method === 'POST' && r.path === 'Processing.ashx');
    await waitFor(() => expect(turned()).toBeTruthy());
    expect(bodyOf(turned())).toEqual({ InboxId: d.scanning, InboxFileName: TIF2, Page: 1, Degrees: 90 });
    await server.idle();
  });

  it('does not open a file on double-click when the General setting disableOpenDoc is on', async () => {
    window.localStorage.setItem('disableOpenDoc', 'true');
    const { server } = await start();
    fireEvent.doubleClick(await screen.findByTestId(`inbox-row-${PDF3}`));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.requests.some((r) => r.method === 'POST' && r.path === 'session')).toBe(false);
    expect(currentPath()).toContain('/results/Inbox');
  });

  it('opens a file with a double-click, and says so when the session cannot be made', async () => {
    const { store, server, removed } = await start();
    const row = await screen.findByTestId(`inbox-row-${PDF3}`);
    // the file goes before the user opens it
    await removed(PDF3);
    fireEvent.doubleClick(row);
    await waitFor(() =>
      expect(store.get(notesAtom)[0]).toMatchObject({
        type: NoteType.Error,
        text: 'The viewer session could not be created. Try again, or contact your administrator.',
      }),
    );
    expect(server.requests.some((r) => r.method === 'POST' && r.path === 'session')).toBe(true);
    expect(currentPath()).toContain('/results/Inbox');
  });
});
