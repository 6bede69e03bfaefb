// The self password change's checks and outcome keys (end-user spec §7, §8): blank and
// mismatch are caught before the call; a 409 means the e-mail address is taken; any other
// refusal is ERROR_PASSWORD_UPDATE with the server's reason (the password rule) when it gave one.
import { ApiError } from '../../api/http';

export type PasswordKey =
  | 'PASSWORDS_DONT_MATCH'
  | 'PASSWORD_BLANK'
  | 'ERROR_PASSWORD_UPDATE'
  | 'PASSWORD_UPDATED'
  | 'EMAIL_ALREADY_EXISTS';

export function checkPasswordChange(password: string, confirm: string): PasswordKey | null {
  if (password.trim() === '') return 'PASSWORD_BLANK';
  if (password !== confirm) return 'PASSWORDS_DONT_MATCH';
  return null;
}

/** The key of a failed change and the server's reason (MessageDetail, else Message), if any. */
export function passwordFailure(error: unknown): { key: PasswordKey; detail: string | null } {
  if (error instanceof ApiError && error.status === 409) return { key: 'EMAIL_ALREADY_EXISTS', detail: null };
  let detail: string | null = null;
  if (error instanceof ApiError && error.status === 400) {
    try {
      const body = JSON.parse(error.body) as { MessageDetail?: unknown };
      if (typeof body.MessageDetail === 'string') detail = body.MessageDetail;
    } catch {
      detail = error.serverMessage;
    }
  }
  return { key: 'ERROR_PASSWORD_UPDATE', detail };
}
