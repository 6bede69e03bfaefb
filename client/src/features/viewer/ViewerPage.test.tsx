import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { DocumentHistoryResponse } from '@gs/contract/history';
import { indexingServer, type IndexingServer } from '../../test/indexingWorld';
import { currentPath, renderApp } from '../../test/renderApp';
import { fillStamp } from './stamps';
import { markTerms, searchWords } from './highlight';
import { openViewer, sessionRequestOf } from './viewerWindows';

// The viewer on the simulator's app in process (decision 082): Intake's document of
// clientIndexingWorld.ts (Acme, INV-1, a three-page TIFF) in Alpha, which full.user may do
// everything with, grouped only view and reader (a read-only licence) view.

interface Doc {
  server: IndexingServer;
  db: number;
  archive: number;
  id: number;
  hash: string;
  /** the viewer's address without a session */
  url: string;
}

function docOf(server = indexingServer()): Doc {
  const { alpha: db } = server.w;
  const { intake: archive, doc: id } = server.x;
  const hash = server.hashOf(db, id);
  return { server, db, archive, id, hash, url: `/viewer/${hash}?db=${db}&archive=${archive}&Id=${id}` };
}

/** a viewer session `login` made for the document, as the results page makes it */
const sessionOf = (d: Doc, login = 'full.user') =>
  d.server.call<string>(login, 'POST', 'session', {
    Database: d.db,
    Archive: d.archive,
    Documents: [{ Archive: d.archive, Id: d.id, Hash: d.hash }],
  });

async function open(d: Doc, login = 'full.user', withSession = true) {
  const url = withSession ? `${d.url}&session=${await sessionOf(d, login)}` : d.url;
  renderApp({ url, fetch: d.server.fetch, session: await d.server.signIn(login) });
  return d;
}
const findViewer = () => screen.findByTestId('viewer', {}, { timeout: 5000 });
const history = async (d: Doc) =>
  (
    await d.server.call<DocumentHistoryResponse>(
      'SSAdministrator',
      'GET',
      `dbs/${d.db}/archives/${d.archive}/documents/${d.id}/audit?SecureId=${d.hash}`,
    )
  ).map((e) => e.Message);

describe('viewer page', () => {
  it('creates a session, puts it in the address and shows the TIFF pages the server draws', async () => {
    const d = await open(docOf(), 'full.user', false);
    const { server } = d;
    await findViewer();
    const posted = server.requests.find((r) => r.method === 'POST' && r.path === 'session');
    expect(JSON.parse(posted?.body ?? '{}')).toMatchObject({
      Database: d.db,
      Archive: d.archive,
      Documents: [{ Archive: d.archive, Id: d.id, Hash: d.hash }],
    });
    await waitFor(() => expect(currentPath()).toMatch(/[?&]session=[\w-]+/));
    // the server holds the session the address names, for this document
    const id = new URLSearchParams(currentPath().split('?')[1]).get('session') ?? '';
    const held = await server.call<{ Documents: { Id: number }[] }>('full.user', 'GET', `session/${id}`);
    expect(held.Documents.map((doc) => doc.Id)).toEqual([d.id]);
    expect(screen.getByRole('heading', { name: `Intake, document ${d.id}` })).toBeTruthy();
    const thumbs = within(screen.getByTestId('viewer-thumbnails')).getAllByRole('button');
    expect(thumbs).toHaveLength(3);
    const image = within(screen.getByTestId('viewer-page')).getByRole('img');
    const src = new URL(image.getAttribute('src') ?? '', window.location.href);
    expect(src.pathname).toMatch(new RegExp(`dbs/${d.db}/archives/${d.archive}/documents/${d.id}/page$`));
    expect(src.searchParams.get('page')).toBe('1');
    expect(src.searchParams.get('SecureId')).toBe(d.hash);
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(screen.getByTestId('viewer-page').getAttribute('data-page')).toBe('3');
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(screen.getByTestId('viewer-page').getAttribute('data-page')).toBe('2');
  });

  it('rotates the page through Processing.ashx and asks the server for the page again', async () => {
    const d = await open(docOf());
    const { server } = d;
    await findViewer();
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    const before = within(screen.getByTestId('viewer-page')).getByRole('img').getAttribute('src');
    fireEvent.click(screen.getByRole('button', { name: 'Rotate right' }));
    await waitFor(() =>
      expect(within(screen.getByTestId('viewer-page')).getByRole('img').getAttribute('src')).not.toBe(before),
    );
    const call = server.requests.find((r) => r.path === 'Processing.ashx');
    expect(JSON.parse(call?.body ?? '{}')).toEqual({
      Database: d.db,
      Archive: d.archive,
      Document: d.id,
      SecureId: d.hash,
      Page: 2,
      Degrees: 90,
    });
    expect(server.requests.some((r) => r.method === 'POST' && r.path === 'session')).toBe(false);
    // the server rotated the page and says so in the document's history
    expect((await history(d)).some((m) => /rotat/i.test(m))).toBe(true);
  });

  it('shows the server’s refusal of a rotation', async () => {
    const d = await open(docOf());
    await findViewer();
    // an administrator leaves full.user only View on Intake after the viewer opened
    await d.server.call('SSAdministrator', 'POST', 'userAdmin/archives', {
      Users: [{ Name: 'full.user' }],
      Targets: [{ Id: d.archive, Database: d.db }],
      Permissions: { Mask: 1 },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Rotate left' }));
    expect((await screen.findByTestId('viewer-notice')).textContent).toMatch(/permission/i);
    expect((await history(d)).some((m) => /rotat/i.test(m))).toBe(false);
  });

  it('offers no rotation, stamps or print without the permissions, nor to a read-only licence', async () => {
    // grouped may only view Intake
    await open(docOf(), 'grouped');
    await findViewer();
    expect(await screen.findByText('Acme')).toBeTruthy();
    expect(within(screen.getByTestId('viewer-thumbnails')).getAllByRole('button')).toHaveLength(3);
    for (const name of ['Rotate right', 'Stamps', 'Print'])
      expect(screen.queryByRole('button', { name })).toBeNull();
  });

  it('asks a read-only licence for no field list, so no call names database 0 (issue 27, 15)', async () => {
    const { server, archive, id } = await open(docOf(), 'reader');
    await findViewer();
    expect((await screen.findByText('Acme')).tagName).toBe('OUTPUT');
    await waitFor(() =>
      expect(
        server.requests.some((r) => r.path.startsWith(`dbs/1/archives/${archive}/documents/${id}`)),
      ).toBe(true),
    );
    const asked = server.requests.map((r) => r.path);
    expect(asked.filter((p) => /lists|^indexes/.test(p))).toEqual([]);
    expect(asked.filter((p) => p.startsWith('dbs/0'))).toEqual([]);
  });

  it('shows the index panel and saves an edit through the check and save calls', async () => {
    const d = await open(docOf());
    const { server } = d;
    await findViewer();
    const field = await screen.findByLabelText('Invoice Number');
    fireEvent.change(field, { target: { value: 'INV-2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Your changes were saved.');
    const put = server.requests.find((r) => r.method === 'PUT');
    expect(JSON.parse(put?.body ?? '[]')).toEqual([
      { ID: server.x.fields.invoiceNumber, VAL: 'INV-2', MVAL: [] },
    ]);
    expect(server.requests.some((r) => r.method === 'POST' && r.path === 'indexes')).toBe(true);
    // the server holds the new value
    const stored = await server.stored(d.archive, d.id);
    expect(stored.values).toMatchObject({
      [server.x.fields.invoiceNumber]: 'INV-2',
      [server.x.fields.vendorName]: 'Acme',
    });
  });

  it('shows ERROR_CREATE_SESSION_MSG when the session cannot be made', async () => {
    // a document address whose Hash is not the document's: the server refuses the session
    const d = docOf();
    await open({ ...d, url: d.url.replace(d.hash, 'not-its-hash') }, 'full.user', false);
    const error = await screen.findByTestId('viewer-error', {}, { timeout: 5000 });
    expect(error.textContent).toContain('The viewer session could not be created.');
    // the page's main landmark holds the message, under the viewer's heading
    expect(screen.getByRole('main').contains(error)).toBe(true);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Document viewer');
  });
});

describe('viewer helpers', () => {
  it('fills stamp placeholders', () => {
    expect(fillStamp('PAID @Today by @User', 'ann', new Date(2026, 0, 5), 'en-US')).toBe(
      'PAID 01/05/2026 by ann',
    );
  });

  it('marks content-search words in text spans', () => {
    expect(searchWords('freight OR "fuel surcharge"')).toEqual(['freight', 'fuel', 'surcharge']);
    const root = document.createElement('div');
    root.innerHTML = '<span>Freight and fuel</span><span>total</span>';
    expect(markTerms(root, ['freight', 'fuel'])).toBe(2);
    expect(root.querySelectorAll('mark.viewer__hit')).toHaveLength(2);
  });

  it('opens a new tab before the session call, and reports its closing', async () => {
    // only the closing poll's interval: the in-process server's own timers run for real
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const tab = { closed: false, close: vi.fn(), location: { href: '' } } as unknown as Window;
      const onClosed = vi.fn();
      const d = docOf();
      const session = await d.server.signIn('full.user');
      const http = renderApp({ fetch: d.server.fetch, session, url: '/select' }).http;
      const doc = { db: d.db, archive: d.archive, id: d.id, hash: d.hash };
      const request = { doc, newTab: true, token: session.token };
      await openViewer(
        { http, openTab: () => tab, navigate: vi.fn(), href: (p) => `http://app${p}`, onClosed, pollMs: 50 },
        request,
      );
      expect(tab.location.href).toMatch(
        new RegExp(`^http://app${d.url.replace('?', '\\?')}&session=[\\w-]+`),
      );
      expect(sessionRequestOf(request).Documents).toEqual([
        { Archive: d.archive, Id: d.id, Hash: d.hash, ContentSearchTerms: '' },
      ]);
      vi.advanceTimersByTime(100);
      expect(onClosed).not.toHaveBeenCalled();
      (tab as { closed: boolean }).closed = true;
      vi.advanceTimersByTime(100);
      expect(onClosed).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
