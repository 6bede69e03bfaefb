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

/**
 * A call made with an expired or deactivated licence gets this status and the body
 * `{"Message":"LicenseExpired"}` (LICENSE_EXPIRED_BODY). The wire doc only says "non-200, body
 * contains the word LicenseExpired"; 401 keeps it apart from the 400 of ALL_LICENSES_IN_USE.
 */
export const LICENSE_EXPIRED_STATUS = 401;
export const LICENSE_EXPIRED_BODY = { Message: LICENSE_EXPIRED_WORD } as const;

/** Status of the `"All licenses are in use."` answer. */
export const ALL_LICENSES_IN_USE_STATUS = 400;

/** Status of a call without credentials, with a wrong password, or with an unknown/released token. */
export const UNAUTHORIZED_STATUS = 401;

/**
 * Response headers by which a server (or a proxy in front of it) asks the browser to sign in
 * again; a 403 carrying one of them means the licence is gone. `Location` counts only when it
 * points at a login page.
 */
export const LOGIN_REDIRECT_HEADERS = ['X-Login-Redirect', 'X-Login-Url', 'Location'] as const;
