// 'Upload into this portal': the chosen files go to the upload cache, then become one batch.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeServer, type FakeRequest } from '../../test/fakeServer';
import { session } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { UploadXhr } from '../../test/uploadXhr';

const C = '/square9capture/';

afterEach(() => vi.unstubAllGlobals());

describe('upload into a batch portal', () => {
  it('uploads the files and makes one batch of them', async () => {
    vi.stubGlobal('XMLHttpRequest', UploadXhr);
    let created = false;
    const server = createFakeServer({
      [`GET ${C}batchportals`]: [],
      [`GET ${C}batches`]: () => ({
        Batches: [],
        Total: created ? 1 : 0,
        Page: 1,
        PageSize: 25,
        Counts: {},
      }),
      [`POST ${C}batches`]: () => {
        created = true;
        return {};
      },
    });
    renderApp({ url: '/batches?portalId=3', fetch: server.fetch, session: session() });
    const input = (await screen.findByText('Upload into this portal')).querySelector('input')!;
    // reachable by keyboard: a labelled input in the tab order, not a hidden one
    expect(input.hidden).toBe(false);
    expect(input.tabIndex).toBe(0);
    expect(screen.getByLabelText('Upload into this portal')).toBe(input);
    const files = [new File(['a'], 'one.tif'), new File(['b'], 'two.pdf')];
    fireEvent.change(input, { target: { files } });
    await waitFor(() => expect(screen.getByTestId('batches-total').textContent).toBe('1 batch'));
    const post = server.requests.find((r: FakeRequest) => r.method === 'POST');
    expect(post?.url.search).toBe('?portalId=3');
    expect(JSON.parse(post?.body ?? '{}')).toEqual({
      Files: [{ Name: 'cache-1-one.tif' }, { Name: 'cache-2-two.pdf' }],
    });
  });
});
