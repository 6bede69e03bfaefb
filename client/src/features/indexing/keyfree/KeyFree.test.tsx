// KeyFree in the indexing view: not registered in the helper → the install data-extraction modal
// and Management/Install; the page's words over the image; a picked word fills the focused field
// (a list field takes its item or says KEYFREE_LIST_ITEM_NOT_FOUND) and moves the focus on; after
// the last field the tool stops; a page without words says ERROR_NO_KFI_WORDS.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { indexingServer, type IndexingServer } from '../../../test/indexingWorld';
import { scanWithWords, tiffOf } from '../../../test/realServer';
import { renderApp } from '../../../test/renderApp';
import { indexingPath } from '../indexingPath';

// On the simulator's app in process (decision 082): full.user indexes into Intake
// (clientIndexingWorld.ts: Vendor Name with its list, Invoice Number, Date Entered, Invoice Date)
// a scan uploaded into their cache whose page carries the words its scanner printed, which the
// server reads for KeyFree (decision 030). Only GlobalSearch Extensions (the helper) is answered by
// overrides: it is not the API server.
const WORDS: [string, number, number][] = [
  ['Pacific', 0.1, 1],
  ['Fastener', 0.2, 1],
  ['Supply', 0.3, 1],
  ['INV-10042', 0.3, 4],
  ['03/14/2025', 0.3, 5],
];
const packages = (installed: boolean) => [
  { AppName: 'DataExtraction', Installed: installed, Version: '3.2.0.12' },
];

function server(installed = false) {
  const real = indexingServer(() => ({
    'GET /api/management/checkpackages': packages(installed),
    'POST /api/management/install': packages(true),
  }));
  vi.stubGlobal('fetch', real.fetch);
  return real;
}

const LOAD = { timeout: 5000 };
const field = (name: string) => screen.getByLabelText(name, { selector: 'input, select' });
const toggle = () => screen.getByRole('button', { name: 'KeyFree' });
/** Enter on a word's box (mouse picks are measured against the page, which a test has no layout for) */
const pick = (text: string) =>
  fireEvent.click(within(screen.getByTestId('keyfree-overlay')).getByRole('button', { name: text }), {
    detail: 0,
  });

async function open(real: IndexingServer, bytes: Uint8Array = scanWithWords(WORDS)) {
  const importDocs = await real.upload('full.user', [{ name: 'scan.tif', bytes }]);
  return renderApp({
    url: indexingPath({ db: real.w.alpha, archive: real.x.intake, importDocs }),
    fetch: real.fetch,
    session: await real.signIn('full.user'),
  });
}

describe('KeyFree', () => {
  it(
    'installs data extraction when it is not registered, then fills field after field and stops',
    { timeout: 15000 },
    async () => {
      const fake = server();
      await open(fake);
      await screen.findByLabelText('Vendor Name', { selector: 'input' }, LOAD);
      fireEvent.click(toggle());
      const modal = await screen.findByTestId('install-data-extraction-modal');
      expect(modal.textContent).toContain('Data extraction is not registered in GlobalSearch Extensions.');
      fireEvent.click(within(modal).getByRole('button', { name: 'Install' }));
      await waitFor(() => expect(screen.queryByTestId('install-data-extraction-modal')).toBeNull());
      const install = fake.requests.find(
        (r) => r.method === 'POST' && r.path.toLowerCase() === '/api/management/install',
      );
      expect(JSON.parse(install?.body ?? '{}')).toEqual({ AppNames: ['DataExtraction'] });
      expect(toggle().getAttribute('aria-pressed')).toBe('true');
      await screen.findByTestId('keyfree-overlay');
      expect(
        fake.requests.find((r) => r.url.searchParams.get('action') === 'words')?.url.searchParams.get('page'),
      ).toBe('1');

      // the first field has the focus; a number is no vendor
      await waitFor(() => expect(document.activeElement).toBe(field('Vendor Name')));
      pick('INV-10042');
      expect(await screen.findByTestId('keyfree-message')).toHaveProperty(
        'textContent',
        "The selected text is not an item of this field's list.",
      );
      expect((field('Vendor Name') as HTMLInputElement).value).toBe('');
      // one word of the name finds the one vendor it belongs to; the focus moves on
      pick('Fastener');
      await waitFor(() =>
        expect((field('Vendor Name') as HTMLInputElement).value).toBe('Pacific Fastener Supply'),
      );
      expect(screen.queryByTestId('keyfree-message')).toBeNull();
      expect(document.activeElement).toBe(field('Invoice Number'));
      pick('INV-10042');
      await waitFor(() => expect((field('Invoice Number') as HTMLInputElement).value).toBe('INV-10042'));
      // the system field is skipped; the date is parsed with the field's mask
      expect(document.activeElement).toBe(field('Invoice Date'));
      pick('03/14/2025');
      await waitFor(() => expect((field('Invoice Date') as HTMLInputElement).value).toBe('03/14/2025'));
      // no more fields: the tool stops
      expect(toggle().getAttribute('aria-pressed')).toBe('false');
      expect(screen.queryByTestId('keyfree-overlay')).toBeNull();
    },
  );

  it('goes straight on when registered, and says ERROR_NO_KFI_WORDS for a page without words', async () => {
    // a scan whose page carries no words: the server's 404 NoKfiWords
    await open(server(true), tiffOf(1));
    await screen.findByLabelText('Vendor Name', { selector: 'input' }, LOAD);
    fireEvent.click(toggle());
    expect((await screen.findByTestId('keyfree-message')).textContent).toBe(
      'No words were recognised on this page.',
    );
    expect(screen.queryByTestId('install-data-extraction-modal')).toBeNull();
    fireEvent.click(toggle());
    expect(toggle().getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByTestId('keyfree-message')).toBeNull();
  });
});
