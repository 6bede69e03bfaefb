import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { HELPER_VERSION, SCAN_CHUNK_SIZE } from '@gs/contract/helper';
import { createFakeServer, type FakeAnswer, type FakeHandler } from '../../test/fakeServer';
import { archive, session } from '../../test/fixtures';
import { currentPath, renderApp } from '../../test/renderApp';
import { CAPTURE_TIMINGS_TEST_KEY } from './captureTimings';
import { UploadXhr } from '../../test/uploadXhr';

const UNREACHABLE =
  'Unable to establish a connection to GlobalSearch Extensions. Please ensure that the GlobalSearch Extensions tray application is installed and running.';

const refused: FakeHandler = () => {
  throw new TypeError('Failed to fetch');
};

/** The API and a helper (absolute helper URLs land on their own path, e.g. /api/scan/...). */
function server(helper: Record<string, FakeHandler | FakeAnswer> = {}) {
  const fake = createFakeServer({
    'GET dbs/1/archives': { Archives: [archive(2, 'Invoices'), { ...archive(3, 'Locked'), Permissions: 1 }] },
    'GET /api/management/test': { Version: HELPER_VERSION, Mode: 'GlobalSearch', ApiPath: '' },
    ...helper,
  });
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

function scanner(
  status: object = { Status: 'Completed', PagesScanned: 3, Message: 'Scan complete: 3 pages.' },
) {
  return {
    'GET /api/scan/scanners': {
      Default: 'Fujitsu',
      Scanners: [{ Name: 'Fujitsu', Pages: 10, Duplex: false, Colour: 'bilevel', Dpi: 200, Paper: 'Letter' }],
    },
    'POST /api/scan/session': { SessionID: 'abc', Timeout: 3600 },
    'DELETE /api/scan/session/abc': true,
    'POST /api/scan/session/abc/job': { JobID: '1', Scanner: 'Fujitsu', Format: 'tiff', Pages: 3 },
    'POST /api/scan/session/abc/job/1/start': { Status: 'Scanning', PagesScanned: 0, Message: '' },
    'GET /api/scan/session/abc/job/1/status': status,
    'POST /api/scan/session/abc/job/1/merge': {
      Files: [
        {
          Name: 'scan-abc-1.tif',
          Size: 4,
          Pages: 3,
          ContentType: 'image/tiff',
          ChunkSize: SCAN_CHUNK_SIZE,
          ChunkCount: 1,
        },
      ],
    },
    'GET /api/scan/session/abc/files/scan-abc-1.tif': () =>
      new Response(new Uint8Array([1, 2, 3, 4]), {
        headers: { 'Content-Type': 'application/octet-stream', 'X-Total-Size': '4', 'X-Chunk-Count': '1' },
      }),
  };
}

const fastTimings = () =>
  window.localStorage.setItem(
    CAPTURE_TIMINGS_TEST_KEY,
    JSON.stringify({ scanFirstPollMs: 0, scanPollMs: 0, chunkIntervalMs: 0 }),
  );

describe('scan page (/scan)', () => {
  it('shows the extensions warning while the helper cannot be reached', async () => {
    const fake = server({ 'GET /api/management/test': refused });
    renderApp({ url: '/scan?db=1&a=2', fetch: fake.fetch, session: session() });
    // the first test to show /scan waits for its lazy chunk
    expect((await screen.findByTestId('extensions-warning-text', {}, { timeout: 5000 })).textContent).toBe(
      UNREACHABLE,
    );
  });

  it('scans over http from an http page, as a stock browser allows', async () => {
    const fake = server({ 'GET /api/management/test': refused });
    renderApp({ url: '/scan?db=1&a=2', fetch: fake.fetch, session: session() });
    await screen.findByTestId('extensions-warning');
    const ping = fake.requests.find((r) => r.path === '/api/Management/test');
    expect(ping?.url.origin).toBe('http://localhost:9080');
    // over http there is no certificate to trust: the warning points to the manager only
    expect(screen.queryByTestId('extensions-certificate-hint')).toBeNull();
  });

  it('uses the helper ports and SSL flag of the local settings, and offers to trust the certificate', async () => {
    window.localStorage.setItem('gseSettings', JSON.stringify({ httpsPort: 9555, scanSsl: true }));
    const fake = server({ 'GET /api/management/test': refused });
    renderApp({ url: '/scan?db=1&a=2', fetch: fake.fetch, session: session() });
    await screen.findByTestId('extensions-warning');
    const ping = fake.requests.find((r) => r.path === '/api/Management/test');
    expect(ping?.url.origin).toBe('https://localhost:9555');
    expect(screen.getByTestId('extensions-certificate-hint')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Trust the GlobalSearch Extensions certificate' });
    expect(link.getAttribute('href')).toBe(`/gseconnect?return=${encodeURIComponent('/scan?db=1&a=2')}`);
  });

  it('shows GSE_WRONG_VERSION for a helper that is too old', async () => {
    const fake = server({
      'GET /api/management/test': { Version: '2.0.0.0', Mode: 'GlobalSearch', ApiPath: '' },
    });
    renderApp({ url: '/scan?db=1&a=2', fetch: fake.fetch, session: session() });
    expect(await screen.findByTestId('extensions-wrong-version')).toBeTruthy();
  });

  it('scans, asks whether to continue, uploads and opens the indexing view', async () => {
    fastTimings();
    vi.stubGlobal('XMLHttpRequest', UploadXhr);
    const fake = server(scanner());
    renderApp({ url: '/scan?db=1&a=2', fetch: fake.fetch, session: session() });
    fireEvent.click(await screen.findByRole('button', { name: 'Scan' }));
    const prompt = await screen.findByTestId('continue-scanning');
    expect(prompt.textContent).toContain('3');
    fireEvent.click(within(prompt).getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(currentPath()).toBe('/view?db=1&a=2&ImportDoc=cache-1-scan-abc-1.tif'));
    expect(fake.requests.some((r) => r.method === 'DELETE' && r.path === '/api/scan/session/abc')).toBe(true);
  });

  it('shows the scan actions of the registry: Scan held and Cancel offered while a scan runs', async () => {
    fastTimings();
    const fake = server(scanner());
    renderApp({ url: '/scan?db=1&a=2', fetch: fake.fetch, session: session() });
    const start = (await screen.findByTestId('scan-start')) as HTMLButtonElement;
    expect(start.textContent).toBe('Scan');
    expect(start.disabled).toBe(false);
    expect(screen.queryByTestId('scan-cancel')).toBeNull();
    fireEvent.click(start);
    const prompt = await screen.findByTestId('continue-scanning');
    expect(within(prompt).getByTestId('scan-more').textContent).toBe('Scan more pages');
    expect(within(prompt).getByTestId('scan-finish').textContent).toBe('Finish');
    expect(start.disabled).toBe(true);
    fireEvent.click(screen.getByTestId('scan-cancel'));
    await waitFor(() => expect(screen.queryByTestId('continue-scanning')).toBeNull());
    expect(start.disabled).toBe(false);
    expect(screen.queryByTestId('scan-cancel')).toBeNull();
  });

  it("puts the batches of 'Scan more pages' into one document", async () => {
    fastTimings();
    vi.stubGlobal('XMLHttpRequest', UploadXhr);
    UploadXhr.urls = [];
    let jobs = 0;
    const fake = server({
      ...scanner(),
      'POST /api/scan/session/abc/job': () => {
        jobs++;
        return { JobID: String(jobs), Scanner: 'Fujitsu', Format: 'tiff', Pages: 3 };
      },
      'POST /api/scan/session/abc/job/2/start': { Status: 'Scanning', PagesScanned: 0, Message: '' },
      'GET /api/scan/session/abc/job/2/status': { Status: 'Completed', PagesScanned: 3, Message: '' },
      'POST /api/scan/session/abc/merge': {
        Files: [
          {
            Name: 'scan-abc-1-2.tif',
            Size: 4,
            Pages: 6,
            ContentType: 'image/tiff',
            ChunkSize: SCAN_CHUNK_SIZE,
            ChunkCount: 1,
          },
        ],
      },
      'GET /api/scan/session/abc/files/scan-abc-1-2.tif': () =>
        new Response(new Uint8Array([1, 2, 3, 4]), {
          headers: { 'Content-Type': 'application/octet-stream', 'X-Total-Size': '4', 'X-Chunk-Count': '1' },
        }),
    });
    renderApp({ url: '/scan?db=1&a=2', fetch: fake.fetch, session: session() });
    fireEvent.click(await screen.findByRole('button', { name: 'Scan' }));
    fireEvent.click(
      within(await screen.findByTestId('continue-scanning')).getByRole('button', { name: 'Scan more pages' }),
    );
    await waitFor(() => expect(screen.getByTestId('continue-scanning').textContent).toContain('6'));
    fireEvent.click(within(screen.getByTestId('continue-scanning')).getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(currentPath()).toBe('/view?db=1&a=2&ImportDoc=cache-1-scan-abc-1-2.tif'));
    const merges = fake.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/merge'));
    expect(merges.map((r) => [r.path, r.body])).toEqual([
      ['/api/scan/session/abc/merge', JSON.stringify({ Jobs: ['1', '2'] })],
    ]);
    expect(UploadXhr.urls).toHaveLength(1);
  });

  it('scans into an inbox: posts the cache file into it as "Scan <date time>" and opens the inbox', async () => {
    fastTimings();
    vi.stubGlobal('XMLHttpRequest', UploadXhr);
    const fake = server({ ...scanner(), 'POST inboxes/4': '"scan-abc-1.tif"' });
    renderApp({ url: '/scan?db=1&inboxId=4', fetch: fake.fetch, session: session() });
    fireEvent.click(await screen.findByRole('button', { name: 'Scan' }));
    fireEvent.click(
      within(await screen.findByTestId('continue-scanning')).getByRole('button', { name: 'Finish' }),
    );
    await waitFor(() => expect(currentPath()).toBe('/results/Inbox?db=1&inboxId=4'));
    const post = fake.requests.find((r) => r.method === 'POST' && r.path === 'inboxes/4');
    expect(post?.url.searchParams.get('FilePath')).toBe('cache-1-scan-abc-1.tif');
    // a readable name, not the helper's GUID name (issue 27, item 21h)
    expect(post?.url.searchParams.get('newFileName')).toMatch(/^Scan \d{4}-\d\d-\d\d \d\d\.\d\d\.\d\d\.tif$/);
  });

  it.each([
    [
      { Status: 'ScannerInUse', PagesScanned: 0, Message: '' },
      'The scanner is in use by another application. Close it and try again.',
    ],
    [{ Status: 'Cancelled', PagesScanned: 1, Message: '' }, 'The scan was cancelled.'],
    [{ Status: 'Error', PagesScanned: 0, Message: 'Paper jam.' }, 'An error occurred while scanning.'],
  ])('shows the message for status %o', async (status, message) => {
    fastTimings();
    const fake = server(scanner(status));
    renderApp({ url: '/scan?db=1&a=2', fetch: fake.fetch, session: session() });
    fireEvent.click(await screen.findByRole('button', { name: 'Scan' }));
    expect((await screen.findByTestId('scan-error-text')).textContent).toBe(message);
  });

  it("says 'Error connecting to Scan API.' when the scan session cannot be made", async () => {
    fastTimings();
    const fake = server({ ...scanner(), 'POST /api/scan/session': refused });
    renderApp({ url: '/scan?db=1&a=2', fetch: fake.fetch, session: session() });
    fireEvent.click(await screen.findByRole('button', { name: 'Scan' }));
    expect((await screen.findByTestId('scan-error-text')).textContent).toBe('Error connecting to Scan API.');
  });
});

describe('archive options', () => {
  it('offers import scan and import file, and opens the scan page', async () => {
    const fake = server();
    renderApp({ url: '/view?db=1', fetch: fake.fetch, session: session() });
    // the first test to show /view waits for its lazy chunk
    fireEvent.click(await screen.findByRole('button', { name: 'Options for Invoices' }, { timeout: 5000 }));
    const menu = screen.getByRole('menu', { name: 'Archive options' });
    const items = within(menu)
      .getAllByRole('menuitem')
      .map((b) => b.textContent);
    // other features add their own items after these two
    expect(items.slice(0, 2)).toEqual(['Import scan', 'Import file']);
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Import scan' }));
    await waitFor(() => expect(currentPath()).toBe('/scan?db=1&a=2'));
  });

  it('refuses import without the Add right and for a read-only licence', async () => {
    const fake = server();
    renderApp({ url: '/view?db=1', fetch: fake.fetch, session: session() });
    fireEvent.click(await screen.findByRole('button', { name: 'Options for Locked' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Import file' }));
    expect((await screen.findByTestId('import-refused')).textContent).toMatch(/do not have permission/);
  });

  it('disables every import item for a read-only licence, with the toolbar read-only tooltip (issue 27, 12)', async () => {
    const fake = server();
    renderApp({ url: '/view?db=1', fetch: fake.fetch, session: session({ licenseType: 4 }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Options for Invoices' }));
    const items = within(
      screen.getByRole('menu', { name: 'Archive options' }),
    ).getAllByRole<HTMLButtonElement>('menuitem');
    expect(items.length).toBeGreaterThanOrEqual(2);
    for (const item of items) {
      expect(item.disabled).toBe(true);
      expect(item.title).toBe('Your read-only license does not allow this action.');
    }
    fireEvent.click(screen.getByRole('menuitem', { name: 'Import scan' }));
    expect(currentPath()).toBe('/view?db=1');
  });

  it('uploads a chosen file and opens indexing; empty files are named and left out', async () => {
    vi.stubGlobal('XMLHttpRequest', UploadXhr);
    const fake = server();
    renderApp({ url: '/view?db=1', fetch: fake.fetch, session: session() });
    const input = (await screen.findByTestId('archive-import-file-2')) as HTMLInputElement;
    const files = [new File(['%PDF'], 'invoice.pdf'), new File([], 'empty.txt')];
    fireEvent.change(input, { target: { files } });
    const notice = await screen.findByTestId('zero-byte-notice');
    expect(notice.textContent).toContain('empty.txt');
    fireEvent.click(screen.getByRole('button', { name: 'Continue to indexing' }));
    await waitFor(() =>
      expect(currentPath()).toBe('/view?db=1&a=2&ImportDoc=cache-1-invoice.pdf&ImportName=invoice.pdf'),
    );
  });

  it('opens indexing for files dropped on an archive and refuses them without the Add right', async () => {
    vi.stubGlobal('XMLHttpRequest', UploadXhr);
    const fake = server();
    renderApp({ url: '/view?db=1', fetch: fake.fetch, session: session() });
    const locked = (await screen.findByRole('button', { name: 'Options for Locked' })).parentElement!;
    const dataTransfer = { types: ['Files'], files: [new File(['x'], 'a.pdf')], dropEffect: 'none' };
    fireEvent.drop(locked, { dataTransfer });
    expect(await screen.findByTestId('import-refused')).toBeTruthy();
    fireEvent.keyDown(screen.getByTestId('import-dialog'), { key: 'Escape' });

    const row = screen.getByRole('button', { name: 'Options for Invoices' }).parentElement!;
    fireEvent.drop(row, { dataTransfer });
    await waitFor(() =>
      expect(currentPath()).toBe('/view?db=1&a=2&ImportDoc=cache-1-a.pdf&ImportName=a.pdf'),
    );
  });
});
