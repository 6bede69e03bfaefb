// `admin/inboxes` (square9api-wire.md §2.8, admin-spec §3/§6): list, create and delete inboxes,
// read an inbox's security entries, and the inbox options. Administrators of all databases only.
// Our design where no source shows it: an inbox's folder is `BasePath\UniqueName` under the
// server's inboxes folder ('' base path: directly in it; UniqueName defaults to the name); a name
// or a folder already in use is 409; DELETE removes the definition and its grants and keeps the
// folder's files (nothing is lost; an inbox made again on that folder shows them).
import { mkdir } from 'node:fs/promises';
import { Router } from 'express';
import { z } from 'zod';
import type { AdminShowAllOptions } from '@gs/contract/admin/catalog';
import type { AdminInbox, AdminInboxSecurity } from '@gs/contract/admin/server';
import type { RouteDeps } from '../../deps';
import type { AdminInboxRow } from '../repos/adminInboxesRepo';
import { badRequest, conflict, notFound } from '../../domain/errors';
import { allReader, allWriter } from '../../http/adminPolicies';
import { route } from '../../http/route';
import { bodyOf, int32Value, looseBool, trimmed } from '../../lib/zodInput';
import { inboxNotFound } from '../services/inboxAccess';
import { inboxDir } from '../services/inboxFiles';

const MAX_NAME = 100;
/** characters no Windows folder name may hold */
const BAD_FOLDER_CHARS = /[<>:"/\\|?*\p{Cc}]/u;
const BAD_PATH_CHARS = /[<>"|?*\p{Cc}]/u;

const inboxBody = z.object({
  name: trimmed.pipe(z.string().min(1, 'Name is required.').max(MAX_NAME)),
  basepath: trimmed.optional(),
  uniquename: trimmed.optional(),
});
const optionsBody = z.object({ showall: looseBool });

export const toAdminInbox = (r: AdminInboxRow): AdminInbox => ({
  Id: r.id,
  Name: r.name,
  BasePath: r.basePath,
  UniqueName: r.uniqueName,
});

/** The folder of a new inbox, `base\unique`, or 400 when either part could leave the inboxes folder. */
function folderOf(basePath: string, uniqueName: string): string {
  if (
    uniqueName === '.' ||
    uniqueName === '..' ||
    BAD_FOLDER_CHARS.test(uniqueName) ||
    uniqueName.length > MAX_NAME
  )
    throw badRequest(`UniqueName '${uniqueName}' is not a folder name.`);
  const parts = basePath.split(/[\\/]+/).filter((p) => p !== '');
  if (BAD_PATH_CHARS.test(basePath) || parts.some((p) => p === '.' || p === '..'))
    throw badRequest(`BasePath '${basePath}' is not a folder under the server's inboxes folder.`);
  return [...parts, uniqueName].join('\\');
}

export function createAdminInboxesRouter(deps: RouteDeps): Router {
  const repo = deps.repos.adminServer.inboxes;
  const router = Router();

  const oneInbox = z.object({ id: int32Value('id') });
  const showAll = (): AdminShowAllOptions => ({ ShowAll: repo.showAll() });

  router.get('/admin/inboxes', ...route(deps, { policy: allReader }, () => repo.all().map(toAdminInbox)));

  router.post(
    '/admin/inboxes',
    ...route(
      deps,
      { body: bodyOf(inboxBody, '{Name, BasePath, UniqueName}'), policy: allWriter },
      async (_c, { body }) => {
        const uniqueName = body.uniquename || body.name;
        const basePath = body.basepath ?? '';
        const path = folderOf(basePath, uniqueName);
        const saved = repo.transaction(() => {
          const named = repo.byName(body.name);
          if (named) throw conflict(`An inbox named '${named.name}' already exists.`);
          const sharing = repo.byPath(path);
          if (sharing)
            throw conflict(`The folder '${path}' is already the folder of inbox '${sharing.name}'.`);
          const id = repo.insert({ name: body.name, basePath, uniqueName, path });
          return repo.byId(id) as AdminInboxRow;
        });
        await mkdir(inboxDir(deps.files.dataDir, saved), { recursive: true });
        return toAdminInbox(saved);
      },
    ),
  );

  router.get(
    '/admin/inboxes/:id',
    ...route(
      deps,
      { params: oneInbox, policy: allReader },
      (_c, { params: { id } }): AdminInboxSecurity[] => {
        if (!repo.byId(id)) throw notFound(inboxNotFound(id));
        return repo.grants(id).map((g) => ({
          ArchiveId: g.inboxId,
          Permissions: g.permissions,
          Type: g.principalType,
          User: g.principal,
        }));
      },
    ),
  );

  router.delete(
    '/admin/inboxes/:id',
    ...route(deps, { params: oneInbox, policy: allWriter }, (_c, { params: { id } }) => {
      if (!repo.transaction(() => repo.remove(id))) throw notFound(inboxNotFound(id));
      return true;
    }),
  );

  router.get('/admin/options/inboxes', ...route(deps, { policy: allReader }, showAll));

  router.put(
    '/admin/options/inboxes',
    ...route(deps, { body: bodyOf(optionsBody, '{ShowAll}'), policy: allWriter }, (_c, { body }) => {
      repo.transaction(() => repo.setShowAll(body.showall));
      return showAll();
    }),
  );

  return router;
}
