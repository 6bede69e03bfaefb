import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LicenseType, type LicenseTypeCode } from '@gs/contract/flags';
import { inboxServer, inboxWorld, AP_INTAKE, SCANNING } from '../../test/inboxServer';
import { session } from '../../test/fixtures';
import { currentPath, renderApp } from '../../test/renderApp';
import { uploaderOverrideAtom, type Uploader } from './cacheUpload';

// the first render loads the lazy pages: give a busy machine time
configure({ asyncUtilTimeout: 5000 });

const file = (name: string, content = 'data') => new File(content ? [content] : [], name);

/** Answers like `POST files`: a cache name per file, reporting progress on the way. */
const fakeUploader = (): Uploader & { calls: File[][] } => {
  const calls: File[][] = [];
  const upload: Uploader = (files, onProgress) => {
    calls.push(files);
    onProgress(0.5);
    return Promise.resolve({
      files: files.map((f, i) => ({
        name: `cache_${i}${f.name.slice(f.name.lastIndexOf('.'))}`,
        originalName: f.name,
        isEmail: false,
        oEmailData: null,
        test: null,
      })),
      skipped: [],
    });
  };
  return Object.assign(upload, { calls });
};

function start(licenseType: LicenseTypeCode = LicenseType.Full) {
  const world = inboxWorld();
  const fake = inboxServer(world);
  const app = renderApp({ url: '/view?db=1', fetch: fake.fetch, session: session({ licenseType }) });
  const uploader = fakeUploader();
  app.store.set(uploaderOverrideAtom, () => uploader);
  return { ...app, world, fake, uploader };
}

const row = (id: number) => screen.findByTestId(`inbox-${id}`);

describe('inbox list on the search screen', () => {
  it('lists the inboxes with their file counts and opens one', async () => {
    start();
    const scanning = await row(SCANNING);
    expect(within(scanning).getByRole('button', { name: 'Scanning' })).toBeTruthy();
    expect(within(scanning).getByTitle('Files: 3').textContent).toBe('3');
    expect(within(await row(AP_INTAKE)).getByTitle('Files: 1')).toBeTruthy();
    fireEvent.click(within(scanning).getByRole('button', { name: 'Scanning' }));
    await waitFor(() => expect(currentPath()).toBe(`/results/Inbox?db=1&inboxId=${SCANNING}`));
  });

  it('collapses and remembers it', async () => {
    const first = start();
    await row(SCANNING);
    fireEvent.click(screen.getByTestId('inbox-panel-toggle'));
    expect(screen.queryByTestId(`inbox-${SCANNING}`)).toBeNull();
    expect(window.localStorage.getItem('showInboxList')).toBe('false');
    first.unmount();

    start();
    const toggle = await screen.findByTestId('inbox-panel-toggle');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByTestId(`inbox-${SCANNING}`)).toBeNull();
    fireEvent.click(toggle);
    expect(await row(SCANNING)).toBeTruthy();
  });

  it('imports a scan through the scan page', async () => {
    start();
    fireEvent.click(within(await row(SCANNING)).getByRole('button', { name: 'Options for Scanning' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Import scan' }));
    await waitFor(() => expect(currentPath()).toBe(`/scan?db=1&inboxId=${SCANNING}`));
  });

  it('imports files: zero-byte files are dropped with a message, the rest are posted into the inbox', async () => {
    const { fake, world, uploader } = start();
    fireEvent.click(within(await row(AP_INTAKE)).getByRole('button', { name: 'Options for AP Intake' }));
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
    expect(uploader.calls.map((files) => files.map((f) => f.name))).toEqual([['Invoice 7.pdf']]);
    const post = fake.requests.find((r) => r.method === 'POST' && r.path === `inboxes/${AP_INTAKE}`);
    expect(post?.url.searchParams.get('FilePath')).toBe('cache_0.pdf');
    expect(post?.url.searchParams.get('newFileName')).toBe('Invoice 7.pdf');
    expect(world.names(AP_INTAKE)).toContain('Invoice 7.pdf');
    // the list reloads its counts
    await waitFor(() =>
      expect(within(screen.getByTestId(`inbox-${AP_INTAKE}`)).getByTitle('Files: 2')).toBeTruthy(),
    );
  });

  it('adds files dropped on an inbox without indexing, and refuses a drop where adding is not allowed', async () => {
    const { world } = start();
    const scanning = await row(SCANNING);
    fireEvent.dragOver(scanning, { dataTransfer: { types: ['Files'], files: [] } });
    fireEvent.drop(scanning, { dataTransfer: { types: ['Files'], files: [file('dropped.tif')] } });
    await screen.findByTestId('inbox-upload-done');
    expect(world.names(SCANNING)).toContain('dropped.tif');
    expect(currentPath()).toBe('/view?db=1');

    fireEvent.drop(screen.getByTestId('inbox-5'), {
      dataTransfer: { types: ['Files'], files: [file('x.pdf')] },
    });
    expect(screen.getByRole('alert').textContent).toBe(
      'You do not have permission to add files to HR Onboarding.',
    );
    expect(world.names(5)).toEqual([]);
  });

  it('offers no import to a read-only licence', async () => {
    start(LicenseType.ReadOnly);
    fireEvent.click(within(await row(SCANNING)).getByRole('button', { name: 'Options for Scanning' }));
    expect(screen.getByRole<HTMLButtonElement>('menuitem', { name: 'Import file' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('menuitem', { name: 'Import scan' }).disabled).toBe(true);
    // saying why, as the toolbar does (issue 27, 12)
    for (const name of ['Import scan', 'Import file'])
      expect(screen.getByRole<HTMLButtonElement>('menuitem', { name }).title).toBe(
        'Your read-only license does not allow this action.',
      );
  });
});
