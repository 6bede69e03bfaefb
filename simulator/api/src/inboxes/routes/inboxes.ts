// Inboxes (square9api-wire.md §2.7): the list, one inbox with its files (paged), DocDetails,
// download, thumbnail, upload from the cache, rename, copy/move to another inbox, delete and
// export of files as a zip job (inboxes/services/inboxExport.ts).
// Bits: view 1, add 2, modify 4, delete 8, move 131072; a read-only licence only looks.
import { rm } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { Router } from 'express';
import { z } from 'zod';
import { INBOX_OPTION_SHOW_ALL } from '@gs/contract/admin/server';
import { InboxPermission } from '@gs/contract/flags';
import { INBOX_THUMB_SIZE, type DocDetails, type Inbox, type InboxesResponse } from '@gs/contract/inboxes';
import type { RouteDeps } from '../../deps';
import { badRequest, forbidden } from '../../domain/errors';
import { COOKIE_ONLY_MESSAGE } from '../../http/cookieOnly';
import { storedFileHeaders } from '../../http/securityHeaders';
import {
  asSent,
  present,
  queryLookup,
  route,
  signedIn,
  type Policy,
  type RouteContext,
} from '../../http/route';
import { parseBool, parseId, readKey, type Lookup } from '../../lib/keys';
import { int32Value } from '../../lib/zodInput';
import { isPdf, isTiff, safeName } from '../../files/services/fileStore';
import { contentTypeOf } from '../../files/services/fileTypes';
import { inboxAccess, type InboxAccess, type InboxRef } from '../services/inboxAccess';
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
import { inboxFullPath } from '../../files/services/serverPaths';
import { render } from '../../documents/services/thumbnails';

function required(q: Lookup, key: string): string {
  const v = q(key);
  if (v === undefined || v === '') throw badRequest(`The query parameter '${key}' is required.`);
  return v;
}

const intOf = (q: Lookup, key: string): number | undefined => {
  const v = q(key);
  return v === undefined ? undefined : parseId(v, key);
};

const params = z.object({ id: int32Value('id') });

/** An inbox the caller may see (404/403), with the caller's inbox rights. */
const seenInbox: Policy<z.output<typeof params>, { access: InboxAccess; ref: InboxRef }> = (
  { deps, caller },
  p,
) => {
  const access = inboxAccess(deps, caller);
  return { access, ref: access.inbox(p.id) };
};

async function withFiles(dataDir: string, ref: InboxRef, q: Lookup): Promise<Inbox> {
  const files = await listFiles(inboxDir(dataDir, ref.inbox));
  const page = pageOf(files, {
    pageNumber: intOf(q, 'pageNumber') ?? 1,
    numberOfDocuments: intOf(q, 'numberOfDocuments'),
    sort: q('sort') ?? 'name',
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
  // the inbox's configured path, never the simulator's data folder (files/services/serverPaths.ts)
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
  q: Lookup,
  access: InboxAccess,
  ref: InboxRef,
  name: string,
): Promise<string> {
  const dirOf = (r: InboxRef): string => inboxDir(deps.files.dataDir, r.inbox);
  const target = access.inbox(parseId(required(q, 'targetInboxId'), 'targetInboxId'));
  const deleteOriginal = q('deleteOriginal');
  const move = deleteOriginal === undefined ? false : parseBool(deleteOriginal, 'deleteOriginal');
  if (move) access.require(ref, InboxPermission.Move, 'move files');
  access.require(target, InboxPermission.Add, 'add files');
  const source = await existingFile(dirOf(ref), name);
  if (move && target.inbox.id === ref.inbox.id) return name;
  return placeFile(source, dirOf(target), name, move);
}

const isExport = (q: Lookup): boolean =>
  q('action')?.toLowerCase() === 'export' || q('Export')?.toLowerCase() === 'true';

/** Upload from the cache (Add), export (View), rename (Modify) and delete (Delete). */
function addWriteRoutes(router: Router, deps: RouteDeps, exports: InboxExports): void {
  const { dataDir } = deps.files;
  const dirOf = (ref: InboxRef): string => inboxDir(dataDir, ref.inbox);
  const writing = { params, query: queryLookup, body: asSent, policy: seenInbox };
  router.post(
    '/inboxes/:id',
    ...route(deps, writing, async ({ caller }, { query: q, body, granted: { access, ref } }) => {
      if (isExport(q)) {
        const names = exportNames(body);
        return { JobId: await exports.start(dirOf(ref), ref.inbox.name, names, caller.user.id) };
      }
      access.require(ref, InboxPermission.Add, 'add files');
      const cacheName = required(q, 'FilePath');
      const wanted = safeName(q('newFileName') || cacheName);
      // the caller's own upload: another user's cache file is not found
      const source = await deps.uploads.file(caller.user.id, cacheName);
      return placeFile(source, dirOf(ref), wanted, true);
    }),
  );

  router.put(
    '/inboxes/:id',
    ...route(deps, writing, async (_c, { body, granted: { access, ref } }) => {
      access.require(ref, InboxPermission.ModifyDocument, 'rename files');
      const [from, to] = renameNames(body);
      await renameFile(dirOf(ref), from, to);
      return to;
    }),
  );

  router.delete(
    '/inboxes/:id',
    ...route(deps, writing, async (_c, { query: q, granted: { access, ref } }) => {
      access.require(ref, InboxPermission.Delete, 'delete files');
      await rm(await existingFile(dirOf(ref), required(q, 'FilePath')));
      return true;
    }),
  );
}

export function createInboxesRouter(deps: RouteDeps): Router {
  const router = Router();
  const { dataDir } = deps.files;
  const dirOf = (ref: InboxRef): string => inboxDir(dataDir, ref.inbox);
  const exports = createInboxExports({ dataDir, clock: deps.clock });

  router.get(
    '/inboxes',
    ...route(deps, { query: queryLookup, policy: signedIn }, async ({ caller }, { query: q }) => {
      const jobId = q('jobid');
      if (jobId !== undefined) {
        const result = await exports.result(jobId, caller.user.id);
        if (result.status === 'Running')
          return present((_req, res) => void res.status(202).json({ Status: result.status }));
        return present((_req, res) => {
          res.set('Content-Disposition', `attachment; filename="${result.name}"`).type('application/zip');
          res.sendFile(result.file, { dotfiles: 'allow' }, (err) => {
            if (err && !res.headersSent) res.status(404).json({ Message: 'The export file is gone.' });
          });
        });
      }
      const access = inboxAccess(deps, caller);
      const id = q('Id');
      const filePath = q('FilePath');
      if (id !== undefined && filePath !== undefined)
        return docDetails(dataDir, access.inbox(parseId(id, 'Id')), filePath);
      if (id !== undefined) return withFiles(dataDir, access.inbox(parseId(id, 'Id')), q);
      const inboxes = access.visible();
      for (const i of inboxes) i.Count = (await listFiles(dirOf(access.inbox(i.Id)))).length;
      // the administration's inbox options (admin/options/inboxes): 1 when ShowAll is on
      const InboxOptions = deps.repos.adminServer.inboxes.showAll() ? INBOX_OPTION_SHOW_ALL : 0;
      const body: InboxesResponse = { InboxOptions, Inboxes: inboxes };
      return body;
    }),
  );

  router.get(
    '/inboxes/:id',
    ...route(
      deps,
      { params, query: queryLookup, policy: seenInbox },
      async (ctx: RouteContext, { query: q, granted: { access, ref } }) => {
        const fileName = q('FileName');
        const filePath = q('FilePath');
        if (fileName !== undefined) {
          const path = await existingFile(dirOf(ref), fileName);
          return present((_req, res) => {
            res.set(storedFileHeaders(basename(path), contentTypeOf(extname(path))));
            res.sendFile(path, { dotfiles: 'allow' });
          });
        }
        if (filePath !== undefined && q('targetInboxId') !== undefined) {
          if (ctx.cookieOnly) throw forbidden(COOKIE_ONLY_MESSAGE);
          return copyOrMove(deps, q, access, ref, filePath);
        }
        return withFiles(dataDir, ref, q);
      },
    ),
  );

  router.get(
    '/inboxes/:id/thumb',
    ...route(
      deps,
      { params, query: queryLookup, policy: seenInbox },
      async (_c, { query: q, granted: { ref } }) => {
        const name = required(q, 'FileName');
        const path = await existingFile(dirOf(ref), name);
        const jpeg = await render(path, extname(name), INBOX_THUMB_SIZE, INBOX_THUMB_SIZE);
        return present((_req, res) => void res.type('image/jpeg').send(jpeg));
      },
    ),
  );
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
