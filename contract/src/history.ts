// Document and archive history (audit): wire §2.5 LogEntry, spec §3 and §9.
import type { LogEntry } from './documents';

/** The history filter categories of the web client (spec §9). */
export const HISTORY_CATEGORIES = [
  'annotation',
  'appended',
  'checked',
  'converted',
  'copied',
  'deleted',
  'email',
  'exported',
  'indexed',
  'moved',
  'printed',
  'published',
  'updated',
  'viewed',
  'version',
] as const;
export type HistoryCategory = (typeof HISTORY_CATEGORIES)[number];

/**
 * A LogEntry as the simulator emits it: the wire keys plus `Category` (one of the 15 filters),
 * so the client need not guess it from the Message. Clients that do not know it ignore it.
 */
export interface HistoryEntry extends LogEntry {
  Category: HistoryCategory;
}

/**
 * `GET dbs/{db}/archives/{a}/documents/{id}/audit?SecureId=&token=`: every entry of the document,
 * OLDEST FIRST (HL's test posts an entry and expects it last); the client shows them newest first.
 */
export type DocumentHistoryResponse = HistoryEntry[];

/**
 * `GET dbs/{db}/archives/{a}/audit?Page=&DocLimit=&Token=`: one page of the archive's entries,
 * NEWEST FIRST; Page is 1-based (default 1), DocLimit the page size (default 25, at most 1000);
 * Total counts every entry of the archive.
 */
export interface ArchiveHistoryResponse {
  Items: HistoryEntry[];
  Total: number;
}
export const ARCHIVE_HISTORY_PAGE_SIZE = 25;
export const ARCHIVE_HISTORY_MAX_PAGE_SIZE = 1000;

/**
 * `POST dbs/{db}/archives/{a}?documentID=&secureid=&token=` with a LogEntry body (any casing)
 * adds an entry: Message is required; the database, archive, document, user and time are the
 * server's (the call's and the caller's), whatever the body says. Answers 200 with the entry.
 */
export type AddLogEntryRequest = Partial<LogEntry> & { Message: string };
