// The text shown when an inbox call fails: the server's Message for a 4xx (it names the inbox and
// what was refused), otherwise a general translated message.
import type { TFunction } from 'i18next';
import { ApiError } from '../../api/http';

export function inboxErrorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError && error.kind === 'http' && error.status >= 400 && error.status < 500)
    if (error.serverMessage) return error.serverMessage;
  if (error instanceof ApiError && error.kind !== 'http') return t('inbox.error.network');
  return t('inbox.error.unknown');
}
