// What the server says, in the user's language (decisions 054 and 068). The server speaks English:
// a text the client knows (a refusal's Message or MessageDetail, a field check's Message, a history
// line's action; tables in serverTextTables.ts) is matched to one of its own i18n keys, the
// variable parts (names, ids) carried over; a refusal it does not know is shown as the server wrote
// it, labelled as the server's ("Server: …"), and an unknown history line as is (a note a user
// posted). This is the one module that reads the server's words off an ApiError: an ESLint rule
// (eslint.config.js) refuses `serverMessage`, `Message`, `MessageDetail`, `StatusMessage` and a caught
// error's `message` anywhere else in client/src, so every screen shows them through here.
import type { TFunction } from 'i18next';
import { INVALID_REQUEST } from '@gs/contract/errors';
import { ApiError } from '../api/http';
import { ACTIONS, MESSAGES, PERMISSION_WHAT, type Rule } from './serverTextTables';

type Values = Record<string, string>;

export type ServerMessageKey = (typeof MESSAGES)[number][1];
export type HistoryActionKey = (typeof ACTIONS)[number][1];
export type PermissionWhatKey = (typeof PERMISSION_WHAT)[number][1];
/** Every key the mapping may ask for (a test holds each to all seven languages). */
export const SERVER_MESSAGE_KEYS: readonly ServerMessageKey[] = MESSAGES.map(([, key]) => key);
export const HISTORY_ACTION_KEYS: readonly HistoryActionKey[] = ACTIONS.map(([, key]) => key);
export const PERMISSION_WHAT_KEYS: readonly PermissionWhatKey[] = PERMISSION_WHAT.map(([, key]) => key);

function match<K extends string>(rules: readonly Rule<K>[], text: string): { key: K; values: Values } | null {
  const trimmed = text.trim();
  for (const [pattern, key] of rules) {
    const found = pattern.exec(trimmed);
    if (found) return { key, values: { ...found.groups } };
  }
  return null;
}

/** The i18n key and values of a server text the client knows; null for any other. */
export function knownServerMessage(text: string): { key: ServerMessageKey; values: Values } | null {
  const known = match<ServerMessageKey>(MESSAGES, text);
  // a permission refusal is known only with an action the client can name
  if (known?.values.what !== undefined && !match(PERMISSION_WHAT, known.values.what)) return null;
  return known;
}
export const knownHistoryAction = (text: string) => match<HistoryActionKey>(ACTIONS, text);

/** The keys are built from the tables, which i18next's key types cannot follow: the test checks
 * each of them instead. A count is a number, so that i18next picks the plural form. */
function translate(t: TFunction, key: string, values: Values): string {
  const options: Record<string, unknown> = { ...values };
  if (values.count !== undefined) options.count = Number(values.count);
  return (t as unknown as (key: string, options: Record<string, unknown>) => string)(key, options);
}

/** A known server message's values in the user's language (the action it names, the cause it quotes). */
function translatedValues(t: TFunction, values: Values): Values {
  const out = { ...values };
  const what = values.what === undefined ? null : match<PermissionWhatKey>(PERMISSION_WHAT, values.what);
  if (what) out.what = translate(t, `serverMessage.permissionTo.${what.key}`, {});
  const reason = values.reason === undefined ? null : knownServerMessage(values.reason);
  if (reason) out.reason = translate(t, `serverMessage.${reason.key}`, translatedValues(t, reason.values));
  return out;
}

/** A server text in the user's language: translated when known, else "Server: …" around it. */
export function translateServerMessage(t: TFunction, text: string): string {
  const known = knownServerMessage(text);
  if (known) return translate(t, `serverMessage.${known.key}`, translatedValues(t, known.values));
  return t('serverMessage.unknown', { text });
}

/** A history line in the user's language: translated when its action is known, else as written. */
export function translateHistoryLine(t: TFunction, text: string): string {
  const bulk = /^Bulk update: (?<changes>.+)$/i.exec(text.trim())?.groups?.changes;
  if (bulk !== undefined)
    return t('historyAction.bulkUpdate', {
      changes: bulk
        .split(/; (?=Field ')/u)
        .map((part) => translateHistoryLine(t, part))
        .join('; '),
    });
  const known = knownHistoryAction(text);
  return known ? translate(t, `historyAction.${known.key}`, known.values) : text;
}

/**
 * The reason a refusal gives, as the server wrote it (to carry or to test, not to show: show it
 * with translateServerMessage): MessageDetail under ASP.NET's generic 400 Message (or under any
 * Message with `detailFirst`, as the capture API words its refusals), else Message; null when the
 * server gave none or no answer came.
 */
export function serverReason(error: unknown, options: { detailFirst?: boolean } = {}): string | null {
  if (!(error instanceof ApiError)) return null;
  try {
    const body = JSON.parse(error.body) as { Message?: unknown; MessageDetail?: unknown };
    if (
      typeof body.MessageDetail === 'string' &&
      body.MessageDetail &&
      (options.detailFirst || body.Message === INVALID_REQUEST)
    )
      return body.MessageDetail;
  } catch {
    // not JSON: the Message the client read, if any
  }
  return error.serverMessage;
}

/** A refusal in the user's language; null when the server gave no reason. */
export function translateServerError(
  t: TFunction,
  error: unknown,
  options: { detailFirst?: boolean } = {},
): string | null {
  const reason = serverReason(error, options);
  return reason ? translateServerMessage(t, reason) : null;
}

/** A server text the client carried (null or '' when there was none), in the user's language. */
export const translateServerDetail = (t: TFunction, text: string | null | undefined): string | null =>
  text ? translateServerMessage(t, text) : null;
