// Saved searches a user may run: `dbs/{db}/searches[/{id}]` and
// `dbs/{db}/archives/{a}/searches[/{id}]`, always a bare array of Search.
import { Router, type Request, type Response } from 'express';
import type { Search } from '@gs/contract/searches';
import { SearchProps, SearchSettings } from '@gs/contract/flags';
import { accessOf, type RouteDeps } from '../deps';
import type { SearchRow } from '../db/searchesRepo';
import { secureId } from '../db/secureIds';
import { notFound } from '../http/errors';
import { intParam } from '../http/query';
import { messages } from '../services/access';

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
  const list = (req: Request, res: Response): Search[] => {
    const access = accessOf(deps, res);
    const db = access.database(intParam(req, 'db')).Id;
    const archiveId = req.params.archive === undefined ? undefined : intParam(req, 'archive');
    if (archiveId !== undefined) access.archive(db, archiveId);
    // `searches/0` is the whole list, as `archives/0` is the roots
    const searchId = req.params.search === undefined ? 0 : intParam(req, 'search');
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

  const handle = (req: Request, res: Response): void => {
    res.json(list(req, res));
  };
  router.get('/dbs/:db/searches{/:search}', deps.auth.requireAuth, handle);
  router.get('/dbs/:db/archives/:archive/searches{/:search}', deps.auth.requireAuth, handle);
  return router;
}
