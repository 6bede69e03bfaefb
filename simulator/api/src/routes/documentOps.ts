// Operations on one document (wire §2.5, spec §7): `.../documents/{id}/copy`, `/move` and
// `/delete` (routing ignores case, so also the web client's `/Copy`, `/Move`), as GET like the
// real server and also as POST. Query: `SecureId`, `token`, `DestinationArchive` (copy, move),
// optional `DestinationDatabase`, `Job` and `Count` (the client's job grouping: accepted and ignored).
// - copy: View on the source (seeing it), Add (2) on the destination; a new document in the
//   destination with every value, multi-value, its text and a copy of its file; answers the new id.
// - move: Move (131072) on the source, Add on the destination (not the source itself); the document
//   keeps its id, which is answered (the wire's "new document id").
// - delete: Delete (8); answers `true`.
// A read-only licence may do none of them (403); as GET, not with a token only from the cookie (403,
// http/cookieOnly.ts).
// The destination may be in another database: archive ids are unique across the simulator's
// databases, so `DestinationArchive` alone names it; a client may add `DestinationDatabase` (it
// must then be that archive's database, else 404). Within one database every column is kept
// (documentOps.ts); across databases values go by field name and a move gives the document the
// destination table's new id (documentTransfer.ts), carrying its history along; a document of a
// revision chain cannot move to another database (400).
// Burn-in rule (globalsearch-ux §7): from an archive where the caller lacks Modify Annotations
// (2048) to one where they have it, an annotated document arrives as a PDF with its annotations
// drawn in and no annotation records (burnInTransfer.ts); otherwise the annotations go along.
import { Router, type Request, type Response } from 'express';
import { ArchivePermission, hasFlag } from '@gs/contract/flags';
import { accessOf, type RouteDeps } from '../deps';
import type { ArchiveRow } from '../db/archivesRepo';
import { callerOf } from '../http/auth';
import { refuseCookieOnlyGet } from '../http/cookieOnly';
import { HttpError, badRequest, forbidden } from '../http/errors';
import { parseId, query } from '../http/query';
import {
  documentMessages,
  requireEditingLicense,
  requirePermission,
  type DocumentRef,
} from '../services/documentAccess';
import { documentOf } from '../http/documentRequest';
import { burnsIn } from '../services/burnInTransfer';
import { copyDocument, deleteDocument, moveDocument, type DocumentOpsContext } from '../services/documentOps';
import { copyAcrossDatabases, moveAcrossDatabases, type TransferContext } from '../services/documentTransfer';

const DOC = '/dbs/:db/archives/:archive/documents/:doc';

export function createDocumentOpsRouter(deps: RouteDeps): Router {
  const { repos } = deps;
  const router = Router();

  const context = (res: Response): DocumentOpsContext => ({
    ops: repos.documentOps,
    audit: repos.audit,
    annotations: repos.annotations,
    dataDir: deps.files.dataDir,
    now: () => deps.clock.now(),
    userName: callerOf(res).user.name,
  });
  const transferContext = (res: Response): TransferContext => ({
    ...context(res),
    fields: repos.fieldRules,
    values: repos.documentFields,
    imports: repos.docImports,
  });
  const namesOf = (ref: DocumentRef, dest: ArchiveRow) => ({
    source: repos.databases.byId(ref.databaseId)?.Name ?? String(ref.databaseId),
    dest: repos.databases.byId(dest.databaseId)?.Name ?? String(dest.databaseId),
  });

  /** The checked document of the call, for a caller whose licence may change documents. */
  const writable = (req: Request, res: Response): DocumentRef => {
    const ref = documentOf(deps, req, res);
    requireEditingLicense(callerOf(res));
    return ref;
  };

  /**
   * The `DestinationArchive` of a copy or move, in its own database or the one `DestinationDatabase`
   * names, which the caller must see, with View and Add on the archive.
   */
  const destinationOf = (req: Request, res: Response, ref: DocumentRef): ArchiveRow => {
    const raw = query(req, 'DestinationArchive');
    if (raw === undefined || raw.trim() === '') throw badRequest('The DestinationArchive is required.');
    const id = parseId(raw, 'DestinationArchive');
    const rawDb = query(req, 'DestinationDatabase');
    const named =
      rawDb === undefined || rawDb.trim() === '' ? undefined : parseId(rawDb, 'DestinationDatabase');
    const db = named ?? repos.archives.byId(id)?.databaseId ?? ref.databaseId;
    const access = accessOf(deps, res);
    access.database(db);
    const dest = access.archive(db, id);
    if (!hasFlag(access.archivePermissions(dest), ArchivePermission.Add))
      throw forbidden(documentMessages.permission(dest, 'add documents'));
    return dest;
  };

  /** Whether the burn-in rule applies between the document's archive and `dest`. */
  const burnFor = (res: Response, ref: DocumentRef, dest: ArchiveRow): boolean =>
    burnsIn(ref.permissions, accessOf(deps, res).archivePermissions(dest));

  const copy = async (req: Request, res: Response): Promise<void> => {
    const ref = writable(req, res);
    const dest = destinationOf(req, res, ref);
    const burn = burnFor(res, ref, dest);
    if (dest.databaseId !== ref.databaseId)
      res.json(await copyAcrossDatabases(transferContext(res), ref, dest, namesOf(ref, dest), burn));
    else res.json(await copyDocument(context(res), ref, dest, burn));
  };

  const move = async (req: Request, res: Response): Promise<void> => {
    const ref = writable(req, res);
    requirePermission(ref, ArchivePermission.Move, 'move documents');
    const dest = destinationOf(req, res, ref);
    if (dest.id === ref.archive.id)
      throw new HttpError(400, { Message: `Document ${ref.docId} is already in archive '${dest.name}'.` });
    const burn = burnFor(res, ref, dest);
    if (dest.databaseId !== ref.databaseId)
      res.json(await moveAcrossDatabases(transferContext(res), ref, dest, namesOf(ref, dest), burn));
    else res.json(await moveDocument(context(res), ref, dest, burn));
  };

  const remove = async (req: Request, res: Response): Promise<void> => {
    const ref = writable(req, res);
    requirePermission(ref, ArchivePermission.Delete, 'delete documents');
    await deleteDocument(context(res), ref);
    res.json(true);
  };

  for (const method of ['get', 'post'] as const) {
    router[method](`${DOC}/copy`, deps.auth.requireAuth, refuseCookieOnlyGet, copy);
    router[method](`${DOC}/move`, deps.auth.requireAuth, refuseCookieOnlyGet, move);
    router[method](`${DOC}/delete`, deps.auth.requireAuth, refuseCookieOnlyGet, remove);
  }
  return router;
}
