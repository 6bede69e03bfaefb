// Search execution: `dbs/{db}/searches/{id}/archive/{a}/documents` (wire §2.4, spec §7), query keys
// in any casing: SecureId (the search Hash; missing 400, wrong 403), SearchCriteria (prompt id ->
// value, strict JSON or unquoted keys; "content" or "0" carries content terms when the search has
// Settings & 1), page (1-based), RecordsPerPage (default 50, 1..10000 else 400), Sort ("<field id
// or name> [ASC|DESC]" joined by commas; default most recent first), tabId (view tab: the archive's
// status field equals the tab's value), Count=true (`{ArchiveId, Count}`), time (ignored).
// A multi-archive search runs archive by archive; a client gets each archive's count, and each
// view tab's (with tabId), through Count=true calls. Content terms on an archive without content
// search match nothing. The engine: services/search and db/docSearchRepo (decision 004).
import { Router } from 'express';
import { z } from 'zod';
import type { RouteDeps } from '../../deps';
import { jsonBytes, route, signedIn } from '../../http/route';
import { int32Value } from '../../lib/zodInput';
import { searchInputOf, searchQuery } from '../services/params';
import { runSearch, searchTarget } from '../services/run';

const params = z.object({
  db: int32Value('db'),
  search: int32Value('search'),
  archive: int32Value('archive'),
});

export function createSearchDocumentsRouter(deps: RouteDeps): Router {
  const router = Router();
  router.get(
    '/dbs/:db/searches/:search/archive/:archive/documents',
    ...route(
      deps,
      { params, query: searchQuery, policy: signedIn },
      async ({ access }, { params: p, query }) => {
        const input = searchInputOf(query);
        const db = access.database(p.db).Id;
        const answer = await runSearch(
          deps,
          searchTarget(deps, access, db, p.search, p.archive, input.secureId),
          input,
        );
        return answer instanceof Uint8Array ? jsonBytes(answer) : answer;
      },
    ),
  );
  return router;
}
