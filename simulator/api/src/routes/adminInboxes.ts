// `admin/inboxes` (square9api-wire.md §2.8, admin-spec §3/§6): list, create and delete inboxes,
// read an inbox's security entries, and the inbox options. Administrators of all databases only.
// Our design where no source shows it: an inbox's folder is `BasePath\UniqueName` under the
// server's inboxes folder ('' base path: directly in it; UniqueName defaults to the name); a name
// or a folder already in use is 409; DELETE removes the definition and its grants and keeps the
// folder's files (nothing is lost; an inbox made again on that folder shows them).
import { callerOf } from '../http/auth';
import { mkdir } from 'node:fs/promises';
import { Router } from 'express';
import { z } from 'zod';
import type { AdminShowAllOptions } from '@gs/contract/admin/catalog';
import type { AdminInbox, AdminInboxSecurity } from '@gs/contract/admin/server';
import type { RouteDeps } from '../deps';
import type { AdminInboxRow } from '../db/adminInboxesRepo';
import { badRequest, HttpError, notFound } from '../http/errors';
import { intParam } from '../http/query';
import { looseBool, parseBody, trimmed } from '../lib/zodInput';
import { requireAdminAll } from '../services/adminRights';
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
  const { auth } = deps;
  const repo = deps.repos.adminServer.inboxes;
  const router = Router();

  router.get('/admin/inboxes', auth.requireAuth, (_req, res) => {
    requireAdminAll(deps, callerOf(res), false);
    res.json(repo.all().map(toAdminInbox));
  });

  router.post('/admin/inboxes', auth.requireAuth, async (req, res) => {
    requireAdminAll(deps, callerOf(res), true);
    const body = parseBody(inboxBody, req.body, '{Name, BasePath, UniqueName}');
    const uniqueName = body.uniquename || body.name;
    const basePath = body.basepath ?? '';
    const path = folderOf(basePath, uniqueName);
    const saved = repo.transaction(() => {
      const named = repo.byName(body.name);
      if (named) throw new HttpError(409, { Message: `An inbox named '${named.name}' already exists.` });
      const sharing = repo.byPath(path);
      if (sharing)
        throw new HttpError(409, {
          Message: `The folder '${path}' is already the folder of inbox '${sharing.name}'.`,
        });
      const id = repo.insert({ name: body.name, basePath, uniqueName, path });
      return repo.byId(id) as AdminInboxRow;
    });
    await mkdir(inboxDir(deps.files.dataDir, saved), { recursive: true });
    res.json(toAdminInbox(saved));
  });

  router.get('/admin/inboxes/:id', auth.requireAuth, (req, res) => {
    requireAdminAll(deps, callerOf(res), false);
    const id = intParam(req, 'id');
    if (!repo.byId(id)) throw notFound(inboxNotFound(id));
    const entries: AdminInboxSecurity[] = repo.grants(id).map((g) => ({
      ArchiveId: g.inboxId,
      Permissions: g.permissions,
      Type: g.principalType,
      User: g.principal,
    }));
    res.json(entries);
  });

  router.delete('/admin/inboxes/:id', auth.requireAuth, (req, res) => {
    requireAdminAll(deps, callerOf(res), true);
    const id = intParam(req, 'id');
    if (!repo.transaction(() => repo.remove(id))) throw notFound(inboxNotFound(id));
    res.json(true);
  });

  router.get('/admin/options/inboxes', auth.requireAuth, (_req, res) => {
    requireAdminAll(deps, callerOf(res), false);
    const options: AdminShowAllOptions = { ShowAll: repo.showAll() };
    res.json(options);
  });

  router.put('/admin/options/inboxes', auth.requireAuth, (req, res) => {
    requireAdminAll(deps, callerOf(res), true);
    const body = parseBody(optionsBody, req.body, '{ShowAll}');
    repo.transaction(() => repo.setShowAll(body.showall));
    const options: AdminShowAllOptions = { ShowAll: repo.showAll() };
    res.json(options);
  });

  return router;
}
