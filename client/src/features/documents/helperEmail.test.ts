import { describe, expect, it, vi } from 'vitest';
import { HelperError } from '../../api/helper';
import { emailDocuments, emailInboxFiles } from './helperEmail';

const request = {
  baseUrl: 'http://localhost:9080',
  database: 1,
  searchId: 12,
  fieldId: 0,
  withAnnotations: true,
  token: 'tok',
  body: { Documents: [{ Archive: 2, Id: 101, Hash: 'h101' }], SearchCriteria: { 5: 'ACME' } },
};

describe('emailDocuments', () => {
  it("posts the documents to the helper's launch email with the query the spec names", async () => {
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ File: 'outbox/1.eml', Attachments: 1 }), {
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    const result = await emailDocuments(request, fetch as unknown as typeof globalThis.fetch);
    expect(result).toEqual({ File: 'outbox/1.eml', Attachments: 1 });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    const sent = new URL(url);
    expect(sent.origin + sent.pathname).toBe('http://localhost:9080/api/launch/email');
    expect(Object.fromEntries(sent.searchParams)).toEqual({
      database: '1',
      searchId: '12',
      fieldID: '0',
      withAnnotations: 'true',
      token: 'tok',
    });
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual(request.body);
  });

  it('reports an unreachable helper and the helper Message of a failure', async () => {
    const down = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(emailDocuments(request, down as unknown as typeof globalThis.fetch)).rejects.toMatchObject({
      kind: 'unreachable',
    });
    const bad = vi.fn(
      async () =>
        new Response(JSON.stringify({ Message: 'The file of document 101 could not be fetched.' }), {
          status: 502,
        }),
    );
    const error = await emailDocuments(request, bad as unknown as typeof globalThis.fetch).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(HelperError);
    expect((error as HelperError).helperMessage).toBe('The file of document 101 could not be fetched.');
  });
});

describe('emailInboxFiles', () => {
  it("posts the inbox files to the helper's launch inboxemail as InboxID and Filename", async () => {
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ File: 'outbox/2.eml', Attachments: 2 }), {
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    const body = {
      Documents: [
        { InboxID: 4, Filename: 'scan 1.tif' },
        { InboxID: 4, Filename: 'b.pdf' },
      ],
    };
    const result = await emailInboxFiles(
      { baseUrl: 'http://localhost:9080', database: 3, token: 'tok', body },
      fetch as unknown as typeof globalThis.fetch,
    );
    expect(result).toEqual({ File: 'outbox/2.eml', Attachments: 2 });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    const sent = new URL(url);
    expect(sent.origin + sent.pathname).toBe('http://localhost:9080/api/launch/inboxemail');
    expect(Object.fromEntries(sent.searchParams)).toEqual({ database: '3', token: 'tok' });
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual(body);
  });

  it('reports the helper being unreachable', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const call = emailInboxFiles(
      { baseUrl: 'http://localhost:9080', database: 3, token: 'tok', body: { Documents: [] } },
      fetch as unknown as typeof globalThis.fetch,
    );
    await expect(call).rejects.toMatchObject({ kind: 'unreachable' });
    await expect(call).rejects.toBeInstanceOf(HelperError);
  });
});
