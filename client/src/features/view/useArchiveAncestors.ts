// The archives above a selected one (its Parent chain through `?type=info`, cached), so the tree
// can show a nested archive chosen from the address or from the results page.
import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { getArchiveInfo } from '../../api/archives';
import { cached, queryCacheAtom, queryKeys } from '../../api/queryCache';
import { httpAtom } from '../../state/environment';

const NONE: ReadonlySet<number> = new Set();
const MAX_DEPTH = 32;

export function useArchiveAncestors(db: number, selected: number | null): ReadonlySet<number> {
  const http = useAtomValue(httpAtom);
  const cache = useAtomValue(queryCacheAtom);
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
        const info = await cached(cache, queryKeys.archiveInfo(db, at), () => getArchiveInfo(http, db, at));
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
  }, [http, cache, db, selected]);

  return found?.key === key ? found.ids : NONE;
}
