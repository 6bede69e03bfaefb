// Inboxes (square9api-wire.md §2.7): the list, one inbox with its files (paged), DocDetails,
// download, thumbnail, upload from the cache, rename, copy/move to another inbox, delete and
// export of files as a zip job (services/inboxExport.ts).
// Bits: view 1, add 2, modify 4, delete 8, move 131072; a read-only licence only looks.
import { rm } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { Router, type Request, type Response } from 'express';
import { INBOX_OPTION_SHOW_ALL } from '@gs/contract/admin/server';
import { InboxPermission } from '@gs/contract/flags';
import { INBOX_THUMB_SIZE, type DocDetails, type Inbox, type InboxesResponse } from '@gs/contract/inboxes';
import type { RouteDeps } from '../deps';
import { callerOf } from '../http/auth';
import { COOKIE_ONLY_MESSAGE, cookieOnly } from '../http/cookieOnly';
import { badRequest, forbidden } from '../http/errors';
import { storedFileHeaders } from '../http/securityHeaders';
import { intParam, parseId, query, queryBool, queryInt, readKey } from '../http/query';
import { isPdf, isTiff, safeName } from '../services/fileStore';
import { contentTypeOf } from '../services/fileTypes';
import { inboxAccess, type InboxRef } from '../services/inboxAccess';
import { createInboxExports, type InboxExports } from '../services/inboxExport';
import { exportNames } from './inboxExportInput';
import {
  existingFile,
  inboxDir,
  listFiles,
  pageOf,
  placeFile,
  renameFile,
  toInboxFile,
} from '../services/inboxFiles';
import { inboxFullPath } from '../services/serverPaths';
import { render } from '../services/thumbnails';

function required(req: Request, key: string): string {
  const v = query(req, key);
  if (v === undefined || v === '') throw badRequest(`The query parameter '${key}' is required.`);
  return v;
}

async function withFiles(dataDir: string, ref: InboxRef, req: Request): Promise<Inbox> {
  const files = await listFiles(inboxDir(dataDir, ref.inbox));
  const page = pageOf(files, {
    pageNumber: queryInt(req, 'pageNumber') ?? 1,
    numberOfDocuments: queryInt(req, 'numberOfDocuments'),
    sort: query(req, 'sort') ?? 'name',
  });
  const { inbox, permissions } = ref;
  const Files = page.map((f) => toInboxFile(f, permissions));
  return {
    Id: inbox.id,
    Name: inbox.name,
    Path: inbox.path,
    Count: files.length,
    Permissions: permissions,
    Files,
  };
}

async function docDetails(dataDir: string, ref: InboxRef, name: string): Promise<DocDetails> {
  const path = await existingFile(inboxDir(dataDir, ref.inbox), name);
  const ext = extname(name);
  const IsNative = !(isTiff(ext) || isPdf(ext) || /^\.(jpe?g|png|gif|bmp)$/i.test(ext));
  // the inbox's configured path, never the simulator's data folder (services/serverPaths.ts)
  return {
    Extension: ext,
    FileName: name,
    FullPath: inboxFullPath(ref.inbox.path, basename(path)),
    Id: String(ref.inbox.id),
    IsNative,
  };
}

/** `GET inboxes/{id}?FilePath=&targetInboxId=&deleteOriginal=`: the name in the target. */
async function copyOrMove(
  deps: RouteDeps,
  req: Request,
  res: Response,
  ref: InboxRef,
  name: string,
): Promise<string> {
  const dirOf = (r: InboxRef): string => inboxDir(deps.files.dataDir, r.inbox);
  const access = inboxAccess(deps, callerOf(res));
  const target = access.inbox(parseId(required(req, 'targetInboxId'), 'targetInboxId'));
  const move = queryBool(req, 'deleteOriginal') ?? false;
  if (move) access.require(ref, InboxPermission.Move, 'move files');
  access.require(target, InboxPermission.Add, 'add files');
  const source = await existingFile(dirOf(ref), name);
  if (move && target.inbox.id === ref.inbox.id) return name;
  return placeFile(source, dirOf(target), name, move);
}

const isExport = (req: Request): boolean =>
  query(req, 'action')?.toLowerCase() === 'export' || query(req, 'Export')?.toLowerCase() === 'true';

/** Upload from the cache (Add), export (View), rename (Modify) and delete (Delete). */
function addWriteRoutes(router: Router, deps: RouteDeps, exports: InboxExports): void {
  const { dataDir } = deps.files;
  const dirOf = (ref: InboxRef): string => inboxDir(dataDir, ref.inbox);
  router.post('/inboxes/:id', deps.auth.requireAuth, async (req, res) => {
    const access = inboxAccess(deps, callerOf(res));
    const ref = access.inbox(intParam(req, 'id'));
    if (isExport(req)) {
      const names = exportNames(req.body);
      const owner = callerOf(res).user.id;
      res.json({ JobId: await exports.start(dirOf(ref), ref.inbox.name, names, owner) });
      return;
    }
    access.require(ref, InboxPermission.Add, 'add files');
    const cacheName = required(req, 'FilePath');
    const wanted = safeName(query(req, 'newFileName') || cacheName);
    // the caller's own upload: another user's cache file is not found
    const source = await deps.uploads.file(callerOf(res).user.id, cacheName);
    res.json(await placeFile(source, dirOf(ref), wanted, true));
  });

  router.put('/inboxes/:id', deps.auth.requireAuth, async (req, res) => {
    const access = inboxAccess(deps, callerOf(res));
    const ref = access.inbox(intParam(req, 'id'));
    access.require(ref, InboxPermission.ModifyDocument, 'rename files');
    const [from, to] = renameNames(req.body);
    await renameFile(dirOf(ref), from, to);
    res.json(to);
  });

  router.delete('/inboxes/:id', deps.auth.requireAuth, async (req, res) => {
    const access = inboxAccess(deps, callerOf(res));
    const ref = access.inbox(intParam(req, 'id'));
    access.require(ref, InboxPermission.Delete, 'delete files');
    await rm(await existingFile(dirOf(ref), required(req, 'FilePath')));
    res.json(true);
  });
}

export function createInboxesRouter(deps: RouteDeps): Router {
  const router = Router();
  const { dataDir } = deps.files;
  const dirOf = (ref: InboxRef): string => inboxDir(dataDir, ref.inbox);
  const exports = createInboxExports({ dataDir, clock: deps.clock });

  router.get('/inboxes', deps.auth.requireAuth, async (req, res) => {
    const jobId = query(req, 'jobid');
    if (jobId !== undefined) {
      const result = await exports.result(jobId, callerOf(res).user.id);
      if (result.status === 'Running') {
        res.status(202).json({ Status: result.status });
        return;
      }
      res.set('Content-Disposition', `attachment; filename="${result.name}"`).type('application/zip');
      res.sendFile(result.file, { dotfiles: 'allow' }, (err) => {
        if (err && !res.headersSent) res.status(404).json({ Message: 'The export file is gone.' });
      });
      return;
    }
    const access = inboxAccess(deps, callerOf(res));
    const id = query(req, 'Id');
    const filePath = query(req, 'FilePath');
    if (id !== undefined && filePath !== undefined) {
      res.json(await docDetails(dataDir, access.inbox(parseId(id, 'Id')), filePath));
      return;
    }
    if (id !== undefined) {
      res.json(await withFiles(dataDir, access.inbox(parseId(id, 'Id')), req));
      return;
    }
    const inboxes = access.visible();
    for (const i of inboxes) i.Count = (await listFiles(dirOf(access.inbox(i.Id)))).length;
    // the administration's inbox options (admin/options/inboxes): 1 when ShowAll is on
    const InboxOptions = deps.repos.adminServer.inboxes.showAll() ? INBOX_OPTION_SHOW_ALL : 0;
    const body: InboxesResponse = { InboxOptions, Inboxes: inboxes };
    res.json(body);
  });

  router.get('/inboxes/:id', deps.auth.requireAuth, async (req, res) => {
    const access = inboxAccess(deps, callerOf(res));
    const ref = access.inbox(intParam(req, 'id'));
    const fileName = query(req, 'FileName');
    const filePath = query(req, 'FilePath');
    if (fileName !== undefined) {
      const path = await existingFile(dirOf(ref), fileName);
      res.set(storedFileHeaders(basename(path), contentTypeOf(extname(path))));
      res.sendFile(path, { dotfiles: 'allow' });
      return;
    }
    if (filePath !== undefined && query(req, 'targetInboxId') !== undefined) {
      if (cookieOnly(req)) throw forbidden(COOKIE_ONLY_MESSAGE);
      res.json(await copyOrMove(deps, req, res, ref, filePath));
      return;
    }
    res.json(await withFiles(dataDir, ref, req));
  });

  router.get('/inboxes/:id/thumb', deps.auth.requireAuth, async (req, res) => {
    const ref = inboxAccess(deps, callerOf(res)).inbox(intParam(req, 'id'));
    const name = required(req, 'FileName');
    const path = await existingFile(dirOf(ref), name);
    const jpeg = await render(path, extname(name), INBOX_THUMB_SIZE, INBOX_THUMB_SIZE);
    res.type('image/jpeg').send(jpeg);
  });
  addWriteRoutes(router, deps, exports);
  return router;
}

/**
 * The rename body `{FileName, FileType?, NewName}` (any casing): FileName with or without its
 * extension (then FileType gives it); NewName without an extension keeps the file's.
 */
function renameNames(body: unknown): [string, string] {
  const text = (key: string): string => {
    const v = readKey(body, key);
    return typeof v === 'string' ? v.trim() : '';
  };
  const [fileName, fileType, newName] = [text('FileName'), text('FileType'), text('NewName')];
  if (!fileName || !newName) throw badRequest('The request body must be {"FileName", "NewName"}.');
  const from =
    fileType && !fileName.toLowerCase().endsWith(fileType.toLowerCase()) ? fileName + fileType : fileName;
  const to = extname(newName) ? newName : newName + extname(from);
  return [safeName(from), safeName(to)];
}
