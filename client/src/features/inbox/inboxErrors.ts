// The text shown when an inbox call fails: the server's reason for a 4xx (it names the inbox and
// what was refused), in the user's language through lib/serverTexts, otherwise a general message.
import type { TFunction } from 'i18next';
import { ApiError } from '../../api/http';
import { translateServerError } from '../../lib/serverTexts';

export function inboxErrorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError && error.kind === 'http' && error.status >= 400 && error.status < 500) {
    const reason = translateServerError(t, error);
    if (reason) return reason;
  }
  if (error instanceof ApiError && error.kind !== 'http') return t('inbox.error.network');
  return t('inbox.error.unknown');
}
