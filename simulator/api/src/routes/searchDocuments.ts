// Search execution: `dbs/{db}/searches/{id}/archive/{a}/documents` (wire §2.4, spec §7), query keys
// in any casing: SecureId (the search Hash; missing 400, wrong 403), SearchCriteria (prompt id ->
// value, strict JSON or unquoted keys; "content" or "0" carries content terms when the search has
// Settings & 1), page (1-based), RecordsPerPage (default 50, 1..10000 else 400), Sort ("<field id
// or name> [ASC|DESC]" joined by commas; default most recent first), tabId (view tab: the archive's
// status field equals the tab's value), Count=true (`{ArchiveId, Count}`), time (ignored).
// A multi-archive search runs archive by archive; a client gets each archive's count, and each
// view tab's (with tabId), through Count=true calls. Content terms on an archive without content
// search match nothing. The engine: services/search and db/docSearchRepo (decision 004).
import { Router, type Request, type Response } from 'express';
import { accessOf, type RouteDeps } from '../deps';
import { intParam } from '../http/query';
import { runSearch, searchTarget } from '../services/search/run';

export function createSearchDocumentsRouter(deps: RouteDeps): Router {
  const router = Router();
  const handle = async (req: Request, res: Response): Promise<void> => {
    const access = accessOf(deps, res);
    const db = access.database(intParam(req, 'db')).Id;
    const target = searchTarget(deps, access, db, intParam(req, 'search'), intParam(req, 'archive'), req);
    res.json(await runSearch(deps, target, req));
  };
  router.get('/dbs/:db/searches/:search/archive/:archive/documents', deps.auth.requireAuth, handle);
  return router;
}
