// One document of an archive (wire §2.5): `dbs/{db}/archives/{a}/documents/{id}` answers the
// Result object holding that document; `.../thumb` its first page as a JPEG thumbnail (150x150 by
// default, `width`/`height` up to 1000). Both need the document's SecureId and View permission.
import { Router } from 'express';
import { resolve, sep } from 'node:path';
import { z } from 'zod';
import type { RouteDeps } from '../../deps';
import { bytesAnswer } from '../../domain/answers';
import { badRequest, notFound } from '../../domain/errors';
import { documentParams, theDocument } from './documentRequest';
import { route } from '../../http/route';
import { rejectWith } from '../../lib/zodInput';
import { messages } from '../../security/services/access';
import { fieldRef } from '../../search/services/conditions';
import { toResult } from '../../search/services/result';
import { thumbnail } from '../services/thumbnails';

const THUMB_SIZE = 150;
const MAX_THUMB_SIZE = 1000;

/** A side of the thumbnail, 150 when absent or blank, else 1 to 1000. */
const size = (key: string) =>
  z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || raw.trim() === '') return THUMB_SIZE;
      const n = /^\s*\d{1,4}\s*$/.test(raw) ? Number(raw) : NaN;
      if (!(n >= 1 && n <= MAX_THUMB_SIZE))
        return rejectWith(ctx, badRequest(`${key} must be from 1 to ${MAX_THUMB_SIZE}; got '${raw}'.`));
      return n;
    });
const thumbQuery = z.object({ width: size('width'), height: size('height') });

export function createDocumentsRouter(deps: RouteDeps): Router {
  const { repos, secret } = deps;
  const router = Router();

  // the document's archive (View, else 404), its id and a checked SecureId (403): theDocument
  router.get(
    '/dbs/:db/archives/:archive/documents/:doc',
    ...route(deps, { params: documentParams, policy: theDocument }, (_c, { granted: ref }) => {
      const { databaseId: db, archive, docId, permissions } = ref;
      const fields = repos.archives.fields(archive.id);
      const columns = fields.map((f) => fieldRef(f.ID, f.Type, f.Prop));
      const row = repos.docSearch.rows.one(db, archive.id, docId, columns);
      if (!row) throw notFound(messages.document(archive.id, docId));
      const ctx = { secret, databaseId: db, archive, fields, permissions, terms: false };
      return toResult(ctx, 1, [row], repos.docStates.statusOf(db, docId));
    }),
  );

  router.get(
    '/dbs/:db/archives/:archive/documents/:doc/thumb',
    ...route(
      deps,
      { params: documentParams, query: thumbQuery, policy: theDocument },
      async (_c, { granted: ref, query: { width, height } }) => {
        const { databaseId: db, archive, docId } = ref;
        const doc = repos.docSearch.rows.file(db, docId);
        if (!doc || doc.archiveId !== archive.id) throw notFound(messages.document(archive.id, docId));
        const root = resolve(deps.files.dataDir, 'files');
        const file = resolve(root, doc.filePath);
        if (!doc.filePath || !file.startsWith(root + sep)) throw notFound(`Document ${docId} has no file.`);
        const thumb = await thumbnail({
          dataDir: deps.files.dataDir,
          databaseId: db,
          docId,
          file,
          fileType: doc.fileType,
          width,
          height,
        }).catch((error: unknown) => {
          if ((error as NodeJS.ErrnoException).code === 'ENOENT')
            throw notFound(`The file of document ${docId} was not found.`);
          throw error;
        });
        return bytesAnswer('image/jpeg', thumb.jpeg);
      },
    ),
  );

  return router;
}
