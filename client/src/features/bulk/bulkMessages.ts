// Words for what went wrong in a bulk job: a validation key of the client or the helper (spec §8
// keys and the helper's BULK_* keys, all translated), the helper being unreachable, or a server
// Message. A text that is no key is the server's or the helper's own words: shown through
// lib/serverTexts (translated when known, else labelled).
import type { i18n as I18n, TFunction } from 'i18next';
import { ApiError } from '../../api/http';
import { HELPER_CONNECT_ERROR, HelperBulkError } from '../../api/helperBulk';
import { serverReason, translateServerMessage } from '../../lib/serverTexts';

/** A translation key computed at run time (validation results, helper keys). */
export function translateKey(t: TFunction, i18n: I18n, key: string, fallback = key): string {
  return i18n.exists(key) ? (t as unknown as (k: string) => string)(key) : fallback;
}

/** A job's or the helper's Message: a key translated, other words through serverTexts, none: the helper failed. */
export function translateHelperMessage(t: TFunction, i18n: I18n, message: string | null | undefined): string {
  if (!message) return t('bulk.errors.helper');
  return i18n.exists(message) ? translateKey(t, i18n, message) : translateServerMessage(t, message);
}

/** The `Key` of an error body (the server's export errors carry one beside Message). */
function keyOf(body: string): string | null {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object')
      for (const [k, v] of Object.entries(parsed))
        if (k.toLowerCase() === 'key' && typeof v === 'string') return v;
  } catch {
    // not JSON
  }
  return null;
}

/**
 * `trustHint` (useHelperTrustHint) follows the helper-unreachable message when the helper is
 * called over https: the browser may not trust its certificate yet.
 */
export function bulkErrorText(
  t: TFunction,
  i18n: I18n,
  error: unknown,
  trustHint: string | null = null,
): string {
  if (error instanceof HelperBulkError) {
    if (error.key === HELPER_CONNECT_ERROR && trustHint)
      return `${translateKey(t, i18n, error.key)} ${trustHint}`;
    if (error.key)
      return translateKey(t, i18n, error.key, translateHelperMessage(t, i18n, error.text || error.key));
    return translateHelperMessage(t, i18n, error.text);
  }
  if (error instanceof ApiError) {
    const key = keyOf(error.body);
    if (key && i18n.exists(key)) return translateKey(t, i18n, key);
    const message = serverReason(error);
    if (message && i18n.exists(message)) return translateKey(t, i18n, message);
    return message ? translateServerMessage(t, message) : t('bulk.errors.server');
  }
  return t('bulk.errors.helper');
}
