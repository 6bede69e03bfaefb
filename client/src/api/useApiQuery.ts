// A screen's server data through TanStack Query (decision 064): the key is scoped to the sign-in and
// the database, the query's AbortSignal rides on every request of `load` (leaving the screen or
// changing the key cancels them), and the last answer stays on screen while a reload runs.
import { useAtomValue } from 'jotai';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { httpAtom } from '../state/environment';
import { selectedDatabaseAtom } from '../state/database';
import { sessionKeyAtom } from '../state/session';
import type { Http } from './http';
import { queryClientAtom, scopedKey, type AppKey, type QueryScope } from './queryClient';

export type QueryState<T> =
  { status: 'loading' } | { status: 'success'; data: T } | { status: 'error'; error: unknown };

const LOADING = { status: 'loading' } as const;

/** `http` whose requests carry `signal` unless they bring their own. */
export function withSignal(http: Http, signal: AbortSignal): Http {
  return {
    ...http,
    request: (path, options = {}) => http.request(path, { ...options, signal: options.signal ?? signal }),
  };
}

export interface ApiQueryOptions<T> {
  /** answers that rarely change (archive info, list items): kept until a write invalidates them */
  cached?: boolean;
  /** polling: load again every this many ms while the screen shows it */
  refetchInterval?: number | false | ((data: T | undefined) => number | false);
}

export function useQueryScope(): QueryScope {
  return { session: useAtomValue(sessionKeyAtom), db: useAtomValue(selectedDatabaseAtom) };
}

export function useAppQueryClient(): QueryClient {
  return useAtomValue(queryClientAtom);
}

/** `key` null = nothing to load yet. */
export function useApiQuery<T>(
  key: AppKey | null,
  load: (http: Http, signal: AbortSignal) => Promise<T>,
  options: ApiQueryOptions<T> = {},
): [QueryState<T>, () => void] {
  const http = useAtomValue(httpAtom);
  const client = useAppQueryClient();
  const scope = useQueryScope();
  const query = useQuery(
    {
      queryKey: scopedKey(scope, key ?? ['idle']),
      queryFn: ({ signal }) => load(withSignal(http, signal), signal),
      enabled: key !== null,
      staleTime: options.cached ? Infinity : 0,
      // a screen's own data goes with the screen: opened again, it loads afresh instead of showing
      // what it showed last time (a form filled from it, like the delegation's, would keep that)
      ...(options.cached ? {} : { gcTime: 0 }),
      refetchInterval:
        typeof options.refetchInterval === 'function'
          ? (
              (interval) => (query: { state: { data: T | undefined } }) =>
                interval(query.state.data)
            )(options.refetchInterval)
          : options.refetchInterval,
    },
    client,
  );
  // a reload joins a load already running (an invalidation's) rather than starting a second one
  const reload = () => void query.refetch({ cancelRefetch: false });
  if (key === null) return [LOADING, reload];
  if (query.status === 'error')
    return [query.isFetching ? LOADING : { status: 'error', error: query.error }, reload];
  // a reload keeps the last answer on screen until the new one arrives
  if (query.status === 'success') return [{ status: 'success', data: query.data }, reload];
  return [LOADING, reload];
}

/** An answer shared by every screen until a write invalidates it (useApiQuery with `cached`). */
export function useCachedQuery<T>(
  key: AppKey | null,
  load: (http: Http, signal: AbortSignal) => Promise<T>,
): [QueryState<T>, () => void] {
  return useApiQuery(key, load, { cached: true });
}

/** A query's answer as a value: `ok(data)` once loaded, `failed(error)` after a failure, undefined
 * while loading (for a value that is not shown, like a parent's flags; what is shown goes through
 * components/QueryBoundary). */
export function settled<T, R, F>(
  state: QueryState<T>,
  ok: (data: T) => R,
  failed: (error: unknown) => F,
): R | F | undefined {
  switch (state.status) {
    case 'success':
      return ok(state.data);
    case 'error':
      return failed(state.error);
    default:
      return undefined;
  }
}
