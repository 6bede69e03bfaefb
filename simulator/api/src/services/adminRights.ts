// Who may use the administration API (admin-spec §6): a database's routes need an administrator
// of that database, server-wide ones (creating or deleting databases, the server's mail settings)
// an administrator of all databases, and changing a database (the Databases mode) a user
// administrator too; a read-only licence (type 4) may change nothing.
import type { Response } from 'express';
import { LicenseType } from '@gs/contract/flags';
import { accessOf, type RouteDeps } from '../deps';
import { callerOf } from '../http/auth';
import { forbidden } from '../http/errors';
import type { UserAccess } from './access';

export const adminMessages = {
  notAdmin: 'You are not an administrator of any database.',
  notDbAdmin: (db: number) => `You are not an administrator of database ${db}.`,
  notAdminAll: 'Only an administrator of all databases may do this.',
  notUserAdmin: 'Only a user administrator may change databases.',
  readOnly: 'A read-only license cannot change the administration settings.',
};

/** The caller's rights; 403 unless they administer at least one database. */
export function requireAnyDbAdmin(deps: RouteDeps, res: Response): UserAccess {
  const access = accessOf(deps, res);
  if (!access.isAnyDbAdmin()) throw forbidden(adminMessages.notAdmin);
  return access;
}

/** 403 unless the caller administers database `db` (its existence is the route's to check). */
export function requireDbAdmin(deps: RouteDeps, res: Response, db: number): UserAccess {
  const access = requireAnyDbAdmin(deps, res);
  if (!access.isDbAdmin(db)) throw forbidden(adminMessages.notDbAdmin(db));
  return access;
}

export function requireAdminAll(deps: RouteDeps, res: Response): UserAccess {
  const access = requireAnyDbAdmin(deps, res);
  if (!access.user.isAdminAll) throw forbidden(adminMessages.notAdminAll);
  return access;
}

/** The Databases mode's writes (admin-spec §6): a user administrator (or an administrator of all). */
export function requireUserAdmin(access: UserAccess): void {
  if (!access.user.isUserAdmin && !access.user.isAdminAll) throw forbidden(adminMessages.notUserAdmin);
}

/** 403 for a read-only licence: the licence used, or the user's type for Basic calls. */
export function requireWritable(res: Response): void {
  const caller = callerOf(res);
  if ((caller.license?.type ?? caller.user.licenseType) === LicenseType.ReadOnly)
    throw forbidden(adminMessages.readOnly);
}
