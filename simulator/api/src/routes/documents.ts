// One document of an archive (wire §2.5): `dbs/{db}/archives/{a}/documents/{id}` answers the
// Result object holding that document; `.../thumb` its first page as a JPEG thumbnail (150x150 by
// default, `width`/`height` up to 1000). Both need the document's SecureId and View permission.
import { Router, type Request, type Response } from 'express';
import { resolve, sep } from 'node:path';
import type { RouteDeps } from '../deps';
import { badRequest, notFound } from '../http/errors';
import { documentOf } from '../http/documentRequest';
import { query } from '../http/query';
import { messages } from '../services/access';
import { fieldRef } from '../services/search/conditions';
import { toResult } from '../services/search/result';
import { thumbnail } from '../services/thumbnails';

const THUMB_SIZE = 150;
const MAX_THUMB_SIZE = 1000;

function size(req: Request, key: string): number {
  const raw = query(req, key);
  if (raw === undefined || raw.trim() === '') return THUMB_SIZE;
  const n = /^\s*\d{1,4}\s*$/.test(raw) ? Number(raw) : NaN;
  if (!(n >= 1 && n <= MAX_THUMB_SIZE))
    throw badRequest(`${key} must be from 1 to ${MAX_THUMB_SIZE}; got '${raw}'.`);
  return n;
}

export function createDocumentsRouter(deps: RouteDeps): Router {
  const { repos, secret } = deps;
  const router = Router();

  /** The document's archive (View, else 404), its id and a checked SecureId (403), as every document route. */
  const target = (req: Request, res: Response) => {
    const ref = documentOf(deps, req, res);
    return { db: ref.databaseId, archive: ref.archive, docId: ref.docId, permissions: ref.permissions };
  };

  router.get('/dbs/:db/archives/:archive/documents/:doc', deps.auth.requireAuth, (req, res) => {
    const { db, archive, docId, permissions } = target(req, res);
    const fields = repos.archives.fields(archive.id);
    const columns = fields.map((f) => fieldRef(f.ID, f.Type, f.Prop));
    const row = repos.docSearch.rows.one(db, archive.id, docId, columns);
    if (!row) throw notFound(messages.document(archive.id, docId));
    const ctx = { secret, databaseId: db, archive, fields, permissions, terms: false };
    res.json(toResult(ctx, 1, [row], repos.docStates.statusOf(db, docId)));
  });

  router.get('/dbs/:db/archives/:archive/documents/:doc/thumb', deps.auth.requireAuth, async (req, res) => {
    const { db, archive, docId } = target(req, res);
    const [width, height] = [size(req, 'width'), size(req, 'height')];
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
    res.set('Content-Type', 'image/jpeg').set('Content-Length', String(thumb.jpeg.length)).end(thumb.jpeg);
  });

  return router;
}
