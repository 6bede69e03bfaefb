// The indexing view of a captured batch document (#/view with portalId, batchId, docId): save goes
// to the portal, not to the archive import; a failure that is not about the values is
// ERROR_FILE_UPLOAD_FAILED, which closes the window back to the portal's batches.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FieldProp, FieldType } from '@gs/contract/flags';
import { createFakeServer, json, type FakeAnswer, type FakeHandler } from '../../test/fakeServer';
import { archive, session } from '../../test/fixtures';
import { currentPath, renderApp } from '../../test/renderApp';
import { fieldDef } from '../../test/searchFixtures';
import { NoteType, notesAtom } from '../../state/notes';
import { indexingPath } from '../indexing/indexingPath';

const C = '/square9capture/';
const LOAD = { timeout: 5000 };

function server(batchAnswer: FakeHandler | FakeAnswer) {
  return createFakeServer({
    'GET dbs': { Databases: [{ Id: 1, Name: 'Finance' }] },
    'GET dbs/1/archives': { Archives: [archive(2, 'Invoices')] },
    'GET dbs/1/archives/2?type=info': {
      Id: 2,
      Name: 'Invoices',
      Parent: 0,
      Permissions: 1048575,
      Properties: 0,
      DBProperties: 0,
      FolderOptions: 0,
      Count: 3,
      Hash: 'h',
    },
    'GET dbs/1/archives/2?type=fields': [
      fieldDef(2, 'Invoice Number', FieldType.Character, { Size: 20, Prop: FieldProp.Required }),
    ],
    'GET files?action=pages': { Pages: 3 },
    'POST indexes': [{ ID: 2, Valid: true, Code: 0, Message: '' }],
    [`GET ${C}batchportals`]: [],
    [`GET ${C}batches`]: { Batches: [], Total: 0, Page: 1, PageSize: 25, Counts: {} },
    [`POST ${C}batch`]: batchAnswer,
  });
}

const target = indexingPath({
  db: 1,
  archive: 2,
  importDocs: ['batch7-doc3.tif'],
  batch: { portalId: 4, batchId: 7, docId: 3 },
});

async function fillAndSave(fake: ReturnType<typeof server>) {
  const app = renderApp({ url: target, fetch: fake.fetch, session: session() });
  fireEvent.change(await screen.findByLabelText('Invoice Number', {}, LOAD), {
    target: { value: 'INV-40417' },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  return app;
}

describe('indexing a batch document', () => {
  it('saves to the portal with the values and goes back to its batches', async () => {
    const fake = server({ DocumentId: 88, Batch: {} });
    await fillAndSave(fake);
    await waitFor(() => expect(currentPath()).toBe('/batches?portalId=4'));
    const post = fake.requests.find((r) => r.method === 'POST' && r.url.pathname === `${C}batch`);
    expect(post?.url.search).toBe('?portalId=4&batchId=7&docId=3');
    expect(JSON.parse(post?.body ?? '{}')).toEqual({
      fields: [{ name: '2', value: 'INV-40417' }],
      files: [{ name: 'batch7-doc3.tif' }],
    });
    expect(fake.requests.some((r) => r.method === 'POST' && r.path === 'dbs/1/archives/2')).toBe(false);
  });

  it('closes the window with ERROR_FILE_UPLOAD_FAILED when the portal cannot take the document', async () => {
    const fake = server(json({ Message: 'Document 3 of batch 7 is indexed already.' }, 409));
    const { store } = await fillAndSave(fake);
    await waitFor(() => expect(currentPath()).toBe('/batches?portalId=4'));
    expect(store.get(notesAtom).map((n) => [n.type, n.text])).toContainEqual([
      NoteType.Error,
      'The document could not be saved to the batch portal. The window was closed and the batch counters were reset.',
    ]);
  });

  it('keeps the window open when the portal refuses the values', async () => {
    const fake = server(
      json(
        { Message: "RequiredField: Field 'Invoice Number' (ID 2): required.", Code: 'RequiredField' },
        400,
      ),
    );
    await fillAndSave(fake);
    expect((await screen.findByTestId('indexing-error')).textContent).toContain('required');
    expect(currentPath()).toBe(target);
  });
});
