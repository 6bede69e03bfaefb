// `dbs/{db}/archives[/{id}]`: the archive tree (children of an archive, 0 or none for the roots)
// and, by query, an archive's fields, info, view tabs or a document's secure id. Under the
// database's "show all archives" option (admin options/archives) the tree holds every archive,
// with the caller's permissions (0 where they may not view it, so it opens empty).
import { Router } from 'express';
import { z } from 'zod';
import type { Archive, ArchiveInfo, ArchivesResponse, ViewTabsResponse } from '@gs/contract/archives';
import { ArchiveProperties } from '@gs/contract/flags';
import type { RouteDeps } from '../../deps';
import type { ArchiveRow } from '../repos/archivesRepo';
import { secureId } from '../../security/repos/secureIds';
import { badRequest, notFound } from '../../domain/errors';
import { route, type Policy } from '../../http/route';
import { parseId } from '../../lib/keys';
import { int32Value } from '../../lib/zodInput';
import { messages, type UserAccess } from '../../security/services/access';

/**
 * The server's storage folders as an archive reports them (decision 056; the keys are SD's
 * Archive model, the values our guess): its own base path, else the default store of its
 * database; the full-text index beside it.
 */
export const STORAGE_ROOT = 'C:\\GetSmart';
const basePathOf = (a: ArchiveRow): string => a.basePath || `${STORAGE_ROOT}\\Storage\\${a.databaseId}`;
const fullTextPathOf = (a: ArchiveRow): string =>
  `${STORAGE_ROOT}\\FullText\\${a.databaseId}\\${a.uniqueName || String(a.id)}`;

const toArchive = (a: ArchiveRow, permissions: number): Archive => ({
  Id: a.id,
  Name: a.name,
  Parent: a.parentId,
  Permissions: permissions,
  Properties: a.hasChildren ? ArchiveProperties.HasChildren : 0,
  DBProperties: a.flags,
  BasePath: basePathOf(a),
  FullTextPath: fullTextPathOf(a),
});

const params = z.object({ db: int32Value('db'), archive: int32Value('archive').optional() });
/** `DocumentID` is read once the archive is found, as it always was */
const archiveQuery = z.object({ documentid: z.string().optional(), type: z.string().optional() });
type ArchiveQuery = z.output<typeof archiveQuery>;

/** A database the caller sees (404/403); its id. */
const seenDatabase: Policy<z.output<typeof params>, number> = ({ access }, p) => access.database(p.db).Id;

export function createArchivesRouter(deps: RouteDeps): Router {
  const { repos, secret } = deps;
  const router = Router();

  /** With the database's "show all archives" option users see every archive, viewable or not. */
  const showAll = (db: number): boolean => repos.adminDatabases.byId(db)?.showAllArchives ?? false;

  const children = (access: UserAccess, db: number, parent: number): ArchivesResponse => {
    const all = showAll(db);
    return {
      Archives: repos.archives
        .children(db, parent)
        .filter((a) => all || access.canView(a))
        .map((a) => toArchive(a, access.archivePermissions(a))),
    };
  };

  /** The archive whose children are listed: one the user may view, or any under "show all". */
  const listed = (access: UserAccess, db: number, archiveId: number): ArchiveRow => {
    const a = repos.archives.byId(archiveId);
    if (a && a.databaseId === db && showAll(db)) return a;
    return access.archive(db, archiveId);
  };

  const info = (access: UserAccess, a: ArchiveRow): ArchiveInfo => ({
    ...toArchive(a, access.archivePermissions(a)),
    FolderOptions: a.folderOptions,
    Count: repos.documents.countInArchive(a.databaseId, a.id),
    Hash: secureId(secret, 'archive', a.databaseId, a.id),
  });

  const tabs = (a: ArchiveRow): ViewTabsResponse => ({
    Enabled: a.viewEnabled,
    StatusField: a.viewStatusField,
    Tabs: repos.archives.views(a.id),
  });

  const documentSecureId = (a: ArchiveRow, docId: number): string => {
    if (!repos.documents.existsInArchive(a.databaseId, a.id, docId))
      throw notFound(messages.document(a.id, docId));
    return secureId(secret, 'doc', a.databaseId, docId);
  };

  /** `?DocumentID=` wins over `?type=`; neither lists the archive's children. */
  const answer = (q: ArchiveQuery, access: UserAccess, a: ArchiveRow): unknown => {
    if (q.documentid !== undefined) return documentSecureId(a, parseId(q.documentid, 'DocumentID'));
    const type = q.type;
    if (type === undefined || type === '') return children(access, a.databaseId, a.id);
    switch (type.toLowerCase()) {
      case 'fields':
        return repos.archives.fields(a.id);
      case 'info':
        return info(access, a);
      case 'tabs':
        return tabs(a);
      default:
        throw badRequest(`Unknown type '${type}'; expected fields, info or tabs.`);
    }
  };

  router.get(
    '/dbs/:db/archives{/:archive}',
    ...route(
      deps,
      { params, query: archiveQuery, policy: seenDatabase },
      ({ access }, { params: p, query: q, granted: db }) => {
        const archiveId = p.archive ?? 0;
        const plain = q.type === undefined && q.documentid === undefined;
        if (archiveId === 0 && plain) return children(access, db, 0);
        if (archiveId === 0) throw notFound(messages.archive(db, 0));
        if (plain) return children(access, db, listed(access, db, archiveId).id);
        return answer(q, access, access.archive(db, archiveId));
      },
    ),
  );
  return router;
}
