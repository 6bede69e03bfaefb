// What an analytics call may count (decision 039, our design): the history entries the caller could
// read one by one through the history API, i.e. those of the archives where they hold View History
// (a database administrator holds it everywhere). The user filter is free for anyone: the history
// of an archive shows every user's entries to whoever may read it, so counting them shows no more.
// Capture figures cover the batch portals the caller may see (capture/services/batchRights.ts).
import { ArchivePermission, hasFlag } from '@gs/contract/flags';
import type { RouteDeps } from '../../deps';
import type { Caller } from '../../domain/caller';
import { badRequest, forbidden } from '../../domain/errors';
import { lookupAny, parseId, type Lookup } from '../../lib/keys';
import { callerAccess } from '../../security/services/access';

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

export function databaseParam(q: Lookup): number | undefined {
  const found = lookupAny(q, DATABASE_KEYS);
  if (found === undefined || found.value.trim() === '') return undefined;
  const id = parseId(found.value, found.key);
  if (id < 1) throw badRequest(`The value '${found.value}' is not valid for parameter '${found.key}'.`);
  return id;
}

/** The archive ids of `databaseId` whose history the caller may read (null: all of them). */
export function readableArchives(deps: RouteDeps, caller: Caller, databaseId: number): string | null {
  const access = callerAccess(deps.repos, caller);
  access.database(databaseId);
  if (access.isDbAdmin(databaseId)) return null;
  const perms = deps.repos.security.archivePermissions(access.user.id, databaseId);
  const ids = [...perms].filter(([, p]) => hasFlag(p, ArchivePermission.ViewHistory)).map(([id]) => id);
  return JSON.stringify(ids);
}

/** The database (required) and archive (optional) of a query, checked against the caller's rights. */
export function scopeOf(deps: RouteDeps, q: Lookup, caller: Caller, databaseId?: number): Scope {
  const db = databaseId ?? databaseParam(q);
  if (db === undefined) throw badRequest(scopeMessages.databaseRequired);
  const archiveText = q('archive') ?? q('archiveid');
  if (archiveText === undefined || archiveText.trim() === '' || archiveText.trim() === '0')
    return { databaseId: db, archives: readableArchives(deps, caller, db) };
  const archiveId = parseId(archiveText, 'archive');
  const access = callerAccess(deps.repos, caller);
  access.database(db);
  const archive = access.archive(db, archiveId);
  if (!hasFlag(access.archivePermissions(archive), ArchivePermission.ViewHistory))
    throw forbidden(scopeMessages.noHistory(archiveId));
  return { databaseId: db, archives: JSON.stringify([archiveId]) };
}
