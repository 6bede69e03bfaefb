// The query layer (decision 064): an invalidated key is asked again and every screen showing it
// updates, other keys stay; signing in or out leaves nothing of the last user's answers; a screen
// that goes cancels its request.
import { describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'jotai';
import { DEFAULT_CONFIG } from './config';
import { createAppStore } from '../app/createAppStore';
import { createFakeServer } from '../test/fakeServer';
import { license } from '../test/fixtures';
import { clearSessionAtom, sessionKeyAtom, signInAtom } from '../state/session';
import { requestResultsReloadAtom } from '../features/results/resultsReload';
import { queuesChangedAtom } from '../features/workflow/workflowAtoms';
import { useState } from 'react';
import { invalidateQueriesAtom, queryClientAtom, queryKeys } from './queryClient';
import { useApiQuery, useCachedQuery } from './useApiQuery';

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
    const client = store.get(queryClientAtom);
    const mine = { session: store.get(sessionKeyAtom) };
    expect(client.getQueryCache().findAll({ queryKey: [mine, 'archive-info'] })).toHaveLength(2);
    act(() => store.set(clearSessionAtom));
    // the screens still mounted ask again as nobody; nothing of the last sign-in is left
    expect(client.getQueryCache().findAll({ queryKey: [mine] })).toHaveLength(0);
    client.setQueryData([{ session: 'x', db: null }, 'archive-info', 1, 2], { Count: 99 });
    act(() => store.set(signInAtom, license({ Username: 'reader' }), 'reader'));
    expect(client.getQueryData([{ session: 'x', db: null }, 'archive-info', 1, 2])).toBeUndefined();
  });

  it('keys every answer by the sign-in, so a next user asks the server again', async () => {
    const { server, store } = setup();
    await screen.findByText('7');
    const [key] = store
      .get(queryClientAtom)
      .getQueryCache()
      .findAll({ queryKey: [{}, 'archive-info', 1, 2] });
    expect(key?.queryKey[0]).toMatchObject({ session: expect.any(String) });
    const before = server.requests.length;
    act(() => store.set(signInAtom, license({ Username: 'reader' }), 'reader'));
    await screen.findByText('7');
    expect(
      server.requests
        .slice(before)
        .map((r) => r.path)
        .sort(),
    ).toEqual(['dbs/1/archives/2', 'dbs/1/archives/3']);
  });
});

function Slow() {
  const [state] = useApiQuery('slow', (http) => http.request<string>('slow'));
  return <span>{state.status}</span>;
}

function Toggle() {
  const [shown, setShown] = useState(true);
  return (
    <>
      <button onClick={() => setShown(false)}>leave</button>
      {shown && <Slow />}
    </>
  );
}

describe('useApiQuery', () => {
  it('aborts the request of a screen that goes before its answer', async () => {
    let signal: AbortSignal | null = null;
    const fetch = (_input: RequestInfo | URL, init?: RequestInit) => {
      signal = init?.signal ?? null;
      return new Promise<Response>(() => undefined);
    };
    const { store } = createAppStore({ config: DEFAULT_CONFIG, fetch });
    store.set(signInAtom, license({ Username: 'full.user' }), 'full.user');
    render(
      <Provider store={store}>
        <Toggle />
      </Provider>,
    );
    await screen.findByText('loading');
    await waitFor(() => expect(signal).not.toBeNull());
    expect(signal!.aborted).toBe(false);
    act(() => screen.getByText('leave').click());
    await waitFor(() => expect(signal!.aborted).toBe(true));
  });
});
