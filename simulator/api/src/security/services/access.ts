// What a user may see: databases through database_security, archives through archive_security,
// searches through search_security, each granted to the user or one of their groups.
// Administrators of all databases, and a database's administrators, hold everything in it.
import { ALL_ARCHIVE_PERMISSIONS, ArchivePermission, DatabaseSecurity, hasFlag } from '@gs/contract/flags';
import type { Database } from '@gs/contract/databases';
import type { Repos } from '../../db/repos';
import type { ArchiveRow } from '../../catalog/repos/archivesRepo';
import type { UserRow } from '../repos/usersRepo';
import type { Caller } from '../../domain/caller';
import { notFound } from '../../domain/errors';

export const messages = {
  database: (db: number) => `Database ${db} was not found.`,
  archive: (db: number, archive: number) => `Archive ${archive} was not found in database ${db}.`,
  search: (db: number, search: number) => `Search ${search} was not found in database ${db}.`,
  list: (db: number, list: number) => `List ${list} was not found in database ${db}.`,
  document: (archive: number, doc: number) => `Document ${doc} was not found in archive ${archive}.`,
};

/** One user's rights, read lazily and kept for the length of one request. */
export function userAccess(repos: Repos, user: UserRow) {
  let levels: Map<number, number> | undefined;
  const dbLevels = (): Map<number, number> => (levels ??= repos.users.databaseLevels(user.id));
  const archivePerms = new Map<number, Map<number, number>>();

  const isDbAdmin = (db: number): boolean =>
    user.isAdminAll || hasFlag(dbLevels().get(db) ?? 0, DatabaseSecurity.Admin);
  const canSeeDatabase = (db: number): boolean => user.isAdminAll || dbLevels().has(db);

  const archivePermissions = (archive: ArchiveRow): number => {
    if (isDbAdmin(archive.databaseId)) return ALL_ARCHIVE_PERMISSIONS;
    let perms = archivePerms.get(archive.databaseId);
    if (!perms) {
      perms = repos.security.archivePermissions(user.id, archive.databaseId);
      archivePerms.set(archive.databaseId, perms);
    }
    return perms.get(archive.id) ?? 0;
  };

  return {
    user,
    isDbAdmin,
    canSeeDatabase,
    isAnyDbAdmin: (): boolean =>
      user.isAdminAll || [...dbLevels().values()].some((l) => hasFlag(l, DatabaseSecurity.Admin)),
    visibleDatabases: (): Database[] => repos.databases.all().filter((d) => canSeeDatabase(d.Id)),
    /** the database, or 404 when it does not exist or the user has no access to it */
    database(db: number): Database {
      const found = repos.databases.byId(db);
      if (!found || !canSeeDatabase(db)) throw notFound(messages.database(db));
      return found;
    },
    archivePermissions,
    canView: (archive: ArchiveRow): boolean => hasFlag(archivePermissions(archive), ArchivePermission.View),
    /** the archive of database `db` the user may view, or 404 */
    archive(db: number, archiveId: number): ArchiveRow {
      const archive = repos.archives.byId(archiveId);
      if (
        !archive ||
        archive.databaseId !== db ||
        !hasFlag(archivePermissions(archive), ArchivePermission.View)
      )
        throw notFound(messages.archive(db, archiveId));
      return archive;
    },
    /** search id -> the user's props on it, for the searches of `db` they may run */
    searchProps(db: number): (searchId: number) => number | undefined {
      const granted = repos.security.searchProps(user.id, db);
      const admin = isDbAdmin(db);
      return (searchId) => granted.get(searchId) ?? (admin ? 0 : undefined);
    },
  };
}
export type UserAccess = ReturnType<typeof userAccess>;

/** The rights of the caller of a call. */
export const callerAccess = (repos: Repos, caller: Caller): UserAccess => userAccess(repos, caller.user);
