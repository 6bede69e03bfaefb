// The helper client's timeouts: a call gets the app's 10 s, a merge (pages joined into one file,
// which takes time with the pages) two minutes, and a call that runs out is 'unreachable'.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHelperClient, HelperError, MERGE_TIMEOUT_MS } from './helper';

/** A fetch that answers only when aborted (then it rejects), or after `answerAfterMs`. */
function slowFetch(answerAfterMs: number) {
  return (_input: RequestInfo | URL, init?: RequestInit) =>
    new Promise<Response>((done, fail) => {
      const timer = setTimeout(
        () => done(new Response(JSON.stringify({ Files: [] }), { status: 200 })),
        answerAfterMs,
      );
      init?.signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        fail(new DOMException('aborted', 'AbortError'));
      });
    });
}

afterEach(() => vi.useRealTimers());

describe('helper client timeouts', () => {
  it('lets a merge run past the 10 s of other calls', async () => {
    vi.useFakeTimers();
    const client = createHelperClient({ baseUrl: 'http://localhost:9080', fetch: slowFetch(60_000) });
    const merged = client.mergeSession('s1', ['1', '2']);
    const single = client.merge('s1', '1');
    const status = client.jobStatus('s1', '1').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10_001);
    const refused = await status;
    expect(refused).toBeInstanceOf(HelperError);
    expect((refused as HelperError).kind).toBe('unreachable');
    await vi.advanceTimersByTimeAsync(50_000);
    await expect(merged).resolves.toEqual({ Files: [] });
    await expect(single).resolves.toEqual({ Files: [] });
  });

  it('gives up on a merge after two minutes', async () => {
    vi.useFakeTimers();
    const client = createHelperClient({ baseUrl: 'http://localhost:9080', fetch: slowFetch(10 * 60_000) });
    const merged = client.mergeSession('s1', ['1']).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(MERGE_TIMEOUT_MS + 1);
    expect(((await merged) as HelperError).kind).toBe('unreachable');
  });
});
