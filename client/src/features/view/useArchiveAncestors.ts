// The archives above a selected one (its Parent chain through `?type=info`, cached), so the tree
// can show a nested archive chosen from the address or from the results page.
import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { getArchiveInfo } from '../../api/archives';
import { queryKeys, scopedKey } from '../../api/queryClient';
import { useAppQueryClient, useQueryScope, withSignal } from '../../api/useApiQuery';
import { httpAtom } from '../../state/environment';

const NONE: ReadonlySet<number> = new Set();
const MAX_DEPTH = 32;

export function useArchiveAncestors(db: number, selected: number | null): ReadonlySet<number> {
  const http = useAtomValue(httpAtom);
  const client = useAppQueryClient();
  const scope = useQueryScope();
  const { session, db: scopeDb } = scope;
  const [found, setFound] = useState<{ key: string; ids: ReadonlySet<number> } | null>(null);
  const key = `${db}:${selected}`;

  useEffect(() => {
    if (!selected) return;
    let live = true;
    const walk = async () => {
      const ids = new Set<number>();
      let id = selected;
      for (let depth = 0; depth < MAX_DEPTH; depth++) {
        const at = id;
        const info = await client.fetchQuery({
          queryKey: scopedKey({ session, db: scopeDb }, queryKeys.archiveInfo(db, at)),
          queryFn: ({ signal }) => getArchiveInfo(withSignal(http, signal), db, at),
          staleTime: Infinity,
        });
        if (!info?.Parent || ids.has(info.Parent)) break;
        ids.add(info.Parent);
        id = info.Parent;
      }
      return ids;
    };
    walk().then(
      (ids) => live && setFound({ key: `${db}:${selected}`, ids }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [http, client, session, scopeDb, db, selected]);

  return found?.key === key ? found.ids : NONE;
}
