// The text of a failed history load: the server's message when it sent one.
import type { TFunction } from 'i18next';
import { ApiError } from '../../../api/http';

export const errorText = (t: TFunction, error: unknown): string =>
  error instanceof ApiError && error.kind === 'http' && error.serverMessage
    ? error.serverMessage
    : t('history.error');
