// What an analytics call may count (decision 039, our design): the history entries the caller could
// read one by one through the history API, i.e. those of the archives where they hold View History
// (a database administrator holds it everywhere). The user filter is free for anyone: the history
// of an archive shows every user's entries to whoever may read it, so counting them shows no more.
// Capture figures cover the batch portals the caller may see (services/batchRights.ts).
import type { Request, Response } from 'express';
import { ArchivePermission, hasFlag } from '@gs/contract/flags';
import { accessOf, type RouteDeps } from '../../deps';
import { badRequest, forbidden } from '../../domain/errors';
import { parseId, query, queryAny } from '../../http/query';

export interface Scope {
  databaseId: number;
  /** JSON array of archive ids, or null for every archive of the database */
  archives: string | null;
}

export const scopeMessages = {
  noHistory: (archive: number) => `You may not read the history of archive ${archive}.`,
  databaseRequired: `The parameter 'database' is required.`,
};

const DATABASE_KEYS = ['database', 'databaseid', 'db', 'dbid'];

export function databaseParam(req: Request): number | undefined {
  const found = queryAny(req, DATABASE_KEYS);
  if (found === undefined || found.value.trim() === '') return undefined;
  const id = parseId(found.value, found.key);
  if (id < 1) throw badRequest(`The value '${found.value}' is not valid for parameter '${found.key}'.`);
  return id;
}

/** The archive ids of `databaseId` whose history the caller may read (null: all of them). */
export function readableArchives(deps: RouteDeps, res: Response, databaseId: number): string | null {
  const access = accessOf(deps, res);
  access.database(databaseId);
  if (access.isDbAdmin(databaseId)) return null;
  const perms = deps.repos.security.archivePermissions(access.user.id, databaseId);
  const ids = [...perms].filter(([, p]) => hasFlag(p, ArchivePermission.ViewHistory)).map(([id]) => id);
  return JSON.stringify(ids);
}

/** The database (required) and archive (optional) of a request, checked against the caller's rights. */
export function scopeOf(deps: RouteDeps, req: Request, res: Response, databaseId?: number): Scope {
  const db = databaseId ?? databaseParam(req);
  if (db === undefined) throw badRequest(scopeMessages.databaseRequired);
  const archiveText = query(req, 'archive') ?? query(req, 'archiveid');
  if (archiveText === undefined || archiveText.trim() === '' || archiveText.trim() === '0')
    return { databaseId: db, archives: readableArchives(deps, res, db) };
  const archiveId = parseId(archiveText, 'archive');
  const access = accessOf(deps, res);
  access.database(db);
  const archive = access.archive(db, archiveId);
  if (!hasFlag(access.archivePermissions(archive), ArchivePermission.ViewHistory))
    throw forbidden(scopeMessages.noHistory(archiveId));
  return { databaseId: db, archives: JSON.stringify([archiveId]) };
}
