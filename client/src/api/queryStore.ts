// The per-app store of answers that rarely change (archive info and counts, list items), so a
// tree node or a prompt asks the server once. A failed answer is forgotten, so a retry asks again.
// A write that changes what an answer says invalidates it by key prefix: the entries go and every
// screen showing one of them loads it again (useCachedQuery). Signing in or out clears the store
// without reloading anything, so a next user in the same tab never sees the last one's answers.
import { atom } from 'jotai';

type Listener = (prefix: string) => void;

export class QueryCache {
  private readonly entries = new Map<string, Promise<unknown>>();
  private readonly listeners = new Set<Listener>();

  /** The stored answer of `key`, or `load()` stored under it. */
  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key) as Promise<T> | undefined;
    if (hit) return hit;
    const promise = load();
    this.entries.set(key, promise);
    // only this answer is forgotten: an invalidation may already have put a newer one in its place
    promise.catch(() => this.entries.get(key) === promise && this.entries.delete(key));
    return promise;
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  /** Forgets every answer whose key starts with `prefix`; the screens showing one load it again. */
  invalidate(prefix: string): void {
    for (const key of [...this.entries.keys()]) if (key.startsWith(prefix)) this.entries.delete(key);
    for (const listener of [...this.listeners]) listener(prefix);
  }

  /** Forgets everything and tells no one (sign-in, sign-out: the screens are going away). */
  clear(): void {
    this.entries.clear();
  }

  /** `listener` hears each invalidated prefix; answers the unsubscribe. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** One cache per store (an atom's read function runs once per store). */
export const queryCacheAtom = atom(() => new QueryCache());

/** Invalidates the answers under each prefix (see the key builders in queryKeys). */
export const invalidateQueriesAtom = atom(null, (get, _set, ...prefixes: string[]) => {
  const cache = get(queryCacheAtom);
  for (const prefix of prefixes) cache.invalidate(prefix);
});

/** Drops every answer silently: the session changed hands. */
export const clearQueriesAtom = atom(null, (get) => get(queryCacheAtom).clear());

/** Key builders shared by the screens that read and the actions that invalidate. */
export const queryKeys = {
  /** `?type=info` of an archive: its document count among others */
  archiveInfo: (db: number, archive?: number): string =>
    archive === undefined ? `info:${db}:` : `info:${db}:${archive}`,
  /** every archive info of every database (a transfer may cross databases) */
  allArchiveInfo: 'info:',
};
