// The administration API's archives (wire §2.8, admin-spec §3-6), for the database's
// administrators: `admin/databases/{db}/archives` GET (every archive, sub-archives by Parent) and
// POST, `/{id}` GET, PUT and DELETE (`?Drop=true` to delete one holding documents, decision 017),
// `/{id}/indexrebuild?docCount=N` (re-reads the content index of the newest N documents).
// A new archive is in `dbs/{db}/archives` at once; turning on revision control adds its Versions
// archive (whose fields follow the archive's), CreateBrowse on a new archive its browse search,
// and content search puts its documents' text in the content index (or takes it out). Each write is one transaction.
import { callerOf } from '../http/auth';
import { Router, type Request, type Response } from 'express';
import { holdsDocumentsMessage } from '@gs/contract/admin/catalog';
import { ArchiveFlags, hasFlag } from '@gs/contract/flags';
import type { RouteDeps } from '../deps';
import type { AdminArchiveRow, ArchiveSpec } from '../db/adminArchivesRepo';
import { HttpError, badRequest, notFound } from '../http/errors';
import { intParam, queryBool, queryInt } from '../http/query';
import { messages } from '../services/access';
import { readArchiveBody, storedSpec, toAdminArchive, type ArchiveContext } from '../services/adminArchives';
import { unlinkUnusedFiles } from '../services/adminDrop';
import { requireDbAdmin, requireWritable } from '../services/adminRights';

const ARCHIVES = '/admin/databases/:db/archives';
const ARCHIVE = `${ARCHIVES}/:archive`;
/** From an archive card (admin-spec §9). */
export const DEFAULT_REBUILD_COUNT = 1000;

export function createAdminArchivesRouter(deps: RouteDeps): Router {
  const { auth, repos } = deps;
  const archives = repos.adminArchives;
  const router = Router();

  const database = (req: Request, res: Response, write: boolean): number => {
    const db = intParam(req, 'db');
    requireDbAdmin(deps, callerOf(res), db);
    if (write) requireWritable(callerOf(res));
    if (!repos.databases.byId(db)) throw notFound(messages.database(db));
    return db;
  };

  const archiveOf = (db: number, req: Request): AdminArchiveRow => {
    const id = intParam(req, 'archive');
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

  const answer = (res: Response, id: number): void => {
    const row = archives.byId(id);
    if (!row) throw new Error(`archive ${id} vanished`);
    res.json(toAdminArchive(archives, row));
  };

  router.get(ARCHIVES, auth.requireAuth, (req, res) => {
    const db = database(req, res, false);
    res.json(archives.ofDatabase(db).map((a) => toAdminArchive(archives, a)));
  });

  router.post(ARCHIVES, auth.requireAuth, (req, res) => {
    const db = database(req, res, true);
    const id = archives.transaction(() => {
      const spec = readArchiveBody(req.body, undefined, context(db, undefined));
      const created = archives.create(db, spec);
      followUp(db, created, spec, undefined);
      if (spec.createBrowse) archives.addBrowseSearch(db, created, spec.name);
      return created;
    });
    answer(res, id);
  });

  router.get(ARCHIVE, auth.requireAuth, (req, res) => {
    const db = database(req, res, false);
    res.json([toAdminArchive(archives, archiveOf(db, req))]);
  });

  router.put(ARCHIVE, auth.requireAuth, (req, res) => {
    const db = database(req, res, true);
    archives.transaction(() => {
      const row = archiveOf(db, req);
      const before = storedSpec(archives, row);
      const spec = readArchiveBody(req.body, before, context(db, row.id));
      archives.update(row.id, spec);
      followUp(db, row.id, spec, before);
    });
    answer(res, intParam(req, 'archive'));
  });

  router.delete(ARCHIVE, auth.requireAuth, async (req, res) => {
    const db = database(req, res, true);
    const drop = queryBool(req, 'Drop') ?? false;
    const files = archives.transaction(() => {
      const row = archiveOf(db, req);
      const all = archives.ofDatabase(db);
      const children = all.filter((a) => a.parentId === row.id);
      const blocking = children.find((c) => c.id !== row.versionsArchiveId);
      if (blocking)
        throw new HttpError(409, {
          Message: `Archive '${row.name}' has sub-archives ('${blocking.name}'); delete them first.`,
        });
      // the archive and its own Versions archive go together
      const doomed = [...children, row];
      const count = doomed.reduce((n, a) => n + archives.documentCount(db, a.id), 0);
      if (count > 0 && !drop)
        throw new HttpError(409, { Message: holdsDocumentsMessage(`Archive '${row.name}'`, count) });
      const paths = doomed.flatMap((a) => archives.filePaths(db, a.id));
      doomed.forEach((a) => archives.remove(db, a.id));
      return paths;
    });
    await unlinkUnusedFiles(deps, files);
    res.json(true);
  });

  router.get(`${ARCHIVE}/indexrebuild`, auth.requireAuth, (req, res) => {
    const db = database(req, res, true);
    const count = queryInt(req, 'docCount') ?? DEFAULT_REBUILD_COUNT;
    if (count < 1) throw badRequest(`docCount must be at least 1, not ${count}.`);
    const rebuilt = archives.transaction(() => {
      const row = archiveOf(db, req);
      if (!row.contentSearch) return false;
      archives.indexContent(db, row.id, true, count);
      return true;
    });
    res.json(rebuilt);
  });

  return router;
}
