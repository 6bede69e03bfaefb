// History entries: the category of a message (for entries clients post without one) and the
// LogEntry the wire carries, with the Category key the web client filters on.
import { HISTORY_CATEGORIES, type HistoryCategory, type HistoryEntry } from '@gs/contract/history';
import type { AuditRow } from '../repos/auditRepo';
import { toDotNetDate } from '../../lib/dates';

export const isHistoryCategory = (value: string): value is HistoryCategory =>
  (HISTORY_CATEGORIES as readonly string[]).includes(value);

// first match wins: "Version created" before "created", "Unpublished" is still published, ...
const KEYWORDS: [RegExp, HistoryCategory][] = [
  [/annotat/i, 'annotation'],
  [/append/i, 'appended'],
  [/check(ed)?[ -]?(in|out)/i, 'checked'],
  [/version/i, 'version'],
  [/convert/i, 'converted'],
  [/\bcop(y|ied)/i, 'copied'],
  [/delet/i, 'deleted'],
  [/e-?mail/i, 'email'],
  [/export|download/i, 'exported'],
  [/\bmov(e|ed)\b/i, 'moved'],
  [/print/i, 'printed'],
  [/publish/i, 'published'],
  [/\bindex(ed)?\b/i, 'indexed'],
  [/view/i, 'viewed'],
];

/** The filter category of a free-text message; anything unrecognised is an update. */
export function categoryOf(message: string): HistoryCategory {
  return KEYWORDS.find(([re]) => re.test(message))?.[1] ?? 'updated';
}

export function toHistoryEntry(row: AuditRow): HistoryEntry {
  return {
    DatabaseID: row.databaseId,
    DocumentID: row.documentId,
    ArchiveID: row.archiveId,
    OldArchiveID: row.oldArchiveId,
    OldDocID: row.oldDocId,
    Message: row.message,
    UserName: row.userName,
    ConnectionsString: row.connectionString,
    Time: toDotNetDate(row.time),
    Category: isHistoryCategory(row.category) ? row.category : categoryOf(row.message),
  };
}
