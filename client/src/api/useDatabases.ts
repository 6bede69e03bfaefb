// The databases the signed-in user may open (`GET dbs`) through the query layer (decisions 064,
// 081): one answer per sign-in (the key's scope is the session with no database, so choosing a
// database does not ask again), shared by every screen until an administrator's write (the
// database modes, the import wizard's Finish) invalidates `databases`; signing out clears it with
// the rest.
import { useAtomValue } from 'jotai';
import { useQuery } from '@tanstack/react-query';
import type { Database } from '@gs/contract/databases';
import { httpAtom } from '../state/environment';
import { sessionKeyAtom } from '../state/session';
import { getDatabases } from './databases';
import { queryClientAtom, scopedKey } from './queryClient';
import { withSignal, type QueryState } from './useApiQuery';

/** The key of the signed-in user's databases: their session, no database. */
export const databasesKey = (session: string | null) => scopedKey({ session, db: null }, ['databases']);

export function useDatabases(): [QueryState<Database[]>, () => void] {
  const http = useAtomValue(httpAtom);
  const client = useAtomValue(queryClientAtom);
  const session = useAtomValue(sessionKeyAtom);
  const query = useQuery(
    {
      queryKey: databasesKey(session),
      queryFn: ({ signal }) => getDatabases(withSignal(http, signal)),
      enabled: session !== null,
      staleTime: Infinity,
    },
    client,
  );
  const reload = () => void query.refetch({ cancelRefetch: false });
  if (query.status === 'success') return [{ status: 'success', data: query.data }, reload];
  if (query.status === 'error' && !query.isFetching) return [{ status: 'error', error: query.error }, reload];
  return [{ status: 'loading' }, reload];
}

const NONE: Database[] = [];

/** The databases once loaded; an empty list (always the same one) while loading or after a failure. */
export function useKnownDatabases(): Database[] {
  const [state] = useDatabases();
  return state.status === 'success' ? state.data : NONE;
}
