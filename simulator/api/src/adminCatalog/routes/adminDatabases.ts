// The administration API's databases (wire §2.8, admin-spec §6-7): `admin/databases` GET (the
// databases the caller administers) and POST (administrators of all; a second database needs
// the multi-database licence), `admin/databases/{id}` GET (`?rebuild=true` rebuilds its
// indexes) and PUT (its administrators; rebuilding and PUT, the Databases mode, need a user
// administrator too, admin-spec §6) and DELETE (administrators of all; `?Drop=true` to delete
// one holding documents, decision 017), and `admin/databases/{id}/options/archives` `{ShowAll}`.
// A read-only licence changes nothing. Each write is one transaction.
import { Router } from 'express';
import { AdminFeature, MULTIPLE_DATABASES_NOT_LICENSED } from '@gs/contract/admin';
import { holdsDocumentsMessage, type AdminShowAllOptions } from '@gs/contract/admin/catalog';
import type { RouteDeps } from '../../deps';
import type { AdminDatabaseRow } from '../repos/adminDatabasesRepo';
import type { Caller } from '../../domain/caller';
import { conflict, forbidden, notFound } from '../../domain/errors';
import { inDatabase } from '../../http/adminPolicies';
import { asSent, queryLookup, route, signedIn, type Policy } from '../../http/route';
import { parseBool } from '../../lib/keys';
import { boolValue as boolQuery } from '../../lib/zodInput';
import { messages } from '../../security/services/access';
import { boolValue, opt, parseBody } from '../services/adminInput';
import { readDatabaseBody, toAdminDatabase } from '../services/adminDatabases';
import { unlinkUnusedFiles } from '../services/adminDrop';
import {
  requireAdminAll,
  requireAnyDbAdmin,
  requireDbAdmin,
  requireUserAdmin,
  requireWritable,
} from '../../security/services/adminRights';
import { z } from 'zod';

const DATABASE = '/admin/databases/:db';
const showAllSchema = z.object({ showall: opt(boolValue) });

/** Any database administrator (403), answering the caller's rights. */
const anyDbAdmin: Policy<unknown, ReturnType<typeof requireAnyDbAdmin>> = ({ deps, caller }) =>
  requireAnyDbAdmin(deps, caller);
/** An administrator of every database whose licence writes (403). */
const allWriter: Policy<unknown> = ({ deps, caller }) => {
  requireAdminAll(deps, caller);
  requireWritable(caller);
};

export function createAdminDatabasesRouter(deps: RouteDeps): Router {
  const { repos } = deps;
  /** a policy of route(): the database administered for `use`, as the handler's `granted` */
  const admin =
    (use: 'read' | 'write' | 'database'): Policy<{ db: number }, AdminDatabaseRow> =>
    ({ caller }, p) =>
      administered(caller, p.db, use);
  const dbs = repos.adminDatabases;
  const router = Router();

  /**
   * The database of the route, which the caller must administer (403) and which must exist (404);
   * a write needs a licence that may write, and a change of the database itself (the Databases
   * mode) a user administrator.
   */
  const administered = (caller: Caller, id: number, use: 'read' | 'write' | 'database'): AdminDatabaseRow => {
    const access = requireDbAdmin(deps, caller, id);
    if (use === 'database') requireUserAdmin(access);
    if (use !== 'read') requireWritable(caller);
    const row = dbs.byId(id);
    if (!row) throw notFound(messages.database(id));
    return row;
  };

  const taken = (name: string): boolean => dbs.idByName(name) !== undefined;

  const licensedForAnother = (): boolean => {
    const count = Number(repos.settings.get(`feature.${AdminFeature.MultiDatabase}`));
    return dbs.all().length === 0 || (Number.isSafeInteger(count) && count > 0);
  };

  router.get(
    '/admin/databases',
    ...route(deps, { policy: anyDbAdmin }, (_c, { granted: access }) =>
      dbs
        .all()
        .filter((d) => access.isDbAdmin(d.id))
        .map(toAdminDatabase),
    ),
  );

  router.post(
    '/admin/databases',
    ...route(deps, { body: asSent, policy: allWriter }, (_c, { body }) => {
      const row = dbs.transaction(() => {
        if (!licensedForAnother()) throw forbidden(MULTIPLE_DATABASES_NOT_LICENSED);
        return dbs.byId(dbs.create(readDatabaseBody(body, undefined, taken)));
      });
      return row && toAdminDatabase(row);
    }),
  );

  // `rebuild` is read first: it decides the rights the call needs
  router.get(
    DATABASE,
    ...route(
      deps,
      { params: inDatabase, query: queryLookup, policy: signedIn },
      ({ caller }, { params: p, query: q }) => {
        const raw = q('rebuild');
        const rebuild = raw === undefined ? false : parseBool(raw, 'rebuild');
        const row = administered(caller, p.db, rebuild ? 'database' : 'read');
        if (!rebuild) return [toAdminDatabase(row)];
        dbs.rebuild(row.id);
        return true;
      },
    ),
  );

  router.put(
    DATABASE,
    ...route(
      deps,
      { params: inDatabase, body: asSent, policy: admin('database') },
      (_c, { body, granted: row }) => {
        const saved = dbs.transaction(() => {
          const spec = readDatabaseBody(body, row, (name) => {
            const other = dbs.idByName(name);
            return other !== undefined && other !== row.id;
          });
          dbs.update(row.id, spec);
          return dbs.byId(row.id);
        });
        return saved && toAdminDatabase(saved);
      },
    ),
  );

  router.delete(
    DATABASE,
    ...route(
      deps,
      { params: inDatabase, query: z.object({ drop: boolQuery('Drop', false) }), policy: allWriter },
      async (_c, { params: { db: id }, query: { drop } }) => {
        const files = dbs.transaction(() => {
          const row = dbs.byId(id);
          if (!row) throw notFound(messages.database(id));
          const count = dbs.documentCount(id);
          if (count > 0 && !drop) throw conflict(holdsDocumentsMessage(`Database '${row.name}'`, count));
          const paths = dbs.filePaths(id);
          dbs.remove(id);
          return paths;
        });
        await unlinkUnusedFiles(deps, files);
        return true;
      },
    ),
  );

  router.get(
    `${DATABASE}/options/archives`,
    ...route(
      deps,
      { params: inDatabase, policy: admin('read') },
      (_c, { granted: row }): AdminShowAllOptions => ({
        ShowAll: row.showAllArchives,
      }),
    ),
  );

  router.put(
    `${DATABASE}/options/archives`,
    ...route(
      deps,
      { params: inDatabase, body: asSent, policy: admin('write') },
      (_c, { body, granted: row }): AdminShowAllOptions => {
        const showAll = parseBody(showAllSchema, body, 'archive options').showall ?? row.showAllArchives;
        dbs.transaction(() => dbs.setShowAllArchives(row.id, showAll));
        return { ShowAll: showAll };
      },
    ),
  );

  return router;
}
