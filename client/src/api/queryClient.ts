// Server state through TanStack Query (decision 064): one QueryClient per jotai store, keys scoped
// to the session and the database, the writes' invalidation map, and the clearing at sign-in,
// sign-out and licence loss so a next user in the same tab starts empty.
import { atom } from 'jotai';
import { QueryClient, type QueryKey } from '@tanstack/react-query';

/** One client per store (an atom's read function runs once per store). No retry, no refetch on
 * focus: a failed load shows its error and a Retry, and a screen loads when it opens. Every answer
 * is a new object (no structural sharing): a grid's selection resets when its page loads again. */
export const queryClientAtom = atom(
  () =>
    new QueryClient({
      defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, structuralSharing: false } },
    }),
);

/** The first element of every key: who asks (one sign-in) and in which database. */
export interface QueryScope {
  session: string | null;
  db: number | null;
}

export type KeyPart = string | number | boolean | null;

/** A screen's key: an area (`archive-info`, `admin`, …) then its parameters; a string
 * `area:a:b` is read as those parts, digits as numbers. */
export type AppKey = string | readonly KeyPart[];

const part = (text: string): KeyPart => (/^\d+$/.test(text) ? Number(text) : text);

export function scopedKey(scope: QueryScope, key: AppKey): QueryKey {
  const parts = typeof key === 'string' ? key.split(':').map(part) : key;
  return [scope, ...parts];
}

/** Keys that several screens read and the writes invalidate. */
export const queryKeys = {
  /** `?type=info` of an archive: its document count among others */
  archiveInfo: (db: number, archive?: number): readonly KeyPart[] =>
    archive === undefined ? ['archive-info', db] : ['archive-info', db, archive],
};

/** What each kind of write makes stale (the invalidation map of decision 064): the areas whose
 * keys are invalidated, in every database (a copy or move may cross databases). */
export const invalidationMap = {
  /** copy, move, delete, merge, append, bulk update, delete, a document's index edit, import */
  documents: [
    'archive-info',
    'archive-counts',
    'tab-counts',
    'history',
    'archive-history',
    'queue-searches',
    'task-archives',
    'inbox',
    'viewer-doc',
  ],
  /** a workflow action moved tasks (and maybe documents) */
  queue: [
    'archive-info',
    'archive-counts',
    'queues',
    'queue-searches',
    'task-archives',
    'flows',
    'history',
    'archive-history',
    'queue-actions',
  ],
  /** an inbox file was indexed, merged, moved or deleted */
  inbox: ['archive-info', 'archive-counts', 'inbox', 'inboxes', 'pages'],
  /** an administrator's write: the databases, the catalogue, the tree, the searches and the lists may change */
  admin: [
    'admin',
    'databases',
    'archive-info',
    'roots',
    'children',
    'searches',
    'fields',
    'tabs',
    'list',
    'stamps',
    'inboxes',
    'security',
    'licenses',
    'import-history',
  ],
} as const;

export type WriteKind = keyof typeof invalidationMap;

/** Marks the areas a write changed stale; the screens showing one load it again. */
export function invalidateAfter(client: QueryClient, kind: WriteKind): void {
  for (const area of invalidationMap[kind]) void client.invalidateQueries({ queryKey: [{}, area] });
}

export const invalidateAfterAtom = atom(null, (get, _set, ...kinds: WriteKind[]) => {
  for (const kind of kinds) invalidateAfter(get(queryClientAtom), kind);
});

/** Invalidates the keys under each prefix (built with queryKeys), in every session scope. */
export const invalidateQueriesAtom = atom(null, (get, _set, ...prefixes: (readonly KeyPart[])[]) => {
  const client = get(queryClientAtom);
  for (const prefix of prefixes) void client.invalidateQueries({ queryKey: [{}, ...prefix] });
});

/** Cancels every request and drops every answer: the session changed hands or ended. */
export const clearQueriesAtom = atom(null, (get) => {
  const client = get(queryClientAtom);
  void client.cancelQueries();
  client.clear();
});
