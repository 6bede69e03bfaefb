// The administration API's databases (wire §2.8, admin-spec §6-7): `admin/databases` GET (the
// databases the caller administers) and POST (administrators of all; a second database needs
// the multi-database licence), `admin/databases/{id}` GET (`?rebuild=true` rebuilds its
// indexes) and PUT (its administrators; rebuilding and PUT, the Databases mode, need a user
// administrator too, admin-spec §6) and DELETE (administrators of all; `?Drop=true` to delete
// one holding documents, decision 017), and `admin/databases/{id}/options/archives` `{ShowAll}`.
// A read-only licence changes nothing. Each write is one transaction.
import { callerOf } from '../http/auth';
import { Router, type Request, type Response } from 'express';
import { AdminFeature, MULTIPLE_DATABASES_NOT_LICENSED } from '@gs/contract/admin';
import { holdsDocumentsMessage, type AdminShowAllOptions } from '@gs/contract/admin/catalog';
import type { RouteDeps } from '../deps';
import type { AdminDatabaseRow } from '../db/adminDatabasesRepo';
import { HttpError, forbidden, notFound } from '../http/errors';
import { intParam, queryBool } from '../http/query';
import { messages } from '../services/access';
import { boolValue, opt, parseBody } from '../services/adminInput';
import { readDatabaseBody, toAdminDatabase } from '../services/adminDatabases';
import { unlinkUnusedFiles } from '../services/adminDrop';
import {
  requireAdminAll,
  requireAnyDbAdmin,
  requireDbAdmin,
  requireUserAdmin,
  requireWritable,
} from '../services/adminRights';
import { z } from 'zod';

const DATABASE = '/admin/databases/:db';
const showAllSchema = z.object({ showall: opt(boolValue) });

export function createAdminDatabasesRouter(deps: RouteDeps): Router {
  const { auth, repos } = deps;
  const dbs = repos.adminDatabases;
  const router = Router();

  /**
   * The database of the route, which the caller must administer (403) and which must exist (404);
   * a write needs a licence that may write, and a change of the database itself (the Databases
   * mode) a user administrator.
   */
  const administered = (
    req: Request,
    res: Response,
    use: 'read' | 'write' | 'database',
  ): AdminDatabaseRow => {
    const id = intParam(req, 'db');
    const access = requireDbAdmin(deps, callerOf(res), id);
    if (use === 'database') requireUserAdmin(access);
    if (use !== 'read') requireWritable(callerOf(res));
    const row = dbs.byId(id);
    if (!row) throw notFound(messages.database(id));
    return row;
  };

  const taken = (name: string): boolean => dbs.idByName(name) !== undefined;

  const licensedForAnother = (): boolean => {
    const count = Number(repos.settings.get(`feature.${AdminFeature.MultiDatabase}`));
    return dbs.all().length === 0 || (Number.isSafeInteger(count) && count > 0);
  };

  router.get('/admin/databases', auth.requireAuth, (_req, res) => {
    const access = requireAnyDbAdmin(deps, callerOf(res));
    res.json(
      dbs
        .all()
        .filter((d) => access.isDbAdmin(d.id))
        .map(toAdminDatabase),
    );
  });

  router.post('/admin/databases', auth.requireAuth, (req, res) => {
    requireAdminAll(deps, callerOf(res));
    requireWritable(callerOf(res));
    const row = dbs.transaction(() => {
      if (!licensedForAnother()) throw forbidden(MULTIPLE_DATABASES_NOT_LICENSED);
      return dbs.byId(dbs.create(readDatabaseBody(req.body, undefined, taken)));
    });
    res.json(row && toAdminDatabase(row));
  });

  router.get(DATABASE, auth.requireAuth, (req, res) => {
    const rebuild = queryBool(req, 'rebuild') ?? false;
    const row = administered(req, res, rebuild ? 'database' : 'read');
    if (!rebuild) return void res.json([toAdminDatabase(row)]);
    dbs.rebuild(row.id);
    res.json(true);
  });

  router.put(DATABASE, auth.requireAuth, (req, res) => {
    const row = administered(req, res, 'database');
    const saved = dbs.transaction(() => {
      const spec = readDatabaseBody(req.body, row, (name) => {
        const other = dbs.idByName(name);
        return other !== undefined && other !== row.id;
      });
      dbs.update(row.id, spec);
      return dbs.byId(row.id);
    });
    res.json(saved && toAdminDatabase(saved));
  });

  router.delete(DATABASE, auth.requireAuth, async (req, res) => {
    const id = intParam(req, 'db');
    requireAdminAll(deps, callerOf(res));
    requireWritable(callerOf(res));
    const drop = queryBool(req, 'Drop') ?? false;
    const files = dbs.transaction(() => {
      const row = dbs.byId(id);
      if (!row) throw notFound(messages.database(id));
      const count = dbs.documentCount(id);
      if (count > 0 && !drop)
        throw new HttpError(409, { Message: holdsDocumentsMessage(`Database '${row.name}'`, count) });
      const paths = dbs.filePaths(id);
      dbs.remove(id);
      return paths;
    });
    await unlinkUnusedFiles(deps, files);
    res.json(true);
  });

  router.get(`${DATABASE}/options/archives`, auth.requireAuth, (req, res) => {
    const row = administered(req, res, 'read');
    const body: AdminShowAllOptions = { ShowAll: row.showAllArchives };
    res.json(body);
  });

  router.put(`${DATABASE}/options/archives`, auth.requireAuth, (req, res) => {
    const row = administered(req, res, 'write');
    const showAll = parseBody(showAllSchema, req.body, 'archive options').showall ?? row.showAllArchives;
    dbs.transaction(() => dbs.setShowAllArchives(row.id, showAll));
    const body: AdminShowAllOptions = { ShowAll: showAll };
    res.json(body);
  });

  return router;
}
