// `admin/databases/{db}/archives/{id}/dxc` (admin-spec §3/§7): an archive's data-exchange sources,
// GET/POST, and GET/PUT/DELETE by source id; `PUT .../dxc/DXTables` with `{ConnectionString}`
// (or `{UseInternal, InternalDatabase}`) lists the tables a source reaches, to map from.
// Administrators of the database only. Our design where no source shows it: a source has a
// unique name in its archive (409), UseInternal needs a database the caller administers, else a
// ConnectionString; each mapped field is a field of the archive, once; adminCatalog/services/dxcSources.ts
// says what a connection string can reach.
import { Router } from 'express';
import { z } from 'zod';
import type { AdminDxcSource, AdminDxcTable } from '@gs/contract/admin/server';
import type { RouteDeps } from '../../deps';
import type { DxcSourceRow } from '../repos/dxcRepo';
import { badRequest, conflict, notFound } from '../../domain/errors';
import { asSent, route, type Policy } from '../../http/route';
import { bodyOf, int32, int32Value, looseBool, parseBody, trimmed } from '../../lib/zodInput';
import { messages, type UserAccess } from '../../security/services/access';
import { requireDbAdmin } from '../../security/services/adminRights';
import { catalogOf } from '../services/dxcSources';

const BASE = '/admin/databases/:db/archives/:archive/dxc';
export const dxcNotFound = (archive: number, id: number): string =>
  `Data-exchange source ${id} was not found in archive ${archive}.`;

const sourceBody = z.object({
  name: trimmed.pipe(z.string().min(1, 'Name is required.').max(100)),
  connectionstring: trimmed.optional(),
  useinternal: looseBool.optional(),
  internaldatabase: int32.optional(),
  mapping: z
    .array(
      z.object({
        archivefield: int32,
        mappedfield: trimmed.pipe(z.string().min(1, 'MappedField is required.').max(128)),
      }),
    )
    .nullish(),
});
const tablesBody = z.object({
  connectionstring: trimmed.optional(),
  useinternal: looseBool.optional(),
  internaldatabase: int32.optional(),
});
const EXPECTED =
  '{Name, ConnectionString, UseInternal, InternalDatabase, Mapping:[{ArchiveField, MappedField}]}';

const toSource = (r: DxcSourceRow): AdminDxcSource => ({
  Id: r.id,
  Name: r.name,
  ConnectionString: r.connectionString,
  UseInternal: r.useInternal,
  InternalDatabase: r.internalDatabase,
  Mapping: r.mapping.map((m) => ({ ArchiveField: m.archiveField, MappedField: m.mappedField })),
});

export function createAdminDxcRouter(deps: RouteDeps): Router {
  const repo = deps.repos.adminServer.dxc;
  const router = Router();

  /** The caller's access and the archive, after the rights; 404 for a database or archive not there. */
  const target =
    (write: boolean): Policy<{ db: number; archive: number }, { access: UserAccess; archiveId: number }> =>
    ({ caller }, { db, archive: archiveId }) => {
      const access = requireDbAdmin(deps, caller, db, write);
      if (!deps.repos.databases.byId(db)) throw notFound(messages.database(db));
      const archive = deps.repos.archives.byId(archiveId);
      if (!archive || archive.databaseId !== db) throw notFound(messages.archive(db, archiveId));
      return { access, archiveId };
    };
  const inArchive = z.object({ db: int32Value('db'), archive: int32Value('archive') });
  const oneSource = inArchive.extend({ id: int32Value('id') });

  /** A database of this server the caller administers, by id; 400 otherwise. */
  const ownDatabase = (access: UserAccess, id: number): number => {
    if (!deps.repos.databases.byId(id) || !access.isDbAdmin(id))
      throw badRequest(`InternalDatabase ${id} is not a database you administer.`);
    return id;
  };

  const sourceOf = (body: unknown, access: UserAccess, archiveId: number): Omit<DxcSourceRow, 'id'> => {
    const b = parseBody(sourceBody, body, EXPECTED);
    const useInternal = b.useinternal ?? false;
    const connectionString = b.connectionstring ?? '';
    if (!useInternal && !connectionString)
      throw badRequest('ConnectionString is required unless UseInternal is true.');
    const internalDatabase = useInternal ? ownDatabase(access, b.internaldatabase ?? 0) : 0;
    const fields = repo.archiveFields(archiveId);
    const seen = new Set<number>();
    const mapping = (b.mapping ?? []).map((m) => {
      if (!fields.has(m.archivefield))
        throw badRequest(`Field ${m.archivefield} is not a field of archive ${archiveId}.`);
      if (seen.has(m.archivefield)) throw badRequest(`Field ${m.archivefield} is mapped twice.`);
      seen.add(m.archivefield);
      return { archiveField: m.archivefield, mappedField: m.mappedfield };
    });
    return { archiveId, name: b.name, connectionString, useInternal, internalDatabase, mapping };
  };

  const uniqueName = (archiveId: number, name: string, id: number): void => {
    const other = repo.idByName(archiveId, name);
    if (other !== undefined && other !== id)
      throw conflict(`A data-exchange source named '${name}' already exists in archive ${archiveId}.`);
  };

  const existing = (archiveId: number, id: number): DxcSourceRow => {
    const found = repo.byId(id);
    if (!found || found.archiveId !== archiveId) throw notFound(dxcNotFound(archiveId, id));
    return found;
  };

  router.get(
    BASE,
    ...route(deps, { params: inArchive, policy: target(false) }, (_c, { granted: { archiveId } }) =>
      repo.ofArchive(archiveId).map(toSource),
    ),
  );

  router.post(
    BASE,
    ...route(deps, { params: inArchive, body: asSent, policy: target(true) }, (_c, { body, granted }) => {
      const { access, archiveId } = granted;
      const source = sourceOf(body, access, archiveId);
      const saved = repo.transaction(() => {
        uniqueName(archiveId, source.name, 0);
        return repo.byId(repo.insert(source)) as DxcSourceRow;
      });
      return toSource(saved);
    }),
  );

  // before `/:id`, which would take the word for an id
  router.put(
    `${BASE}/DXTables`,
    ...route(
      deps,
      {
        params: inArchive,
        body: bodyOf(tablesBody, '{ConnectionString} or {UseInternal, InternalDatabase}'),
        policy: target(false),
      },
      (_c, { body: b, granted: { access } }): AdminDxcTable[] => {
        let db: number;
        if (b.useinternal) db = ownDatabase(access, b.internaldatabase ?? 0);
        else {
          const catalog = catalogOf(b.connectionstring ?? '');
          const id = repo.databaseIdByName(catalog);
          // a database the caller does not administer is as unknown as one that does not exist
          if (id === undefined || !access.isDbAdmin(id))
            throw badRequest(`There is no database named '${catalog}' on this server that you administer.`);
          db = id;
        }
        return repo.tables(db).map((t) => ({ Name: t.name, Columns: t.columns }));
      },
    ),
  );

  router.get(
    `${BASE}/:id`,
    ...route(
      deps,
      { params: oneSource, policy: target(false) },
      (_c, { params: { id }, granted: { archiveId } }) => toSource(existing(archiveId, id)),
    ),
  );

  router.put(
    `${BASE}/:id`,
    ...route(
      deps,
      { params: oneSource, body: asSent, policy: target(true) },
      (_c, { params: { id }, body, granted }) => {
        const { access, archiveId } = granted;
        const source = sourceOf(body, access, archiveId);
        const saved = repo.transaction(() => {
          existing(archiveId, id);
          uniqueName(archiveId, source.name, id);
          repo.update({ ...source, id });
          return repo.byId(id) as DxcSourceRow;
        });
        return toSource(saved);
      },
    ),
  );

  router.delete(
    `${BASE}/:id`,
    ...route(
      deps,
      { params: oneSource, policy: target(true) },
      (_c, { params: { id }, granted: { archiveId } }) => {
        repo.transaction(() => {
          existing(archiveId, id);
          repo.remove(id);
        });
        return true;
      },
    ),
  );

  return router;
}
