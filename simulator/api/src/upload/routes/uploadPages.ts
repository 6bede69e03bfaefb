// `GET files?fileName=<cache name>&action=pages|render|words|burst` for the indexing view: the page
// count, one page as PNG (`page`, 1-based), the page's words for KeyFree (`page`; decision 030)
// and bursting (`RequestedPages`, repeated or comma-separated; `deletePages=true` removes them from the source). With `InboxId` the file is
// one of that inbox instead of the cache. contract/upload.ts. A cache file is one of the caller's
// own uploads (anyone else's is not found); bursting one writes, so never for a read-only licence,
// and counts towards the caller's cache quota (upload/services/uploadCache.ts).
import { dirname, join } from 'node:path';
import { Router, type Request, type Response } from 'express';
import { InboxPermission } from '@gs/contract/flags';
import type { BurstResponse, PagesResponse } from '@gs/contract/upload';
import type { RouteDeps } from '../../deps';
import { callerOf } from '../../http/auth';
import { COOKIE_ONLY_MESSAGE, cookieOnly } from '../../http/cookieOnly';
import { badRequest, forbidden } from '../../http/errors';
import { parseId, query, queryBool, queryInt } from '../../http/query';
import { requireEditingLicense } from '../../documents/services/documentAccess';
import { pageCount } from '../../files/services/fileStore';
import { inboxAccess } from '../../inboxes/services/inboxAccess';
import { existingFile, inboxDir } from '../../inboxes/services/inboxFiles';
import { burst, renderPage } from '../services/pageFiles';
import { pageWords } from '../../dataExtraction/services/pageWords';

/** Every value of a query key in any casing, repeated keys and comma lists flattened. */
function queryAll(req: Request, key: string): string[] {
  const wanted = key.toLowerCase();
  return Object.entries(req.query)
    .filter(([k]) => k.toLowerCase() === wanted || k.toLowerCase() === `${wanted}[]`)
    .flatMap(([, v]) => (Array.isArray(v) ? v : [v]))
    .filter((v): v is string => typeof v === 'string')
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v !== '');
}

/**
 * The folder of the file: the caller's upload cache, or with `InboxId` that inbox (View to look,
 * Add to burst, also Modify pages to take the pages out of the source).
 */
async function folderOf(deps: RouteDeps, req: Request, res: Response, action: string): Promise<string> {
  if (action === 'burst' && cookieOnly(req)) throw forbidden(COOKIE_ONLY_MESSAGE);
  const inboxId = query(req, 'InboxId');
  if (inboxId === undefined) {
    const user = callerOf(res).user.id;
    if (action === 'burst') {
      requireEditingLicense(callerOf(res));
      await deps.uploads.room(user);
    }
    return deps.uploads.dirOf(user);
  }
  const access = inboxAccess(deps, callerOf(res));
  const ref = access.inbox(parseId(inboxId, 'InboxId'));
  if (action === 'burst') {
    access.require(ref, InboxPermission.Add, 'add files');
    if (queryBool(req, 'deletePages')) access.require(ref, InboxPermission.ModifyPages, 'modify pages');
  }
  return inboxDir(deps.files.dataDir, ref.inbox);
}

export function createUploadPagesRouter(deps: RouteDeps): Router {
  const router = Router();
  router.get('/files', deps.auth.requireAuth, async (req, res) => {
    const name = query(req, 'fileName');
    if (!name) throw badRequest("The query parameter 'fileName' is required.");
    const action = (query(req, 'action') ?? '').toLowerCase();
    const inCache = query(req, 'InboxId') === undefined;
    const file = await existingFile(await folderOf(deps, req, res, action), name);
    if (action === 'pages') {
      const body: PagesResponse = { Pages: await pageCount(file) };
      res.json(body);
    } else if (action === 'render') {
      res.type('image/png').send(await renderPage(file, queryInt(req, 'page') ?? 1));
    } else if (action === 'words') {
      res.json(await pageWords(file, queryInt(req, 'page') ?? 1));
    } else if (action === 'burst') {
      const pages = queryAll(req, 'RequestedPages').map((p) => parseId(p, 'RequestedPages'));
      const result = await burst(file, pages, queryBool(req, 'deletePages') ?? false);
      // counted, not refused: the room was checked before, and pages taken out of the source stay out
      if (inCache)
        await deps.uploads.settle(callerOf(res).user.id, [join(dirname(file), result.name)], false);
      const body: BurstResponse = { name: result.name, Pages: result.pages };
      res.json(body);
    } else throw badRequest("The query parameter 'action' must be pages, render, words or burst.");
  });
  return router;
}
