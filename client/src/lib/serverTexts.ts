// What the server says, in the user's language (decision 054). The server speaks English: a text
// the client knows (a refusal's Message or MessageDetail, a history line's action) is matched here
// to one of its own i18n keys, the variable parts (names, ids) carried over; a refusal it does not
// know is shown as the server wrote it, labelled as the server's, and an unknown history line as is.
// The patterns follow the simulator's texts (contract constants where there are some) and the
// audit actions of the spec; matching ignores case, as the server is not consistent about it.
import type { TFunction } from 'i18next';
import { INVALID_REQUEST } from '@gs/contract/errors';
import { ApiError } from '../api/http';

type Values = Record<string, string>;
type Rule<K extends string> = readonly [pattern: RegExp, key: K];

/** Refusals: the key under serverMessage.* */
const MESSAGES = [
  [/^The request is invalid\.$/i, 'invalidRequest'],
  [/^Authorization has been denied for this request\.$/i, 'denied'],
  [/^An error has occurred\.$/i, 'generic'],
  [/^A read-only license cannot modify documents\.$/i, 'readOnlyDocuments'],
  [/^A read-only license cannot change the administration\.$/i, 'readOnlyAdministration'],
  [/^You are not permitted to delegate\.$/i, 'delegationForbidden'],
  [/^The user (?<name>.+) has a read-only license and cannot be a delegate\.$/i, 'delegateReadOnly'],
  [/^The user (?<name>.+) does not exist\.$/i, 'userUnknown'],
  [/^A user cannot be their own delegate\.$/i, 'delegateSelf'],
  [/^'Delegates' (must be a list of user names|names no user)\.$/i, 'delegatesInvalid'],
  [/^'Emails' must be a list of e-mail addresses\.$/i, 'emailsInvalid'],
  [/^At most (?<count>\d+) delegates\.$/i, 'delegatesTooMany'],
  [/^At most (?<count>\d+) addresses\.$/i, 'emailsTooMany'],
  [/^Password must contain 6-18 characters\.$/i, 'passwordDefault'],
  [
    /^Password must contain 8-20 characters, 1 uppercase, 1 lowercase, 1 digit, 1 symbol \(@#\$%\)\.$/i,
    'passwordStrong',
  ],
  [/^The current password is not correct\.$/i, 'currentPasswordWrong'],
  [/^The e-mail address cannot be used\.$/i, 'emailRefused'],
  [/^Field '(?<name>.+)' holds values; delete it with Drop=true to drop them\.$/i, 'fieldHoldsValues'],
  [/^Archive '(?<name>.+)' has sub-archives \('(?<child>.+)'\); delete them first\.$/i, 'archiveHasChildren'],
  [/^The task was already moved on by another user\.$/i, 'taskMoved'],
  [/^Every document is already in a workflow\.$/i, 'allInWorkflow'],
  [/^Document (?<id>\d+) is already in a workflow\.$/i, 'inWorkflow'],
  [/^The file of document (?<id>\d+) was not found\.$/i, 'fileMissing'],
  [/^Document (?<id>\d+) was not found in archive (?<archive>\d+)\.$/i, 'documentMissing'],
] as const satisfies readonly Rule<string>[];

/** History lines: the key under historyAction.* (workflow lines name their process). */
const ACTIONS = [
  [/^Document viewed$/i, 'viewed'],
  [/^Document indexed$/i, 'indexed'],
  [/^Document printed$/i, 'printed'],
  [/^Document e-?mailed$/i, 'emailed'],
  [/^Document exported$/i, 'exported'],
  [/^Document exported to spreadsheet$/i, 'exportedSpreadsheet'],
  [/^Document deleted$/i, 'deleted'],
  [/^(Document )?Annotation Data Updated$/i, 'annotationsUpdated'],
  [/^Index data (updated|changed)$/i, 'indexDataUpdated'],
  [/^Field '(?<field>.*)' changed from '(?<from>.*)' to '(?<to>.*)'$/i, 'fieldChanged'],
  [/^Document copied from archive '(?<archive>.*)' \(document (?<id>\d+)\)$/i, 'copiedFrom'],
  [/^Document copied to archive '(?<archive>.*)' \(document (?<id>\d+)\)$/i, 'copiedTo'],
  [/^Document moved from archive '(?<from>.*)' to '(?<to>.*)'$/i, 'moved'],
  [
    /^Document moved from archive (?<from>'.*' \(.*\)) \(document (?<id>\d+)\) to (?<to>'.*' \(.*\)) \(document (?<newId>\d+)\)$/i,
    'movedAcross',
  ],
  [/^Page (?<page>\d+) rotated (?<turn>-?\d+) degrees$/i, 'pageRotated'],
  [/^File Converted: (?<from>\S+) to \.pdf \((?<count>\d+) pages?\)$/i, 'converted'],
  [/^Document created by merging (?<parts>.+)$/i, 'merged'],
  [/^Pages of (?<parts>.+) appended$/i, 'appended'],
  [/^Global Action Entered: (?<name>.+) \(process (?<id>\d+)\)$/i, 'workflowEntered'],
  [/^Processing: (?<name>.+) \(process (?<id>\d+)\)$/i, 'processing'],
  [/^Queue Entered: (?<name>.+) \(process (?<id>\d+)\)$/i, 'queueEntered'],
  [/^Waiting: (?<name>.+) \(process (?<id>\d+)\)$/i, 'waiting'],
  [/^Action Taken: (?<action>.+) in (?<queue>.+) \(process (?<id>\d+)\)$/i, 'actionTaken'],
  [/^Workflow Ended: (?<name>.+) \(process (?<id>\d+)\)$/i, 'workflowEnded'],
] as const satisfies readonly Rule<string>[];

export type ServerMessageKey = (typeof MESSAGES)[number][1];
export type HistoryActionKey = (typeof ACTIONS)[number][1];
/** Every key the mapping may ask for (a test holds each to all seven languages). */
export const SERVER_MESSAGE_KEYS: readonly ServerMessageKey[] = MESSAGES.map(([, key]) => key);
export const HISTORY_ACTION_KEYS: readonly HistoryActionKey[] = ACTIONS.map(([, key]) => key);

function match<K extends string>(rules: readonly Rule<K>[], text: string): { key: K; values: Values } | null {
  const trimmed = text.trim();
  for (const [pattern, key] of rules) {
    const found = pattern.exec(trimmed);
    if (found) return { key, values: { ...found.groups } };
  }
  return null;
}

/** The i18n key and values of a server text the client knows; null for any other. */
export const knownServerMessage = (text: string) => match<ServerMessageKey>(MESSAGES, text);
export const knownHistoryAction = (text: string) => match<HistoryActionKey>(ACTIONS, text);

/** The keys are built from the tables above, which i18next's key types cannot follow: the test
 * checks each of them instead. A count is a number, so that i18next picks the plural form. */
function translate(t: TFunction, key: string, values: Values): string {
  const options: Record<string, unknown> = { ...values };
  if (values.count !== undefined) options.count = Number(values.count);
  return (t as unknown as (key: string, options: Record<string, unknown>) => string)(key, options);
}

/** A server text in the user's language: translated when known, else "Server: …" around it. */
export function translateServerMessage(t: TFunction, text: string): string {
  const known = knownServerMessage(text);
  if (known) return translate(t, `serverMessage.${known.key}`, known.values);
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

/** The reason a refusal gives: MessageDetail under ASP.NET's generic 400 Message, else Message. */
export function serverReason(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  try {
    const body = JSON.parse(error.body) as { Message?: unknown; MessageDetail?: unknown };
    if (typeof body.MessageDetail === 'string' && body.MessageDetail && body.Message === INVALID_REQUEST)
      return body.MessageDetail;
  } catch {
    // not JSON: the Message the client read, if any
  }
  return error.serverMessage;
}

/** A refusal in the user's language; null when the server gave no reason. */
export function translateServerError(t: TFunction, error: unknown): string | null {
  const reason = serverReason(error);
  return reason ? translateServerMessage(t, reason) : null;
}
