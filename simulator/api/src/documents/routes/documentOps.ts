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
import { Router } from 'express';
import { z } from 'zod';
import { ArchivePermission, hasFlag } from '@gs/contract/flags';
import type { RouteDeps } from '../../deps';
import type { ArchiveRow } from '../../catalog/repos/archivesRepo';
import type { Caller } from '../../domain/caller';
import { forbidden, invalid } from '../../domain/errors';
import { refuseCookieOnlyGet } from '../../http/cookieOnly';
import { documentParams, theDocument } from './documentRequest';
import { route, type Policy, type RouteContext } from '../../http/route';
import { idValue, requiredId } from '../../lib/zodInput';
import type { DocumentIds } from '../services/documentAccess';
import {
  documentMessages,
  requireEditingLicense,
  requirePermission,
  type DocumentRef,
} from '../services/documentAccess';
import { burnsIn } from '../services/burnInTransfer';
import { copyDocument, deleteDocument, moveDocument, type DocumentOpsContext } from '../services/documentOps';
import { copyAcrossDatabases, moveAcrossDatabases, type TransferContext } from '../services/documentTransfer';

const DOC = '/dbs/:db/archives/:archive/documents/:doc';

const destinationQuery = z.object({
  destinationarchive: requiredId('DestinationArchive', 'The DestinationArchive is required.'),
  destinationdatabase: idValue('DestinationDatabase'),
});
type Destination = z.output<typeof destinationQuery>;

/** The checked document of the call, for a caller whose licence may change documents (and holds `bit`). */
const writable =
  (bit?: number, what = ''): Policy<DocumentIds, DocumentRef> =>
  (ctx, ids) => {
    const ref = theDocument(ctx, ids);
    requireEditingLicense(ctx.caller);
    if (bit !== undefined) requirePermission(ref, bit, what);
    return ref;
  };

export function createDocumentOpsRouter(deps: RouteDeps): Router {
  const { repos } = deps;
  const router = Router();

  const context = (caller: Caller): DocumentOpsContext => ({
    ops: repos.documentOps,
    audit: repos.audit,
    annotations: repos.annotations,
    dataDir: deps.files.dataDir,
    now: () => deps.clock.now(),
    userName: caller.user.name,
  });
  const transferContext = (caller: Caller): TransferContext => ({
    ...context(caller),
    fields: repos.fieldRules,
    values: repos.documentFields,
    imports: repos.docImports,
  });
  const namesOf = (ref: DocumentRef, dest: ArchiveRow) => ({
    source: repos.databases.byId(ref.databaseId)?.Name ?? String(ref.databaseId),
    dest: repos.databases.byId(dest.databaseId)?.Name ?? String(dest.databaseId),
  });

  /**
   * The `DestinationArchive` of a copy or move, in its own database or the one `DestinationDatabase`
   * names, which the caller must see, with View and Add on the archive.
   */
  const destinationOf = ({ access }: RouteContext, q: Destination, ref: DocumentRef): ArchiveRow => {
    const id = q.destinationarchive;
    const db = q.destinationdatabase ?? repos.archives.byId(id)?.databaseId ?? ref.databaseId;
    access.database(db);
    const dest = access.archive(db, id);
    if (!hasFlag(access.archivePermissions(dest), ArchivePermission.Add))
      throw forbidden(documentMessages.permission(dest, 'add documents'));
    return dest;
  };

  /** Whether the burn-in rule applies between the document's archive and `dest`. */
  const burnFor = ({ access }: RouteContext, ref: DocumentRef, dest: ArchiveRow): boolean =>
    burnsIn(ref.permissions, access.archivePermissions(dest));

  const before = [refuseCookieOnlyGet];
  const copy = route(
    deps,
    { params: documentParams, query: destinationQuery, policy: writable(), before },
    async (ctx, { granted: ref, query: q }) => {
      const dest = destinationOf(ctx, q, ref);
      const burn = burnFor(ctx, ref, dest);
      if (dest.databaseId !== ref.databaseId)
        return copyAcrossDatabases(transferContext(ctx.caller), ref, dest, namesOf(ref, dest), burn);
      return copyDocument(context(ctx.caller), ref, dest, burn);
    },
  );

  const move = route(
    deps,
    {
      params: documentParams,
      query: destinationQuery,
      policy: writable(ArchivePermission.Move, 'move documents'),
      before,
    },
    async (ctx, { granted: ref, query: q }) => {
      const dest = destinationOf(ctx, q, ref);
      if (dest.id === ref.archive.id)
        throw invalid(`Document ${ref.docId} is already in archive '${dest.name}'.`);
      const burn = burnFor(ctx, ref, dest);
      if (dest.databaseId !== ref.databaseId)
        return moveAcrossDatabases(transferContext(ctx.caller), ref, dest, namesOf(ref, dest), burn);
      return moveDocument(context(ctx.caller), ref, dest, burn);
    },
  );

  const remove = route(
    deps,
    { params: documentParams, policy: writable(ArchivePermission.Delete, 'delete documents'), before },
    async ({ caller }, { granted: ref }) => {
      await deleteDocument(context(caller), ref);
      return true;
    },
  );

  for (const method of ['get', 'post'] as const) {
    router[method](`${DOC}/copy`, ...copy);
    router[method](`${DOC}/move`, ...move);
    router[method](`${DOC}/delete`, ...remove);
  }
  return router;
}
