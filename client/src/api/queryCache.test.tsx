// The cache's invalidation: an invalidated key is asked again and every screen showing it updates,
// other keys stay; signing in or out leaves nothing of the last user's answers.
import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { DEFAULT_CONFIG } from './config';
import { createAppStore } from '../app/createAppStore';
import { createFakeServer } from '../test/fakeServer';
import { license } from '../test/fixtures';
import { clearSessionAtom, signInAtom } from '../state/session';
import { requestResultsReloadAtom } from '../features/results/resultsReload';
import { queuesChangedAtom } from '../features/workflow/workflowAtoms';
import {
  cached,
  invalidateQueriesAtom,
  QueryCache,
  queryCacheAtom,
  queryKeys,
  useCachedQuery,
} from './queryCache';

describe('QueryCache', () => {
  it('answers a key once, and asks again after its prefix is invalidated', async () => {
    const cache = new QueryCache();
    let calls = 0;
    const load = () => Promise.resolve(++calls);
    expect(await cached(cache, 'info:1:2', load)).toBe(1);
    expect(await cached(cache, 'info:1:2', load)).toBe(1);
    cache.invalidate('info:1:');
    expect(await cached(cache, 'info:1:2', load)).toBe(2);
  });

  it('keeps keys outside the prefix and tells subscribers which prefix went', async () => {
    const cache = new QueryCache();
    await cache.get('info:1:2', () => Promise.resolve('a'));
    await cache.get('info:10:2', () => Promise.resolve('b'));
    const heard: string[] = [];
    const stop = cache.subscribe((p) => heard.push(p));
    cache.invalidate(queryKeys.archiveInfo(1));
    expect(cache.has('info:1:2')).toBe(false);
    expect(cache.has('info:10:2')).toBe(true);
    stop();
    cache.invalidate('info:');
    expect(heard).toEqual(['info:1:']);
  });

  it('does not let a stale failure remove the answer that replaced it', async () => {
    const cache = new QueryCache();
    let fail: (e: Error) => void = () => undefined;
    const first = cache.get('k', () => new Promise((_r, reject) => (fail = reject)));
    cache.invalidate('k');
    await cache.get('k', () => Promise.resolve('fresh'));
    fail(new Error('late'));
    await expect(first).rejects.toThrow('late');
    expect(cache.has('k')).toBe(true);
  });
});

function Count({ archive }: { archive: number }) {
  const [state] = useCachedQuery(queryKeys.archiveInfo(1, archive), (http) =>
    http.request<{ Count: number }>(`dbs/1/archives/${archive}`, { query: { type: 'info' } }),
  );
  return <span data-testid={`count-${archive}`}>{state.status === 'success' ? state.data.Count : '…'}</span>;
}

describe('useCachedQuery', () => {
  const setup = () => {
    const counts: Record<number, number> = { 2: 5, 3: 7 };
    const server = createFakeServer({
      'GET dbs/1/archives/2': () => ({ Count: counts[2] }),
      'GET dbs/1/archives/3': () => ({ Count: counts[3] }),
    });
    const { store } = createAppStore({ config: DEFAULT_CONFIG, fetch: server.fetch });
    store.set(signInAtom, license({ Username: 'full.user' }), 'full.user');
    render(
      <Provider store={store}>
        <Count archive={2} />
        <Count archive={3} />
      </Provider>,
    );
    return { counts, server, store };
  };

  it('shows the new counts of both archives after a results change, without a reload', async () => {
    const { counts, store } = setup();
    expect((await screen.findByText('5')).dataset.testid).toBe('count-2');
    await screen.findByText('7');
    counts[2] = 4;
    counts[3] = 8;
    act(() => store.set(requestResultsReloadAtom));
    await screen.findByText('4');
    await screen.findByText('8');
  });

  it('loads again after a queue action, and only the invalidated archive after an index', async () => {
    const { counts, server, store } = setup();
    await screen.findByText('7');
    counts[2] = 6;
    act(() => store.set(queuesChangedAtom));
    await screen.findByText('6');
    const before = server.requests.length;
    act(() => store.set(invalidateQueriesAtom, queryKeys.archiveInfo(1, 3)));
    await screen.findByText('7');
    await act(() => Promise.resolve());
    expect(server.requests.slice(before).map((r) => r.path)).toEqual(['dbs/1/archives/3']);
  });

  it('forgets every answer when the user signs out, and when the next one signs in', async () => {
    const { store } = setup();
    await screen.findByText('7');
    const cache = store.get(queryCacheAtom);
    expect(cache.has('info:1:2')).toBe(true);
    act(() => store.set(clearSessionAtom));
    expect(cache.has('info:1:2')).toBe(false);
    await cache.get('info:1:2', () => Promise.resolve({ Count: 99 }));
    act(() => store.set(signInAtom, license({ Username: 'reader' }), 'reader'));
    expect(cache.has('info:1:2')).toBe(false);
  });
});
