// The operations on checked inbox files that the results grid has too: copy, move and delete as job
// groups, merge (check order), append, email through the helper, and opening a file in the viewer.
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ALL_INBOX_PERMISSIONS } from '@gs/contract/flags';
import type { ViewerSession } from '@gs/contract/viewer';
import { json, type FakeAnswer, type FakeHandler } from '../../test/fakeServer';
import { session } from '../../test/fixtures';
import { inboxFile, inboxServer, inboxWorld, AP_INTAKE, SCANNING } from '../../test/inboxServer';
import { currentPath, renderApp } from '../../test/renderApp';
import { notesAtom, NoteType } from '../../state/notes';

configure({ asyncUtilTimeout: 5000 });

const TIF1 = 'Scan_20240301_0931.tif';
const TIF2 = 'Scan_20240302_0934.tif';
const PDF3 = 'Scan_20240303_1012.pdf';

function start(overrides: Record<string, FakeHandler | FakeAnswer> = {}, world = inboxWorld()) {
  const fake = inboxServer(world, { 'POST dbs/1/merge': 777, ...overrides });
  const app = renderApp({
    url: `/results/Inbox?db=1&inboxId=${SCANNING}`,
    fetch: fake.fetch,
    session: session(),
  });
  return { ...app, world, fake };
}

const box = (name: string) => screen.findByRole<HTMLInputElement>('checkbox', { name: `Select ${name}` });
const check = async (name: string) => fireEvent.click(await box(name));
const tool = (name: string) => screen.getByRole('button', { name });
const pageLoads = (fake: ReturnType<typeof inboxServer>) =>
  fake.requests.filter(
    (r) => r.method === 'GET' && r.path === `inboxes/${SCANNING}` && r.url.searchParams.has('pageNumber'),
  ).length;
const merges = (fake: ReturnType<typeof inboxServer>) =>
  fake.requests.filter((r) => r.method === 'POST' && r.path === 'dbs/1/merge');
const bodyOf = (r: { body: string | null } | undefined): unknown => JSON.parse(r?.body ?? 'null');

afterEach(() => {
  vi.restoreAllMocks();
});

describe('inbox operations as job groups', () => {
  it('copies checked files as one job group: a type 5 note with the counts and the failures, then a reload without a selection', async () => {
    const { fake, store, world } = start({
      [`GET inboxes/${SCANNING}?FilePath=${TIF2}`]: json({ Message: 'The file is locked.' }, 409),
    });
    await check(TIF1);
    await check(TIF2);
    const before = pageLoads(fake);
    fireEvent.click(tool('Copy or move'));
    const dialog = await screen.findByTestId('inbox-select');
    fireEvent.click(await within(dialog).findByRole('radio', { name: 'AP Intake' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy' }));

    await waitFor(() => expect(screen.getByTestId('inbox-notice').textContent).toContain('Failed: 1 of 2'));
    expect(screen.queryByTestId('wait-modal')).toBeNull();
    const note = store.get(notesAtom).find((n) => n.type === NoteType.Job);
    expect(note?.text).toBe('Copy to AP Intake (documents: 2)');
    expect(note?.job).toEqual({
      total: 2,
      success: 1,
      danger: 1,
      errors: [`DocID ${TIF2}: Server: The file is locked.`],
    });
    expect(world.names(AP_INTAKE)).toContain(TIF1);
    await waitFor(() => expect(pageLoads(fake)).toBeGreaterThan(before));
    await waitFor(async () => expect((await box(TIF1)).checked).toBe(false));
    expect((await box(TIF2)).checked).toBe(false);
  });

  it('deletes checked files as a job group after the confirmation', async () => {
    const { store, world } = start();
    await check(TIF1);
    await check(PDF3);
    fireEvent.click(tool('Delete'));
    fireEvent.click(
      within(await screen.findByTestId('delete-confirm')).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(world.names(SCANNING)).toEqual([TIF2]));
    const note = store.get(notesAtom).find((n) => n.type === NoteType.Job);
    expect(note).toMatchObject({
      text: 'Delete (documents: 2)',
      job: { total: 2, success: 2, danger: 0, errors: [] },
    });
    await waitFor(() => expect(screen.getByTestId('inbox-notice').textContent).toContain('Files deleted: 2'));
  });
});

describe('merge and append from the inbox grid', () => {
  it('merges in check order into a new archive document or a new file of the inbox', async () => {
    const { fake, store } = start();
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
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Invoices' }));
    const loadsBefore = pageLoads(fake);
    fireEvent.click(within(dialog).getByTestId('inbox-merge-confirm'));

    await waitFor(() => expect(merges(fake)).toHaveLength(1));
    const items = [
      { InboxId: SCANNING, Path: PDF3 },
      { InboxId: SCANNING, Path: TIF1 },
    ];
    expect(bodyOf(merges(fake)[0])).toEqual({
      Type: 0,
      Documents: items,
      BaseDocument: items[0],
      Target: { Type: 'Archive', Id: 2 },
    });
    await waitFor(() =>
      expect(store.get(notesAtom)[0]).toMatchObject({
        type: NoteType.Success,
        text: 'Merge successful: new document 777 in Invoices.',
      }),
    );
    // the merge reloads the grid without a selection: check the next files only once it has
    await waitFor(() => expect(pageLoads(fake)).toBeGreaterThan(loadsBefore));
    await waitFor(async () => expect((await box(PDF3)).checked).toBe(false));

    await check(PDF3);
    await check(TIF2);
    fireEvent.click(tool('Merge'));
    dialog = await screen.findByTestId('inbox-merge');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'A new file in Scanning' }));
    fireEvent.click(within(dialog).getByTestId('inbox-merge-confirm'));
    await waitFor(() => expect(merges(fake)).toHaveLength(2));
    expect(bodyOf(merges(fake)[1])).toMatchObject({ Target: { Type: 'Inbox', Id: SCANNING } });
    await waitFor(() =>
      expect(store.get(notesAtom)[0]?.text).toBe('Merge successful: a new file in Scanning.'),
    );
  });

  it('refuses a merge of one file or one whose first file is not a PDF or TIFF, and shows a failure', async () => {
    const world = inboxWorld();
    world.byId(SCANNING)?.files.push(inboxFile('Letter', '.docx', 5));
    const { fake, store } = start(
      { 'POST dbs/1/merge': json({ Message: 'The documents could not be merged: bad file.' }, 400) },
      world,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Merge' }));
    expect(screen.getByTestId('inbox-notice').textContent).toContain('Select at least one document first.');
    await check(PDF3);
    fireEvent.click(tool('Merge'));
    expect(screen.getByTestId('inbox-notice').textContent).toContain(
      'Select two or more documents to merge.',
    );
    fireEvent.click(await box(PDF3));
    await check('Letter.docx');
    await check(PDF3);
    fireEvent.click(tool('Merge'));
    expect(screen.getByTestId('inbox-notice').textContent).toContain('must be a PDF or TIFF file');
    expect(screen.queryByTestId('inbox-merge')).toBeNull();

    fireEvent.click(await box('Letter.docx'));
    await check(TIF1);
    fireEvent.click(tool('Merge'));
    const dialog = await screen.findByTestId('inbox-merge');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Invoices' }));
    fireEvent.click(within(dialog).getByTestId('inbox-merge-confirm'));
    await waitFor(() =>
      expect(screen.getByTestId('inbox-notice').textContent).toBe(
        'Server: The documents could not be merged: bad file.×',
      ),
    );
    expect(store.get(notesAtom)[0]).toMatchObject({
      type: NoteType.Error,
      text: 'The merge failed: Server: The documents could not be merged: bad file.',
    });
    expect(merges(fake)).toHaveLength(1);
  });

  it('appends the chosen inbox file to exactly one checked file, which is not offered itself', async () => {
    const { fake, store } = start({ 'POST dbs/1/merge': 0 });
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
    expect(listed).toEqual(['Scan_20240302_0934', 'Scan_20240303_1012']);
    fireEvent.click(within(table).getByRole('radio', { name: `Select ${PDF3}` }));
    fireEvent.click(within(dialog).getByTestId('append-confirm'));

    await waitFor(() => expect(merges(fake)).toHaveLength(1));
    expect(bodyOf(merges(fake)[0])).toEqual({
      Type: 1,
      Documents: [
        { InboxId: SCANNING, Path: TIF1 },
        { InboxId: SCANNING, Path: PDF3 },
      ],
      BaseDocument: { InboxId: SCANNING, Path: TIF1 },
      Target: { Type: 'Inbox', AppendType: 0, Id: SCANNING },
    });
    await waitFor(() =>
      expect(store.get(notesAtom)[0]).toMatchObject({
        type: NoteType.Success,
        text: `Append successful: the pages of ${PDF3} were added to ${TIF1}.`,
      }),
    );
  });
});

describe('email and the viewer from the inbox grid', () => {
  it("emails the checked files through the helper's launch inboxemail", async () => {
    const helper = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(json({ File: 'outbox/inbox.eml', Attachments: 2 }));
    const { store } = start();
    await check(PDF3);
    await check(TIF1);
    fireEvent.click(tool('Email'));
    await waitFor(() => expect(helper).toHaveBeenCalled());
    const [url, init] = helper.mock.calls[0] as [string, RequestInit];
    expect(new URL(url).pathname).toBe('/api/launch/inboxemail');
    expect(new URL(url).searchParams.get('database')).toBe('1');
    expect(JSON.parse(String(init.body))).toEqual({
      Documents: [
        { InboxID: SCANNING, Filename: PDF3 },
        { InboxID: SCANNING, Filename: TIF1 },
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
    const inboxSession: ViewerSession = {
      _Id: 'sess-in',
      Archive: 0,
      Database: 1,
      InboxId: SCANNING,
      SearchCriteria: '',
      SearchId: 0,
      Created: '2026-11-22T10:00:00.0000000+00:00',
      Creator: 'full.user',
      Uploaded: false,
      Documents: [
        {
          Archive: 0,
          ArchiveName: '',
          Id: 0,
          Hash: '',
          InboxId: SCANNING,
          InboxFileName: TIF1,
          OriginalFileName: TIF1,
          ContentSearch: '',
          FieldData: '',
          Fields: '',
          FileType: '.tif',
          PageCount: 2,
          Permissions: ALL_INBOX_PERMISSIONS,
        },
      ],
    };
    const { fake } = start({
      'POST session': 'sess-in',
      'GET session/sess-in': inboxSession,
      'POST Processing.ashx': { Page: 1, Rotation: 90, PageCount: 2 },
    });
    const row = await screen.findByTestId(`inbox-row-${TIF1}`);
    fireEvent.click(within(row).getByRole('button', { name: `View ${TIF1}` }));

    await screen.findByTestId('viewer');
    const posted = fake.requests.find((r) => r.method === 'POST' && r.path === 'session');
    expect(bodyOf(posted)).toEqual({
      Database: 1,
      InboxId: SCANNING,
      Documents: [{ InboxId: SCANNING, InboxFileName: TIF1 }],
    });
    expect(currentPath()).toBe(`/viewer/${TIF1}?db=1&inboxId=${SCANNING}&session=sess-in`);
    expect(screen.getByRole('heading', { name: `${TIF1} (inbox file)` })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Index panel' })).toBeNull();
    const image = within(screen.getByTestId('viewer-pane')).getByRole('img') as HTMLImageElement;
    const src = new URL(image.src);
    expect(src.pathname).toMatch(new RegExp(`/inboxes/${SCANNING}/page$`));
    expect(src.searchParams.get('FileName')).toBe(TIF1);
    expect(src.searchParams.get('page')).toBe('1');
    expect(screen.getByTestId<HTMLAnchorElement>('viewer-download').download).toBe(TIF1);

    fireEvent.click(screen.getByRole('button', { name: 'Rotate right' }));
    await waitFor(() =>
      expect(fake.requests.some((r) => r.method === 'POST' && r.path === 'Processing.ashx')).toBe(true),
    );
    const turn = fake.requests.find((r) => r.path === 'Processing.ashx');
    expect(bodyOf(turn)).toEqual({ InboxId: SCANNING, InboxFileName: TIF1, Page: 1, Degrees: 90 });
  });

  it('does not open a file on double-click when the General setting disableOpenDoc is on', async () => {
    window.localStorage.setItem('disableOpenDoc', 'true');
    const { fake } = start({});
    fireEvent.doubleClick(await screen.findByTestId(`inbox-row-${PDF3}`));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fake.requests.some((r) => r.method === 'POST' && r.path === 'session')).toBe(false);
    expect(currentPath()).toContain('/results/Inbox');
  });

  it('opens a file with a double-click, and says so when the session cannot be made', async () => {
    const { store } = start({ 'POST session': json({ Message: 'Inbox 3 was not found.' }, 404) });
    fireEvent.doubleClick(await screen.findByTestId(`inbox-row-${PDF3}`));
    await waitFor(() =>
      expect(store.get(notesAtom)[0]).toMatchObject({
        type: NoteType.Error,
        text: 'The viewer session could not be created. Try again, or contact your administrator.',
      }),
    );
    expect(currentPath()).toContain('/results/Inbox');
  });
});
