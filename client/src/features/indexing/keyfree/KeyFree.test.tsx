// KeyFree in the indexing view: not registered in the helper → the install data-extraction modal
// and Management/Install; the page's words over the image; a picked word fills the focused field
// (a list field takes its item or says KEYFREE_LIST_ITEM_NOT_FOUND) and moves the focus on; after
// the last field the tool stops; a page without words says ERROR_NO_KFI_WORDS.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PageWord, PageWordsResponse } from '@gs/contract/dataExtraction';
import { FieldProp, FieldType } from '@gs/contract/flags';
import { createFakeServer, json, type FakeAnswer, type FakeHandler } from '../../../test/fakeServer';
import { archive, session } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { fieldDef } from '../../../test/searchFixtures';
import { indexingPath } from '../indexingPath';

const FIELDS = [
  fieldDef(1, 'Vendor Name', FieldType.Character, { List: 8, Prop: FieldProp.Required }),
  fieldDef(2, 'Invoice Number', FieldType.Character, { Size: 30 }),
  fieldDef(3, 'Date Entered', FieldType.Date, { Prop: FieldProp.DateEntered }),
  fieldDef(4, 'Invoice Date', FieldType.Date, { Mask: 'd' }),
];
const word = (Value: string, Left: number, Line: number): PageWord => ({
  Value,
  Left,
  Top: Line * 0.03,
  Width: 0.08,
  Height: 0.02,
  Line,
});
const WORDS: PageWordsResponse = {
  Page: 1,
  Width: 1700,
  Height: 2200,
  Words: [
    word('Pacific', 0.1, 1),
    word('Fastener', 0.2, 1),
    word('Supply', 0.3, 1),
    word('INV-10042', 0.3, 4),
    word('03/14/2025', 0.3, 5),
  ],
};
const packages = (installed: boolean) => [
  { AppName: 'DataExtraction', Installed: installed, Version: '3.2.0.12' },
];

function server(extra: Record<string, FakeHandler | FakeAnswer> = {}) {
  const fake = createFakeServer({
    'GET dbs': { Databases: [{ Id: 1, Name: 'Finance' }] },
    'GET dbs/1/archives': { Archives: [archive(2, 'Invoices')] },
    'GET dbs/1/archives/2/searches': [],
    'GET dbs/1/archives/2?type=info': {
      Id: 2,
      Name: 'Invoices',
      Parent: 0,
      Permissions: 1048575,
      FolderOptions: 0,
    },
    'GET dbs/1/archives/2?type=fields': FIELDS,
    'GET dbs/1/lists/8': { ID: 8, Name: 'Vendors', Items: ['Pacific Fastener Supply', 'Rose City Printing'] },
    'GET files?action=pages': { Pages: 1 },
    'GET files?action=words': WORDS,
    'GET /api/management/checkpackages': packages(false),
    'POST /api/management/install': packages(true),
    ...extra,
  });
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

const LOAD = { timeout: 5000 };
const field = (name: string) => screen.getByLabelText(name, { selector: 'input, select' });
const toggle = () => screen.getByRole('button', { name: 'KeyFree' });
/** Enter on a word's box (mouse picks are measured against the page, which a test has no layout for) */
const pick = (text: string) =>
  fireEvent.click(within(screen.getByTestId('keyfree-overlay')).getByRole('button', { name: text }), {
    detail: 0,
  });

function open(fake: ReturnType<typeof server>) {
  return renderApp({
    url: indexingPath({ db: 1, archive: 2, importDocs: ['scan.tif'] }),
    fetch: fake.fetch,
    session: session(),
  });
}

describe('KeyFree', () => {
  it(
    'installs data extraction when it is not registered, then fills field after field and stops',
    { timeout: 15000 },
    async () => {
      const fake = server();
      open(fake);
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
    const fake = server({
      'GET /api/management/checkpackages': packages(true),
      'GET files?action=words': () =>
        json({ Message: 'No words were recognised on this page.', Code: 'NoKfiWords' }, 404),
    });
    open(fake);
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
