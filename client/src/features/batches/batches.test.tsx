import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Batch, BatchesPage, BatchPortal } from '@gs/contract/capture';
import { createFakeServer, json, type FakeRequest } from '../../test/fakeServer';
import { session } from '../../test/fixtures';
import { currentPath, renderApp } from '../../test/renderApp';
import { indexingPath, readIndexingTarget } from '../indexing/indexingPath';

const C = '/square9capture/';
const portal = (Id: number, Name: string, Type: 0 | 1 = 0): BatchPortal => ({
  Id,
  Name,
  Type,
  Status: 1,
  StatusMessage: '',
  InstanceId: 1,
  DatabaseId: 1,
  ArchiveId: 2,
  InboxId: 0,
});
const batch = (Id: number, Status: Batch['Status'], extra: Partial<Batch> = {}): Batch => ({
  Id,
  PortalId: 1,
  Name: `Batch ${Id}`,
  Status,
  Documents: 2,
  Indexed: 0,
  Pages: 2,
  CreatedBy: 'full.user',
  Created: '2026-11-24T10:00:00.000Z',
  Modified: '2026-11-24T10:00:00.000Z',
  Error: '',
  ...extra,
});
const page = (batches: Batch[], Total = batches.length, Page = 1): BatchesPage => ({
  Batches: batches,
  Total,
  Page,
  PageSize: 25,
  Counts: { '1': 0, '2': 0, '3': 4, '4': 1, '5': 1, '6': 0, '7': 0 },
});

describe('/batchselect', () => {
  it('lists batch portals as links and analytics portals as such', async () => {
    const server = createFakeServer({
      [`GET ${C}batchportals`]: [portal(1, 'AP Scans'), portal(2, 'Stats', 1)],
    });
    renderApp({ url: '/batchselect', fetch: server.fetch, session: session() });
    fireEvent.click(await screen.findByRole('link', { name: 'AP Scans' }));
    await waitFor(() => expect(currentPath()).toBe('/batches?portalId=1'));
  });

  it('says ERROR_GET_BATCHPORTALS when the portals cannot load', async () => {
    const server = createFakeServer({
      [`GET ${C}batchportals`]: json({ Message: 'An error has occurred.' }, 500),
    });
    renderApp({ url: '/batchselect', fetch: server.fetch, session: session() });
    expect((await screen.findByTestId('batch-portals-error')).textContent).toBe(
      'The batch portals could not be loaded.',
    );
  });

  it("says 'Batch portals are hidden.' when config.json hides them, and asks nothing", async () => {
    const server = createFakeServer({});
    renderApp({
      url: '/batchselect',
      fetch: server.fetch,
      session: session(),
      config: { hide: { batchPortals: true } },
    });
    expect((await screen.findByTestId('batch-portals-hidden')).textContent).toBe('Batch portals are hidden.');
    expect(server.requests.filter((r: FakeRequest) => r.url.pathname.startsWith(C))).toEqual([]);
  });
});

describe('/batches', () => {
  it('shows the statuses in their colours, the reason of an errored batch, and filters by status', async () => {
    const seen: string[] = [];
    const server = createFakeServer({
      [`GET ${C}batchportals`]: [portal(1, 'AP Scans')],
      [`GET ${C}batches`]: (r: FakeRequest) => {
        seen.push(r.url.search);
        return r.url.searchParams.get('status') === '5'
          ? page([batch(7, 5, { Error: 'The OCR engine did not answer.' })])
          : page([batch(9, 3), batch(8, 4), batch(7, 5, { Error: 'The OCR engine did not answer.' })]);
      },
    });
    renderApp({ url: '/batches?portalId=1', fetch: server.fetch, session: session() });
    expect(await screen.findByRole('heading', { name: 'Batches of AP Scans' })).toBeTruthy();
    const statuses = await screen.findAllByTestId('batch-status');
    expect(statuses.map((s) => s.textContent)).toEqual(['Processed', 'Completed', 'Errored']);
    expect(statuses.map((s) => s.style.backgroundColor)).toEqual(['#0d7f81', '#2e7d32', '#c62828']);
    expect(screen.getByTestId('batch-error').textContent).toBe('Server: The OCR engine did not answer.');
    fireEvent.click(screen.getByRole('button', { name: /^Errored/ }));
    await waitFor(() => expect(currentPath()).toBe('/batches?portalId=1&status=5'));
    await waitFor(() => expect(screen.getAllByTestId('batch-status')).toHaveLength(1));
    expect(seen.at(-1)).toContain('status=5');
    expect(screen.getByRole('button', { name: /^Errored/ }).getAttribute('aria-pressed')).toBe('true');
  });

  it('re-queues a batch only after the confirmation', async () => {
    let status: Batch['Status'] = 5;
    const server = createFakeServer({
      [`GET ${C}batchportals`]: [portal(1, 'AP Scans')],
      [`GET ${C}batches`]: () => page([batch(7, status, { Error: status === 5 ? 'Why' : '' })]),
      [`POST ${C}batchaction`]: () => {
        status = 1;
        return batch(7, 1);
      },
    });
    renderApp({ url: '/batches?portalId=1', fetch: server.fetch, session: session() });
    fireEvent.click(await screen.findByRole('button', { name: 'Re-queue' }));
    const dialog = await screen.findByTestId('batch-confirm');
    expect(dialog.textContent).toContain("Re-queue batch 'Batch 7'? It will be processed again.");
    expect(server.requests.some((r: FakeRequest) => r.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Re-queue' }));
    await waitFor(() => expect(screen.getByTestId('batch-status').textContent).toBe('Queued'));
    const post = server.requests.find((r: FakeRequest) => r.method === 'POST');
    expect(post?.url.search).toBe('?portalId=1&batchId=7&actionId=1');
  });

  it("shows the server's refusal of an action", async () => {
    const server = createFakeServer({
      [`GET ${C}batchportals`]: [portal(1, 'AP Scans')],
      [`GET ${C}batches`]: page([batch(7, 6)]),
      [`DELETE ${C}batchaction`]: json({ Message: "You may not delete batches of portal 'AP Scans'." }, 403),
    });
    renderApp({ url: '/batches?portalId=1', fetch: server.fetch, session: session() });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    fireEvent.click(
      within(await screen.findByTestId('batch-confirm')).getByRole('button', { name: 'Delete' }),
    );
    expect((await screen.findByTestId('batch-action-error')).textContent).toBe(
      "Server: You may not delete batches of portal 'AP Scans'.",
    );
  });
});

describe('the indexing address of a batch document', () => {
  it('round-trips portalId, batchId, docId and overrideBatchCriteria', () => {
    const path = indexingPath({
      db: 1,
      archive: 2,
      importDocs: ['batch7-doc3.tif'],
      batch: { portalId: 1, batchId: 7, docId: 3 },
      overrideBatchCriteria: true,
    });
    expect(readIndexingTarget(new URLSearchParams(path.split('?')[1]))).toMatchObject({
      importDocs: ['batch7-doc3.tif'],
      batch: { portalId: 1, batchId: 7, docId: 3 },
      overrideBatchCriteria: true,
    });
  });
});
