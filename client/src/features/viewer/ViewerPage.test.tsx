import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ArchivePermission } from '@gs/contract/flags';
import { createFakeServer, json, type FakeAnswer, type FakeHandler } from '../../test/fakeServer';
import { session, viewerSession } from '../../test/fixtures';
import { currentPath, renderApp } from '../../test/renderApp';
import { fieldDef, resultDoc, searchPage } from '../../test/searchFixtures';
import { fillStamp } from './stamps';
import { markTerms, searchWords } from './highlight';
import { openViewer, sessionRequestOf } from './viewerWindows';

function server(overrides: Record<string, FakeHandler | FakeAnswer> = {}) {
  return createFakeServer({
    'POST session': 'sess-1',
    'GET session/sess-1': viewerSession(),
    'GET dbs/1/archives/2/documents/101': searchPage(
      [fieldDef(1, 'Vendor Name'), fieldDef(2, 'Invoice Number')],
      [resultDoc(101, { 1: 'Acme', 2: 'INV-1' })],
    ),
    'POST Processing.ashx': { Page: 2, Rotation: 90, PageCount: 3 },
    'GET admin/stamps': [
      { Id: 1, Text: 'Approved by @User' },
      { Id: 2, Text: 'PAID @Today' },
    ],
    ...overrides,
  });
}

const URL_NO_SESSION = '/viewer/doc-hash-101?db=1&archive=2&Id=101&search=12';
const open = (url: string, fake = server(), licenseType: 1 | 2 | 4 = 1) => ({
  fake,
  ...renderApp({ url, fetch: fake.fetch, session: session({ licenseType }) }),
});
const findViewer = () => screen.findByTestId('viewer', {}, { timeout: 5000 });

describe('viewer page', () => {
  it('creates a session, puts it in the address and shows the TIFF pages the server draws', async () => {
    const { fake } = open(URL_NO_SESSION);
    await findViewer();
    const posted = fake.requests.find((r) => r.method === 'POST' && r.path === 'session');
    expect(JSON.parse(posted?.body ?? '{}')).toMatchObject({
      Database: 1,
      Archive: 2,
      SearchId: 12,
      Documents: [{ Archive: 2, Id: 101, Hash: 'doc-hash-101' }],
    });
    await waitFor(() => expect(currentPath()).toContain('session=sess-1'));
    expect(screen.getByRole('heading', { name: 'Invoices, document 101' })).toBeTruthy();
    const thumbs = within(screen.getByTestId('viewer-thumbnails')).getAllByRole('button');
    expect(thumbs).toHaveLength(3);
    const image = within(screen.getByTestId('viewer-page')).getByRole('img');
    const src = new URL(image.getAttribute('src') ?? '', window.location.href);
    expect(src.pathname).toMatch(/dbs\/1\/archives\/2\/documents\/101\/page$/);
    expect(src.searchParams.get('page')).toBe('1');
    expect(src.searchParams.get('SecureId')).toBe('doc-hash-101');
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(screen.getByTestId('viewer-page').getAttribute('data-page')).toBe('3');
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(screen.getByTestId('viewer-page').getAttribute('data-page')).toBe('2');
  });

  it('rotates the page through Processing.ashx and asks the server for the page again', async () => {
    const { fake } = open('/viewer/doc-hash-101?db=1&archive=2&Id=101&session=sess-1');
    await findViewer();
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    const before = within(screen.getByTestId('viewer-page')).getByRole('img').getAttribute('src');
    fireEvent.click(screen.getByRole('button', { name: 'Rotate right' }));
    await waitFor(() =>
      expect(within(screen.getByTestId('viewer-page')).getByRole('img').getAttribute('src')).not.toBe(before),
    );
    const call = fake.requests.find((r) => r.path === 'Processing.ashx');
    expect(JSON.parse(call?.body ?? '{}')).toEqual({
      Database: 1,
      Archive: 2,
      Document: 101,
      SecureId: 'doc-hash-101',
      Page: 2,
      Degrees: 90,
    });
    expect(fake.requests.some((r) => r.method === 'POST' && r.path === 'session')).toBe(false);
  });

  it('shows the server’s refusal of a rotation', async () => {
    open(
      '/viewer/doc-hash-101?db=1&archive=2&Id=101&session=sess-1',
      server({ 'POST Processing.ashx': json({ Message: 'You may not modify pages.' }, 403) }),
    );
    await findViewer();
    fireEvent.click(screen.getByRole('button', { name: 'Rotate left' }));
    expect((await screen.findByTestId('viewer-notice')).textContent).toContain('You may not modify pages.');
  });

  it('offers no rotation, stamps or print without the permissions, nor to a read-only licence', async () => {
    open(
      '/viewer/doc-hash-101?db=1&archive=2&Id=101&session=sess-1',
      server({ 'GET session/sess-1': viewerSession(ArchivePermission.View) }),
    );
    await findViewer();
    for (const name of ['Rotate right', 'Stamps', 'Print'])
      expect(screen.queryByRole('button', { name })).toBeNull();
  });

  it('asks a read-only licence for no field list, so no call names database 0 (issue 27, 15)', async () => {
    const fake = server({
      'GET dbs/1/archives/2/documents/101': searchPage(
        [fieldDef(1, 'Vendor Name', undefined, { List: 5, Prop: 64 })],
        [resultDoc(101, { 1: 'Acme' })],
      ),
      'GET dbs/1/lists/5': { ID: 5, Name: 'Vendors', Items: ['Acme'] },
    });
    open('/viewer/doc-hash-101?db=1&archive=2&Id=101&session=sess-1', fake, 4);
    await findViewer();
    expect((await screen.findByText('Acme')).tagName).toBe('OUTPUT');
    await waitFor(() =>
      expect(fake.requests.some((r) => r.path.startsWith('dbs/1/archives/2/documents/101'))).toBe(true),
    );
    const asked = fake.requests.map((r) => r.path);
    expect(asked.filter((p) => /lists|^indexes/.test(p))).toEqual([]);
    expect(asked.filter((p) => p.startsWith('dbs/0'))).toEqual([]);
  });

  it('shows the index panel and saves an edit through the check and save calls', async () => {
    const fake = server({
      'POST indexes': [{ ID: 2, Valid: true, Code: 0, Message: '' }],
      'PUT UpdateDocument/databases/1/archive/2/document/101/FieldData': [{ ID: 2, VAL: 'INV-2', MVAL: [] }],
    });
    open('/viewer/doc-hash-101?db=1&archive=2&Id=101&session=sess-1', fake);
    await findViewer();
    const field = await screen.findByLabelText('Invoice Number');
    fireEvent.change(field, { target: { value: 'INV-2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Your changes were saved.');
    const put = fake.requests.find((r) => r.method === 'PUT');
    expect(JSON.parse(put?.body ?? '[]')).toEqual([{ ID: 2, VAL: 'INV-2', MVAL: [] }]);
  });

  it('shows ERROR_CREATE_SESSION_MSG when the session cannot be made', async () => {
    open(URL_NO_SESSION, server({ 'POST session': json({ Message: 'nope' }, 403) }));
    expect((await screen.findByTestId('viewer-error', {}, { timeout: 5000 })).textContent).toContain(
      'The viewer session could not be created.',
    );
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
    vi.useFakeTimers();
    try {
      const tab = { closed: false, close: vi.fn(), location: { href: '' } } as unknown as Window;
      const onClosed = vi.fn();
      const fake = server();
      const http = renderApp({ fetch: fake.fetch, session: session(), url: '/select' }).http;
      const request = { doc: { db: 1, archive: 2, id: 101, hash: 'doc-hash-101' }, newTab: true, token: 't' };
      await openViewer(
        { http, openTab: () => tab, navigate: vi.fn(), href: (p) => `http://app${p}`, onClosed, pollMs: 50 },
        request,
      );
      expect(tab.location.href).toMatch(
        /^http:\/\/app\/viewer\/doc-hash-101\?db=1&archive=2&Id=101&session=sess-1/,
      );
      expect(sessionRequestOf(request).Documents).toEqual([
        { Archive: 2, Id: 101, Hash: 'doc-hash-101', ContentSearchTerms: '' },
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
