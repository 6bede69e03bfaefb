// History: a document's entries (`dbs/{db}/archives/{a}/documents/{id}/audit`, oldest first), an
// archive's (`dbs/{db}/archives/{a}/audit?Page=&DocLimit=`, newest first, paged) and adding an
// entry (`POST dbs/{db}/archives/{a}?documentID=&secureid=` with a LogEntry body). Reading needs
// View History (512). Adding is a write: never with a read-only licence (403, as every other
// write), and the Message has at most HISTORY_MESSAGE_MAX characters (our limit).
import { Router } from 'express';
import { z } from 'zod';
import type { ArchiveHistoryResponse, DocumentHistoryResponse, HistoryEntry } from '@gs/contract/history';
import { ARCHIVE_HISTORY_MAX_PAGE_SIZE, ARCHIVE_HISTORY_PAGE_SIZE } from '@gs/contract/history';
import { ArchivePermission, hasFlag } from '@gs/contract/flags';
import type { RouteDeps } from '../../deps';
import { badRequest, forbidden } from '../../http/errors';
import { parseId, pathInt, readKey } from '../../http/query';
import {
  documentMessages,
  requireEditingLicense,
  requirePermission,
  resolveDocument,
} from '../services/documentAccess';
import { documentParams, theDocument } from './documentRequest';
import { asSent, pathAsSent, queryLookup, route, signedIn, type Policy } from '../../http/route';
import type { Lookup } from '../../lib/keys';
import { int32Value } from '../../lib/zodInput';
import type { ArchiveRow } from '../../catalog/repos/archivesRepo';
import { categoryOf, isHistoryCategory, toHistoryEntry } from '../services/history';

const VIEW_HISTORY = 'view history';
/** Longer history messages are refused (the history grid shows one line). */
export const HISTORY_MESSAGE_MAX = 1000;

const intKey = (body: unknown, key: string): number => {
  const v = readKey(body, key);
  return typeof v === 'number' && Number.isInteger(v) ? v : 0;
};

const historyPage = z.object({
  page: int32Value('Page').optional(),
  doclimit: int32Value('DocLimit').optional(),
});

function pageOf(q: z.output<typeof historyPage>): { page: number; size: number } {
  const page = q.page ?? 1;
  const size = q.doclimit ?? ARCHIVE_HISTORY_PAGE_SIZE;
  return {
    page: Math.max(1, page),
    size: size < 1 ? ARCHIVE_HISTORY_PAGE_SIZE : Math.min(size, ARCHIVE_HISTORY_MAX_PAGE_SIZE),
  };
}

const archiveParams = z.object({ db: int32Value('db'), archive: int32Value('archive') });

/** An archive the caller sees, with View History on it (403). */
const archiveHistory: Policy<z.output<typeof archiveParams>, { db: number; archive: ArchiveRow }> = (
  { access },
  p,
) => {
  const db = access.database(p.db).Id;
  const archive = access.archive(db, p.archive);
  if (!hasFlag(access.archivePermissions(archive), ArchivePermission.ViewHistory))
    throw forbidden(documentMessages.permission(archive, VIEW_HISTORY));
  return { db, archive };
};

export function createAuditRouter(deps: RouteDeps): Router {
  const { repos, clock } = deps;
  const router = Router();

  router.get(
    '/dbs/:db/archives/:archive/documents/:doc/audit',
    ...route(
      deps,
      {
        params: documentParams,
        policy: (ctx, p) => {
          const ref = theDocument(ctx, p);
          requirePermission(ref, ArchivePermission.ViewHistory, VIEW_HISTORY);
          return ref;
        },
      },
      (_c, { granted: ref }): DocumentHistoryResponse =>
        repos.audit.ofDocument(ref.databaseId, ref.docId).map(toHistoryEntry),
    ),
  );

  router.get(
    '/dbs/:db/archives/:archive/audit',
    ...route(
      deps,
      { params: archiveParams, query: historyPage, policy: archiveHistory },
      (_c, { query: q, granted: { db, archive } }): ArchiveHistoryResponse => {
        const { page, size } = pageOf(q);
        return {
          Items: repos.audit.ofArchive(db, archive.id, (page - 1) * size, size).map(toHistoryEntry),
          Total: repos.audit.countOfArchive(db, archive.id),
        };
      },
    ),
  );

  /**
   * Only with `documentID` (asked before authenticating): without it this path is a document
   * import, which is not ours. The document is read from the query, then the path.
   */
  const addEntry = {
    match: (q: Lookup) => q('documentID') !== undefined,
    params: pathAsSent,
    query: queryLookup,
    body: asSent,
    policy: signedIn,
  };
  router.post(
    '/dbs/:db/archives/:archive',
    ...route(deps, addEntry, ({ caller, secureId }, { params, query, body }): HistoryEntry => {
      const doc = parseId(query('documentID') ?? '', 'documentID');
      const ids = { db: pathInt(params, 'db'), archive: pathInt(params, 'archive'), doc };
      const ref = resolveDocument(deps, caller, ids, secureId);
      requireEditingLicense(caller);
      const message = readKey(body, 'Message');
      if (typeof message !== 'string' || message.trim() === '')
        throw badRequest('The request body must be a LogEntry with a Message.');
      if (message.length > HISTORY_MESSAGE_MAX)
        throw badRequest(`The Message may have at most ${HISTORY_MESSAGE_MAX} characters.`);
      const category = readKey(body, 'Category');
      const row = repos.audit.add({
        databaseId: ref.databaseId,
        archiveId: ref.archive.id,
        documentId: ref.docId,
        oldArchiveId: intKey(body, 'OldArchiveID'),
        oldDocId: intKey(body, 'OldDocID'),
        userName: caller.user.name,
        category:
          typeof category === 'string' && isHistoryCategory(category) ? category : categoryOf(message),
        message,
        time: clock.now(),
        connectionString: '',
      });
      return toHistoryEntry(row);
    }),
  );
  return router;
}
