// The viewer's page work on archive documents. `POST Processing.ashx` (Database, Archive,
// Document, SecureId, Page, Degrees in the JSON body or the query, any casing) turns one page and
// saves it into the file (pageRotation.ts): Modify Pages (65536) and a licence that may edit, else
// 403. The new file is written aside, the row (size, modified time) and a history entry are
// committed in one transaction, and only then is the file renamed over the old one; rotations of
// one file run one after another. `GET .../documents/{id}/page?SecureId&page[&width]` draws one
// page as PNG (TIFF pages in 8-bit grey: browsers cannot show TIFF), with View.
// Inbox files: `Processing.ashx` with InboxId and InboxFileName (instead of Archive, Document and
// SecureId) turns a page of the file in place (Modify Pages on the inbox, no history: inboxes have
// none), and `GET inboxes/{id}/page?FileName&page[&width]` draws one of its pages (View).
import { stat, writeFile, rename } from 'node:fs/promises';
import { extname } from 'node:path';
import { Router } from 'express';
import { z } from 'zod';
import sharp from 'sharp';
import { ArchivePermission, InboxPermission } from '@gs/contract/flags';
import type { RotatePageResponse } from '@gs/contract/viewer';
import type { RouteDeps } from '../../deps';
import { badRequest, notFound } from '../../http/errors';
import { parseId, readKey } from '../../http/query';
import type { Caller } from '../../domain/caller';
import { messages } from '../../security/services/access';
import { requireEditingLicense, requirePermission } from '../../documents/services/documentAccess';
import { documentParams } from '../../documents/routes/documentRequest';
import { asSent, present, queryLookup, route, signedIn } from '../../http/route';
import type { Lookup } from '../../lib/keys';
import { int32Value } from '../../lib/zodInput';
import { storedFile } from '../../documents/services/documentOps';
import { safeName } from '../../files/services/fileStore';
import { inboxAccess } from '../../inboxes/services/inboxAccess';
import { existingFile, inboxDir } from '../../inboxes/services/inboxFiles';
import { renderPage } from '../../upload/services/pageFiles';
import { rotatePage } from '../services/pageRotation';
import { viewerDocument } from '../services/viewerAccess';
import { removeLeftover } from '../../files/services/leftovers';

const MAX_PAGE_WIDTH = 4000;

/** The body as sent and the query (any casing) of `Processing.ashx`. */
interface Sent {
  body: unknown;
  query: Lookup;
}

/** A value of the body (any casing) or else the query; the first of several names. */
function input(sent: Sent, names: string[]): string | undefined {
  for (const name of names) {
    const v = readKey(sent.body, name);
    if (typeof v === 'number') return String(v);
    if (typeof v === 'string' && v.trim() !== '') return v;
  }
  for (const name of names) {
    const v = sent.query(name);
    if (v !== undefined && v.trim() !== '') return v;
  }
  return undefined;
}

function requiredInt(sent: Sent, names: string[]): number {
  const v = input(sent, names);
  if (v === undefined) throw badRequest(`The parameter '${names[0] ?? ''}' is missing.`);
  return parseId(v, names[0] ?? '');
}

/** The `page` (1-based, default 1) and optional `width` of a page render. */
function pageAndWidth(q: Lookup): { page: number; width: number | undefined } {
  const pageText = q('page');
  const page = pageText === undefined ? 1 : parseId(pageText, 'page');
  const widthText = q('width');
  const width = widthText === undefined ? undefined : parseId(widthText, 'width');
  if (width !== undefined && (width < 1 || width > MAX_PAGE_WIDTH))
    throw badRequest(`width must be from 1 to ${MAX_PAGE_WIDTH}; got '${widthText ?? ''}'.`);
  return { page, width };
}

/** Rotations of one file wait for the one before (a second turn reads the first's result). */
const fileQueues = new Map<string, Promise<unknown>>();
function oneAtATime<T>(file: string, work: () => Promise<T>): Promise<T> {
  const before = fileQueues.get(file) ?? Promise.resolve();
  // the previous work's failure was its own caller's answer: this one runs after it either way
  const run = before.catch(() => undefined).then(work);
  fileQueues.set(file, run);
  run
    .finally(() => {
      if (fileQueues.get(file) === run) fileQueues.delete(file);
    })
    // the caller awaits `run` and gets its failure; this copy only clears the queue
    .catch(() => undefined);
  return run;
}

export function createViewerPagesRouter(deps: RouteDeps): Router {
  const { repos } = deps;
  const router = Router();

  /** Turns a page of an inbox file (InboxId and InboxFileName): Modify Pages on the inbox. */
  async function rotateInboxPage(caller: Caller, sent: Sent, inboxId: number): Promise<RotatePageResponse> {
    const name = input(sent, ['InboxFileName', 'FileName', 'FilePath']);
    if (name === undefined) throw badRequest(`The parameter 'InboxFileName' is missing.`);
    const page = requiredInt(sent, ['Page', 'PageNumber']);
    const turn = requiredInt(sent, ['Degrees', 'Rotation', 'Angle']);
    const access = inboxAccess(deps, caller);
    const ref = access.inbox(inboxId);
    access.require(ref, InboxPermission.ModifyPages, 'modify pages');
    const file = await existingFile(inboxDir(deps.files.dataDir, ref.inbox), safeName(name));
    return oneAtATime(file, async () => {
      const rotated = await rotatePage(file, extname(file).toLowerCase(), page, turn);
      const partial = `${file}.${process.pid}.rotate.part`;
      await writeFile(partial, rotated.bytes);
      await rename(partial, file);
      return { Page: page, Rotation: rotated.rotation, PageCount: rotated.pages };
    });
  }

  // what it turns is read from the body, else the query, in the order it always was; its SecureId
  // from the body, the query (not blank), then the header, unlike route()'s secureId
  const rotation = { policy: signedIn, query: queryLookup, body: asSent };
  router.post(
    '/Processing.ashx',
    ...route(deps, rotation, async ({ caller, header }, sent) => {
      const inboxId = input(sent, ['InboxId', 'Inbox']);
      if (inboxId !== undefined) return rotateInboxPage(caller, sent, parseId(inboxId, 'InboxId'));
      const ids = {
        db: requiredInt(sent, ['Database', 'db', 'DatabaseId']),
        archive: requiredInt(sent, ['Archive', 'ArchiveId']),
        doc: requiredInt(sent, ['Document', 'DocumentId', 'Id']),
      };
      const page = requiredInt(sent, ['Page', 'PageNumber']);
      const turn = requiredInt(sent, ['Degrees', 'Rotation', 'Angle']);
      const ref = viewerDocument(deps, caller, ids, input(sent, ['SecureId']) ?? header('SecureId'));
      requireEditingLicense(caller);
      requirePermission(ref, ArchivePermission.ModifyPages, 'modify pages');
      const row = repos.viewer.file(ref.databaseId, ref.docId);
      const file = row && storedFile(deps.files.dataDir, row.filePath);
      if (!row || !file) throw notFound(`Document ${ref.docId} has no file.`);
      const type = (row.fileType || extname(row.filePath)).toLowerCase();
      const userName = caller.user.name;

      const answer = await oneAtATime(file, async (): Promise<RotatePageResponse> => {
        const rotated = await rotatePage(file, type, page, turn).catch((error: unknown) => {
          if ((error as NodeJS.ErrnoException).code === 'ENOENT')
            throw notFound(`The file of document ${ref.docId} was not found.`);
          throw error;
        });
        const partial = `${file}.${process.pid}.rotate.part`;
        await writeFile(partial, rotated.bytes);
        try {
          const now = deps.clock.now();
          repos.viewer.transaction(() => {
            repos.viewer.fileChanged(ref.databaseId, ref.docId, rotated.bytes.length, now);
            repos.audit.add({
              databaseId: ref.databaseId,
              archiveId: ref.archive.id,
              documentId: ref.docId,
              oldArchiveId: 0,
              oldDocId: 0,
              userName,
              category: 'updated',
              message: `Page ${page} rotated ${turn} degrees`,
              time: now,
              connectionString: '',
            });
          });
        } catch (error) {
          await removeLeftover(partial, 'The partial rotation');
          throw error;
        }
        await rename(partial, file);
        return { Page: page, Rotation: rotated.rotation, PageCount: rotated.pages };
      });
      return answer;
    }),
  );

  /** A rendered page, with the time its file last changed. */
  const pngAnswer = (png: Buffer, modified: number) =>
    present((_req, res) => {
      res.set('Last-Modified', new Date(modified).toUTCString());
      res.type('image/png').send(png);
    });

  router.get(
    '/dbs/:db/archives/:archive/documents/:doc/page',
    ...route(
      deps,
      {
        params: documentParams,
        query: queryLookup,
        policy: ({ caller, secureId }, ids) => {
          const ref = viewerDocument(deps, caller, ids, secureId);
          requirePermission(ref, ArchivePermission.View, 'view documents');
          return ref;
        },
      },
      async (_c, { query: q, granted: ref }) => {
        const { page, width } = pageAndWidth(q);
        const row = repos.viewer.file(ref.databaseId, ref.docId);
        if (!row || row.archiveId !== ref.archive.id)
          throw notFound(messages.document(ref.archive.id, ref.docId));
        const file = storedFile(deps.files.dataDir, row.filePath);
        if (!file) throw notFound(`Document ${ref.docId} has no file.`);
        await stat(file).catch(() => {
          throw notFound(`The file of document ${ref.docId} was not found.`);
        });
        let png = await renderPage(file, page, width);
        if (width) png = await sharp(png).resize({ width, withoutEnlargement: true }).png().toBuffer();
        return pngAnswer(png, row.modifiedAt);
      },
    ),
  );

  router.get(
    '/inboxes/:id/page',
    ...route(
      deps,
      {
        params: z.object({ id: int32Value('id') }),
        query: queryLookup,
        policy: ({ caller }, p) => inboxAccess(deps, caller).inbox(p.id),
      },
      async (_c, { query: q, granted: ref }) => {
        const name = q('FileName');
        if (name === undefined || name.trim() === '')
          throw badRequest(`The parameter 'FileName' is missing.`);
        const { page, width } = pageAndWidth(q);
        const file = await existingFile(inboxDir(deps.files.dataDir, ref.inbox), safeName(name));
        const modified = (await stat(file)).mtimeMs;
        let png = await renderPage(file, page, width);
        if (width) png = await sharp(png).resize({ width, withoutEnlargement: true }).png().toBuffer();
        return pngAnswer(png, modified);
      },
    ),
  );

  router.get(
    '/admin/stamps',
    ...route(deps, { policy: signedIn }, () =>
      repos.viewer.stamps().map((s) => ({ Id: s.id, Text: s.text })),
    ),
  );

  return router;
}
