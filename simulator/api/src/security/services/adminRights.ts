// Who may use the administration API (admin-spec §6), for every admin route: a database's routes
// (its archives, catalogue, mail, data-exchange sources) need an administrator of that database;
// server-wide ones (creating or deleting databases, the server's mail settings, stamps, inboxes,
// licence rules, registration, SQL instances) an administrator of all databases (registration: the
// admin group, which is the same people here: our design); changing a database (the Databases
// mode) a user administrator too; a read-only licence (type 4) may change nothing.
import type { RouteDeps } from '../../deps';
import { isReadOnly, type Caller } from '../../domain/caller';
import { forbidden, notFound } from '../../domain/errors';
import { callerAccess, messages, type UserAccess } from './access';

export const adminMessages = {
  notAdmin: 'You are not an administrator of any database.',
  notDbAdmin: (db: number) => `You are not an administrator of database ${db}.`,
  notAdminAll: 'Only administrators of all databases may do this.',
  notUserAdmin: 'Only a user administrator may change databases.',
  readOnly: 'A read-only license cannot change the administration.',
};

/** 403 for a read-only licence: the licence used, or the user's type for Basic calls. */
export function requireWritable(caller: Caller): void {
  if (isReadOnly(caller)) throw forbidden(adminMessages.readOnly);
}

/** The caller's rights; 403 unless they administer at least one database. */
export function requireAnyDbAdmin(deps: RouteDeps, caller: Caller): UserAccess {
  const access = callerAccess(deps.repos, caller);
  if (!access.isAnyDbAdmin()) throw forbidden(adminMessages.notAdmin);
  return access;
}

/**
 * 403 unless the caller administers database `db` (and may write, for a write); the database's
 * existence is the route's to check, after the rights, so nothing is learnt of other databases.
 */
export function requireDbAdmin(deps: RouteDeps, caller: Caller, db: number, write = false): UserAccess {
  const access = requireAnyDbAdmin(deps, caller);
  if (!access.isDbAdmin(db)) throw forbidden(adminMessages.notDbAdmin(db));
  if (write) requireWritable(caller);
  return access;
}

/** 403 unless the caller administers every database (and may write, for a write). */
export function requireAdminAll(deps: RouteDeps, caller: Caller, write = false): UserAccess {
  const access = callerAccess(deps.repos, caller);
  if (!access.user.isAdminAll) throw forbidden(adminMessages.notAdminAll);
  if (write) requireWritable(caller);
  return access;
}

/** The Databases mode's writes (admin-spec §6): a user administrator (or an administrator of all). */
export function requireUserAdmin(access: UserAccess): void {
  if (!access.user.isUserAdmin && !access.user.isAdminAll) throw forbidden(adminMessages.notUserAdmin);
}

/** The catalogue routes: the database id when the caller administers it (403), and it exists (404). */
export function dbAdminOf(deps: RouteDeps, caller: Caller, db: number): number {
  requireDbAdmin(deps, caller, db);
  if (!deps.repos.databases.byId(db)) throw notFound(messages.database(db));
  return db;
}

/** As dbAdminOf, for a change: a read-only licence (type 4) gets 403 whatever its rights. */
export function dbAdminWriterOf(deps: RouteDeps, caller: Caller, db: number): number {
  requireWritable(caller);
  return dbAdminOf(deps, caller, db);
}
