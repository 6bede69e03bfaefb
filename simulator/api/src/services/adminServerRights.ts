// Who may use the server-wide administration (admin-spec §6): stamps, inboxes, licence rules,
// registration and SQL instances need an administrator of all databases (registration: the admin
// group, which is the same people here: our design); a database's data-exchange sources need an
// administrator of that database. A read-only licence (type 4) changes nothing.
import type { Response } from 'express';
import { LicenseType } from '@gs/contract/flags';
import { accessOf, type RouteDeps } from '../deps';
import { callerOf } from '../http/auth';
import { forbidden } from '../http/errors';
import type { UserAccess } from './access';

export const adminServerMessages = {
  adminAll: 'Only administrators of all databases may do this.',
  dbAdmin: (db: number) => `Only administrators of database ${db} may do this.`,
  readOnly: 'A read-only license cannot change the administration.',
};

/** 403 for a read-only licence: the licence used, or the user's type for Basic calls. */
function requireWritingLicense(res: Response): void {
  const caller = callerOf(res);
  const type = caller.license?.type ?? caller.user.licenseType;
  if (type === LicenseType.ReadOnly) throw forbidden(adminServerMessages.readOnly);
}

/** The caller's access, or 403 unless they administer every database (and may write, for a write). */
export function requireAdminAll(deps: RouteDeps, res: Response, write: boolean): UserAccess {
  const access = accessOf(deps, res);
  if (!access.user.isAdminAll) throw forbidden(adminServerMessages.adminAll);
  if (write) requireWritingLicense(res);
  return access;
}

/** The caller's access, or 403 unless they administer database `db` (and may write, for a write). */
export function requireDbAdmin(deps: RouteDeps, res: Response, db: number, write: boolean): UserAccess {
  const access = accessOf(deps, res);
  if (!access.isDbAdmin(db)) throw forbidden(adminServerMessages.dbAdmin(db));
  if (write) requireWritingLicense(res);
  return access;
}
