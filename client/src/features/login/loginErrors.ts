// What the login page says when `GET licenses` fails (spec §8): 401 -> invalid credentials,
// 429 (the simulator's back-off after failed sign-ins, its decision 009) -> wait and try again,
// 400 "All licenses are in use." -> ERROR_CANT_OBTAIN_LICENSE prefixed onto that text,
// no answer -> CANNOT_CONNECT, anything else -> ERROR_CANT_OBTAIN_LICENSE + the server's text.
import type { TFunction } from 'i18next';
import { ALL_LICENSES_IN_USE } from '@gs/contract/licenses';
import { ApiError } from '../../api/http';
import { isAllLicensesInUse } from '../../api/licenseErrors';
import { serverReason, translateServerMessage } from '../../lib/serverTexts';

/** The server's own text in the user's language: "all licences in use" has the spec's key, the
 * rest goes through lib/serverTexts (translated when known, else labelled). */
export function translateServerText(t: TFunction, text: string): string {
  return text.trim().toLowerCase() === ALL_LICENSES_IN_USE.toLowerCase()
    ? t('ALL_LICENSES_IN_USE')
    : translateServerMessage(t, text);
}

export function cantObtainLicense(t: TFunction, serverText: string): string {
  return `${t('ERROR_CANT_OBTAIN_LICENSE')} ${translateServerText(t, serverText)}`.trim();
}

/** A notice handed to the login page in `errorMessage`. */
export function loginNoticeText(t: TFunction, message: string): string {
  return isAllLicensesInUse(400, message) ? cantObtainLicense(t, ALL_LICENSES_IN_USE) : message;
}

export function loginErrorMessage(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError)) return t('login.error.unexpected');
  if (error.kind === 'network' || error.kind === 'timeout') return t('CANNOT_CONNECT');
  if (error.status === 401 || error.status === 403) return t('login.error.invalidCredentials');
  if (error.status === 429) return t('login.error.tooManyAttempts');
  if (isAllLicensesInUse(error.status, error.body)) return cantObtainLicense(t, ALL_LICENSES_IN_USE);
  const reason = serverReason(error);
  return reason
    ? cantObtainLicense(t, reason)
    : `${t('ERROR_CANT_OBTAIN_LICENSE')} ${t('login.error.unexpected')}`;
}
