// The administration API's archives (wire §2.8, admin-spec §3-6), for the database's
// administrators: `admin/databases/{db}/archives` GET (every archive, sub-archives by Parent) and
// POST, `/{id}` GET, PUT and DELETE (`?Drop=true` to delete one holding documents, decision 017),
// `/{id}/indexrebuild?docCount=N` (re-reads the content index of the newest N documents).
// A new archive is in `dbs/{db}/archives` at once; turning on revision control adds its Versions
// archive (whose fields follow the archive's), CreateBrowse on a new archive its browse search,
// and content search puts its documents' text in the content index (or takes it out). Each write is one transaction.
import { Router } from 'express';
import { z } from 'zod';
import { holdsDocumentsMessage } from '@gs/contract/admin/catalog';
import { ArchiveFlags, hasFlag } from '@gs/contract/flags';
import type { RouteDeps } from '../../deps';
import type { AdminArchiveRow, ArchiveSpec } from '../repos/adminArchivesRepo';
import { badRequest, conflict, notFound } from '../../domain/errors';
import { inDatabase } from '../../http/adminPolicies';
import { asSent, route, type Policy } from '../../http/route';
import { boolValue, int32Value } from '../../lib/zodInput';
import { messages } from '../../security/services/access';
import { readArchiveBody, storedSpec, toAdminArchive, type ArchiveContext } from '../services/adminArchives';
import { unlinkUnusedFiles } from '../services/adminDrop';
import { requireDbAdmin, requireWritable } from '../../security/services/adminRights';

const ARCHIVES = '/admin/databases/:db/archives';
const ARCHIVE = `${ARCHIVES}/:archive`;
/** From an archive card (admin-spec §9). */
export const DEFAULT_REBUILD_COUNT = 1000;

const oneArchive = z.object({ db: int32Value('db'), archive: int32Value('archive') });

/** An administrator of the database (403), a licence that writes for a change (403), then 404. */
const admin =
  (write: boolean): Policy<{ db: number }, number> =>
  ({ deps, caller }, { db }) => {
    requireDbAdmin(deps, caller, db);
    if (write) requireWritable(caller);
    if (!deps.repos.databases.byId(db)) throw notFound(messages.database(db));
    return db;
  };
const reader = admin(false);
const writer = admin(true);

export function createAdminArchivesRouter(deps: RouteDeps): Router {
  const { repos } = deps;
  const archives = repos.adminArchives;
  const router = Router();

  const archiveOf = (db: number, id: number): AdminArchiveRow => {
    const row = archives.byId(id);
    if (!row || row.databaseId !== db) throw notFound(messages.archive(db, id));
    return row;
  };

  const context = (db: number, archiveId: number | undefined): ArchiveContext => ({
    databaseId: db,
    archiveId,
    archives: archives.ofDatabase(db),
    fieldIds: new Set(archives.databaseFields(db).keys()),
  });

  /** What follows from a saved archive: its Versions archive and its content index. */
  const followUp = (db: number, id: number, spec: ArchiveSpec, before: ArchiveSpec | undefined): void => {
    const versions = archives.byId(id)?.versionsArchiveId ?? 0;
    if (hasFlag(spec.flags, ArchiveFlags.RevisionControl) && versions === 0)
      archives.addVersionsArchive(db, id, spec.fieldIds);
    // old revisions keep the fields of their archive
    if (versions !== 0 && before && before.fieldIds.join() !== spec.fieldIds.join())
      archives.setFieldIds(versions, spec.fieldIds);
    if (before && before.contentSearch !== spec.contentSearch)
      archives.indexContent(db, id, spec.contentSearch);
  };

  const answer = (id: number) => {
    const row = archives.byId(id);
    if (!row) throw new Error(`archive ${id} vanished`);
    return toAdminArchive(archives, row);
  };

  router.get(
    ARCHIVES,
    ...route(deps, { params: inDatabase, policy: reader }, (_c, { granted: db }) =>
      archives.ofDatabase(db).map((a) => toAdminArchive(archives, a)),
    ),
  );

  router.post(
    ARCHIVES,
    ...route(deps, { params: inDatabase, body: asSent, policy: writer }, (_c, { body, granted: db }) => {
      const id = archives.transaction(() => {
        const spec = readArchiveBody(body, undefined, context(db, undefined));
        const created = archives.create(db, spec);
        followUp(db, created, spec, undefined);
        if (spec.createBrowse) archives.addBrowseSearch(db, created, spec.name);
        return created;
      });
      return answer(id);
    }),
  );

  router.get(
    ARCHIVE,
    ...route(deps, { params: oneArchive, policy: reader }, (_c, { params: p, granted: db }) => [
      toAdminArchive(archives, archiveOf(db, p.archive)),
    ]),
  );

  router.put(
    ARCHIVE,
    ...route(
      deps,
      { params: oneArchive, body: asSent, policy: writer },
      (_c, { params: p, body, granted: db }) => {
        archives.transaction(() => {
          const row = archiveOf(db, p.archive);
          const before = storedSpec(archives, row);
          const spec = readArchiveBody(body, before, context(db, row.id));
          archives.update(row.id, spec);
          followUp(db, row.id, spec, before);
        });
        return answer(p.archive);
      },
    ),
  );

  router.delete(
    ARCHIVE,
    ...route(
      deps,
      { params: oneArchive, query: z.object({ drop: boolValue('Drop', false) }), policy: writer },
      async (_c, { params: p, query: { drop }, granted: db }) => {
        const files = archives.transaction(() => {
          const row = archiveOf(db, p.archive);
          const all = archives.ofDatabase(db);
          const children = all.filter((a) => a.parentId === row.id);
          const blocking = children.find((c) => c.id !== row.versionsArchiveId);
          if (blocking)
            throw conflict(`Archive '${row.name}' has sub-archives ('${blocking.name}'); delete them first.`);
          // the archive and its own Versions archive go together
          const doomed = [...children, row];
          const count = doomed.reduce((n, a) => n + archives.documentCount(db, a.id), 0);
          if (count > 0 && !drop) throw conflict(holdsDocumentsMessage(`Archive '${row.name}'`, count));
          const paths = doomed.flatMap((a) => archives.filePaths(db, a.id));
          doomed.forEach((a) => archives.remove(db, a.id));
          return paths;
        });
        await unlinkUnusedFiles(deps, files);
        return true;
      },
    ),
  );

  router.get(
    `${ARCHIVE}/indexrebuild`,
    ...route(
      deps,
      {
        params: oneArchive,
        query: z.object({ doccount: int32Value('docCount').optional() }),
        policy: writer,
      },
      (_c, { params: p, query: q, granted: db }) => {
        const count = q.doccount ?? DEFAULT_REBUILD_COUNT;
        if (count < 1) throw badRequest(`docCount must be at least 1, not ${count}.`);
        return archives.transaction(() => {
          const row = archiveOf(db, p.archive);
          if (!row.contentSearch) return false;
          archives.indexContent(db, row.id, true, count);
          return true;
        });
      },
    ),
  );

  return router;
}
