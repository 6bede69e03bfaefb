// `GET files?fileName=<cache name>&action=pages|render|words|burst` for the indexing view: the page
// count, one page as PNG (`page`, 1-based), the page's words for KeyFree (`page`; decision 030)
// and bursting (`RequestedPages`, repeated or comma-separated; `deletePages=true` removes them from the source). With `InboxId` the file is
// one of that inbox instead of the cache. contract/upload.ts. A cache file is one of the caller's
// own uploads (anyone else's is not found); bursting one writes, so never for a read-only licence,
// and counts towards the caller's cache quota (upload/services/uploadCache.ts).
import { dirname, join } from 'node:path';
import { Router } from 'express';
import { InboxPermission } from '@gs/contract/flags';
import type { BurstResponse, PagesResponse } from '@gs/contract/upload';
import type { RouteDeps } from '../../deps';
import { COOKIE_ONLY_MESSAGE } from '../../http/cookieOnly';
import { badRequest, forbidden } from '../../http/errors';
import { boolOf, intOf, parseId } from '../../http/query';
import { present, route, signedIn, type RouteContext } from '../../http/route';
import { lookupOf, type Lookup } from '../../lib/keys';
import { requireEditingLicense } from '../../documents/services/documentAccess';
import { pageCount } from '../../files/services/fileStore';
import { inboxAccess } from '../../inboxes/services/inboxAccess';
import { existingFile, inboxDir } from '../../inboxes/services/inboxFiles';
import { burst, renderPage } from '../services/pageFiles';
import { pageWords } from '../../dataExtraction/services/pageWords';

/** Every value of a query key in any casing, repeated keys and comma lists flattened. */
function queryAll(raw: Record<string, unknown>, key: string): string[] {
  const wanted = key.toLowerCase();
  return Object.entries(raw)
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
async function folderOf(ctx: RouteContext, query: Lookup, action: string): Promise<string> {
  const { deps, caller } = ctx;
  if (action === 'burst' && ctx.cookieOnly) throw forbidden(COOKIE_ONLY_MESSAGE);
  const inboxId = query('InboxId');
  if (inboxId === undefined) {
    const user = caller.user.id;
    if (action === 'burst') {
      requireEditingLicense(caller);
      await deps.uploads.room(user);
    }
    return deps.uploads.dirOf(user);
  }
  const access = inboxAccess(deps, caller);
  const ref = access.inbox(parseId(inboxId, 'InboxId'));
  if (action === 'burst') {
    access.require(ref, InboxPermission.Add, 'add files');
    if (boolOf(query, 'deletePages')) access.require(ref, InboxPermission.ModifyPages, 'modify pages');
  }
  return inboxDir(deps.files.dataDir, ref.inbox);
}

export function createUploadPagesRouter(deps: RouteDeps): Router {
  const router = Router();
  const spec = { policy: signedIn, query: (raw: unknown) => raw as Record<string, unknown> };
  router.get(
    '/files',
    ...route(deps, spec, async (ctx, { query: raw }) => {
      const query = lookupOf(raw);
      const name = query('fileName');
      if (!name) throw badRequest("The query parameter 'fileName' is required.");
      const action = (query('action') ?? '').toLowerCase();
      const inCache = query('InboxId') === undefined;
      const file = await existingFile(await folderOf(ctx, query, action), name);
      if (action === 'pages') {
        const body: PagesResponse = { Pages: await pageCount(file) };
        return body;
      }
      if (action === 'render') {
        const png = await renderPage(file, intOf(query, 'page') ?? 1);
        return present((_req, res) => void res.type('image/png').send(png));
      }
      if (action === 'words') return pageWords(file, intOf(query, 'page') ?? 1);
      if (action === 'burst') {
        const pages = queryAll(raw, 'RequestedPages').map((p) => parseId(p, 'RequestedPages'));
        const result = await burst(file, pages, boolOf(query, 'deletePages') ?? false);
        // counted, not refused: the room was checked before, and pages taken out of the source stay out
        if (inCache)
          await ctx.deps.uploads.settle(ctx.caller.user.id, [join(dirname(file), result.name)], false);
        const body: BurstResponse = { name: result.name, Pages: result.pages };
        return body;
      }
      throw badRequest("The query parameter 'action' must be pages, render, words or burst.");
    }),
  );
  return router;
}
