// useApiQuery through the app's QueryCache (queryStore.ts): answers shared by every screen, loaded
// again when an action invalidates their key.
import { useEffect, useEffectEvent } from 'react';
import { useAtomValue } from 'jotai';
import type { Http } from './http';
import { queryCacheAtom, type QueryCache } from './queryStore';
import { useApiQuery, type QueryState } from './useApiQuery';

export { QueryCache, queryCacheAtom, invalidateQueriesAtom, clearQueriesAtom, queryKeys } from './queryStore';

export function cached<T>(cache: QueryCache, key: string, load: () => Promise<T>): Promise<T> {
  return cache.get(key, load);
}

/** useApiQuery through the cache; `key` null = nothing to load. */
export function useCachedQuery<T>(
  key: string | null,
  load: (http: Http) => Promise<T>,
): [QueryState<T>, () => void] {
  const cache = useAtomValue(queryCacheAtom);
  const [state, reload] = useApiQuery(key, (http) => cache.get(key ?? '', () => load(http)));
  // an invalidated key loads again; the last answer stays on screen meanwhile
  const invalidated = useEffectEvent((prefix: string) => {
    if (key !== null && key.startsWith(prefix)) reload();
  });
  useEffect(() => cache.subscribe((prefix) => invalidated(prefix)), [cache]);
  return [state, reload];
}
