// 'Upload into this portal': the chosen files go to the upload cache, then become one batch.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeServer, type FakeRequest } from '../../test/fakeServer';
import { session } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

const C = '/square9capture/';

/** XMLHttpRequest for `POST files`: answers with one cache name per file. */
class UploadXhr {
  status = 0;
  responseText = '';
  upload = { onprogress: null };
  onload: (() => void) | null = null;
  onerror = null;
  ontimeout = null;
  onabort = null;
  open() {}
  setRequestHeader() {}
  send(form: FormData) {
    const files = (form.getAll('File') as File[]).map((f) => ({
      name: `cache-${f.name}`,
      originalName: f.name,
    }));
    setTimeout(() => {
      this.status = 200;
      this.responseText = JSON.stringify({ files });
      this.onload?.();
    }, 0);
  }
  abort() {}
}

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
    const files = [new File(['a'], 'one.tif'), new File(['b'], 'two.pdf')];
    fireEvent.change(input, { target: { files } });
    await waitFor(() => expect(screen.getByTestId('batches-total').textContent).toBe('1 batch'));
    const post = server.requests.find((r: FakeRequest) => r.method === 'POST');
    expect(post?.url.search).toBe('?portalId=3');
    expect(JSON.parse(post?.body ?? '{}')).toEqual({
      Files: [{ Name: 'cache-one.tif' }, { Name: 'cache-two.pdf' }],
    });
  });
});
