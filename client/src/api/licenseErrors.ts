// Recognising the end of a licence from a failed response (spec §4): status 499, a body that says
// the licence expired, or a 403 asking for a login. "All licenses are in use." is not an expiry.
import { AUTHORIZATION_DENIED } from '@gs/contract/errors';
import { ALL_LICENSES_IN_USE, LOGIN_REDIRECT_HEADERS } from '@gs/contract/licenses';

/**
 * - `expired`: the licence token is no longer valid (show the licence-expired message)
 * - `allInUse`: the licence could not be renewed because every seat is taken
 * - `sessionGone`: the server no longer knows the token (401 "Authorization has been denied")
 */
export type LicenseLoss = 'expired' | 'allInUse' | 'sessionGone';

export const LICENSE_EXPIRED_STATUS = 499;
/** "license expired", "License Expired", "LicenseExpired", "licence expired". */
const EXPIRED_TEXT = /licen[cs]e\s*expired/i;

export interface FailedResponse {
  status: number;
  headers: Headers;
  body: string;
}

/** The body is the JSON string "All licenses are in use." (or that text, unquoted). */
export function isAllLicensesInUse(status: number, body: string): boolean {
  if (status !== 400) return false;
  const text = body.trim().replace(/^"|"$/g, '').trim();
  return text.toLowerCase() === ALL_LICENSES_IN_USE.toLowerCase();
}

export function hasLoginRedirect(headers: Headers): boolean {
  return LOGIN_REDIRECT_HEADERS.some((name) => {
    const value = headers.get(name);
    if (!value) return false;
    return name.toLowerCase() !== 'location' || /login/i.test(value);
  });
}

/** What a failed response says about the licence; `hadToken` = the call carried one. */
export function detectLicenseLoss(response: FailedResponse, hadToken: boolean): LicenseLoss | null {
  const { status, headers, body } = response;
  if (isAllLicensesInUse(status, body)) return hadToken ? 'allInUse' : null;
  if (status === LICENSE_EXPIRED_STATUS) return 'expired';
  if (EXPIRED_TEXT.test(body)) return 'expired';
  if (status === 403 && hasLoginRedirect(headers)) return 'expired';
  if (status === 401 && hadToken && body.includes(AUTHORIZATION_DENIED)) return 'sessionGone';
  return null;
}
