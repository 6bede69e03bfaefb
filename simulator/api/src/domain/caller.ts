// Who a call is made by, as services see it (decision 063): the edge authenticates the request
// (http/auth.ts) and hands the service this, never the request or the response.
import { LicenseType } from '@gs/contract/flags';
import type { LicenseRow } from '../licensing/repos/licensesRepo';
import type { UserRow } from '../security/repos/usersRepo';

export interface Caller {
  user: UserRow;
  /** the licence the call used; undefined for Basic-only calls */
  license: LicenseRow | undefined;
}

/** A read-only licence (type 4): the licence used, or the user's type for Basic calls. */
export const isReadOnly = (caller: Caller): boolean =>
  (caller.license?.type ?? caller.user.licenseType) === LicenseType.ReadOnly;
