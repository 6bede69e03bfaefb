// A per-app cache of answers that rarely change (archive info and counts, list items), so a tree
// node or a prompt asks the server once. A failed answer is forgotten, so a retry asks again.
import { atom, useAtomValue } from 'jotai';
import type { Http } from './http';
import { useApiQuery, type QueryState } from './useApiQuery';

/** One Map per store (an atom's read function runs once per store). */
export const queryCacheAtom = atom(() => new Map<string, Promise<unknown>>());

export function cached<T>(
  cache: Map<string, Promise<unknown>>,
  key: string,
  load: () => Promise<T>,
): Promise<T> {
  const hit = cache.get(key) as Promise<T> | undefined;
  if (hit) return hit;
  const promise = load();
  cache.set(key, promise);
  promise.catch(() => cache.delete(key));
  return promise;
}

/** useApiQuery through the cache; `key` null = nothing to load. */
export function useCachedQuery<T>(
  key: string | null,
  load: (http: Http) => Promise<T>,
): [QueryState<T>, () => void] {
  const cache = useAtomValue(queryCacheAtom);
  return useApiQuery(key, (http) => cached(cache, key ?? '', () => load(http)));
}
