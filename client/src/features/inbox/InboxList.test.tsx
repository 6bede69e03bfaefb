// The inbox list on the search screen against the simulator's app in process (test/realServer.ts):
// inboxWorld's Scans (alpha.pdf, beta.txt, gamma.txt) and Mail (letter.txt) as full.user sees them.
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Inbox } from '@gs/contract/inboxes';
import { uploaderOver } from '../../test/fetchXhr';
import { currentPath, renderApp } from '../../test/renderApp';
import { realServer } from '../../test/realServer';
import { uploaderOverrideAtom } from './cacheUpload';

// the first render loads the lazy pages: give a busy machine time
configure({ asyncUtilTimeout: 5000 });

const file = (name: string, content = 'data') => new File(content ? [content] : [], name);

async function start(login = 'full.user') {
  const server = realServer();
  const session = await server.signIn(login);
  const app = renderApp({ url: '/view?db=1', fetch: server.fetch, session });
  // the real upload (api/upload.ts) with its XMLHttpRequest over the in-process fetch
  app.store.set(uploaderOverrideAtom, () => uploaderOver(server.fetch, app.http, session.token));
  const files = async (inbox: number) =>
    (await server.call<Inbox>(login, 'GET', `inboxes/${inbox}`)).Files.map((f) => f.FileName + f.FileType);
  return { ...app, server, w: server.w, files };
}

const row = (id: number) => screen.findByTestId(`inbox-${id}`);

describe('inbox list on the search screen', () => {
  it('lists the inboxes with their file counts and opens one', async () => {
    const { w } = await start();
    const scans = await row(w.scans);
    expect(within(scans).getByRole('button', { name: 'Scans' })).toBeTruthy();
    expect(within(scans).getByTitle('Files: 3').textContent).toBe('3');
    expect(within(await row(w.mail)).getByTitle('Files: 1')).toBeTruthy();
    // an inbox full.user may not view is not listed
    expect(screen.queryByTestId(`inbox-${w.hidden}`)).toBeNull();
    fireEvent.click(within(scans).getByRole('button', { name: 'Scans' }));
    await waitFor(() => expect(currentPath()).toBe(`/results/Inbox?db=1&inboxId=${w.scans}`));
  });

  it('collapses and remembers it', async () => {
    const first = await start();
    await row(first.w.scans);
    fireEvent.click(screen.getByTestId('inbox-panel-toggle'));
    expect(screen.queryByTestId(`inbox-${first.w.scans}`)).toBeNull();
    expect(window.localStorage.getItem('showInboxList')).toBe('false');
    first.unmount();

    const { w } = await start();
    const toggle = await screen.findByTestId('inbox-panel-toggle');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByTestId(`inbox-${w.scans}`)).toBeNull();
    fireEvent.click(toggle);
    expect(await row(w.scans)).toBeTruthy();
  });

  it('imports a scan through the scan page', async () => {
    const { w } = await start();
    fireEvent.click(within(await row(w.scans)).getByRole('button', { name: 'Options for Scans' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Import scan' }));
    await waitFor(() => expect(currentPath()).toBe(`/scan?db=1&inboxId=${w.scans}`));
  });

  it('imports files: zero-byte files are dropped with a message, the rest are posted into the inbox', async () => {
    const { server, w, files } = await start();
    fireEvent.click(within(await row(w.mail)).getByRole('button', { name: 'Options for Mail' }));
    const click = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => undefined);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Import file' }));
    expect(click).toHaveBeenCalled();
    click.mockRestore();
    fireEvent.change(screen.getByTestId('inbox-file-input'), {
      target: { files: [file('empty.pdf', ''), file('Invoice 7.pdf')] },
    });

    expect((await screen.findByTestId('inbox-upload-done')).textContent).toContain('Files added: 1');
    expect(screen.getByTestId('zero-byte-removed').textContent).toBe(
      'This file is empty (0 bytes) and was not uploaded: empty.pdf',
    );
    const upload = server.requests.filter((r) => r.method === 'POST' && r.path === 'files');
    expect(upload).toHaveLength(1);
    const post = server.requests.find((r) => r.method === 'POST' && r.path === `inboxes/${w.mail}`);
    expect(post?.url.searchParams.get('FilePath')).toBeTruthy();
    expect(post?.url.searchParams.get('newFileName')).toBe('Invoice 7.pdf');
    expect(await files(w.mail)).toContain('Invoice 7.pdf');
    // the list reloads its counts
    await waitFor(() =>
      expect(within(screen.getByTestId(`inbox-${w.mail}`)).getByTitle('Files: 2')).toBeTruthy(),
    );
  });

  it('adds files dropped on an inbox without indexing', async () => {
    const { w, files } = await start();
    const scans = await row(w.scans);
    fireEvent.dragOver(scans, { dataTransfer: { types: ['Files'], files: [] } });
    fireEvent.drop(scans, { dataTransfer: { types: ['Files'], files: [file('dropped.tif')] } });
    await screen.findByTestId('inbox-upload-done');
    expect(await files(w.scans)).toContain('dropped.tif');
    expect(currentPath()).toBe('/view?db=1');
  });

  it('refuses a drop on an inbox where adding is not allowed', async () => {
    // web.user may only view Scans
    const { server, w, files } = await start('web.user');
    fireEvent.drop(await row(w.scans), {
      dataTransfer: { types: ['Files'], files: [file('x.pdf')] },
    });
    expect(screen.getByRole('alert').textContent).toBe('You do not have permission to add files to Scans.');
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);
    expect(await files(w.scans)).toEqual(['alpha.pdf', 'beta.txt', 'gamma.txt']);
  });

  it('offers no import to a read-only licence', async () => {
    const { w } = await start('reader');
    fireEvent.click(within(await row(w.scans)).getByRole('button', { name: 'Options for Scans' }));
    expect(screen.getByRole<HTMLButtonElement>('menuitem', { name: 'Import file' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('menuitem', { name: 'Import scan' }).disabled).toBe(true);
    // saying why, as the toolbar does (issue 27, 12)
    for (const name of ['Import scan', 'Import file'])
      expect(screen.getByRole<HTMLButtonElement>('menuitem', { name }).title).toBe(
        'Your read-only license does not allow this action.',
      );
  });
});
