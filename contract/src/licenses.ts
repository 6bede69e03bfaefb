// Licence (session token) wire types: square9api-wire.md §2.1.
import type { LicenseTypeCode } from './flags';

export interface License {
  Username: string;
  Domain: string;
  AuthServer: string;
  Type: LicenseTypeCode;
  IPAddress: string;
  /** .NET DateTime string with a UTC offset, e.g. 2022-03-26T14:57:06.9712345-04:00 */
  DateCreated: string;
  DateAccessed: string;
  /** GUID */
  Token: string;
  Reg: number;
  Active: boolean;
}

/** Exact body (a JSON string) of the 400 answer when no seat of the type is free. */
export const ALL_LICENSES_IN_USE = 'All licenses are in use.';

/** Word the real server puts in the body when a call uses an expired licence token. */
export const LICENSE_EXPIRED_WORD = 'LicenseExpired';

/** Cookie and header names of the licence token. */
export const TOKEN_COOKIE = 'sstoken';
export const USER_COOKIE = 'authenticatedUser';
export const TOKEN_RESPONSE_HEADER = 'SS-Token';
export const TOKEN_REQUEST_HEADER = 'Auth-Token';

export const NULL_TOKEN = '00000000-0000-0000-0000-000000000000';
