// The text of a failed history load: the server's reason when it sent one (lib/serverTexts).
import type { TFunction } from 'i18next';
import { ApiError } from '../../../api/http';
import { translateServerError } from '../../../lib/serverTexts';

export const errorText = (t: TFunction, error: unknown): string =>
  (error instanceof ApiError && error.kind === 'http' ? translateServerError(t, error) : null) ??
  t('history.error');
