// Saved searches a user may run: `dbs/{db}/searches[/{id}]` and
// `dbs/{db}/archives/{a}/searches[/{id}]`, always a bare array of Search.
import { Router } from 'express';
import { z } from 'zod';
import type { Search } from '@gs/contract/searches';
import { SearchProps, SearchSettings } from '@gs/contract/flags';
import type { RouteDeps } from '../../deps';
import type { SearchRow } from '../repos/searchesRepo';
import { secureId } from '../../security/repos/secureIds';
import { notFound } from '../../domain/errors';
import { route, signedIn } from '../../http/route';
import { int32Value } from '../../lib/zodInput';
import { messages, type UserAccess } from '../../security/services/access';

/** `searches/0` is the whole list, as `archives/0` is the roots */
const params = z.object({
  db: int32Value('db'),
  archive: int32Value('archive').optional(),
  search: int32Value('search').optional(),
});

export function createSearchesRouter(deps: RouteDeps): Router {
  const { repos, secret } = deps;
  const router = Router();

  const toSearch = (s: SearchRow, granted: number): Search => {
    const props = SearchProps.Search | granted;
    const isDefault = (props & SearchProps.Default) !== 0;
    return {
      Id: s.id,
      Name: s.name,
      Parent: s.archiveId,
      Hash: secureId(secret, 'search', s.databaseId, s.id),
      Props: props,
      Fuzzy: s.fuzzy,
      Settings: s.settings | (isDefault ? SearchSettings.DefaultSearch : 0),
      Grouping: s.grouping,
      Archives: repos.searches.archives(s.id),
      Detail: repos.searches.prompts(s.id),
    };
  };

  /**
   * The searches of the database the caller may run, optionally only those of one archive
   * and/or only one search. An archive given must be one the caller can view.
   */
  const list = (access: UserAccess, p: z.output<typeof params>): Search[] => {
    const db = access.database(p.db).Id;
    const archiveId = p.archive;
    if (archiveId !== undefined) access.archive(db, archiveId);
    const searchId = p.search ?? 0;
    const propsOf = access.searchProps(db);
    const rows = searchId ? [repos.searches.byId(searchId)] : repos.searches.inDatabase(db);
    const found = rows.flatMap((s) => {
      const granted = s && s.databaseId === db ? propsOf(s.id) : undefined;
      if (!s || granted === undefined || (archiveId !== undefined && s.archiveId !== archiveId)) return [];
      return [toSearch(s, granted)];
    });
    if (searchId && found.length === 0) throw notFound(messages.search(db, searchId));
    return found;
  };

  const handle = route(deps, { params, policy: signedIn }, ({ access }, { params: p }) => list(access, p));
  router.get('/dbs/:db/searches{/:search}', ...handle);
  router.get('/dbs/:db/archives/:archive/searches{/:search}', ...handle);
  return router;
}
