// Operations on one document (wire §2.5, spec §7): `.../documents/{id}/copy`, `/move` and
// `/delete` (routing ignores case, so also the web client's `/Copy`, `/Move`), as GET like the
// real server and also as POST. Query: `SecureId`, `token`, `DestinationArchive` (copy, move),
// `Job` and `Count` (the client's job grouping: accepted and ignored).
// - copy: View on the source (seeing it), Add (2) on the destination; a new document in the
//   destination with every value, multi-value, its text and a copy of its file; answers the new id.
// - move: Move (131072) on the source, Add on the destination (not the source itself); the document
//   keeps its id, which is answered (the wire's "new document id").
// - delete: Delete (8); answers `true`.
// A read-only licence may do none of them (403). Copy and move stay within one database: fields
// belong to the database, so every column is kept; another database's archive is a 400.
import { Router, type Request, type Response } from 'express';
import { ArchivePermission, hasFlag } from '@gs/contract/flags';
import { accessOf, type RouteDeps } from '../deps';
import type { ArchiveRow } from '../db/archivesRepo';
import { callerOf } from '../http/auth';
import { HttpError, badRequest, forbidden } from '../http/errors';
import { intParam, parseId, query } from '../http/query';
import {
  documentMessages,
  documentOf,
  requireEditingLicense,
  requirePermission,
  type DocumentRef,
} from '../services/documentAccess';
import { copyDocument, deleteDocument, moveDocument, type DocumentOpsContext } from '../services/documentOps';

const DOC = '/dbs/:db/archives/:archive/documents/:doc';

export function createDocumentOpsRouter(deps: RouteDeps): Router {
  const { repos } = deps;
  const router = Router();

  const context = (res: Response): DocumentOpsContext => ({
    ops: repos.documentOps,
    audit: repos.audit,
    dataDir: deps.files.dataDir,
    now: () => deps.clock.now(),
    userName: callerOf(res).user.name,
  });

  /** The checked document of the call, for a caller whose licence may change documents. */
  const writable = (req: Request, res: Response): DocumentRef => {
    const ref = documentOf(deps, req, res, {
      db: intParam(req, 'db'),
      archive: intParam(req, 'archive'),
      doc: intParam(req, 'doc'),
    });
    requireEditingLicense(res);
    return ref;
  };

  /** The `DestinationArchive` of a copy or move: in the same database, with Add for the caller. */
  const destinationOf = (req: Request, res: Response, ref: DocumentRef): ArchiveRow => {
    const raw = query(req, 'DestinationArchive');
    if (raw === undefined || raw.trim() === '') throw badRequest('The DestinationArchive is required.');
    const id = parseId(raw, 'DestinationArchive');
    const other = repos.archives.byId(id);
    if (other && other.databaseId !== ref.databaseId)
      throw new HttpError(400, {
        Message: `Archive ${id} is in another database; documents can only be copied or moved within database ${ref.databaseId}.`,
      });
    const access = accessOf(deps, res);
    const dest = access.archive(ref.databaseId, id);
    if (!hasFlag(access.archivePermissions(dest), ArchivePermission.Add))
      throw forbidden(documentMessages.permission(dest, 'add documents'));
    return dest;
  };

  const copy = async (req: Request, res: Response): Promise<void> => {
    const ref = writable(req, res);
    const dest = destinationOf(req, res, ref);
    res.json(await copyDocument(context(res), ref, dest));
  };

  const move = (req: Request, res: Response): void => {
    const ref = writable(req, res);
    requirePermission(ref, ArchivePermission.Move, 'move documents');
    const dest = destinationOf(req, res, ref);
    if (dest.id === ref.archive.id)
      throw new HttpError(400, { Message: `Document ${ref.docId} is already in archive '${dest.name}'.` });
    res.json(moveDocument(context(res), ref, dest));
  };

  const remove = async (req: Request, res: Response): Promise<void> => {
    const ref = writable(req, res);
    requirePermission(ref, ArchivePermission.Delete, 'delete documents');
    await deleteDocument(context(res), ref);
    res.json(true);
  };

  for (const method of ['get', 'post'] as const) {
    router[method](`${DOC}/copy`, deps.auth.requireAuth, copy);
    router[method](`${DOC}/move`, deps.auth.requireAuth, move);
    router[method](`${DOC}/delete`, deps.auth.requireAuth, remove);
  }
  return router;
}
