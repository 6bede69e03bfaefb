// The viewer's stamps are the document's annotations on the server: loaded when it opens, saved
// whole when one is placed, moved or removed, taken back with the server's message when refused.
// A chosen stamp goes where the page is clicked (Enter: below the others) and is dragged to move.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Annotation } from '@gs/contract/annotations';
import { ALL_ARCHIVE_PERMISSIONS, ArchivePermission } from '@gs/contract/flags';
import {
  createFakeServer,
  json,
  type FakeAnswer,
  type FakeHandler,
  type FakeRequest,
} from '../../test/fakeServer';
import { session, viewerSession } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { fieldDef, resultDoc, searchPage } from '../../test/searchFixtures';

const ANNOTATIONS = 'dbs/1/archives/2/documents/101/annotations';
const URL = '/viewer/doc-hash-101?db=1&archive=2&Id=101&session=sess-1';

const stored = (over: Partial<Annotation>): Annotation => ({
  Id: 7,
  Page: 1,
  X: 0.55,
  Y: 0.05,
  Text: 'RECEIVED',
  Type: 'stamp',
  Color: '#c0262d',
  CreatedBy: 'ann',
  Created: '2026-11-20T09:00:00.0000000+00:00',
  ...over,
});

/** A server that keeps the annotations it is sent, numbering new ones from 100. */
function annotationServer(initial: Annotation[], overrides: Record<string, FakeHandler | FakeAnswer> = {}) {
  let set = initial;
  let next = 100;
  const put = (request: FakeRequest) => {
    const sent = JSON.parse(request.body ?? '[]') as Partial<Annotation>[];
    set = sent.map((a) =>
      stored({ ...a, Id: a.Id ?? next++, CreatedBy: a.Id ? 'ann' : 'full.user' } as Partial<Annotation>),
    );
    return set;
  };
  const fake = createFakeServer({
    'GET session/sess-1': viewerSession(),
    'GET dbs/1/archives/2/documents/101': searchPage(
      [fieldDef(1, 'Vendor Name')],
      [resultDoc(101, { 1: 'Acme' })],
    ),
    'GET admin/stamps': [
      { Id: 1, Text: 'Approved by @User' },
      { Id: 2, Text: 'PAID' },
    ],
    [`GET ${ANNOTATIONS}`]: () => set,
    [`PUT ${ANNOTATIONS}`]: put,
    ...overrides,
  });
  return { fake, current: () => set };
}

const open = (fake: ReturnType<typeof createFakeServer>, licenseType: 1 | 2 | 4 = 1) =>
  renderApp({ url: URL, fetch: fake.fetch, session: session({ licenseType }) });

const findViewer = () => screen.findByTestId('viewer', {}, { timeout: 5000 });
const puts = (fake: ReturnType<typeof createFakeServer>) =>
  fake.requests.filter((r) => r.method === 'PUT' && r.path === ANNOTATIONS);

/** Chooses a stamp in the menu and places it: a click at (clientX, clientY), or Enter (detail 0). */
async function place(name: string, at?: { clientX: number; clientY: number }) {
  fireEvent.click(screen.getByRole('button', { name: 'Stamps' }));
  fireEvent.click(await screen.findByRole('menuitem', { name }));
  expect(screen.getByTestId('stamp-hint').textContent).toContain(name);
  fireEvent.click(screen.getByTestId('stamp-target'), at ? { detail: 1, ...at } : { detail: 0 });
}

/** The page (the stamps' layer) is 500 by 800 px at (100, 50); a stamp is 100 by 40 px. */
function layoutPage() {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    if (this.classList.contains('viewer__stamps')) return new DOMRect(100, 50, 500, 800);
    if (this.classList.contains('viewer__stamp')) return new DOMRect(0, 0, 100, 40);
    return new DOMRect(0, 0, 0, 0);
  });
}
afterEach(() => vi.restoreAllMocks());

describe('viewer stamps on the server', () => {
  it('shows the stored stamps of the page, and saves a placed one with the others', async () => {
    const { fake, current } = annotationServer([stored({})]);
    open(fake);
    await findViewer();
    const shown = await screen.findByTestId('viewer-stamp');
    expect(shown.textContent).toContain('RECEIVED');
    const get = fake.requests.find((r) => r.method === 'GET' && r.path === ANNOTATIONS);
    expect(get?.url.searchParams.get('SecureId')).toBe('doc-hash-101');
    await place('Approved by full.user');
    await waitFor(() => expect(puts(fake)).toHaveLength(1));
    expect(JSON.parse(puts(fake)[0]?.body ?? '')).toEqual([
      { Id: 7, Page: 1, X: 0.55, Y: 0.05, Text: 'RECEIVED', Type: 'stamp', Color: '#c0262d' },
      { Page: 1, X: 0.55, Y: 0.13, Text: 'Approved by full.user', Type: 'stamp', Color: '#c0262d' },
    ]);
    expect(puts(fake)[0]?.url.searchParams.get('SecureId')).toBe('doc-hash-101');
    await waitFor(() => expect(screen.getAllByTestId('viewer-stamp')).toHaveLength(2));
    expect(current().map((a) => a.Id)).toEqual([7, 100]);
  });

  it('keeps the stamps after a reload, and removes one by saving the rest', async () => {
    const { fake } = annotationServer([]);
    const first = open(fake);
    await findViewer();
    await place('PAID');
    await waitFor(() => expect(puts(fake)).toHaveLength(1));
    first.unmount();
    open(fake);
    await findViewer();
    expect((await screen.findByTestId('viewer-stamp')).textContent).toContain('PAID');
    fireEvent.click(screen.getByRole('button', { name: 'Remove the stamp PAID' }));
    await waitFor(() => expect(puts(fake)).toHaveLength(2));
    expect(JSON.parse(puts(fake)[1]?.body ?? '')).toEqual([]);
    expect(screen.queryByTestId('viewer-stamp')).toBeNull();
  });

  it('takes a refused stamp back and shows the server’s message', async () => {
    const { fake } = annotationServer([], {
      [`PUT ${ANNOTATIONS}`]: json(
        { Message: "You do not have permission to modify annotations in archive 'Invoices'." },
        403,
      ),
    });
    open(fake);
    await findViewer();
    await place('PAID');
    expect((await screen.findByTestId('viewer-notice')).textContent).toContain(
      'You do not have permission to modify annotations',
    );
    expect(screen.queryByTestId('viewer-stamp')).toBeNull();
  });

  it('places a chosen stamp where the page is clicked, and saves where it is dragged to', async () => {
    const { fake, current } = annotationServer([]);
    open(fake);
    await findViewer();
    layoutPage();
    await place('PAID', { clientX: 100 + 250, clientY: 50 + 200 });
    await waitFor(() => expect(puts(fake)).toHaveLength(1));
    expect(JSON.parse(puts(fake)[0]?.body ?? '')).toMatchObject([{ Text: 'PAID', X: 0.5, Y: 0.25 }]);
    expect(screen.queryByTestId('stamp-target')).toBeNull();
    await waitFor(() => expect(current()[0]?.Id).toBe(100));
    // the saved stamp is drawn again under the server's id: drag that one
    await waitFor(() => expect(screen.getByTestId('viewer-stamp').dataset.stampId).toBe('100'));
    const stamp = screen.getByTestId('viewer-stamp');
    // grab it 10 px into the stamp, drop it 100 px right and 80 px down
    fireEvent.pointerDown(stamp, { pointerId: 1, button: 0, clientX: 360, clientY: 260 });
    fireEvent.pointerMove(stamp, { pointerId: 1, clientX: 410, clientY: 300 });
    fireEvent.pointerMove(stamp, { pointerId: 1, clientX: 460, clientY: 340 });
    expect(screen.getByTestId('viewer-stamp').style.left).toBe('70%');
    fireEvent.pointerUp(stamp, { pointerId: 1, clientX: 460, clientY: 340 });
    await waitFor(() => expect(puts(fake)).toHaveLength(2));
    expect(JSON.parse(puts(fake)[1]?.body ?? '')).toEqual([
      { Id: 100, Page: 1, X: 0.7, Y: 0.35, Text: 'PAID', Type: 'stamp', Color: '#c0262d' },
    ]);
    // dragged past the edge, it stays whole on the page
    fireEvent.pointerDown(stamp, { pointerId: 2, button: 0, clientX: 460, clientY: 340 });
    fireEvent.pointerMove(stamp, { pointerId: 2, clientX: 2000, clientY: 2000 });
    fireEvent.pointerUp(stamp, { pointerId: 2, clientX: 2000, clientY: 2000 });
    await waitFor(() => expect(puts(fake)).toHaveLength(3));
    expect(JSON.parse(puts(fake)[2]?.body ?? '')).toMatchObject([{ X: 0.8, Y: 0.95 }]);
  });

  it('gives up placing on Escape, and a click on a stamp without moving saves nothing', async () => {
    const { fake } = annotationServer([stored({})]);
    open(fake);
    await findViewer();
    layoutPage();
    fireEvent.click(screen.getByRole('button', { name: 'Stamps' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'PAID' }));
    fireEvent.keyDown(screen.getByTestId('stamp-target'), { key: 'Escape' });
    expect(screen.queryByTestId('stamp-target')).toBeNull();
    const stamp = await screen.findByTestId('viewer-stamp');
    fireEvent.pointerDown(stamp, { pointerId: 1, button: 0, clientX: 400, clientY: 100 });
    fireEvent.pointerUp(stamp, { pointerId: 1, clientX: 401, clientY: 101 });
    fireEvent.keyDown(stamp, { key: 'ArrowDown' });
    await waitFor(() => expect(puts(fake)).toHaveLength(1));
    expect(JSON.parse(puts(fake)[0]?.body ?? '')).toMatchObject([{ Id: 7, X: 0.55, Y: 0.06 }]);
  });

  it('says so when the stamps cannot be loaded', async () => {
    const { fake } = annotationServer([], { [`GET ${ANNOTATIONS}`]: json({}, 500) });
    open(fake);
    await findViewer();
    expect((await screen.findByTestId('viewer-notice')).textContent).toContain(
      'The stamps of this document could not be loaded.',
    );
  });

  it('offers no stamps, and shows no error, on a server that keeps no annotations', async () => {
    const { fake } = annotationServer([], {
      [`GET ${ANNOTATIONS}`]: json(
        { Message: 'No HTTP resource was found that matches the request URI.' },
        404,
      ),
    });
    open(fake);
    await findViewer();
    await waitFor(() =>
      expect(fake.requests.some((r) => r.method === 'GET' && r.path === ANNOTATIONS)).toBe(true),
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Stamps' })).toBeNull());
    expect(screen.queryByTestId('viewer-notice')).toBeNull();
  });

  it('shows stamps but offers neither placing nor removing without Modify Annotations or to a read-only licence', async () => {
    const readOnly = annotationServer([stored({})]);
    open(readOnly.fake, 4);
    await findViewer();
    await screen.findByTestId('viewer-stamp');
    expect(screen.queryByRole('button', { name: 'Stamps' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove the stamp RECEIVED' })).toBeNull();
  });

  it('offers no stamps without Modify Annotations', async () => {
    const { fake } = annotationServer([stored({})], {
      'GET session/sess-1': viewerSession(ALL_ARCHIVE_PERMISSIONS & ~ArchivePermission.ModifyAnnotations),
    });
    open(fake);
    await findViewer();
    await screen.findByTestId('viewer-stamp');
    expect(screen.queryByRole('button', { name: 'Stamps' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove the stamp RECEIVED' })).toBeNull();
  });
});
