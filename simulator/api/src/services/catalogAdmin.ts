// Who may use the catalogue routes of the admin API (admin-spec §6): an administrator of the
// database (or of all databases) reads; a write also needs a licence that is not read-only.
import type { Response } from 'express';
import { LicenseType } from '@gs/contract/flags';
import { accessOf, type RouteDeps } from '../deps';
import { callerOf } from '../http/auth';
import { forbidden, notFound } from '../http/errors';
import { messages } from './access';

export const adminMessages = {
  notAdmin: (db: number) => `You are not an administrator of database ${db}.`,
  readOnly: 'A read-only license cannot change the administration.',
};

/** The database id when the caller administers it: 403 otherwise, 404 when it does not exist. */
export function dbAdminOf(deps: RouteDeps, res: Response, db: number): number {
  const access = accessOf(deps, res);
  if (!access.isDbAdmin(db)) throw forbidden(adminMessages.notAdmin(db));
  if (!deps.repos.databases.byId(db)) throw notFound(messages.database(db));
  return db;
}

/** As dbAdminOf, for a change: a read-only licence (type 4) gets 403 whatever its rights. */
export function dbAdminWriterOf(deps: RouteDeps, res: Response, db: number): number {
  const caller = callerOf(res);
  if ((caller.license?.type ?? caller.user.licenseType) === LicenseType.ReadOnly)
    throw forbidden(adminMessages.readOnly);
  return dbAdminOf(deps, res, db);
}
