// The self password change's checks and outcome keys (end-user spec §7, §8): a blank current or
// new password and a mismatch are caught before the call. From the server: 403 is a wrong current
// password and 429 the sign-in back-off it counts in (decision 046); the simulator answers an
// address that is malformed or another user's alike (EMAIL_REFUSED), a real server's 409 still
// means the address is taken; any other refusal is ERROR_PASSWORD_UPDATE with the server's reason
// (the password rule) when it gave one.
import { CURRENT_PASSWORD_WRONG_STATUS, EMAIL_REFUSED_MESSAGE } from '@gs/contract/account';
import { ApiError } from '../../api/http';
import { serverReason } from '../../lib/serverTexts';

export type PasswordKey =
  | 'PASSWORDS_DONT_MATCH'
  | 'PASSWORD_BLANK'
  | 'CURRENT_PASSWORD_BLANK'
  | 'CURRENT_PASSWORD_WRONG'
  | 'TOO_MANY_TRIES'
  | 'ERROR_PASSWORD_UPDATE'
  | 'PASSWORD_UPDATED'
  | 'EMAIL_ALREADY_EXISTS'
  | 'EMAIL_REFUSED';

export function checkPasswordChange(current: string, password: string, confirm: string): PasswordKey | null {
  if (current === '') return 'CURRENT_PASSWORD_BLANK';
  if (password.trim() === '') return 'PASSWORD_BLANK';
  if (password !== confirm) return 'PASSWORDS_DONT_MATCH';
  return null;
}

const TOO_MANY_REQUESTS = 429;

/** The key of a failed change and the server's reason (MessageDetail, else Message), if any. */
export function passwordFailure(error: unknown): { key: PasswordKey; detail: string | null } {
  if (!(error instanceof ApiError)) return { key: 'ERROR_PASSWORD_UPDATE', detail: null };
  if (error.status === 409) return { key: 'EMAIL_ALREADY_EXISTS', detail: null };
  if (error.status === CURRENT_PASSWORD_WRONG_STATUS) return { key: 'CURRENT_PASSWORD_WRONG', detail: null };
  if (error.status === TOO_MANY_REQUESTS) return { key: 'TOO_MANY_TRIES', detail: null };
  const detail = error.status === 400 ? serverReason(error, { detailFirst: true }) : null;
  if (detail === EMAIL_REFUSED_MESSAGE) return { key: 'EMAIL_REFUSED', detail: null };
  return { key: 'ERROR_PASSWORD_UPDATE', detail };
}
